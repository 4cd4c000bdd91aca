/*
 * profile_agg.h - the kernels' self-profile, as plain C: activity records in
 * (what CUPTI reports, or synthetic ones in tests), the workbook's table out.
 *
 * A trace holds three kinds of record, all timestamps in nanoseconds on one
 * clock (cuptiGetTimestamp's):
 *  - ranges: host spans pushed and popped by the program around its ops and
 *    phases (mirrored to NVTX for nsys). Each has a level: GR_PROF_OP rows
 *    make the table a learner reads ("matmul", "to", "copy_", "tokenize"),
 *    GR_PROF_PHASE rows ("prefill", "decode_step", "cast_weights",
 *    "h2d_inputs") make a second table of where time went by phase.
 *  - API calls: runtime/driver calls with their correlation id and host span.
 *  - GPU work: kernels, memcpys, memsets with their device span, the
 *    correlation id of the call that launched them, and bytes moved.
 *
 * Aggregation follows the PyTorch profiler's totals: a GPU record is charged
 * to every range (of the level asked for) that encloses the host call which
 * launched it, so nested ranges carry their children's time ("to" and its
 * "copy_" both show the copy). CPU total is the range's own host span;
 * calls count range instances; memory is bytes moved by copies and memsets.
 * GPU work with no enclosing op range (a replayed CUDA graph) becomes a row
 * named after the kernel, so no device time is lost from the op table.
 *
 * One host thread pushes ranges (the programs are single-threaded); records
 * may arrive in any order. Range names are borrowed (string literals); GPU
 * names are copied. Everything is freed by gr_prof_trace_free().
 */
#ifndef GR_PROFILE_AGG_H
#define GR_PROFILE_AGG_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" { /* table.h is plain C without guards of its own */
#endif

#include "table.h"

enum gr_prof_level {
	GR_PROF_OP = 0,    /* a row of the op table */
	GR_PROF_PHASE = 1, /* a row of the phase table */
};

enum gr_prof_gpu_kind {
	GR_PROF_KERNEL = 0,
	GR_PROF_MEMCPY = 1,
	GR_PROF_MEMSET = 2,
};

#define GR_PROF_MAX_DEPTH 64 /* deepest nesting of open ranges */

struct gr_prof_range {
	const char *name;           /* borrowed */
	uint64_t start_ns, end_ns;  /* end_ns 0 while open */
	int level;                  /* enum gr_prof_level */
	long parent;                /* enclosing range index, -1 for none */
};

struct gr_prof_api {
	uint32_t correlation;
	uint64_t start_ns, end_ns;
};

struct gr_prof_gpu {
	char *name; /* owned */
	int kind;   /* enum gr_prof_gpu_kind */
	uint32_t correlation;
	uint64_t start_ns, end_ns;
	uint64_t bytes;
};

struct gr_prof_trace {
	struct gr_prof_range *ranges;
	size_t nranges, cap_ranges;
	struct gr_prof_api *apis;
	size_t napis, cap_apis;
	struct gr_prof_gpu *gpus;
	size_t ngpus, cap_gpus;
	long open[GR_PROF_MAX_DEPTH]; /* stack of open ranges */
	int depth;
};

/* Open a range named name (borrowed) at now_ns. Returns 0, -1 out of
 * memory, -2 nested deeper than GR_PROF_MAX_DEPTH. */
int gr_prof_range_push(struct gr_prof_trace *t, const char *name, int level, uint64_t now_ns);
/* Close the innermost open range. Returns 0, or -2 when none is open. */
int gr_prof_range_pop(struct gr_prof_trace *t, uint64_t now_ns);
/* Record an API call / a GPU activity (name copied). Return 0 or -1 (memory). */
int gr_prof_add_api(struct gr_prof_trace *t, uint32_t correlation, uint64_t start_ns,
		    uint64_t end_ns);
int gr_prof_add_gpu(struct gr_prof_trace *t, int kind, const char *name, uint32_t correlation,
		    uint64_t start_ns, uint64_t end_ns, uint64_t bytes);
void gr_prof_trace_free(struct gr_prof_trace *t);

/* Append one row per range name of the given level to *out, sorted by CUDA
 * total then CPU total (descending); with GR_PROF_OP, also rows for GPU work
 * outside every op range. Ranges still open are skipped. Returns 0 or -1. */
int gr_prof_aggregate(const struct gr_prof_trace *t, int level, struct gr_table *out);

/* Print what a program prints at exit: the op table in gr_table_format's
 * layout under a title line, then the phase table; or, with yaml set, the
 * exercise's `table:` block (op rows) with hardware. Returns 0 or -1. */
int gr_prof_report(const struct gr_prof_trace *t, const char *title, const char *hardware,
		   int yaml, FILE *out);

#ifdef __cplusplus
}
#endif

#endif
