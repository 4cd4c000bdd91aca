/*
 * fuzz_report.c - libFuzzer target: normalisation, report parsing, grading
 * and both emitters over arbitrary bytes, against exercises/part-a.yaml.
 *
 * The exercise is loaded once (it is read-only and shared, as in `grader
 * bulk`); each input gets a fresh scratch-free verdict. The path comes from
 * $GRADER_FUZZ_EXERCISE, else the source tree compiled in as SOURCE_DIR.
 * Input errors (a NUL byte, too big) are expected outcomes, not findings:
 * only a crash, a sanitizer report, a leak or a timeout is.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "emit.h"
#include "grade.h"
#include "text.h"

static struct gr_exercise *ex;
static struct gr_scratch scratch;
static FILE *devnull;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	const char *path = getenv("GRADER_FUZZ_EXERCISE");
	if (!path)
		path = SOURCE_DIR "/exercises/part-a.yaml";
	struct gr_error err = { 0 };
	if (gr_exercise_load(&ex, path, &err)) {
		gr_error_print(&err, stderr);
		exit(2);
	}
	if (gr_scratch_init(&scratch)) {
		fprintf(stderr, "fuzz_report: out of memory\n");
		exit(2);
	}
	devnull = fopen("/dev/null", "w");
	if (!devnull)
		exit(2);
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	/* The CLI refuses bigger files before normalising: so do we. */
	if (size > GR_DEFAULT_MAX_REPORT)
		return 0;
	struct gr_verdict v;
	struct gr_error err = { 0 };
	if (gr_grade_string(&v, ex, (const char *)data, size, "fuzz.md", &scratch, &err) == 0) {
		gr_emit_json(&v, GR_FOR_INSTRUCTOR, devnull);
		gr_emit_text(&v, GR_FOR_LEARNER, false, devnull);
	}
	gr_verdict_free(&v);
	gr_error_clear(&err);
	return 0;
}
