/*
 * profile_agg.c - activity records -> the workbook's table (see
 * profile_agg.h). Plain C, no CUDA: the programs feed it from CUPTI, the
 * unit tests from synthetic records.
 */
#include "profile_agg.h"

#include <stdlib.h>
#include <string.h>

static int grow(void **v, size_t *cap, size_t n, size_t size)
{
	if (n < *cap)
		return 0;
	size_t c = *cap ? *cap * 2 : 256;
	void *nv = realloc(*v, c * size);
	if (!nv)
		return -1;
	*v = nv;
	*cap = c;
	return 0;
}

int gr_prof_range_push(struct gr_prof_trace *t, const char *name, int level, uint64_t now_ns)
{
	if (t->depth >= GR_PROF_MAX_DEPTH)
		return -2;
	if (grow((void **)&t->ranges, &t->cap_ranges, t->nranges, sizeof(*t->ranges)) < 0)
		return -1;
	long parent = t->depth ? t->open[t->depth - 1] : -1;
	t->ranges[t->nranges] = (struct gr_prof_range){ name, now_ns, 0, level, parent };
	t->open[t->depth++] = (long)t->nranges++;
	return 0;
}

int gr_prof_range_pop(struct gr_prof_trace *t, uint64_t now_ns)
{
	if (!t->depth)
		return -2;
	struct gr_prof_range *r = &t->ranges[t->open[--t->depth]];
	r->end_ns = now_ns > r->start_ns ? now_ns : r->start_ns + 1;
	return 0;
}

int gr_prof_add_api(struct gr_prof_trace *t, uint32_t correlation, uint64_t start_ns,
		    uint64_t end_ns)
{
	if (grow((void **)&t->apis, &t->cap_apis, t->napis, sizeof(*t->apis)) < 0)
		return -1;
	t->apis[t->napis++] = (struct gr_prof_api){ correlation, start_ns, end_ns };
	return 0;
}

int gr_prof_add_gpu(struct gr_prof_trace *t, int kind, const char *name, uint32_t correlation,
		    uint64_t start_ns, uint64_t end_ns, uint64_t bytes)
{
	if (grow((void **)&t->gpus, &t->cap_gpus, t->ngpus, sizeof(*t->gpus)) < 0)
		return -1;
	char *copy = strdup(name ? name : "?");
	if (!copy)
		return -1;
	t->gpus[t->ngpus++] = (struct gr_prof_gpu){ copy, kind, correlation, start_ns, end_ns, bytes };
	return 0;
}

void gr_prof_trace_free(struct gr_prof_trace *t)
{
	for (size_t i = 0; i < t->ngpus; i++)
		free(t->gpus[i].name);
	free(t->ranges);
	free(t->apis);
	free(t->gpus);
	memset(t, 0, sizeof(*t));
}

static int cmp_api(const void *a, const void *b)
{
	const struct gr_prof_api *x = a, *y = b;
	return (x->correlation > y->correlation) - (x->correlation < y->correlation);
}

/* Innermost closed range containing t: ranges are in push (= start) order,
 * so take the last one starting at or before t and climb its parents. */
static long innermost(const struct gr_prof_trace *t, uint64_t ts)
{
	size_t lo = 0, hi = t->nranges;
	if (!hi || t->ranges[0].start_ns > ts)
		return -1;
	while (hi - lo > 1) {
		size_t mid = lo + (hi - lo) / 2;
		if (t->ranges[mid].start_ns <= ts)
			lo = mid;
		else
			hi = mid;
	}
	for (long i = (long)lo; i >= 0; i = t->ranges[i].parent)
		if (t->ranges[i].end_ns && t->ranges[i].end_ns >= ts)
			return i;
	return -1;
}

static struct gr_table_row *row_for(struct gr_table *out, size_t from, const char *name)
{
	for (size_t i = from; i < out->len; i++)
		if (strcmp(out->rows[i].op, name) == 0)
			return &out->rows[i];
	if (gr_table_push(out, name, 0, 0, 0, 0) < 0)
		return NULL;
	return &out->rows[out->len - 1];
}

int gr_prof_aggregate(const struct gr_prof_trace *t, int level, struct gr_table *out)
{
	size_t from = out->len;
	struct gr_prof_api *apis = NULL;
	double *dev_ns = calloc(t->nranges + 1, sizeof(*dev_ns));
	double *bytes = calloc(t->nranges + 1, sizeof(*bytes));
	int rc = -1;

	if (!dev_ns || !bytes)
		goto done;
	if (t->napis) {
		apis = malloc(t->napis * sizeof(*apis));
		if (!apis)
			goto done;
		memcpy(apis, t->apis, t->napis * sizeof(*apis));
		qsort(apis, t->napis, sizeof(*apis), cmp_api);
	}

	for (size_t g = 0; g < t->ngpus; g++) {
		const struct gr_prof_gpu *w = &t->gpus[g];
		double dur = w->end_ns > w->start_ns ? (double)(w->end_ns - w->start_ns) : 0;
		struct gr_prof_api key = { w->correlation, 0, 0 };
		const struct gr_prof_api *a =
			apis ? bsearch(&key, apis, t->napis, sizeof(key), cmp_api) : NULL;
		int charged = 0;
		for (long r = a ? innermost(t, a->start_ns) : -1; r >= 0; r = t->ranges[r].parent) {
			if (t->ranges[r].level != level)
				continue;
			dev_ns[r] += dur;
			bytes[r] += (double)w->bytes;
			charged = 1;
		}
		if (!charged && level == GR_PROF_OP) {
			struct gr_table_row *row = row_for(out, from, w->name);
			if (!row)
				goto done;
			row->cuda_ms += dur / 1e6;
			row->calls++;
			row->memory_bytes += (double)w->bytes;
		}
	}
	for (size_t r = 0; r < t->nranges; r++) {
		const struct gr_prof_range *rg = &t->ranges[r];
		if (rg->level != level || !rg->end_ns)
			continue;
		struct gr_table_row *row = row_for(out, from, rg->name);
		if (!row)
			goto done;
		row->cuda_ms += dev_ns[r] / 1e6;
		row->cpu_ms += (double)(rg->end_ns - rg->start_ns) / 1e6;
		row->calls++;
		row->memory_bytes += bytes[r];
	}
	gr_table_sort(out, from);
	rc = 0;
done:
	free(apis);
	free(dev_ns);
	free(bytes);
	return rc;
}

int gr_prof_report(const struct gr_prof_trace *t, const char *title, const char *hardware,
		   int yaml, FILE *out)
{
	struct gr_table ops = { 0 }, phases = { 0 };
	int rc = -1;
	if (gr_prof_aggregate(t, GR_PROF_OP, &ops) < 0 ||
	    gr_prof_aggregate(t, GR_PROF_PHASE, &phases) < 0)
		goto done;
	if (yaml) {
		fprintf(out, "# %s: self-profiled with CUPTI, op rows only\n", title);
		rc = gr_table_emit_yaml(&ops, hardware, out);
		goto done;
	}
	fprintf(out, "%s on %s (CUPTI activity, NVTX ranges; nested rows include their children)\n\n",
		title, hardware ? hardware : "unknown GPU");
	if (gr_table_format(&ops, out) < 0)
		goto done;
	if (phases.len) {
		fputs("\nphases (NVTX ranges)\n", out);
		if (gr_table_format(&phases, out) < 0)
			goto done;
	}
	rc = ferror(out) ? -1 : 0;
done:
	gr_table_clear(&ops);
	gr_table_clear(&phases);
	return rc;
}
