/*
 * ops.cuh - the device work the repro programs share: deterministic init,
 * the fp32 -> bf16 cast (the dtype smell), bf16 GEMMs through cuBLAS with
 * fp32 accumulation, a flash-style causal attention (online softmax over
 * shared-memory K/V tiles, no score matrix), the KV-cache append, embedding
 * gather, SwiGLU and argmax. Every launcher checks its launch (CHECK_LAUNCH).
 * Matrices are row-major; attention has head_dim ATTN_HEAD_DIM.
 */
#ifndef KERNELS_OPS_CUH
#define KERNELS_OPS_CUH

#include <stddef.h>
#include <stdint.h>

#include <cublas_v2.h>
#include <cuda_bf16.h>

typedef __nv_bfloat16 bf16;

#define ATTN_HEAD_DIM 128 /* one warp holds a head: 32 lanes x 4 values */

void fill_uniform_f32(float *p, size_t n, float scale, uint32_t seed);
void fill_uniform_bf16(bf16 *p, size_t n, float scale, uint32_t seed);
void cast_f32_to_bf16(const float *in, bf16 *out, size_t n);
/* C[M,N] = A[M,K] * B[K,N], bf16 in/out, fp32 compute (tensor cores). */
void gemm_bf16(cublasHandle_t h, const bf16 *A, const bf16 *B, bf16 *C, int M, int N, int K);
/* out[t] = bf16(table[ids[t]]) for T tokens of width d. */
void embed_gather(const float *table, const int *ids, bf16 *out, int T, int d);
/* K/V of T new tokens (qkv rows [q|k|v], width 3d) into caches at rows pos.. */
void kv_append(const bf16 *qkv, bf16 *kcache, bf16 *vcache, int T, int pos, int d);
/* Causal attention of T queries at positions pos.. over cache rows 0..pos+T-1. */
void flash_attention(const bf16 *qkv, const bf16 *kcache, const bf16 *vcache, bf16 *out,
		     int T, int pos, int heads);
/* h = silu(g) * u, n elements. */
void silu_mul(const bf16 *g, const bf16 *u, bf16 *h, size_t n);
/* *out = argmax(logits[0..n)). */
void argmax_bf16(const bf16 *logits, int n, int *out);

#endif
