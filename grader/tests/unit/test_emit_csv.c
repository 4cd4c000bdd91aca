/*
 * test_emit_csv.c - the gradebook CSV: RFC 4180 quoting, the header's
 * columns, graded and error rows.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "batch_fixture.h"
#include "emit_batch.h"

static void field_is(const char *in, const char *want)
{
	struct gr_buf b = { 0 };
	gr_csv_field(&b, in);
	assert_true(gr_buf_ok(&b));
	assert_string_equal(b.data ? b.data : "", want);
	gr_buf_free(&b);
}

static void test_emit_csv_quoting(void **state)
{
	field_is("plain", "plain");
	field_is("", "");
	field_is("a,b", "\"a,b\"");
	field_is("say \"hi\"", "\"say \"\"hi\"\"\"");
	field_is("\"", "\"\"\"\"");
	field_is("two\nlines", "\"two\nlines\"");
	field_is("cr\rhere", "\"cr\rhere\"");
	field_is(" padded", "\" padded\"");
	field_is("José", "José");
}

static void test_emit_csv_header(void **state)
{
	struct gr_buf b = { 0 };
	gr_csv_header(&b, &fx_exercise);
	assert_string_equal(b.data, "student,score,max_score,fields,\"a,b\",secret,status\r\n");
	gr_buf_free(&b);
}

static void test_emit_csv_graded_row(void **state)
{
	struct gr_verdict v;
	int pass[3] = { 1, 0, 1 };
	fx_verdict(&v, pass, 0, NULL);
	struct gr_buf b = { 0 };
	gr_csv_row(&b, &fx_exercise, "alice", &v, NULL);
	/* hidden criteria count for the instructor's gradebook */
	assert_string_equal(b.data, "alice,2,4,1,0,1,graded\r\n");
	gr_verdict_free(&v);
	gr_buf_free(&b);
}

static void test_emit_csv_error_row(void **state)
{
	struct gr_buf b = { 0 };
	gr_csv_row(&b, &fx_exercise, "bob", NULL, "contains a NUL byte (line 1, column 3)");
	assert_string_equal(b.data, "bob,,4,,,,\"error: contains a NUL byte (line 1, column 3)\"\r\n");
	gr_buf_reset(&b);
	gr_csv_row(&b, &fx_exercise, "carol", NULL, "not a regular file");
	assert_string_equal(b.data, "carol,,4,,,,error: not a regular file\r\n");
	gr_buf_free(&b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_emit_csv_quoting),
		cmocka_unit_test(test_emit_csv_header),
		cmocka_unit_test(test_emit_csv_graded_row),
		cmocka_unit_test(test_emit_csv_error_row),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
