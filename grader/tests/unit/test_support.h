/*
 * test_support.h - load Part A once and grade strings, for the unit tests.
 */
#ifndef GR_TEST_SUPPORT_H
#define GR_TEST_SUPPORT_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <cmocka.h>
#include <string.h>

#include "grade.h"

static struct gr_exercise *part_a;
static struct gr_scratch scratch;

static int load_part_a(void **state)
{
	(void)state;
	struct gr_error err = { 0 };
	if (gr_exercise_load(&part_a, SOURCE_DIR "/exercises/part-a.yaml", &err)) {
		gr_error_print(&err, stderr);
		return -1;
	}
	return gr_scratch_init(&scratch);
}

static int free_part_a(void **state)
{
	(void)state;
	gr_exercise_free(part_a);
	gr_scratch_free(&scratch);
	return 0;
}

/* exercises/<id>.yaml of the source tree, loaded; the caller frees it. */
static inline struct gr_exercise *load_exercise(const char *id)
{
	char path[512];
	struct gr_error err = { 0 };
	struct gr_exercise *ex = NULL;
	snprintf(path, sizeof(path), SOURCE_DIR "/exercises/%s.yaml", id);
	assert_int_equal(gr_exercise_load(&ex, path, &err), 0);
	return ex;
}

/* Grade text against ex and return whether criterion id passed. */
static inline int passes_in(const struct gr_exercise *ex, const char *text, const char *id)
{
	struct gr_verdict v;
	struct gr_error err = { 0 };
	assert_int_equal(gr_grade_string(&v, ex, text, strlen(text), "t.md", &scratch, &err), 0);
	int c = gr_exercise_criterion(ex, id);
	assert_true(c >= 0);
	int ok = v.results[c].passed;
	gr_verdict_free(&v);
	return ok;
}

/* Grade text against ex: how many of its warnings hold want, with none
 * holding never (NULL: not checked). */
static inline int warnings_holding(const struct gr_exercise *ex, const char *text, const char *want, const char *never)
{
	struct gr_verdict v;
	struct gr_error err = { 0 };
	assert_int_equal(gr_grade_string(&v, ex, text, strlen(text), "t.md", &scratch, &err), 0);
	int n = 0;
	for (size_t i = 0; i < v.nwarnings; i++) {
		n += strstr(v.warnings[i], want) != NULL;
		if (never)
			assert_null(strstr(v.warnings[i], never));
	}
	gr_verdict_free(&v);
	return n;
}

/* The same against Part A. */
static inline int passes(const char *text, const char *id)
{
	return passes_in(part_a, text, id);
}

/* passes_in() on head followed by tail: a report's fields, then the line
 * a test is about. */
static inline int passes_with(const struct gr_exercise *ex, const char *head, const char *tail, const char *id)
{
	char text[2048];
	assert_true((size_t)snprintf(text, sizeof(text), "%s%s", head, tail) < sizeof(text));
	return passes_in(ex, text, id);
}

#endif
