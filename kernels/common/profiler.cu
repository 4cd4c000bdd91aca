/*
 * profiler.cu - the CUPTI Activity API collector behind profiler.h. Buffers
 * are handed to CUPTI on request and read back when complete (possibly on a
 * CUPTI thread, hence the mutex); each record becomes a profile_agg record.
 */
#include "profiler.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include <cupti.h>
#include <nvtx3/nvToolsExt.h>

#include "check.h"

#define PROF_BUFFER_BYTES (8u << 20) /* one CUPTI activity buffer */
#define PROF_ALIGN 8                 /* CUPTI wants 8-byte aligned buffers */

static struct gr_prof_trace g_trace;
static pthread_mutex_t g_lock = PTHREAD_MUTEX_INITIALIZER;
static size_t g_dropped;
static int g_active; /* ranges are recorded between prof_start and prof_finish */

static void CUPTIAPI buffer_requested(uint8_t **buffer, size_t *size, size_t *max_records)
{
	*buffer = (uint8_t *)aligned_alloc(PROF_ALIGN, PROF_BUFFER_BYTES);
	*size = *buffer ? PROF_BUFFER_BYTES : 0;
	*max_records = 0; /* as many as fit */
}

static const char *memcpy_name(uint8_t kind)
{
	switch (kind) {
	case CUPTI_ACTIVITY_MEMCPY_KIND_HTOD: return "[memcpy HtoD]";
	case CUPTI_ACTIVITY_MEMCPY_KIND_DTOH: return "[memcpy DtoH]";
	case CUPTI_ACTIVITY_MEMCPY_KIND_DTOD: return "[memcpy DtoD]";
	default: return "[memcpy]";
	}
}

static void record(const CUpti_Activity *a)
{
	int rc = 0;
	switch (a->kind) {
	case CUPTI_ACTIVITY_KIND_KERNEL:
	case CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL: {
		const CUpti_ActivityKernel10 *k = (const CUpti_ActivityKernel10 *)a;
		rc = gr_prof_add_gpu(&g_trace, GR_PROF_KERNEL, k->name, k->correlationId, k->start,
				     k->end, 0);
		break;
	}
	case CUPTI_ACTIVITY_KIND_MEMCPY: {
		const CUpti_ActivityMemcpy6 *m = (const CUpti_ActivityMemcpy6 *)a;
		rc = gr_prof_add_gpu(&g_trace, GR_PROF_MEMCPY, memcpy_name(m->copyKind),
				     m->correlationId, m->start, m->end, m->bytes);
		break;
	}
	case CUPTI_ACTIVITY_KIND_MEMSET: {
		const CUpti_ActivityMemset4 *m = (const CUpti_ActivityMemset4 *)a;
		rc = gr_prof_add_gpu(&g_trace, GR_PROF_MEMSET, "[memset]", m->correlationId, m->start,
				     m->end, m->bytes);
		break;
	}
	case CUPTI_ACTIVITY_KIND_RUNTIME:
	case CUPTI_ACTIVITY_KIND_DRIVER: {
		const CUpti_ActivityAPI *api = (const CUpti_ActivityAPI *)a;
		rc = gr_prof_add_api(&g_trace, api->correlationId, api->start, api->end);
		break;
	}
	default:
		break;
	}
	if (rc < 0) {
		fprintf(stderr, "profiler: out of memory recording activity\n");
		exit(EXIT_FAILURE);
	}
}

static void CUPTIAPI buffer_completed(CUcontext ctx, uint32_t stream, uint8_t *buffer, size_t size,
				      size_t valid)
{
	(void)ctx;
	(void)stream;
	(void)size;
	CUpti_Activity *a = NULL;
	pthread_mutex_lock(&g_lock);
	for (;;) {
		CUptiResult st = cuptiActivityGetNextRecord(buffer, valid, &a);
		if (st != CUPTI_SUCCESS)
			break; /* CUPTI_ERROR_MAX_LIMIT_REACHED: end of buffer */
		record(a);
	}
	size_t dropped = 0;
	if (cuptiActivityGetNumDroppedRecords(ctx, stream, &dropped) == CUPTI_SUCCESS)
		g_dropped += dropped;
	pthread_mutex_unlock(&g_lock);
	free(buffer);
}

static uint64_t now_ns(void)
{
	uint64_t t;
	CHECK_CUPTI(cuptiGetTimestamp(&t));
	return t;
}

void prof_start(void)
{
	CHECK_CUPTI(cuptiActivityRegisterCallbacks(buffer_requested, buffer_completed));
	CHECK_CUPTI(cuptiActivityEnable(CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL));
	CHECK_CUPTI(cuptiActivityEnable(CUPTI_ACTIVITY_KIND_MEMCPY));
	CHECK_CUPTI(cuptiActivityEnable(CUPTI_ACTIVITY_KIND_MEMSET));
	CHECK_CUPTI(cuptiActivityEnable(CUPTI_ACTIVITY_KIND_RUNTIME));
	/* cuBLAS launches through the driver API: its kernels correlate there. */
	CHECK_CUPTI(cuptiActivityEnable(CUPTI_ACTIVITY_KIND_DRIVER));
	g_active = 1;
}

void prof_push(const char *name, int level)
{
	nvtxRangePushA(name);
	if (!g_active)
		return; /* warm-up: NVTX only */
	pthread_mutex_lock(&g_lock);
	int rc = gr_prof_range_push(&g_trace, name, level, now_ns());
	pthread_mutex_unlock(&g_lock);
	if (rc < 0) {
		fprintf(stderr, "profiler: cannot open range '%s' (%s)\n", name,
			rc == -2 ? "nested too deep" : "out of memory");
		exit(EXIT_FAILURE);
	}
}

void prof_pop(void)
{
	if (!g_active) {
		nvtxRangePop();
		return;
	}
	pthread_mutex_lock(&g_lock);
	int rc = gr_prof_range_pop(&g_trace, now_ns());
	pthread_mutex_unlock(&g_lock);
	nvtxRangePop();
	if (rc < 0) {
		fprintf(stderr, "profiler: prof_pop() with no open range\n");
		exit(EXIT_FAILURE);
	}
}

void prof_finish(const char *title, int yaml)
{
	CHECK_CUDA(cudaDeviceSynchronize());
	g_active = 0;
	CHECK_CUPTI(cuptiActivityFlushAll(1));
	CHECK_CUPTI(cuptiActivityDisable(CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL));
	CHECK_CUPTI(cuptiActivityDisable(CUPTI_ACTIVITY_KIND_MEMCPY));
	CHECK_CUPTI(cuptiActivityDisable(CUPTI_ACTIVITY_KIND_MEMSET));
	CHECK_CUPTI(cuptiActivityDisable(CUPTI_ACTIVITY_KIND_RUNTIME));
	CHECK_CUPTI(cuptiActivityDisable(CUPTI_ACTIVITY_KIND_DRIVER));

	int dev;
	struct cudaDeviceProp prop;
	CHECK_CUDA(cudaGetDevice(&dev));
	CHECK_CUDA(cudaGetDeviceProperties(&prop, dev));
	pthread_mutex_lock(&g_lock);
	if (g_dropped)
		fprintf(stderr, "profiler: warning: CUPTI dropped %zu records; the table is short\n",
			g_dropped);
	if (gr_prof_report(&g_trace, title, prop.name, yaml, stdout) < 0) {
		fprintf(stderr, "profiler: cannot write the table\n");
		exit(EXIT_FAILURE);
	}
	gr_prof_trace_free(&g_trace);
	pthread_mutex_unlock(&g_lock);
}
