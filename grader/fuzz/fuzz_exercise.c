/*
 * fuzz_exercise.c - libFuzzer target: the YAML exercise loader from bytes.
 *
 * gr_exercise_load() takes a path, and the library stays as it is: each input
 * is written to one memfd, opened again through /proc/self/fd/N (a fresh
 * file description, so no offset to rewind). An exercise that loads is then
 * used as the CLI would use it: its own labelled examples and the Part A
 * solution are graded against it, so fuzzed rules, scopes and patterns run
 * too. A refusal (GR_EINPUT) is an expected outcome; a crash, a sanitizer
 * report, a leak or a timeout is a finding.
 */
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "emit.h"
#include "exercise.h"
#include "grade.h"
#include "text.h"

static int fd = -1;
static char path[64];
static char *solution;
static size_t solution_len;
static struct gr_scratch scratch;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	fd = memfd_create("fuzz-exercise.yaml", 0);
	if (fd < 0) {
		perror("fuzz_exercise: memfd_create");
		exit(2);
	}
	snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
	const char *sol = getenv("GRADER_FUZZ_SOLUTION");
	if (!sol)
		sol = SOURCE_DIR "/solutions/part-a.md";
	struct gr_error err = { 0 };
	if (gr_read_file(sol, GR_DEFAULT_MAX_REPORT, &solution, &solution_len, &err)) {
		gr_error_print(&err, stderr);
		exit(2);
	}
	if (gr_scratch_init(&scratch))
		exit(2);
	return 0;
}

static void grade_one(const struct gr_exercise *ex, const char *text, size_t len)
{
	struct gr_verdict v;
	struct gr_error err = { 0 };
	gr_grade_string(&v, ex, text, len, "fuzz.md", &scratch, &err);
	gr_verdict_free(&v);
	gr_error_clear(&err);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size > GR_MAX_YAML_BYTES)
		return 0;
	if (ftruncate(fd, 0) || pwrite(fd, data, size, 0) != (ssize_t)size)
		abort();
	struct gr_exercise *ex = NULL;
	struct gr_error err = { 0 };
	if (gr_exercise_load(&ex, path, &err) == 0) {
		size_t budget = 8; /* examples graded per input: keep execs fast */
		for (size_t i = 0; i < ex->ncriteria && budget; i++)
			for (size_t j = 0; j < ex->criteria[i].nexamples && budget; j++, budget--) {
				const char *t = ex->criteria[i].examples[j].text;
				grade_one(ex, t, strlen(t));
			}
		grade_one(ex, solution, solution_len);
	} else {
		/* The error is printed as the CLI prints it: file, line, col, caret. */
		static FILE *devnull;
		if (!devnull)
			devnull = fopen("/dev/null", "w");
		if (devnull)
			gr_error_print(&err, devnull);
	}
	gr_exercise_free(ex);
	gr_error_clear(&err);
	return 0;
}
