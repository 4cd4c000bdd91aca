/*
 * table.h - the profiler table an exercise ships, as typed rows.
 *
 * A table is what a learner reads: one row per op with its CUDA total, CPU
 * total (milliseconds), call count and memory (bytes). The same struct is
 * filled by the exercise loader (exercise.h), by `grader table import`
 * (table_import.h) and by the kernels' host-side aggregation, and printed by
 * gr_table_format() in the one layout the whole project uses.
 *
 * Ownership: a table owns its rows and each row owns its `op` string;
 * gr_table_clear() frees both and leaves an empty table. Plain C, no CUDA.
 */
#ifndef GR_TABLE_H
#define GR_TABLE_H

#include <stddef.h>
#include <stdio.h>

struct gr_table_row {
	char *op;            /* op name as the profiler prints it, e.g. "aten::copy_" */
	double cuda_ms;      /* CUDA (device) total, milliseconds */
	double cpu_ms;       /* CPU (host) total, milliseconds */
	long long calls;     /* number of calls */
	double memory_bytes; /* memory moved or allocated, bytes */
};

struct gr_table {
	struct gr_table_row *rows;
	size_t len;
	size_t cap;
};

/* Append a row (op is copied). Returns 0, or -1 when out of memory. */
int gr_table_push(struct gr_table *t, const char *op, double cuda_ms,
		  double cpu_ms, long long calls, double memory_bytes);

/* The row named op, or NULL. Borrowed: valid until the table changes. */
struct gr_table_row *gr_table_find(const struct gr_table *t, const char *op);

/* Free the rows and their strings; the table is empty afterwards. */
void gr_table_clear(struct gr_table *t);

/* Sort rows [from, len) as a profiler orders its table: CUDA total, then
 * CPU total, descending; ties by op name. */
void gr_table_sort(struct gr_table *t, size_t from);

/* Sum of cuda_ms over all rows. Totals of nested ops (aten::to contains its
 * copy_) are the profiler's, so this is the denominator a learner uses too. */
double gr_table_cuda_total(const struct gr_table *t);

/* Human units as the workbook writes them: "38.4 ms", "0 ms", "2.8 GiB",
 * "12 MiB", "0 B". Write into buf (size n) and return buf. */
char *gr_format_ms(double ms, char *buf, size_t n);
char *gr_format_bytes(double bytes, char *buf, size_t n);

/* Print the table aligned: header "op  CUDA total  CPU total  calls  memory",
 * op left-aligned, numbers right-aligned. Returns 0 or -1 on a write error. */
int gr_table_format(const struct gr_table *t, FILE *out);

/* Emit the exercise file's `table:` block (a list of {op, cuda_ms, cpu_ms,
 * calls, memory_bytes}) as YAML, preceded by `hardware: "<name>"` when
 * hardware is non-NULL. Ops are double-quoted with libyaml's escaping;
 * numbers are plain (ms to 3 decimals, bytes and calls as integers), so the
 * output loads back into the same rows. Returns 0, or -1 on an emitter or
 * write error. Defined in table_yaml.c. */
int gr_table_emit_yaml(const struct gr_table *t, const char *hardware, FILE *out);

#endif
