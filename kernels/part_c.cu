/*
 * part_c.cu - Part C's "fake run" made real: one 7B-shaped decode step
 * (hidden 4096, 32 heads, SwiGLU MLP 11008) repeated, batch 1, 1024 cached
 * tokens, where cast and copy kernels take most of the GPU time:
 *  - the MLP's up and down projections were left in fp32 (a merge or a
 *    load that forgot the dtype), so every step casts them to bf16 ("to");
 *  - the KV cache is grown by concatenation, so every step copies the whole
 *    cache into a new buffer ("copy_"), as torch.cat in a loop does.
 * Only 2 of the 32 layers are built, so it fits a 24 GB L4; shares are per
 * layer. By bytes moved, cast + copy is about 60% of the step's GPU time.
 * Experiment: --fixed keeps those weights in bf16 (no casts); the copies
 * remain, as the next smell. --yaml prints the table block.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "flags.h"
#include "ops.cuh"
#include "profiler.h"

#define D_MODEL 4096
#define HEADS (D_MODEL / ATTN_HEAD_DIM) /* 32 */
#define FFN 11008
#define LAYERS 2        /* of 7B's 32 */
#define CONTEXT 1024    /* tokens already in the KV cache */
#define STEPS 16        /* decode steps profiled */
#define MAX_T (CONTEXT + STEPS)

struct layer {
	bf16 *wqkv, *wo, *wgate;       /* bf16 as intended */
	float *wup32, *wdown32;        /* fp32 by mistake, unless --fixed */
	bf16 *wup, *wdown;             /* bf16 (cast targets, or the weights with --fixed) */
	bf16 *kc[2], *vc[2];           /* KV cache double buffer: cat() writes the other */
};

static void *dmalloc(size_t bytes)
{
	void *p;
	CHECK_CUDA(cudaMalloc(&p, bytes));
	return p;
}

static void usage(FILE *f)
{
	fputs("usage: part_c [--fixed] [--yaml]\n"
	      "  Part C: a 7B-shaped decode step (2 of 32 layers), batch 1, 1024 cached tokens.\n"
	      "  --fixed  keep the MLP weights in bf16: no per-step casts\n"
	      "  --yaml   print the exercise's table: block instead of the tables\n",
	      f);
}

int main(int argc, char **argv)
{
	int fixed = 0, yaml = 0;
	const struct kflag flags[] = { { "--fixed", &fixed }, { "--yaml", &yaml }, { NULL, NULL } };
	int exit_code = kflags_parse(argc, argv, "part_c", flags, usage);
	if (exit_code >= 0)
		return exit_code;
	CHECK_CUDA(cudaSetDevice(0));
	cublasHandle_t blas;
	CHECK_CUBLAS(cublasCreate(&blas));

	struct layer L[LAYERS];
	size_t d = D_MODEL, f = FFN, kv = (size_t)MAX_T * D_MODEL;
	float sd = sqrtf(3.0f / D_MODEL), sf = sqrtf(3.0f / FFN);
	for (int l = 0; l < LAYERS; l++) {
		uint32_t seed = 100u * (uint32_t)l;
		L[l].wqkv = (bf16 *)dmalloc(d * 3 * d * sizeof(bf16));
		L[l].wo = (bf16 *)dmalloc(d * d * sizeof(bf16));
		L[l].wgate = (bf16 *)dmalloc(d * f * sizeof(bf16));
		L[l].wup = (bf16 *)dmalloc(d * f * sizeof(bf16));
		L[l].wdown = (bf16 *)dmalloc(f * d * sizeof(bf16));
		fill_uniform_bf16(L[l].wqkv, d * 3 * d, sd, seed + 1);
		fill_uniform_bf16(L[l].wo, d * d, sd, seed + 2);
		fill_uniform_bf16(L[l].wgate, d * f, sd, seed + 3);
		if (fixed) {
			fill_uniform_bf16(L[l].wup, d * f, sd, seed + 4);
			fill_uniform_bf16(L[l].wdown, f * d, sf, seed + 5);
			L[l].wup32 = L[l].wdown32 = NULL;
		} else {
			L[l].wup32 = (float *)dmalloc(d * f * sizeof(float));
			L[l].wdown32 = (float *)dmalloc(f * d * sizeof(float));
			fill_uniform_f32(L[l].wup32, d * f, sd, seed + 4);
			fill_uniform_f32(L[l].wdown32, f * d, sf, seed + 5);
		}
		for (int b = 0; b < 2; b++) {
			L[l].kc[b] = (bf16 *)dmalloc(kv * sizeof(bf16));
			L[l].vc[b] = (bf16 *)dmalloc(kv * sizeof(bf16));
		}
		fill_uniform_bf16(L[l].kc[0], (size_t)CONTEXT * d, 1.0f, seed + 6);
		fill_uniform_bf16(L[l].vc[0], (size_t)CONTEXT * d, 1.0f, seed + 7);
	}
	bf16 *x = (bf16 *)dmalloc(d * sizeof(bf16)), *qkv = (bf16 *)dmalloc(3 * d * sizeof(bf16));
	bf16 *attn = (bf16 *)dmalloc(d * sizeof(bf16)), *g = (bf16 *)dmalloc(f * sizeof(bf16));
	bf16 *u = (bf16 *)dmalloc(f * sizeof(bf16)), *h = (bf16 *)dmalloc(f * sizeof(bf16));
	fill_uniform_bf16(x, d, 1.0f, 5);
	gemm_bf16(blas, x, L[0].wqkv, qkv, 1, 3 * D_MODEL, D_MODEL); /* warm-up cuBLAS */
	CHECK_CUDA(cudaDeviceSynchronize());

	int cur = 0;
	prof_start();
	for (int s = 0; s < STEPS; s++) {
		int pos = CONTEXT + s;
		prof_push("decode_step", GR_PROF_PHASE);
		if (!fixed) {
			prof_push("cast_weights", GR_PROF_PHASE);
			for (int l = 0; l < LAYERS; l++) {
				prof_push("to", GR_PROF_OP);
				cast_f32_to_bf16(L[l].wup32, L[l].wup, d * f);
				prof_pop();
				prof_push("to", GR_PROF_OP);
				cast_f32_to_bf16(L[l].wdown32, L[l].wdown, f * d);
				prof_pop();
			}
			prof_pop();
		}
		for (int l = 0; l < LAYERS; l++) {
			prof_push("matmul", GR_PROF_OP);
			gemm_bf16(blas, x, L[l].wqkv, qkv, 1, 3 * D_MODEL, D_MODEL);
			prof_pop();
			/* cache = cat(cache, new): copy all pos rows, then append. */
			prof_push("copy_", GR_PROF_OP);
			CHECK_CUDA(cudaMemcpyAsync(L[l].kc[!cur], L[l].kc[cur], (size_t)pos * d * sizeof(bf16),
						   cudaMemcpyDeviceToDevice, 0));
			CHECK_CUDA(cudaMemcpyAsync(L[l].vc[!cur], L[l].vc[cur], (size_t)pos * d * sizeof(bf16),
						   cudaMemcpyDeviceToDevice, 0));
			prof_pop();
			prof_push("kv_append", GR_PROF_OP);
			kv_append(qkv, L[l].kc[!cur], L[l].vc[!cur], 1, pos, D_MODEL);
			prof_pop();
			prof_push("flash_attention", GR_PROF_OP);
			flash_attention(qkv, L[l].kc[!cur], L[l].vc[!cur], attn, 1, pos, HEADS);
			prof_pop();
			prof_push("matmul", GR_PROF_OP);
			gemm_bf16(blas, attn, L[l].wo, x, 1, D_MODEL, D_MODEL);
			prof_pop();
			prof_push("matmul", GR_PROF_OP);
			gemm_bf16(blas, x, L[l].wgate, g, 1, FFN, D_MODEL);
			gemm_bf16(blas, x, L[l].wup, u, 1, FFN, D_MODEL);
			prof_pop();
			prof_push("silu_mul", GR_PROF_OP);
			silu_mul(g, u, h, f);
			prof_pop();
			prof_push("matmul", GR_PROF_OP);
			gemm_bf16(blas, h, L[l].wdown, x, 1, D_MODEL, FFN);
			prof_pop();
		}
		cur = !cur;
		prof_pop();
	}
	char title[128];
	snprintf(title, sizeof(title), "part_c: 7B-shaped decode, %d of 32 layers, %d steps, MLP weights %s",
		 LAYERS, STEPS, fixed ? "bf16" : "fp32 cast per step");
	prof_finish(title, yaml);
	CHECK_CUBLAS(cublasDestroy(blas));
	return 0;
}
