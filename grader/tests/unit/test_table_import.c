/*
 * test_table_import.c - `grader table import`: the three profiler formats
 * read from samples written to their published layouts
 * (grader/tests/data/import/), their errors with file positions, and the
 * `table:` YAML block that both the importer and kernels/ emit.
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
#include <yaml.h>

#include "table.h"
#include "table_import.h"

#ifndef SOURCE_DIR
#define SOURCE_DIR "."
#endif
#define DATA SOURCE_DIR "/grader/tests/data/import/"

static const struct gr_table_row *row(const struct gr_table *t, const char *op)
{
	const struct gr_table_row *r = gr_table_find(t, op);
	if (!r)
		fail_msg("no row '%s'", op);
	return r;
}

static void assert_near(double got, double want)
{
	if (fabs(got - want) > 1e-6 * (fabs(want) > 1 ? fabs(want) : 1))
		fail_msg("got %.9g, want %.9g", got, want);
}

static void test_table_import_pytorch_part_a(void **state)
{
	struct gr_table t = { 0 };
	struct gr_import_info info;
	struct gr_import_error err;
	assert_int_equal(gr_table_import_file(DATA "pytorch_part_a.txt", GR_IMPORT_AUTO, &t,
					      &info, &err), 0);
	assert_int_equal(info.format, GR_IMPORT_PYTORCH);
	assert_int_equal(t.len, 7);
	assert_string_equal(t.rows[0].op, "aten::matmul"); /* profiler order kept */
	assert_near(t.rows[0].cuda_ms, 38.4);
	assert_near(t.rows[0].cpu_ms, 4.1);
	assert_int_equal(t.rows[0].calls, 18);
	const struct gr_table_row *c = row(&t, "aten::copy_");
	assert_near(c->cuda_ms, 19.6);
	assert_near(c->cpu_ms, 20.4);
	assert_int_equal(c->calls, 54);
	assert_near(c->memory_bytes, 2.80 * 1024 * 1024 * 1024); /* "2.80 Gb": CUDA Mem */
	assert_int_equal(row(&t, "aten::slice")->calls, 436);
	assert_near(row(&t, "tokenizer.encode")->cpu_ms, 22.0);
	assert_near(row(&t, "tokenizer.encode")->cuda_ms, 0);
	/* A kernel name cut at 55 columns stays as printed and is counted. */
	assert_int_equal(info.truncated, 1);
	assert_string_equal(t.rows[6].op, "void flash_fwd_kernel<Flash_fwd_kernel_traits<128, 1...");
	gr_table_clear(&t);
}

static void test_table_import_pytorch_cpu_only_units(void **state)
{
	struct gr_table t = { 0 };
	struct gr_import_error err;
	assert_int_equal(gr_table_import_file(DATA "pytorch_cpu_shapes.txt", GR_IMPORT_PYTORCH,
					      &t, NULL, &err), 0);
	assert_int_equal(t.len, 3);
	assert_near(row(&t, "aten::linear")->cpu_ms, 1750.0); /* "1.750s" */
	assert_near(row(&t, "aten::addmm")->cpu_ms, 250.0);   /* "250.000ms" */
	assert_near(row(&t, "aten::relu")->cpu_ms, 0.01225); /* "12.250us" */
	assert_near(row(&t, "aten::relu")->cuda_ms, 0);
	gr_table_clear(&t);
}

/* Every unit spelling: us/µs/μs/ms/s, b/B/Kb/KB/KiB/Mb/MB/Gb/GB, negative memory. */
static void test_table_import_pytorch_unit_spellings(void **state)
{
	const char *text =
		"----------  ----------  ----------  ----------  ----------\n"
		"      Name   CPU total  CUDA total    CUDA Mem  # of Calls\n"
		"----------  ----------  ----------  ----------  ----------\n"
		"       op1      1.5 s      250 us      512 b            1\n"
		"       op2    2.000ms    3.000\xc2\xb5s     1.00 Kb           2\n"
		"       op3    4.000us    5.000\xce\xbcs    -1.50 MB           3\n"
		"       op4    1.000ms    1.000ms      2 GiB            4\n"
		"       op5    1.000ms    1.000ms     1.00 Gb       1,024\n"
		"----------  ----------  ----------  ----------  ----------\n"
		"Self CPU time total: 1.507s\n"
		"Self CUDA time total: 255.008us\n";
	struct gr_table t = { 0 };
	struct gr_import_error err;
	assert_int_equal(gr_table_import_buffer(text, strlen(text), GR_IMPORT_AUTO, &t, NULL, &err), 0);
	assert_int_equal(t.len, 5);
	assert_near(t.rows[0].cpu_ms, 1500);
	assert_near(t.rows[0].cuda_ms, 0.25);
	assert_near(t.rows[0].memory_bytes, 512);
	assert_near(t.rows[1].cuda_ms, 0.003);
	assert_near(t.rows[1].memory_bytes, 1024);
	assert_near(t.rows[2].cuda_ms, 0.005);
	assert_near(t.rows[2].memory_bytes, -1.5 * 1024 * 1024);
	assert_near(t.rows[3].memory_bytes, 2.0 * 1024 * 1024 * 1024);
	assert_near(t.rows[4].memory_bytes, 1024.0 * 1024 * 1024);
	assert_int_equal(t.rows[4].calls, 1024);
	gr_table_clear(&t);
}

static void test_table_import_pytorch_bad_value_names_line(void **state)
{
	struct gr_table t = { 0 };
	struct gr_import_error err;
	assert_int_equal(gr_table_import_file(DATA "bad_pytorch_value.txt", GR_IMPORT_AUTO, &t,
					      NULL, &err), GR_IMPORT_EFORMAT);
	assert_int_equal(err.line, 4);
	assert_int_equal(err.col, 156);
	assert_string_equal(err.msg, "cannot read 'CUDA total' value '38.4 parsecs'");
	gr_table_clear(&t);
}

static void test_table_import_pytorch_missing_calls_column(void **state)
{
	const char *text = "------  ------\n  Name  CPU total\n------  ------\n   a     1.0ms\n";
	struct gr_table t = { 0 };
	struct gr_import_error err;
	assert_int_equal(gr_table_import_buffer(text, strlen(text), GR_IMPORT_PYTORCH, &t, NULL, &err),
			 GR_IMPORT_EFORMAT);
	assert_int_equal(err.line, 2);
	assert_string_equal(err.msg, "PyTorch table header lacks a '# of Calls' column");
	gr_table_clear(&t);
}

/* Kernel time reaches its op by External id, by correlation to the runtime
 * call's thread and time, and by an ac2g flow; nested ops all carry it. */
static void test_table_import_chrome_attribution(void **state)
{
	struct gr_table t = { 0 };
	struct gr_import_info info;
	struct gr_import_error err;
	assert_int_equal(gr_table_import_file(DATA "chrome_kineto.json", GR_IMPORT_AUTO, &t, &info,
					      &err), 0);
	assert_int_equal(info.format, GR_IMPORT_CHROME);
	assert_string_equal(info.hardware, "NVIDIA L4");
	assert_int_equal(info.unattributed, 1);
	assert_int_equal(t.len, 9);
	assert_string_equal(t.rows[0].op, "aten::matmul"); /* sorted by CUDA total */
	assert_near(row(&t, "aten::matmul")->cuda_ms, 1.0);  /* child mm's kernel, by External id */
	assert_near(row(&t, "aten::mm")->cuda_ms, 1.0);
	assert_near(row(&t, "aten::mm")->cpu_ms, 0.08);
	assert_near(row(&t, "aten::to")->cuda_ms, 0.3);      /* to -> _to_copy -> copy_ -> memcpy */
	assert_near(row(&t, "aten::to")->memory_bytes, 1048576);
	assert_near(row(&t, "aten::_to_copy")->memory_bytes, 1048576);
	assert_near(row(&t, "aten::copy_")->cpu_ms, 0.46);
	assert_near(row(&t, "aten::add")->cuda_ms, 0.02);    /* correlation + containment */
	assert_near(row(&t, "aten::relu")->cuda_ms, 0.015);  /* ac2g flow */
	assert_near(row(&t, "ncclDevKernel_AllReduce_Sum_bf16_RING_LL")->cuda_ms, 0.005);
	assert_near(row(&t, "tokenizer.encode")->cpu_ms, 22.0);
	assert_near(row(&t, "tokenizer.encode")->cuda_ms, 0); /* gpu_user_annotation not counted */
	for (size_t i = 0; i < t.len; i++)
		assert_null(strstr(t.rows[i].op, "forward")); /* python_function is no row */
	gr_table_clear(&t);
}

static void test_table_import_chrome_bare_array_and_calls(void **state)
{
	const char *text =
		"[{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"aten::add\",\"pid\":1,\"tid\":1,\"ts\":0,\"dur\":10},\n"
		" {\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"aten::add\",\"pid\":1,\"tid\":1,\"ts\":20,\"dur\":10},\n"
		" {\"ph\":\"X\",\"cat\":\"cuda_runtime\",\"name\":\"cudaLaunchKernel\",\"pid\":1,\"tid\":1,\"ts\":25,\"dur\":2,\"args\":{\"correlation\":7}},\n"
		" {\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"add_kernel\",\"pid\":0,\"tid\":7,\"ts\":40,\"dur\":\"4.5\",\"args\":{\"correlation\":7}}]";
	struct gr_table t = { 0 };
	struct gr_import_error err;
	assert_int_equal(gr_table_import_buffer(text, strlen(text), GR_IMPORT_AUTO, &t, NULL, &err), 0);
	assert_int_equal(t.len, 1);
	assert_int_equal(t.rows[0].calls, 2);
	assert_near(t.rows[0].cpu_ms, 0.02);
	assert_near(t.rows[0].cuda_ms, 0.0045); /* only the second add launched it */
	gr_table_clear(&t);
}

static void test_table_import_chrome_invalid_json_position(void **state)
{
	struct gr_table t = { 0 };
	struct gr_import_error err;
	assert_int_equal(gr_table_import_file(DATA "bad_chrome.json", GR_IMPORT_AUTO, &t, NULL, &err),
			 GR_IMPORT_EFORMAT);
	assert_int_equal(err.line, 3);
	assert_true(err.col > 0);
	assert_non_null(strstr(err.msg, "invalid JSON"));
	const char *obj = "{\"displayTimeUnit\": \"ms\"}";
	assert_int_equal(gr_table_import_buffer(obj, strlen(obj), GR_IMPORT_CHROME, &t, NULL, &err),
			 GR_IMPORT_EFORMAT);
	assert_string_equal(err.msg, "no \"traceEvents\" array in the trace");
	gr_table_clear(&t);
}

static void test_table_import_nsys_reports(void **state)
{
	struct gr_table t = { 0 };
	struct gr_import_info info;
	struct gr_import_error err;
	assert_int_equal(gr_table_import_file(DATA "nsys_stats.csv", GR_IMPORT_AUTO, &t, &info, &err), 0);
	assert_int_equal(info.format, GR_IMPORT_NSYS);
	assert_int_equal(t.len, 9); /* osrt_sum is skipped */
	assert_near(t.rows[0].cuda_ms, 38.4);
	assert_int_equal(t.rows[0].calls, 18);
	assert_string_equal(t.rows[1].op, "flash_attn_fwd<128, 64, \"causal\">(Params)");
	const struct gr_table_row *h2d = row(&t, "[CUDA memcpy Host-to-Device]");
	assert_near(h2d->cuda_ms, 19.6);
	assert_int_equal(h2d->calls, 54); /* sizes add bytes, not calls */
	assert_near(h2d->memory_bytes, 3006.477e6);
	assert_near(row(&t, "cudaMemcpy")->cpu_ms, 20.4);
	assert_int_equal(row(&t, "cudaLaunchKernel")->calls, 720);
	assert_near(row(&t, "decode_step")->cpu_ms, 38.0); /* ":decode_step" in nvtx_sum */
	assert_int_equal(row(&t, "tokenize")->calls, 1);
	for (size_t i = 0; i < t.len; i++)
		assert_string_not_equal(t.rows[i].op, "sem_wait");
	gr_table_clear(&t);
}

static void test_table_import_nsys_time_unit_and_quotes(void **state)
{
	struct gr_table t = { 0 };
	struct gr_import_error err;
	assert_int_equal(gr_table_import_file(DATA "nsys_kern_us.csv", GR_IMPORT_AUTO, &t, NULL, &err), 0);
	assert_int_equal(t.len, 2);
	assert_near(row(&t, "matmul_kernel")->cuda_ms, 6.1); /* "6,100.000" us */
	assert_near(row(&t, "add_kernel")->cuda_ms, 4.8);
	gr_table_clear(&t);
}

static void test_table_import_nsys_bad_lines(void **state)
{
	struct gr_table t = { 0 };
	struct gr_import_error err;
	assert_int_equal(gr_table_import_file(DATA "bad_nsys_fields.csv", GR_IMPORT_AUTO, &t, NULL, &err),
			 GR_IMPORT_EFORMAT);
	assert_int_equal(err.line, 3);
	assert_int_equal(err.col, 28);
	assert_string_equal(err.msg, "malformed CSV line");
	gr_table_clear(&t);

	const char *text = "Time (%),Total Time (ns),Instances,Name\n1.0,100,1,k\n2.0,200,k2\n";
	assert_int_equal(gr_table_import_buffer(text, strlen(text), GR_IMPORT_NSYS, &t, NULL, &err),
			 GR_IMPORT_EFORMAT);
	assert_int_equal(err.line, 3);
	assert_string_equal(err.msg, "nsys row has 3 fields, its header has 4");
	gr_table_clear(&t);
}

static void test_table_import_detect_and_formats(void **state)
{
	enum gr_import_format f;
	assert_int_equal(gr_import_detect("  {\"traceEvents\": []}", 21), GR_IMPORT_CHROME);
	assert_int_equal(gr_import_detect("Time (%),Total Time (ns)", 24), GR_IMPORT_NSYS);
	assert_int_equal(gr_import_detect("just prose\n", 11), GR_IMPORT_AUTO);
	assert_int_equal(gr_import_format_parse("chrome", &f), 0);
	assert_int_equal(f, GR_IMPORT_CHROME);
	assert_int_equal(gr_import_format_parse("csv", &f), -1);
	assert_string_equal(gr_import_format_name(GR_IMPORT_NSYS), "nsys");

	struct gr_table t = { 0 };
	struct gr_import_error err;
	assert_int_equal(gr_table_import_buffer("hello\n", 6, GR_IMPORT_AUTO, &t, NULL, &err),
			 GR_IMPORT_EFORMAT);
	assert_non_null(strstr(err.msg, "use --format"));
	assert_int_equal(gr_table_import_buffer("a\0b", 3, GR_IMPORT_NSYS, &t, NULL, &err),
			 GR_IMPORT_EFORMAT);
	assert_int_equal(gr_table_import_file(DATA "no-such-file.txt", GR_IMPORT_AUTO, &t, NULL, &err),
			 GR_IMPORT_EIO);
	assert_int_equal(t.len, 0);
}

static char *emit(const struct gr_table *t, const char *hw)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	assert_non_null(f);
	assert_int_equal(gr_table_emit_yaml(t, hw, f), 0);
	fclose(f);
	return buf;
}

static void test_table_yaml_block_exact_text(void **state)
{
	struct gr_table t = { 0 };
	assert_int_equal(gr_table_push(&t, "aten::copy_", 19.6, 20.4, 54, 3006477107.2), 0);
	assert_int_equal(gr_table_push(&t, "tokenizer.encode", 0, 22.0, 1, 0), 0);
	assert_int_equal(gr_table_push(&t, "odd \"op\": {x}, y", 0.0125, 1.0 / 3, 2, 12582912), 0);
	char *y = emit(&t, "NVIDIA L4");
	assert_string_equal(y,
		"hardware: \"NVIDIA L4\"\n"
		"table:\n"
		"- {op: \"aten::copy_\", cuda_ms: 19.6, cpu_ms: 20.4, calls: 54, memory_bytes: 3006477107}\n"
		"- {op: \"tokenizer.encode\", cuda_ms: 0, cpu_ms: 22, calls: 1, memory_bytes: 0}\n"
		"- {op: \"odd \\\"op\\\": {x}, y\", cuda_ms: 0.013, cpu_ms: 0.333, calls: 2, memory_bytes: 12582912}\n");
	free(y);
	y = emit(&t, NULL);
	assert_true(strncmp(y, "table:\n", 7) == 0);
	free(y);
	gr_table_clear(&t);
}

/* What we emit, libyaml loads back: the op with quotes and the numbers. */
static void test_table_yaml_loads_back(void **state)
{
	struct gr_table t = { 0 };
	assert_int_equal(gr_table_push(&t, "odd \"op\": {x}, y", 1.5, 2, 3, 4), 0);
	char *y = emit(&t, "H100 \"SXM\"");
	yaml_parser_t p;
	yaml_document_t doc;
	assert_true(yaml_parser_initialize(&p));
	yaml_parser_set_input_string(&p, (const unsigned char *)y, strlen(y));
	assert_true(yaml_parser_load(&p, &doc));
	yaml_node_t *root = yaml_document_get_root_node(&doc);
	assert_int_equal(root->type, YAML_MAPPING_NODE);
	int found_op = 0;
	for (yaml_node_pair_t *pr = root->data.mapping.pairs.start; pr < root->data.mapping.pairs.top; pr++) {
		yaml_node_t *k = yaml_document_get_node(&doc, pr->key);
		yaml_node_t *v = yaml_document_get_node(&doc, pr->value);
		if (strcmp((char *)k->data.scalar.value, "hardware") == 0)
			assert_string_equal((char *)v->data.scalar.value, "H100 \"SXM\"");
		if (strcmp((char *)k->data.scalar.value, "table") != 0)
			continue;
		yaml_node_t *r0 = yaml_document_get_node(&doc, *v->data.sequence.items.start);
		yaml_node_pair_t *op = r0->data.mapping.pairs.start;
		assert_string_equal((char *)yaml_document_get_node(&doc, op->value)->data.scalar.value,
				    "odd \"op\": {x}, y");
		assert_int_equal(r0->data.mapping.pairs.top - r0->data.mapping.pairs.start, 5);
		found_op = 1;
	}
	assert_true(found_op);
	yaml_document_delete(&doc);
	yaml_parser_delete(&p);
	free(y);
	gr_table_clear(&t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_table_import_pytorch_part_a),
		cmocka_unit_test(test_table_import_pytorch_cpu_only_units),
		cmocka_unit_test(test_table_import_pytorch_unit_spellings),
		cmocka_unit_test(test_table_import_pytorch_bad_value_names_line),
		cmocka_unit_test(test_table_import_pytorch_missing_calls_column),
		cmocka_unit_test(test_table_import_chrome_attribution),
		cmocka_unit_test(test_table_import_chrome_bare_array_and_calls),
		cmocka_unit_test(test_table_import_chrome_invalid_json_position),
		cmocka_unit_test(test_table_import_nsys_reports),
		cmocka_unit_test(test_table_import_nsys_time_unit_and_quotes),
		cmocka_unit_test(test_table_import_nsys_bad_lines),
		cmocka_unit_test(test_table_import_detect_and_formats),
		cmocka_unit_test(test_table_yaml_block_exact_text),
		cmocka_unit_test(test_table_yaml_loads_back),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
