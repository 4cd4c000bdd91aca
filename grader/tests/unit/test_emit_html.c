/*
 * test_emit_html.c - the cohort summary: counts, the anonymised example
 * line, escaping, and a page with no script and nothing fetched.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "batch_fixture.h"
#include "emit_batch.h"

static void test_emit_html_counts(void **state)
{
	struct gr_cohort c;
	assert_int_equal(gr_cohort_init(&c, &fx_exercise), 0);
	int p1[3] = { 1, 1, 1 }, p2[3] = { 1, 0, 1 }, p3[3] = { 0, 0, 1 };
	struct gr_verdict v;
	fx_verdict(&v, p1, 1, "");
	assert_int_equal(gr_cohort_add(&c, "s1", &v), 0);
	gr_verdict_free(&v);
	fx_verdict(&v, p2, 1, "alice wrote alice@example.org, id 12345678, about copy_");
	assert_int_equal(gr_cohort_add(&c, "alice", &v), 0);
	gr_verdict_free(&v);
	fx_verdict(&v, p3, 1, "later line");
	assert_int_equal(gr_cohort_add(&c, "s3", &v), 0);
	gr_verdict_free(&v);
	assert_int_equal(gr_cohort_add_error(&c, "mallory<x>", "contains a NUL byte"), 0);

	assert_int_equal(c.graded, 3);
	assert_int_equal(c.errors, 1);
	assert_int_equal(c.hist[4], 1);
	assert_int_equal(c.hist[2], 1);
	assert_int_equal(c.hist[1], 1);
	assert_int_equal(c.passes[0], 2);
	assert_int_equal(c.passes[1], 1);
	/* the first failing line, without who wrote it */
	assert_string_equal(c.example[1], "[student] wrote [email], id [number], about copy_");
	assert_string_equal(c.example[0], "later line");

	struct gr_buf b = { 0 };
	gr_emit_html(&b, &c);
	assert_true(gr_buf_ok(&b));
	const char *h = b.data;
	assert_true(!strncmp(h, "<!DOCTYPE html>", 15));
	assert_non_null(strstr(h, "<svg"));
	assert_null(strstr(h, "<script"));
	assert_null(strstr(h, "https://"));
	assert_null(strstr(h, " src="));
	assert_null(strstr(h, "<One>")); /* titles escaped */
	assert_non_null(strstr(h, "Exercise &lt;One&gt;"));
	assert_non_null(strstr(h, "mallory&lt;x&gt;"));
	assert_non_null(strstr(h, "4 submissions: 3 graded, 1 could not be graded"));
	/* most failed first: "a,b" (2 fails) before "fields" (1 fail) */
	assert_true(strstr(h, "<code>a,b</code>") < strstr(h, "<code>fields</code>"));
	gr_buf_free(&b);
	gr_cohort_free(&c);
	gr_cohort_free(&c); /* a freed cohort frees again harmlessly */
}

static void test_emit_html_empty_class(void **state)
{
	struct gr_cohort c;
	assert_int_equal(gr_cohort_init(&c, &fx_exercise), 0);
	struct gr_buf b = { 0 };
	gr_emit_html(&b, &c);
	assert_true(gr_buf_ok(&b));
	assert_non_null(strstr(b.data, "0 submissions"));
	assert_non_null(strstr(b.data, "</html>\n"));
	gr_buf_free(&b);
	gr_cohort_free(&c);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_emit_html_counts),
		cmocka_unit_test(test_emit_html_empty_class),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
