/*
 * ops.cu - device work shared by part_a, part_b and part_c (see ops.cuh).
 */
#include "ops.cuh"

#include <math.h>

#include "check.h"

#define BLOCK 256        /* threads for elementwise kernels */
#define ATTN_WARPS 8     /* queries per attention block, one warp each */
#define ATTN_TILE 32     /* keys per shared-memory tile */

static unsigned grid_for(size_t n)
{
	size_t g = (n + BLOCK - 1) / BLOCK;
	return (unsigned)(g > 65535u * 16 ? 65535u * 16 : g);
}

__device__ static float hash_uniform(size_t i, uint32_t seed)
{
	uint32_t x = (uint32_t)i * 2654435761u ^ seed * 2246822519u ^ (uint32_t)(i >> 32);
	x ^= x >> 16;
	x *= 0x7feb352du;
	x ^= x >> 15;
	x *= 0x846ca68bu;
	x ^= x >> 16;
	return (float)x / 4294967296.0f * 2.0f - 1.0f;
}

__global__ void fill_f32_kernel(float *p, size_t n, float scale, uint32_t seed)
{
	for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
	     i += (size_t)gridDim.x * blockDim.x)
		p[i] = scale * hash_uniform(i, seed);
}

__global__ void fill_bf16_kernel(bf16 *p, size_t n, float scale, uint32_t seed)
{
	for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
	     i += (size_t)gridDim.x * blockDim.x)
		p[i] = __float2bfloat16(scale * hash_uniform(i, seed));
}

void fill_uniform_f32(float *p, size_t n, float scale, uint32_t seed)
{
	fill_f32_kernel<<<grid_for(n), BLOCK>>>(p, n, scale, seed);
	CHECK_LAUNCH();
}

void fill_uniform_bf16(bf16 *p, size_t n, float scale, uint32_t seed)
{
	fill_bf16_kernel<<<grid_for(n), BLOCK>>>(p, n, scale, seed);
	CHECK_LAUNCH();
}

__global__ void cast_f32_to_bf16_kernel(const float *in, bf16 *out, size_t n)
{
	for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
	     i += (size_t)gridDim.x * blockDim.x)
		out[i] = __float2bfloat16(in[i]);
}

void cast_f32_to_bf16(const float *in, bf16 *out, size_t n)
{
	cast_f32_to_bf16_kernel<<<grid_for(n), BLOCK>>>(in, out, n);
	CHECK_LAUNCH();
}

void gemm_bf16(cublasHandle_t h, const bf16 *A, const bf16 *B, bf16 *C, int M, int N, int K)
{
	const float alpha = 1.0f, beta = 0.0f;
	/* Row-major C = A B is column-major C^T = B^T A^T. */
	CHECK_CUBLAS(cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, N, M, K, &alpha, B, CUDA_R_16BF, N,
				  A, CUDA_R_16BF, K, &beta, C, CUDA_R_16BF, N, CUBLAS_COMPUTE_32F,
				  CUBLAS_GEMM_DEFAULT));
}

__global__ void embed_kernel(const float *table, const int *ids, bf16 *out, int T, int d)
{
	size_t n = (size_t)T * d;
	for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
	     i += (size_t)gridDim.x * blockDim.x)
		out[i] = __float2bfloat16(table[(size_t)ids[i / d] * d + i % d]);
}

void embed_gather(const float *table, const int *ids, bf16 *out, int T, int d)
{
	embed_kernel<<<grid_for((size_t)T * d), BLOCK>>>(table, ids, out, T, d);
	CHECK_LAUNCH();
}

__global__ void kv_append_kernel(const bf16 *qkv, bf16 *kc, bf16 *vc, int T, int pos, int d)
{
	size_t n = (size_t)T * d;
	for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
	     i += (size_t)gridDim.x * blockDim.x) {
		size_t t = i / d, c = i % d;
		kc[(pos + t) * d + c] = qkv[t * 3 * d + d + c];
		vc[(pos + t) * d + c] = qkv[t * 3 * d + 2 * d + c];
	}
}

void kv_append(const bf16 *qkv, bf16 *kcache, bf16 *vcache, int T, int pos, int d)
{
	kv_append_kernel<<<grid_for((size_t)T * d), BLOCK>>>(qkv, kcache, vcache, T, pos, d);
	CHECK_LAUNCH();
}

/* One warp per query, ATTN_WARPS queries of one head per block; K/V tiles in
 * shared memory; running max and sum per query (online softmax). */
__global__ void flash_attention_kernel(const bf16 *qkv, const bf16 *kc, const bf16 *vc, bf16 *out,
				       int T, int pos, int heads)
{
	__shared__ bf16 ks[ATTN_TILE][ATTN_HEAD_DIM];
	__shared__ bf16 vs[ATTN_TILE][ATTN_HEAD_DIM];
	const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
	const int h = blockIdx.y, d = heads * ATTN_HEAD_DIM;
	const int qi = blockIdx.x * ATTN_WARPS + warp;
	const bool active = qi < T;
	const int qpos = pos + qi;
	const int last = min(T - 1, (int)(blockIdx.x * ATTN_WARPS + ATTN_WARPS - 1));
	const int kv_end = pos + last + 1;
	const float scale = rsqrtf((float)ATTN_HEAD_DIM);

	float q[4], acc[4] = { 0, 0, 0, 0 }, m = -INFINITY, l = 0;
	for (int c = 0; c < 4; c++)
		q[c] = active ? scale * __bfloat162float(qkv[(size_t)qi * 3 * d + h * ATTN_HEAD_DIM + lane * 4 + c]) : 0;

	for (int t0 = 0; t0 < kv_end; t0 += ATTN_TILE) {
		for (int e = threadIdx.x; e < ATTN_TILE * ATTN_HEAD_DIM; e += blockDim.x) {
			int j = e / ATTN_HEAD_DIM, c = e % ATTN_HEAD_DIM, key = t0 + j;
			bf16 zero = __float2bfloat16(0.0f);
			ks[j][c] = key < kv_end ? kc[(size_t)key * d + h * ATTN_HEAD_DIM + c] : zero;
			vs[j][c] = key < kv_end ? vc[(size_t)key * d + h * ATTN_HEAD_DIM + c] : zero;
		}
		__syncthreads();
		if (active) {
			for (int j = 0; j < ATTN_TILE && t0 + j <= qpos; j++) {
				float s = 0;
				for (int c = 0; c < 4; c++)
					s += q[c] * __bfloat162float(ks[j][lane * 4 + c]);
				for (int off = 16; off; off >>= 1)
					s += __shfl_xor_sync(0xffffffffu, s, off);
				float mn = fmaxf(m, s), corr = __expf(m - mn), p = __expf(s - mn);
				l = l * corr + p;
				for (int c = 0; c < 4; c++)
					acc[c] = acc[c] * corr + p * __bfloat162float(vs[j][lane * 4 + c]);
				m = mn;
			}
		}
		__syncthreads();
	}
	if (active)
		for (int c = 0; c < 4; c++)
			out[(size_t)qi * d + h * ATTN_HEAD_DIM + lane * 4 + c] = __float2bfloat16(acc[c] / l);
}

void flash_attention(const bf16 *qkv, const bf16 *kcache, const bf16 *vcache, bf16 *out,
		     int T, int pos, int heads)
{
	dim3 grid((T + ATTN_WARPS - 1) / ATTN_WARPS, heads);
	flash_attention_kernel<<<grid, ATTN_WARPS * 32>>>(qkv, kcache, vcache, out, T, pos, heads);
	CHECK_LAUNCH();
}

__global__ void silu_mul_kernel(const bf16 *g, const bf16 *u, bf16 *h, size_t n)
{
	for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
	     i += (size_t)gridDim.x * blockDim.x) {
		float x = __bfloat162float(g[i]);
		h[i] = __float2bfloat16(x / (1.0f + __expf(-x)) * __bfloat162float(u[i]));
	}
}

void silu_mul(const bf16 *g, const bf16 *u, bf16 *h, size_t n)
{
	silu_mul_kernel<<<grid_for(n), BLOCK>>>(g, u, h, n);
	CHECK_LAUNCH();
}

__global__ void argmax_kernel(const bf16 *x, int n, int *out)
{
	__shared__ float bv[1024];
	__shared__ int bi[1024];
	float v = -INFINITY;
	int idx = 0;
	for (int i = threadIdx.x; i < n; i += blockDim.x) {
		float f = __bfloat162float(x[i]);
		if (f > v) {
			v = f;
			idx = i;
		}
	}
	bv[threadIdx.x] = v;
	bi[threadIdx.x] = idx;
	__syncthreads();
	for (int s = blockDim.x / 2; s; s >>= 1) {
		if ((int)threadIdx.x < s && bv[threadIdx.x + s] > bv[threadIdx.x]) {
			bv[threadIdx.x] = bv[threadIdx.x + s];
			bi[threadIdx.x] = bi[threadIdx.x + s];
		}
		__syncthreads();
	}
	if (threadIdx.x == 0)
		*out = bi[0];
}

void argmax_bf16(const bf16 *logits, int n, int *out)
{
	argmax_kernel<<<1, 1024>>>(logits, n, out);
	CHECK_LAUNCH();
}
