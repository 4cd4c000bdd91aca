/*
 * part_a.cu - the Part A request at batch 1: a CPU tokenizer stand-in, a
 * 4096-token prefill and 128 decode steps of a small decoder (bf16 GEMMs
 * through cuBLAS, flash-style attention), with the two smells of the
 * workbook's first table built in:
 *  - dtype: weights are kept in fp32 and cast to bf16 before every forward
 *    ("to" rows under the cast_weights range), as autocast over an fp32 model does;
 *  - device: input embeddings are gathered on the host and one layer's MLP
 *    is offloaded to pageable host memory, so every forward copies them
 *    host -> device ("copy_" rows under h2d_inputs / h2d_weights).
 * Experiments: --weights-bf16 stores weights in bf16 (the "to" rows vanish),
 * --resident keeps everything on the device (the "copy_" rows shrink to the
 * prompt's token ids). --yaml prints the exercise's table block instead.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "flags.h"
#include "ops.cuh"
#include "profiler.h"

#define D_MODEL 1024           /* hidden size */
#define HEADS (D_MODEL / ATTN_HEAD_DIM)
#define LAYERS 4
#define FFN 4096
#define VOCAB 32000
#define PROMPT 4096            /* prefill tokens */
#define DECODE 128             /* decode steps */
#define MAX_T (PROMPT + DECODE)
#define OFFLOADED (LAYERS - 1) /* the layer whose MLP lives on the host */
#define TEXT_BYTES (256 * 1024) /* synthetic request text for the tokenizer */

enum { W_QKV, W_O, W_UP, W_DOWN, NW };
static const size_t w_rows[NW] = { D_MODEL, D_MODEL, D_MODEL, FFN };
static const size_t w_cols[NW] = { 3 * D_MODEL, D_MODEL, FFN, D_MODEL };

struct opts {
	int weights_bf16, resident, yaml;
};

struct model {
	struct opts o;
	cublasHandle_t blas;
	float *w32[LAYERS][NW];   /* fp32 master weights (device), unless --weights-bf16 */
	bf16 *w16[LAYERS][NW];    /* bf16 weights the GEMMs read */
	void *host_w[NW];         /* offloaded MLP weights (pageable), unless --resident */
	bf16 *lm_head;            /* [D_MODEL, VOCAB] */
	void *embed_host;         /* [VOCAB, D_MODEL] pageable (fp32, or bf16), unless --resident */
	float *embed_dev;         /* fp32 table on the device, with --resident */
	float *x32;               /* fp32 activations copied from the host */
	void *x_host;             /* pageable gather buffer */
	size_t esz;               /* bytes per host embedding element */
	bf16 *x, *qkv, *attn, *h, *logits, *kc[LAYERS], *vc[LAYERS];
	int *ids_dev, *next_dev;
};

/* ---- host tokenizer stand-in ---------------------------------------------- */

/* Greedy longest match of up to 8 bytes against a 32k-entry hashed vocabulary:
 * the shape of BPE work (many short lookups per byte), all on the CPU. */
static int tokenize(const unsigned char *text, size_t n, int *ids, int max_ids)
{
	enum { SLOTS = 1 << 16 };
	static uint32_t vocab[SLOTS];
	for (uint32_t i = 0; i < VOCAB; i++) { /* pseudo-merges: hashes of short strings */
		uint32_t h = 2166136261u ^ (i * 2654435761u);
		uint32_t slot = h & (SLOTS - 1);
		while (vocab[slot])
			slot = (slot + 1) & (SLOTS - 1);
		vocab[slot] = h | 1;
	}
	int count = 0;
	for (size_t p = 0; p < n && count < max_ids;) {
		size_t best = 1;
		uint32_t h = 2166136261u, best_h = 0;
		for (size_t len = 1; len <= 8 && p + len <= n; len++) {
			h = (h ^ text[p + len - 1]) * 16777619u;
			uint32_t slot = h & (SLOTS - 1);
			for (int probe = 0; probe < 4; probe++) {
				if (vocab[(slot + probe) & (SLOTS - 1)] == (h | 1)) {
					best = len;
					best_h = h;
				}
			}
		}
		ids[count++] = (int)((best_h ? best_h : text[p]) % VOCAB);
		p += best;
	}
	return count;
}

/* ---- setup ---------------------------------------------------------------- */

static float wscale(size_t rows)
{
	return sqrtf(3.0f / (float)rows); /* uniform(-s, s) keeps activations O(1) */
}

static void *dmalloc(size_t bytes)
{
	void *p;
	CHECK_CUDA(cudaMalloc(&p, bytes));
	return p;
}

static void model_init(struct model *m)
{
	CHECK_CUBLAS(cublasCreate(&m->blas));
	for (int l = 0; l < LAYERS; l++) {
		for (int w = 0; w < NW; w++) {
			size_t n = w_rows[w] * w_cols[w];
			uint32_t seed = (uint32_t)(l * NW + w + 1);
			m->w16[l][w] = (bf16 *)dmalloc(n * sizeof(bf16));
			int offloaded = !m->o.resident && l == OFFLOADED && (w == W_UP || w == W_DOWN);
			if (!m->o.weights_bf16) {
				m->w32[l][w] = (float *)dmalloc(n * sizeof(float));
				fill_uniform_f32(m->w32[l][w], n, wscale(w_rows[w]), seed);
			} else {
				fill_uniform_bf16(m->w16[l][w], n, wscale(w_rows[w]), seed);
			}
			if (offloaded) {
				size_t esz = m->o.weights_bf16 ? sizeof(bf16) : sizeof(float);
				m->host_w[w] = malloc(n * esz); /* pageable, on purpose */
				if (!m->host_w[w]) {
					fprintf(stderr, "part_a: out of host memory\n");
					exit(EXIT_FAILURE);
				}
				CHECK_CUDA(cudaMemcpy(m->host_w[w],
						      m->o.weights_bf16 ? (void *)m->w16[l][w] : (void *)m->w32[l][w],
						      n * esz, cudaMemcpyDeviceToHost));
			}
		}
	}
	m->lm_head = (bf16 *)dmalloc((size_t)D_MODEL * VOCAB * sizeof(bf16));
	fill_uniform_bf16(m->lm_head, (size_t)D_MODEL * VOCAB, wscale(D_MODEL), 99);
	size_t emb = (size_t)VOCAB * D_MODEL;
	m->embed_dev = (float *)dmalloc(emb * sizeof(float));
	fill_uniform_f32(m->embed_dev, emb, 1.0f, 7);
	if (!m->o.resident) {
		m->esz = m->o.weights_bf16 ? sizeof(bf16) : sizeof(float);
		m->embed_host = malloc(emb * m->esz);
		m->x_host = malloc((size_t)PROMPT * D_MODEL * m->esz);
		if (!m->embed_host || !m->x_host) {
			fprintf(stderr, "part_a: out of host memory\n");
			exit(EXIT_FAILURE);
		}
		if (m->o.weights_bf16) { /* the table in bf16 too: no cast after the copy */
			bf16 *tmp = (bf16 *)dmalloc(emb * sizeof(bf16));
			cast_f32_to_bf16(m->embed_dev, tmp, emb);
			CHECK_CUDA(cudaMemcpy(m->embed_host, tmp, emb * sizeof(bf16),
					      cudaMemcpyDeviceToHost));
			CHECK_CUDA(cudaFree(tmp));
		} else {
			CHECK_CUDA(cudaMemcpy(m->embed_host, m->embed_dev, emb * sizeof(float),
					      cudaMemcpyDeviceToHost));
		}
	}
	m->x32 = (float *)dmalloc((size_t)PROMPT * D_MODEL * sizeof(float));
	m->x = (bf16 *)dmalloc((size_t)PROMPT * D_MODEL * sizeof(bf16));
	m->qkv = (bf16 *)dmalloc((size_t)PROMPT * 3 * D_MODEL * sizeof(bf16));
	m->attn = (bf16 *)dmalloc((size_t)PROMPT * D_MODEL * sizeof(bf16));
	m->h = (bf16 *)dmalloc((size_t)PROMPT * FFN * sizeof(bf16));
	m->logits = (bf16 *)dmalloc(VOCAB * sizeof(bf16));
	for (int l = 0; l < LAYERS; l++) {
		m->kc[l] = (bf16 *)dmalloc((size_t)MAX_T * D_MODEL * sizeof(bf16));
		m->vc[l] = (bf16 *)dmalloc((size_t)MAX_T * D_MODEL * sizeof(bf16));
	}
	m->ids_dev = (int *)dmalloc(PROMPT * sizeof(int));
	m->next_dev = (int *)dmalloc(sizeof(int));
	CHECK_CUDA(cudaDeviceSynchronize());
}

/* ---- one forward ------------------------------------------------------------ */

/* T tokens at positions pos..; ids on the host (prefill, or the last sampled
 * token). Returns the next token id, copied back as a sampler would. */
static int forward(struct model *m, const int *ids, int T, int pos)
{
	prof_push("h2d_inputs", GR_PROF_PHASE);
	if (!m->o.resident) {
		size_t row = D_MODEL * m->esz;
		for (int t = 0; t < T; t++) /* embedding lookup on the CPU */
			memcpy((char *)m->x_host + t * row, (char *)m->embed_host + ids[t] * row, row);
		prof_push("copy_", GR_PROF_OP);
		CHECK_CUDA(cudaMemcpy(m->o.weights_bf16 ? (void *)m->x : (void *)m->x32, m->x_host,
				      T * row, cudaMemcpyHostToDevice));
		prof_pop();
		if (!m->o.weights_bf16) {
			prof_push("to", GR_PROF_OP);
			cast_f32_to_bf16(m->x32, m->x, (size_t)T * D_MODEL);
			prof_pop();
		}
	} else {
		const int *dev_ids = m->next_dev;
		if (T > 1 || pos == 0) { /* the prompt's ids: 16 KiB, once */
			prof_push("copy_", GR_PROF_OP);
			CHECK_CUDA(cudaMemcpy(m->ids_dev, ids, T * sizeof(int), cudaMemcpyHostToDevice));
			prof_pop();
			dev_ids = m->ids_dev;
		}
		prof_push("embedding", GR_PROF_OP);
		embed_gather(m->embed_dev, dev_ids, m->x, T, D_MODEL);
		prof_pop();
	}
	prof_pop();

	if (!m->o.resident) {
		prof_push("h2d_weights", GR_PROF_PHASE);
		for (int w = W_UP; w <= W_DOWN; w++) {
			size_t n = w_rows[w] * w_cols[w];
			prof_push("copy_", GR_PROF_OP);
			if (m->o.weights_bf16)
				CHECK_CUDA(cudaMemcpy(m->w16[OFFLOADED][w], m->host_w[w], n * sizeof(bf16),
						      cudaMemcpyHostToDevice));
			else
				CHECK_CUDA(cudaMemcpy(m->w32[OFFLOADED][w], m->host_w[w], n * sizeof(float),
						      cudaMemcpyHostToDevice));
			prof_pop();
		}
		prof_pop();
	}

	if (!m->o.weights_bf16) {
		prof_push("cast_weights", GR_PROF_PHASE);
		for (int l = 0; l < LAYERS; l++)
			for (int w = 0; w < NW; w++) {
				prof_push("to", GR_PROF_OP);
				cast_f32_to_bf16(m->w32[l][w], m->w16[l][w], w_rows[w] * w_cols[w]);
				prof_pop();
			}
		prof_pop();
	}

	for (int l = 0; l < LAYERS; l++) {
		prof_push("matmul", GR_PROF_OP);
		gemm_bf16(m->blas, m->x, m->w16[l][W_QKV], m->qkv, T, 3 * D_MODEL, D_MODEL);
		prof_pop();
		prof_push("kv_append", GR_PROF_OP);
		kv_append(m->qkv, m->kc[l], m->vc[l], T, pos, D_MODEL);
		prof_pop();
		prof_push("flash_attention", GR_PROF_OP);
		flash_attention(m->qkv, m->kc[l], m->vc[l], m->attn, T, pos, HEADS);
		prof_pop();
		prof_push("matmul", GR_PROF_OP);
		gemm_bf16(m->blas, m->attn, m->w16[l][W_O], m->x, T, D_MODEL, D_MODEL);
		prof_pop();
		prof_push("matmul", GR_PROF_OP);
		gemm_bf16(m->blas, m->x, m->w16[l][W_UP], m->h, T, FFN, D_MODEL);
		prof_pop();
		prof_push("matmul", GR_PROF_OP);
		gemm_bf16(m->blas, m->h, m->w16[l][W_DOWN], m->x, T, D_MODEL, FFN);
		prof_pop();
	}
	prof_push("matmul", GR_PROF_OP); /* lm_head on the last position only */
	gemm_bf16(m->blas, m->x + (size_t)(T - 1) * D_MODEL, m->lm_head, m->logits, 1, VOCAB, D_MODEL);
	prof_pop();
	int next;
	prof_push("sample", GR_PROF_OP); /* argmax, then .item(): a synchronising copy */
	argmax_bf16(m->logits, VOCAB, m->next_dev);
	CHECK_CUDA(cudaMemcpy(&next, m->next_dev, sizeof(int), cudaMemcpyDeviceToHost));
	prof_pop();
	return next;
}

static void usage(FILE *f)
{
	fputs("usage: part_a [--weights-bf16] [--resident] [--yaml]\n"
	      "  Part A request: tokenize, prefill 4096 tokens, decode 128, batch 1.\n"
	      "  --weights-bf16  store weights in bf16: no per-forward fp32 -> bf16 casts\n"
	      "  --resident      keep embeddings and all weights on the GPU: no host copies\n"
	      "  --yaml          print the exercise's table: block instead of the tables\n",
	      f);
}

int main(int argc, char **argv)
{
	struct model m;
	memset(&m, 0, sizeof(m));
	const struct kflag flags[] = { { "--weights-bf16", &m.o.weights_bf16 }, { "--resident", &m.o.resident },
				       { "--yaml", &m.o.yaml }, { NULL, NULL } };
	int exit_code = kflags_parse(argc, argv, "part_a", flags, usage);
	if (exit_code >= 0)
		return exit_code;
	CHECK_CUDA(cudaSetDevice(0));
	model_init(&m);

	unsigned char *text = (unsigned char *)malloc(TEXT_BYTES);
	int *ids = (int *)malloc(PROMPT * sizeof(int));
	if (!text || !ids) {
		fprintf(stderr, "part_a: out of host memory\n");
		return 1;
	}
	for (size_t i = 0; i < TEXT_BYTES; i++) /* words of lowercase letters */
		text[i] = (unsigned char)(i % 7 == 6 ? ' ' : 'a' + (i * 2654435761u >> 7) % 26);

	int warm = 1;
	forward(&m, &warm, 1, 0); /* warm-up: lazy module loading, cuBLAS heuristics */
	CHECK_CUDA(cudaDeviceSynchronize());

	prof_start();
	prof_push("tokenize", GR_PROF_OP);
	int n = tokenize(text, TEXT_BYTES, ids, PROMPT);
	prof_pop();
	for (int i = n; i < PROMPT; i++)
		ids[i] = i % VOCAB;
	prof_push("prefill", GR_PROF_PHASE);
	int next = forward(&m, ids, PROMPT, 0);
	prof_pop();
	for (int s = 0; s < DECODE; s++) {
		prof_push("decode_step", GR_PROF_PHASE);
		next = forward(&m, &next, 1, PROMPT + s);
		prof_pop();
	}
	char title[160];
	snprintf(title, sizeof(title), "part_a: prefill %d + decode %d, weights %s, inputs %s",
		 PROMPT, DECODE, m.o.weights_bf16 ? "bf16" : "fp32 cast per forward",
		 m.o.resident ? "resident" : "copied from pageable host memory");
	prof_finish(title, m.o.yaml);
	free(text);
	free(ids);
	return 0;
}
