/*
 * test_emit_student.c - student ids made safe for file names, the JSONL
 * line (the verdict object plus "student") and the learner's feedback file.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <jansson.h>

#include "batch_fixture.h"
#include "emit.h"
#include "emit_batch.h"
#include "text.h"

static void id_is(const char *raw, const char *want, int changed)
{
	char out[GR_STUDENT_MAX + 1];
	assert_int_equal(gr_student_id(out, raw), changed);
	assert_string_equal(out, want);
}

static void test_emit_student_id_sanitised(void **state)
{
	id_is("alice", "alice", 0);
	id_is("a.b-c_d+e@x", "a.b-c_d+e@x", 0);
	id_is("José", "José", 0);
	id_is("../../etc/passwd", "_._.__etc_passwd", 1);
	id_is("..", "__", 1);
	id_is(".", "_", 1);
	id_is("", "_", 1);
	id_is("a..b", "a._b", 1);
	id_is("x.", "x_", 1);
	id_is("tab\there", "tab_here", 1);
	id_is("new\nline", "new_line", 1);
	id_is("back\\slash", "back_slash", 1);
	id_is("=cmd()", "_cmd__", 1);
	id_is("-rf", "_rf", 1);
	id_is("sp ace", "sp_ace", 1);
	id_is("bidi\xE2\x80\xAEtxt", "bidi_txt", 1);   /* U+202E right-to-left override */
	id_is("zw\xE2\x80\x8Bsp", "zw_sp", 1);         /* U+200B zero-width space */
	id_is("bad\xFFutf", "bad_utf", 1);
	id_is("c1\xC2\x85x", "c1_x", 1);               /* U+0085 next line */
}

static void test_emit_student_id_length(void **state)
{
	char raw[200], out[GR_STUDENT_MAX + 1];
	memset(raw, 'a', sizeof(raw) - 1);
	raw[sizeof(raw) - 1] = '\0';
	assert_int_equal(gr_student_id(out, raw), 1);
	assert_int_equal(strlen(out), GR_STUDENT_MAX);
	/* never cut a character in half */
	char wide[200] = "";
	for (int i = 0; i < 40; i++)
		strcat(wide, "é");
	gr_student_id(out, wide);
	assert_true(strlen(out) <= GR_STUDENT_MAX && strlen(out) % 2 == 0);
}

static void test_emit_student_jsonl(void **state)
{
	struct gr_verdict v;
	int pass[3] = { 1, 0, 0 };
	fx_verdict(&v, pass, 1, "the line");
	char *line = gr_student_jsonl(&v, "alice");
	assert_non_null(line);
	assert_null(strchr(line, '\n'));
	assert_true(!strncmp(line, "{\"student\":\"alice\",\"exercise\":\"ex-1\"", 36));
	json_error_t e;
	json_t *o = json_loads(line, 0, &e);
	assert_non_null(o);
	assert_int_equal(json_integer_value(json_object_get(o, "score")), 1);
	assert_int_equal(json_array_size(json_object_get(o, "criteria")), 3); /* instructors see hidden ones */
	json_decref(o);
	free(line);
	gr_verdict_free(&v);

	line = gr_student_error_jsonl(&fx_exercise, "bob", "bob.md", "not a regular file");
	o = json_loads(line, 0, &e);
	assert_non_null(o);
	assert_true(json_is_null(json_object_get(o, "score")));
	assert_string_equal(json_string_value(json_object_get(o, "error")), "not a regular file");
	assert_int_equal(json_integer_value(json_object_get(o, "max_score")), 4);
	json_decref(o);
	free(line);
}

/* The line the batch writer assembles is, byte for byte, jansson's dump of
 * the verdict object: hand-built and fixture verdicts, feedback with more
 * after the criterion's text, strings that need escaping. */
static void same_as_jansson(const struct gr_verdict *v, const char *student)
{
	json_t *o = gr_verdict_json_for(v, GR_FOR_INSTRUCTOR, student);
	char *want = o ? json_dumps(o, JSON_COMPACT | JSON_PRESERVE_ORDER) : NULL;
	char *got = gr_student_jsonl(v, student);
	if (!want)
		assert_null(got);
	else
		assert_string_equal(got, want);
	json_decref(o);
	free(want);
	free(got);
}

static void test_emit_student_jsonl_is_jansson_dump(void **state)
{
	struct gr_verdict v;
	int pass[3] = { 1, 0, 0 };
	fx_verdict(&v, pass, 1, "quote \" back\\slash \x01 tab\t caf\xC3\xA9 \xF0\x9F\x98\x80");
	same_as_jansson(&v, "alice");
	free(v.results[1].feedback); /* the fail text with more after it */
	v.results[1].feedback = strdup("try again (said \"35 ms\") See docs/x.md#a");
	fx_criteria[1].fail = "try again";
	same_as_jansson(&v, "bob");
	free(v.report); /* a file name that is not UTF-8: neither writes a line */
	v.report = strdup("bad\xFF.md");
	same_as_jansson(&v, "carol");
	fx_criteria[1].fail = NULL;
	gr_verdict_free(&v);

	char path[1024];
	struct gr_error err = { 0 };
	struct gr_exercise *ex = NULL;
	snprintf(path, sizeof(path), SOURCE_DIR "/exercises/part-a.yaml");
	assert_int_equal(gr_exercise_load(&ex, path, &err), 0);
	size_t graded = 0;
	for (int i = 1; i <= 125; i++) {
		char file[1100], *buf;
		size_t len;
		snprintf(file, sizeof(file), SOURCE_DIR "/fixtures/part-a/%03d.md", i);
		if (gr_read_file(file, GR_DEFAULT_MAX_REPORT, &buf, &len, &err)) {
			gr_error_clear(&err);
			continue;
		}
		if (gr_grade_string(&v, ex, buf, len, file, NULL, &err) == 0) {
			same_as_jansson(&v, "s\xC3\xA9");
			gr_verdict_free(&v);
			graded++;
		}
		gr_error_clear(&err);
		free(buf);
	}
	assert_true(graded >= 100);
	gr_exercise_free(ex);
}

static void test_emit_student_feedback(void **state)
{
	struct gr_verdict v;
	int pass[3] = { 1, 0, 0 };
	fx_verdict(&v, pass, 1, "<b>bold</b> & more");
	struct gr_buf b = { 0 };
	gr_student_feedback(&b, &v, "alice");
	assert_true(gr_buf_ok(&b));
	assert_non_null(strstr(b.data, "Score: **1/3**")); /* hidden criterion left out */
	assert_null(strstr(b.data, "Hidden one"));
	assert_non_null(strstr(b.data, "## To work on"));
	assert_non_null(strstr(b.data, "> line 3: \\<b\\>bold\\</b\\> \\& more"));
	assert_true(strstr(b.data, "## To work on") < strstr(b.data, "## Done well"));
	gr_buf_free(&b);
	gr_verdict_free(&v);

	gr_student_error_feedback(&b, &fx_exercise, "bob", "contains a NUL byte");
	assert_non_null(strstr(b.data, "could not be graded: contains a NUL byte."));
	gr_buf_free(&b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_emit_student_id_sanitised),
		cmocka_unit_test(test_emit_student_id_length),
		cmocka_unit_test(test_emit_student_jsonl),
		cmocka_unit_test(test_emit_student_jsonl_is_jansson_dump),
		cmocka_unit_test(test_emit_student_feedback),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
