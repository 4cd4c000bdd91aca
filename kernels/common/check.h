/*
 * check.h - every CUDA, cuBLAS and CUPTI call goes through one of these, so a
 * failure prints file:line, the call as written and the library's error
 * string, then exits (the helper_cuda.h habit). CHECK_LAUNCH() follows every
 * kernel launch: cudaGetLastError() catches bad configurations at once, and
 * with KERNELS_SYNC=1 in the environment it also synchronises, so an
 * asynchronous fault is reported at the launch that caused it.
 */
#ifndef KERNELS_CHECK_H
#define KERNELS_CHECK_H

#include <stdio.h>
#include <stdlib.h>

#include <cublas_v2.h>
#include <cuda_runtime.h>
#include <cupti.h>

#define CHECK_CUDA(call)                                                               \
	do {                                                                           \
		cudaError_t err_ = (call);                                             \
		if (err_ != cudaSuccess) {                                             \
			fprintf(stderr, "%s:%d: %s failed: %s (%s)\n", __FILE__, __LINE__, \
				#call, cudaGetErrorString(err_), cudaGetErrorName(err_)); \
			exit(EXIT_FAILURE);                                            \
		}                                                                      \
	} while (0)

#define CHECK_CUBLAS(call)                                                             \
	do {                                                                           \
		cublasStatus_t st_ = (call);                                           \
		if (st_ != CUBLAS_STATUS_SUCCESS) {                                    \
			fprintf(stderr, "%s:%d: %s failed: %s\n", __FILE__, __LINE__,  \
				#call, cublasGetStatusString(st_));                    \
			exit(EXIT_FAILURE);                                            \
		}                                                                      \
	} while (0)

#define CHECK_CUPTI(call)                                                              \
	do {                                                                           \
		CUptiResult res_ = (call);                                             \
		if (res_ != CUPTI_SUCCESS) {                                           \
			const char *msg_ = "unknown CUPTI error";                      \
			cuptiGetResultString(res_, &msg_);                             \
			fprintf(stderr, "%s:%d: %s failed: %s\n", __FILE__, __LINE__,  \
				#call, msg_);                                          \
			exit(EXIT_FAILURE);                                            \
		}                                                                      \
	} while (0)

/* After every <<<...>>> launch. */
#define CHECK_LAUNCH()                                                                 \
	do {                                                                           \
		CHECK_CUDA(cudaGetLastError());                                        \
		if (kernels_sync_launches())                                           \
			CHECK_CUDA(cudaDeviceSynchronize());                           \
	} while (0)

/* KERNELS_SYNC=1: synchronise after each launch (debugging only: it changes
 * the profile). Read once. */
static inline int kernels_sync_launches(void)
{
	static int cached = -1;
	if (cached < 0) {
		const char *v = getenv("KERNELS_SYNC");
		cached = v && v[0] == '1';
	}
	return cached;
}

#endif
