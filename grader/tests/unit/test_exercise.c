/*
 * test_exercise.c - loading exercises: a good file compiles, a bad one is
 * refused at file:line:col with a message an author can act on.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exercise.h"

static const char *HEAD = "id: t\ntitle: T\nprompt: p\ntable:\n  - {op: a, cuda_ms: 1, cpu_ms: 1, calls: 1, memory_bytes: 0}\n"
			  "fields:\n  - {id: f, label: F, labels: ['f']}\nconcepts:\n  c: ['\\bcast']\n";

/* Load head then body as one exercise file. */
static int load_file(const char *head, const char *body, struct gr_error *err, struct gr_exercise **ex)
{
	char path[] = "/tmp/gr-test-XXXXXX.yaml";
	int fd = mkstemps(path, 5);
	assert_true(fd >= 0);
	FILE *f = fdopen(fd, "w");
	fputs(head, f);
	fputs(body, f);
	fclose(f);
	int rc = gr_exercise_load(ex, path, err);
	remove(path);
	return rc;
}

static int load(const char *body, struct gr_error *err, struct gr_exercise **ex)
{
	return load_file(HEAD, body, err, ex);
}

/* A head without fields, so the patterns under test come first. */
static const char *BARE = "id: t\ntitle: T\nprompt: p\ntable:\n  - {op: a, cuda_ms: 1, cpu_ms: 1, calls: 1, memory_bytes: 0}\n";

static void expect_error(const char *body, int line, int col, const char *msg)
{
	struct gr_error err = { 0 };
	struct gr_exercise *ex = NULL;
	assert_int_equal(load(body, &err, &ex), GR_EINPUT);
	if (!strstr(err.message, msg))
		fail_msg("message '%s' lacks '%s'", err.message, msg);
	assert_int_equal(err.line, line);
	assert_int_equal(err.col, col);
	gr_error_clear(&err);
}

static const char *CRIT = "criteria:\n  - id: k\n    title: K\n    pass: yes\n    fail: no\n    rule: {concept: c}\n"
			  "    examples:\n      - {text: 'a cast', expect: true}\n";

static void test_exercise_loads_and_compiles(void **state)
{
	(void)state;
	struct gr_error err = { 0 };
	struct gr_exercise *ex = NULL;
	assert_int_equal(load(CRIT, &err, &ex), 0);
	assert_int_equal(ex->ncriteria, 1);
	assert_int_equal(ex->max_points, 1);
	assert_int_equal(ex->concepts[0].set.n, 1);
	assert_int_equal(ex->concepts[0].set.v[0].nlit, 1);
	assert_string_equal(ex->concepts[0].set.v[0].lit[0].s, "cast");
	gr_exercise_free(ex);
	gr_exercise_free(NULL);
}

static void test_exercise_schema_errors(void **state)
{
	(void)state;
	expect_error("criteria:\n  - id: k\n    title: K\n    pass: y\n    fail: n\n    rule: {concept: nope}\n", 15, 21,
		     "unknown concept 'nope'");
	expect_error("criteria:\n  - id: k\n    title: K\n    pass: y\n    fail: n\n    rule: {concept: c}\n", 11, 5,
		     "has no labelled examples");
	expect_error("criteria:\n  - id: k\n    titel: K\n", 12, 5, "unknown key 'titel'");
	expect_error("criteria:\n  - id: k\n    title: K\n    pass: y\n    fail: n\n    points: many\n", 15, 13,
		     "must be a whole number");
	expect_error("criteria: 3\n", 10, 11, "'criteria' must be a list");
}

static void test_exercise_duplicate_ids(void **state)
{
	(void)state;
	char body[1024];
	snprintf(body, sizeof(body), "%s  - id: k\n    title: K2\n    pass: y\n    fail: n\n    rule: {concept: c}\n"
		 "    examples: [{text: x, expect: false}]\n", CRIT);
	expect_error(body, 18, 9, "criterion id 'k' is used twice");
}

static void test_exercise_bad_regex_names_offset(void **state)
{
	(void)state;
	struct gr_error err = { 0 };
	struct gr_exercise *ex = NULL;
	assert_int_equal(load_file(BARE, "concepts:\n  c: ['ok', 'ab(c']\n  e: ['x*']\ncriteria: []\n", &err, &ex),
			 GR_EINPUT);
	assert_non_null(strstr(err.message, "bad pattern in concept 'c' at offset 4"));
	assert_int_equal(err.line, 7);
	assert_int_equal(err.col, 13);
	gr_error_clear(&err);
}

static void test_exercise_yaml_syntax_error(void **state)
{
	(void)state;
	struct gr_error err = { 0 };
	struct gr_exercise *ex = NULL;
	assert_int_equal(load("criteria: [unclosed\n", &err, &ex), GR_EINPUT);
	assert_non_null(strstr(err.message, "invalid YAML"));
	assert_true(err.line >= 10);
	gr_error_clear(&err);
}

static void test_exercise_empty_pattern_matches_everything(void **state)
{
	(void)state;
	struct gr_error err = { 0 };
	struct gr_exercise *ex = NULL;
	assert_int_equal(load_file(BARE, "concepts:\n  e: ['x*']\ncriteria: []\n", &err, &ex), GR_EINPUT);
	assert_non_null(strstr(err.message, "matches the empty string"));
	gr_error_clear(&err);
}

/* A field's aliases and a section's heading compile in the background on
 * a first load; a bad or empty-matching one is still reported where it is. */
static void test_exercise_list_errors_where_they_are(void **state)
{
	(void)state;
	struct gr_error err = { 0 };
	struct gr_exercise *ex = NULL;
	assert_int_equal(load_file(BARE, "fields:\n  - {id: f, label: F, labels: ['f'], aliases: ['ok', 'ab(c']}\n"
				   "concepts:\n  c: ['x']\ncriteria: []\n",
				   &err, &ex),
			 GR_EINPUT);
	assert_non_null(strstr(err.message, "bad pattern in 'aliases' of field 'f' at offset 4"));
	assert_int_equal(err.line, 7);
	gr_error_clear(&err);
	assert_int_equal(load_file(BARE, "fields:\n  - {id: f, label: F, labels: ['f']}\nsections:\n  - {id: s, title: S, "
				   "heading: ['later', 'x*']}\nconcepts:\n  c: ['x']\ncriteria: []\n",
				   &err, &ex),
			 GR_EINPUT);
	assert_non_null(strstr(err.message, "matches the empty string"));
	assert_int_equal(err.line, 9);
	gr_error_clear(&err);
}

/* A list under `patterns:` is spliced, in place and in order, wherever
 * {use: NAME} stands among a list of patterns: a concept's, a label's,
 * the polarity cues'. */
static void test_exercise_shared_patterns(void **state)
{
	(void)state;
	struct gr_error err = { 0 };
	struct gr_exercise *ex = NULL;
	const char *body = "patterns:\n  casts: ['\\bcasts?\\b', '\\bto\\(']\n  labs: ['f', 'eff']\n"
			   "  nots: ['\\bnot\\b']\n"
			   "fields:\n  - {id: f, label: F, labels: [{use: labs}]}\n"
			   "concepts:\n  c: ['\\bdtype', {use: casts}, '\\bcopy_']\n  d: {use: casts}\n"
			   "polarity:\n  negation: [{use: nots}, '\\bnever\\b']\n";
	char file[1024];
	snprintf(file, sizeof(file), "%s%s", body, CRIT);
	if (load_file(BARE, file, &err, &ex))
		fail_msg("%d:%d: %s", err.line, err.col, err.message);
	int c = gr_exercise_concept(ex, "c"), d = gr_exercise_concept(ex, "d");
	assert_true(c >= 0 && d >= 0);
	assert_int_equal(ex->concepts[c].npatterns, 4);
	assert_string_equal(ex->concepts[c].patterns[0], "\\bdtype");
	assert_string_equal(ex->concepts[c].patterns[1], "\\bcasts?\\b");
	assert_string_equal(ex->concepts[c].patterns[2], "\\bto\\(");
	assert_string_equal(ex->concepts[c].patterns[3], "\\bcopy_");
	assert_int_equal(ex->concepts[d].npatterns, 2);
	assert_int_equal(ex->negation.n, 2);
	gr_exercise_free(ex);
}

/* An exercise extends the grader's own cues instead of copying them, and a
 * named list may splice the lists above it. */
static void test_exercise_builtin_lists(void **state)
{
	(void)state;
	struct gr_error err = { 0 };
	struct gr_exercise *plain = NULL, *ex = NULL;
	char file[1024];
	snprintf(file, sizeof(file), "concepts:\n  c: ['\\bmm\\b']\n%s", CRIT);
	if (load_file(BARE, file, &err, &plain))
		fail_msg("%d:%d: %s", err.line, err.col, err.message);
	const char *body = "patterns:\n  mm: ['\\bmm\\b']\n  math: [{use: mm}, '\\bbmm\\b']\n"
			   "  cues: [{use: grader-negation}, '\\bleft\\s+alone\\b']\n"
			   "concepts:\n  c: {use: math}\n"
			   "polarity:\n  negation: {use: cues}\n  clause: [{use: grader-clause}]\n";
	snprintf(file, sizeof(file), "%s%s", body, CRIT);
	if (load_file(BARE, file, &err, &ex))
		fail_msg("%d:%d: %s", err.line, err.col, err.message);
	int c = gr_exercise_concept(ex, "c");
	assert_true(c >= 0);
	assert_int_equal(ex->concepts[c].npatterns, 2);
	assert_string_equal(ex->concepts[c].patterns[0], "\\bmm\\b");
	/* every default cue, in order, then the exercise's own */
	assert_int_equal(ex->negation.n, plain->negation.n + 1);
	for (size_t i = 0; i < plain->negation.n; i++)
		assert_string_equal(ex->negation.v[i].src, plain->negation.v[i].src);
	assert_string_equal(ex->negation.v[plain->negation.n].src, "\\bleft\\s+alone\\b");
	assert_int_equal(ex->clause.n, plain->clause.n);
	assert_int_equal(ex->deferral.n, plain->deferral.n);
	gr_exercise_free(ex);
	gr_exercise_free(plain);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_exercise_loads_and_compiles),
		cmocka_unit_test(test_exercise_schema_errors),
		cmocka_unit_test(test_exercise_duplicate_ids),
		cmocka_unit_test(test_exercise_bad_regex_names_offset),
		cmocka_unit_test(test_exercise_yaml_syntax_error),
		cmocka_unit_test(test_exercise_empty_pattern_matches_everything),
		cmocka_unit_test(test_exercise_list_errors_where_they_are),
		cmocka_unit_test(test_exercise_shared_patterns),
		cmocka_unit_test(test_exercise_builtin_lists),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
