/*
 * test_profile_agg.c - the kernels' host-side aggregation on synthetic
 * activity records: attribution through correlation ids to enclosing
 * ranges, nested totals, op vs phase levels, graph-replayed kernels that no
 * op range claims, the printed table and the --yaml block. No CUDA needed.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "profile_agg.h"

#define MS 1000000ull /* nanoseconds in a millisecond */

static const struct gr_table_row *row(const struct gr_table *t, const char *op)
{
	const struct gr_table_row *r = gr_table_find(t, op);
	if (!r)
		fail_msg("no row '%s'", op);
	return r;
}

static void assert_near(double got, double want)
{
	if (fabs(got - want) > 1e-9 + 1e-9 * fabs(want))
		fail_msg("got %.12g, want %.12g", got, want);
}

/* A Part A-like step: tokenize on the host, then inside decode_step a cast
 * (to) whose kernel runs 2 ms, a pageable copy (copy_) of 1 MiB taking 3 ms,
 * and two matmul launches of 1 ms each. Correlation ids link launches. */
static void build_step(struct gr_prof_trace *t)
{
	assert_int_equal(gr_prof_range_push(t, "tokenize", GR_PROF_OP, 0), 0);
	assert_int_equal(gr_prof_range_pop(t, 22 * MS), 0);

	assert_int_equal(gr_prof_range_push(t, "decode_step", GR_PROF_PHASE, 30 * MS), 0);
	assert_int_equal(gr_prof_range_push(t, "cast_weights", GR_PROF_PHASE, 30 * MS), 0);
	assert_int_equal(gr_prof_range_push(t, "to", GR_PROF_OP, 30 * MS), 0);
	assert_int_equal(gr_prof_add_api(t, 1, 30 * MS + 10, 30 * MS + 20), 0);
	assert_int_equal(gr_prof_range_pop(t, 31 * MS), 0);
	assert_int_equal(gr_prof_range_pop(t, 31 * MS), 0);
	assert_int_equal(gr_prof_range_push(t, "h2d_inputs", GR_PROF_PHASE, 32 * MS), 0);
	assert_int_equal(gr_prof_range_push(t, "copy_", GR_PROF_OP, 32 * MS), 0);
	assert_int_equal(gr_prof_add_api(t, 2, 32 * MS + 5, 35 * MS), 0);
	assert_int_equal(gr_prof_range_pop(t, 35 * MS + 10), 0);
	assert_int_equal(gr_prof_range_pop(t, 35 * MS + 10), 0);
	for (uint32_t c = 3; c <= 4; c++) {
		uint64_t at = (36 + c) * MS;
		assert_int_equal(gr_prof_range_push(t, "matmul", GR_PROF_OP, at), 0);
		assert_int_equal(gr_prof_add_api(t, c, at + 100, at + 200), 0);
		assert_int_equal(gr_prof_range_pop(t, at + 1000), 0);
	}
	assert_int_equal(gr_prof_range_pop(t, 50 * MS), 0);

	/* GPU records arrive later, out of order, as CUPTI buffers do. */
	assert_int_equal(gr_prof_add_gpu(t, GR_PROF_KERNEL, "gemm_bf16", 4, 45 * MS, 46 * MS, 0), 0);
	assert_int_equal(gr_prof_add_gpu(t, GR_PROF_MEMCPY, "[memcpy HtoD]", 2, 32 * MS, 35 * MS,
					 1u << 20), 0);
	assert_int_equal(gr_prof_add_gpu(t, GR_PROF_KERNEL, "cast_f32_bf16", 1, 31 * MS, 33 * MS, 0), 0);
	assert_int_equal(gr_prof_add_gpu(t, GR_PROF_KERNEL, "gemm_bf16", 3, 43 * MS, 44 * MS, 0), 0);
}

static void test_profile_agg_ops_by_range_name(void **state)
{
	struct gr_prof_trace t = { 0 };
	struct gr_table ops = { 0 };
	build_step(&t);
	assert_int_equal(gr_prof_aggregate(&t, GR_PROF_OP, &ops), 0);
	assert_int_equal(ops.len, 4);
	assert_string_equal(ops.rows[0].op, "copy_"); /* sorted by CUDA total */
	assert_near(row(&ops, "copy_")->cuda_ms, 3.0);
	assert_near(row(&ops, "copy_")->cpu_ms, 3.00001);
	assert_near(row(&ops, "copy_")->memory_bytes, 1048576);
	assert_near(row(&ops, "to")->cuda_ms, 2.0); /* device time, though the host span was 1 ms */
	assert_near(row(&ops, "to")->cpu_ms, 1.0);
	const struct gr_table_row *mm = row(&ops, "matmul");
	assert_int_equal(mm->calls, 2);
	assert_near(mm->cuda_ms, 2.0);
	assert_near(mm->cpu_ms, 0.002);
	assert_near(row(&ops, "tokenize")->cpu_ms, 22.0);
	assert_near(row(&ops, "tokenize")->cuda_ms, 0);
	gr_table_clear(&ops);
	gr_prof_trace_free(&t);
}

static void test_profile_agg_phases_nest(void **state)
{
	struct gr_prof_trace t = { 0 };
	struct gr_table ph = { 0 };
	build_step(&t);
	assert_int_equal(gr_prof_aggregate(&t, GR_PROF_PHASE, &ph), 0);
	assert_int_equal(ph.len, 3);
	/* decode_step holds everything launched inside it: 2 + 3 + 1 + 1 ms. */
	assert_string_equal(ph.rows[0].op, "decode_step");
	assert_near(ph.rows[0].cuda_ms, 7.0);
	assert_near(ph.rows[0].cpu_ms, 20.0);
	assert_near(ph.rows[0].memory_bytes, 1048576);
	assert_near(row(&ph, "h2d_inputs")->cuda_ms, 3.0);
	assert_near(row(&ph, "cast_weights")->cuda_ms, 2.0);
	gr_table_clear(&ph);
	gr_prof_trace_free(&t);
}

/* Kernels replayed from a CUDA graph are launched by cudaGraphLaunch inside
 * a phase range only: they keep their kernel names as op rows. */
static void test_profile_agg_graph_kernels_keep_names(void **state)
{
	struct gr_prof_trace t = { 0 };
	struct gr_table ops = { 0 };
	for (uint32_t s = 0; s < 3; s++) {
		uint64_t at = s * 10 * MS;
		assert_int_equal(gr_prof_range_push(&t, "decode_step", GR_PROF_PHASE, at), 0);
		assert_int_equal(gr_prof_add_api(&t, 100 + s, at + 10, at + 20), 0);
		assert_int_equal(gr_prof_range_pop(&t, at + 100), 0);
		assert_int_equal(gr_prof_add_gpu(&t, GR_PROF_KERNEL, "matmul_kernel", 100 + s,
						 at + 1000, at + 4000, 0), 0);
		assert_int_equal(gr_prof_add_gpu(&t, GR_PROF_KERNEL, "relu_kernel", 100 + s,
						 at + 4000, at + 6000, 0), 0);
	}
	/* No API record at all: still a row, not lost. */
	assert_int_equal(gr_prof_add_gpu(&t, GR_PROF_MEMSET, "[memset]", 999, 0, 500, 64), 0);
	assert_int_equal(gr_prof_aggregate(&t, GR_PROF_OP, &ops), 0);
	assert_int_equal(ops.len, 3);
	assert_string_equal(ops.rows[0].op, "matmul_kernel");
	assert_int_equal(ops.rows[0].calls, 3);
	assert_near(ops.rows[0].cuda_ms, 0.009);
	assert_near(ops.rows[0].cpu_ms, 0);
	assert_near(row(&ops, "[memset]")->memory_bytes, 64);
	gr_table_clear(&ops);
	gr_prof_trace_free(&t);
}

static void test_profile_agg_stack_errors_and_open_ranges(void **state)
{
	struct gr_prof_trace t = { 0 };
	struct gr_table ops = { 0 };
	assert_int_equal(gr_prof_range_pop(&t, 1), -2);
	for (int i = 0; i < GR_PROF_MAX_DEPTH; i++)
		assert_int_equal(gr_prof_range_push(&t, "deep", GR_PROF_OP, (uint64_t)i), 0);
	assert_int_equal(gr_prof_range_push(&t, "deeper", GR_PROF_OP, 100), -2);
	assert_int_equal(gr_prof_range_pop(&t, 200), 0); /* only the innermost closes */
	assert_int_equal(gr_prof_aggregate(&t, GR_PROF_OP, &ops), 0);
	assert_int_equal(ops.len, 1);
	assert_int_equal(ops.rows[0].calls, 1); /* open ranges are skipped */
	assert_near(ops.rows[0].cpu_ms, (200.0 - 63) / 1e6);
	gr_table_clear(&ops);
	gr_prof_trace_free(&t);
	assert_int_equal(t.nranges, 0);
}

static char *report(const struct gr_prof_trace *t, int yaml)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	assert_non_null(f);
	assert_int_equal(gr_prof_report(t, "part_a", "NVIDIA L4", yaml, f), 0);
	fclose(f);
	return buf;
}

static void test_profile_agg_report_layouts(void **state)
{
	struct gr_prof_trace t = { 0 };
	build_step(&t);
	char *text = report(&t, 0);
	assert_string_equal(text,
		"part_a on NVIDIA L4 (CUPTI activity, NVTX ranges; nested rows include their children)\n"
		"\n"
		"op        CUDA total   CPU total   calls     memory\n"
		"copy_         3.0 ms      3.0 ms       1      1 MiB\n"
		"to            2.0 ms      1.0 ms       1        0 B\n"
		"matmul        2.0 ms        0 ms       2        0 B\n"
		"tokenize        0 ms     22.0 ms       1        0 B\n"
		"\n"
		"phases (NVTX ranges)\n"
		"op            CUDA total   CPU total   calls     memory\n"
		"decode_step       7.0 ms     20.0 ms       1      1 MiB\n"
		"h2d_inputs        3.0 ms      3.0 ms       1      1 MiB\n"
		"cast_weights      2.0 ms      1.0 ms       1        0 B\n");
	free(text);
	char *yaml = report(&t, 1);
	assert_string_equal(yaml,
		"# part_a: self-profiled with CUPTI, op rows only\n"
		"hardware: \"NVIDIA L4\"\n"
		"table:\n"
		"- {op: \"copy_\", cuda_ms: 3, cpu_ms: 3, calls: 1, memory_bytes: 1048576}\n"
		"- {op: \"to\", cuda_ms: 2, cpu_ms: 1, calls: 1, memory_bytes: 0}\n"
		"- {op: \"matmul\", cuda_ms: 2, cpu_ms: 0.002, calls: 2, memory_bytes: 0}\n"
		"- {op: \"tokenize\", cuda_ms: 0, cpu_ms: 22, calls: 1, memory_bytes: 0}\n");
	free(yaml);
	gr_prof_trace_free(&t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_profile_agg_ops_by_range_name),
		cmocka_unit_test(test_profile_agg_phases_nest),
		cmocka_unit_test(test_profile_agg_graph_kernels_keep_names),
		cmocka_unit_test(test_profile_agg_stack_errors_and_open_ranges),
		cmocka_unit_test(test_profile_agg_report_layouts),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
