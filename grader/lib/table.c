/*
 * table.c - profiler table rows, totals and the one aligned layout the
 * project prints (grader show, kernels/, table import).
 */
#include "table.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"

int gr_table_push(struct gr_table *t, const char *op, double cuda_ms,
		  double cpu_ms, long long calls, double memory_bytes)
{
	if (GR_GROW(t->rows, t->len, t->cap, 8) < 0)
		return -1;
	char *copy = strdup(op ? op : "");
	if (!copy)
		return -1;
	t->rows[t->len++] = (struct gr_table_row){ copy, cuda_ms, cpu_ms, calls, memory_bytes };
	return 0;
}

struct gr_table_row *gr_table_find(const struct gr_table *t, const char *op)
{
	for (size_t i = 0; i < t->len; i++)
		if (strcmp(t->rows[i].op, op) == 0)
			return &t->rows[i];
	return NULL;
}

void gr_table_clear(struct gr_table *t)
{
	for (size_t i = 0; i < t->len; i++)
		free(t->rows[i].op);
	free(t->rows);
	t->rows = NULL;
	t->len = t->cap = 0;
}

static int by_cuda_then_cpu(const void *a, const void *b)
{
	const struct gr_table_row *x = a, *y = b;
	if (x->cuda_ms != y->cuda_ms)
		return x->cuda_ms > y->cuda_ms ? -1 : 1;
	if (x->cpu_ms != y->cpu_ms)
		return x->cpu_ms > y->cpu_ms ? -1 : 1;
	return strcmp(x->op, y->op);
}

void gr_table_sort(struct gr_table *t, size_t from)
{
	if (t->len > from + 1)
		qsort(t->rows + from, t->len - from, sizeof(*t->rows), by_cuda_then_cpu);
}

double gr_table_cuda_total(const struct gr_table *t)
{
	double sum = 0;
	for (size_t i = 0; i < t->len; i++)
		sum += t->rows[i].cuda_ms;
	return sum;
}

/* One decimal, as the workbook prints sizes; whole numbers lose the ".0"
 * ("12 MiB", "2.8 GiB"). */
static void fmt_unit(char *buf, size_t n, double v, const char *unit)
{
	if (fabs(v - round(v)) < 0.05)
		snprintf(buf, n, "%.0f %s", round(v), unit);
	else
		snprintf(buf, n, "%.1f %s", v, unit);
}

char *gr_format_ms(double ms, char *buf, size_t n)
{
	/* As the workbook prints times: "22.0 ms", but "0 ms". */
	if (fabs(ms) < 0.05)
		snprintf(buf, n, "0 ms");
	else
		snprintf(buf, n, "%.1f ms", ms);
	return buf;
}

char *gr_format_bytes(double bytes, char *buf, size_t n)
{
	static const char *units[] = { "B", "KiB", "MiB", "GiB", "TiB" };
	size_t u = 0;
	while (fabs(bytes) >= 1024 && u + 1 < sizeof(units) / sizeof(units[0])) {
		bytes /= 1024;
		u++;
	}
	fmt_unit(buf, n, bytes, units[u]);
	return buf;
}

int gr_table_format(const struct gr_table *t, FILE *out)
{
	size_t opw = 2;
	for (size_t i = 0; i < t->len; i++) {
		size_t w = strlen(t->rows[i].op);
		if (w > opw)
			opw = w;
	}
	fprintf(out, "%-*s  %10s  %10s  %6s  %9s\n", (int)opw, "op", "CUDA total",
		"CPU total", "calls", "memory");
	for (size_t i = 0; i < t->len; i++) {
		const struct gr_table_row *r = &t->rows[i];
		char cuda[32], cpu[32], mem[32];
		fprintf(out, "%-*s  %10s  %10s  %6lld  %9s\n", (int)opw, r->op,
			gr_format_ms(r->cuda_ms, cuda, sizeof(cuda)),
			gr_format_ms(r->cpu_ms, cpu, sizeof(cpu)), r->calls,
			gr_format_bytes(r->memory_bytes, mem, sizeof(mem)));
	}
	return ferror(out) ? -1 : 0;
}
