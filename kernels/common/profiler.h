/*
 * profiler.h - self-profiling for the repro programs: the CUPTI Activity API
 * collects kernels, memcpys, memsets and runtime/driver calls; prof_push()/
 * prof_pop() mark ranges both as NVTX3 ranges (seen by nsys, Nsight) and as
 * host spans on CUPTI's clock, which profile_agg.c joins with the activity
 * records through correlation ids. CUPTI's own NVTX capture needs an
 * injection library set in the environment; recording the spans ourselves
 * keeps the programs self-contained.
 *
 * Use: prof_start() before the work (after device setup, so the table holds
 * the request, not the loading), prof_push/pop around each op and phase,
 * prof_finish() to flush and print the table (or the --yaml block). Before
 * prof_start() (warm-up) ranges go to NVTX only.
 */
#ifndef KERNELS_PROFILER_H
#define KERNELS_PROFILER_H

#include "profile_agg.h"

void prof_start(void);
/* Open a range (name: a string literal) of level GR_PROF_OP or GR_PROF_PHASE. */
void prof_push(const char *name, int level);
void prof_pop(void);
/* Flush CUPTI, print the op and phase tables (or YAML) to stdout, free. */
void prof_finish(const char *title, int yaml);

#endif
