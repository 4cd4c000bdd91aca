/*
 * part_b.cu - the workbook's second table, the opposite smell: a tiny-hidden
 * decode (batch 1, prompt 32, 128 steps) whose every step launches
 * matmul + add + relu per layer from a host loop and then copies the logits
 * back to sample on the CPU. Each kernel runs for a few microseconds; the
 * launches, the host loop and the per-step synchronisation are the cost.
 * Experiment: --graph captures one decode step in a CUDA graph and replays
 * it, turning 6 launches per step into one. --yaml prints the table block.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "flags.h"
#include "ops.cuh"
#include "profiler.h"

#define HIDDEN 256 /* tiny hidden size; the logits are the hidden state */
#define LAYERS 2
#define PROMPT 32
#define DECODE 128
#define TPB 128    /* threads per block */

__global__ void matmul_kernel(const float *x, const float *w, float *y, int T)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= T * HIDDEN)
		return;
	int t = i / HIDDEN, j = i % HIDDEN;
	float s = 0;
	for (int k = 0; k < HIDDEN; k++)
		s += x[t * HIDDEN + k] * w[k * HIDDEN + j];
	y[i] = s;
}

__global__ void add_kernel(float *y, const float *b, int T)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < T * HIDDEN)
		y[i] += b[i % HIDDEN];
}

__global__ void relu_kernel(const float *y, float *x, int T)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < T * HIDDEN)
		x[i] = fmaxf(y[i], 0.0f);
}

struct net {
	float *w[LAYERS], *b[LAYERS], *x, *y;
	float *host_w[LAYERS], *host_b[LAYERS], *host_prompt;
	cudaStream_t s;
};

/* One pass of every layer over T rows: the launches the host loop pays for. */
static void layers(struct net *n, int T, int ranges)
{
	unsigned grid = (unsigned)((T * HIDDEN + TPB - 1) / TPB);
	for (int l = 0; l < LAYERS; l++) {
		if (ranges)
			prof_push("matmul", GR_PROF_OP);
		matmul_kernel<<<grid, TPB, 0, n->s>>>(n->x, n->w[l], n->y, T);
		CHECK_LAUNCH();
		if (ranges) {
			prof_pop();
			prof_push("add", GR_PROF_OP);
		}
		add_kernel<<<grid, TPB, 0, n->s>>>(n->y, n->b[l], T);
		CHECK_LAUNCH();
		if (ranges) {
			prof_pop();
			prof_push("relu", GR_PROF_OP);
		}
		relu_kernel<<<grid, TPB, 0, n->s>>>(n->y, n->x, T);
		CHECK_LAUNCH();
		if (ranges)
			prof_pop();
	}
}

/* Copy the logits back and sample on the CPU, as a host decode loop does. */
static int sample(struct net *n, float *logits, unsigned *rng)
{
	prof_push("sample", GR_PROF_OP);
	CHECK_CUDA(cudaMemcpyAsync(logits, n->x, HIDDEN * sizeof(float), cudaMemcpyDeviceToHost, n->s));
	CHECK_CUDA(cudaStreamSynchronize(n->s));
	float mx = logits[0], sum = 0;
	for (int i = 1; i < HIDDEN; i++)
		mx = fmaxf(mx, logits[i]);
	for (int i = 0; i < HIDDEN; i++)
		sum += logits[i] = expf(logits[i] - mx);
	*rng = *rng * 1664525u + 1013904223u;
	float r = (float)(*rng >> 8) / 16777216.0f * sum;
	int tok = HIDDEN - 1;
	for (int i = 0; i < HIDDEN; i++)
		if ((r -= logits[i]) <= 0) {
			tok = i;
			break;
		}
	prof_pop();
	return tok;
}

static void usage(FILE *f)
{
	fputs("usage: part_b [--graph] [--yaml]\n"
	      "  Part B decode: hidden 256, 2 layers, prompt 32, 128 steps of matmul + add + relu\n"
	      "  launched from a host loop, logits sampled on the CPU each step.\n"
	      "  --graph  capture one decode step in a CUDA graph and replay it\n"
	      "  --yaml   print the exercise's table: block instead of the tables\n",
	      f);
}

int main(int argc, char **argv)
{
	int graph = 0, yaml = 0;
	const struct kflag flags[] = { { "--graph", &graph }, { "--yaml", &yaml }, { NULL, NULL } };
	int exit_code = kflags_parse(argc, argv, "part_b", flags, usage);
	if (exit_code >= 0)
		return exit_code;
	struct net n;
	memset(&n, 0, sizeof(n));
	CHECK_CUDA(cudaSetDevice(0));
	CHECK_CUDA(cudaStreamCreateWithFlags(&n.s, cudaStreamNonBlocking));
	size_t wbytes = (size_t)HIDDEN * HIDDEN * sizeof(float);
	unsigned rng = 12345;
	for (int l = 0; l < LAYERS; l++) {
		CHECK_CUDA(cudaMalloc(&n.w[l], wbytes));
		CHECK_CUDA(cudaMalloc(&n.b[l], HIDDEN * sizeof(float)));
		n.host_w[l] = (float *)malloc(wbytes);
		n.host_b[l] = (float *)malloc(HIDDEN * sizeof(float));
		if (!n.host_w[l] || !n.host_b[l])
			return 1;
		for (int i = 0; i < HIDDEN * HIDDEN; i++) {
			rng = rng * 1664525u + 1013904223u;
			n.host_w[l][i] = ((float)(rng >> 8) / 16777216.0f - 0.5f) * 2.0f * sqrtf(6.0f / HIDDEN);
		}
		for (int i = 0; i < HIDDEN; i++)
			n.host_b[l][i] = 0.01f;
	}
	n.host_prompt = (float *)malloc((size_t)PROMPT * HIDDEN * sizeof(float));
	float *logits = (float *)malloc(HIDDEN * sizeof(float));
	if (!n.host_prompt || !logits)
		return 1;
	for (int i = 0; i < PROMPT * HIDDEN; i++)
		n.host_prompt[i] = (float)((i * 37) % 101) / 101.0f;
	CHECK_CUDA(cudaMalloc(&n.x, (size_t)PROMPT * HIDDEN * sizeof(float)));
	CHECK_CUDA(cudaMalloc(&n.y, (size_t)PROMPT * HIDDEN * sizeof(float)));

	/* Warm-up (lazy module loading), and the graph of one decode step. */
	layers(&n, 1, 0);
	CHECK_CUDA(cudaStreamSynchronize(n.s));
	cudaGraphExec_t exec = NULL;
	if (graph) {
		cudaGraph_t g;
		CHECK_CUDA(cudaStreamBeginCapture(n.s, cudaStreamCaptureModeGlobal));
		layers(&n, 1, 0);
		CHECK_CUDA(cudaStreamEndCapture(n.s, &g));
		CHECK_CUDA(cudaGraphInstantiate(&exec, g, 0));
		CHECK_CUDA(cudaGraphDestroy(g));
		CHECK_CUDA(cudaGraphUpload(exec, n.s));
		CHECK_CUDA(cudaStreamSynchronize(n.s));
	}

	prof_start();
	prof_push("load", GR_PROF_PHASE); /* weights and prompt from pageable memory */
	for (int l = 0; l < LAYERS; l++) {
		prof_push("copy_", GR_PROF_OP);
		CHECK_CUDA(cudaMemcpy(n.w[l], n.host_w[l], wbytes, cudaMemcpyHostToDevice));
		prof_pop();
		prof_push("copy_", GR_PROF_OP);
		CHECK_CUDA(cudaMemcpy(n.b[l], n.host_b[l], HIDDEN * sizeof(float), cudaMemcpyHostToDevice));
		prof_pop();
	}
	prof_push("copy_", GR_PROF_OP);
	CHECK_CUDA(cudaMemcpy(n.x, n.host_prompt, (size_t)PROMPT * HIDDEN * sizeof(float),
			      cudaMemcpyHostToDevice));
	prof_pop();
	prof_pop();

	prof_push("prefill", GR_PROF_PHASE);
	layers(&n, PROMPT, 1);
	/* Decode starts from the last prompt row. */
	CHECK_CUDA(cudaMemcpyAsync(n.x, n.x + (PROMPT - 1) * HIDDEN, HIDDEN * sizeof(float),
				   cudaMemcpyDeviceToDevice, n.s));
	int tok = sample(&n, logits, &rng);
	prof_pop();

	long checksum = tok;
	for (int step = 0; step < DECODE; step++) {
		prof_push("decode_step", GR_PROF_PHASE);
		if (graph) {
			prof_push("graph_replay", GR_PROF_PHASE);
			CHECK_CUDA(cudaGraphLaunch(exec, n.s));
			prof_pop();
		} else {
			layers(&n, 1, 1);
		}
		tok = sample(&n, logits, &rng);
		checksum += tok;
		prof_pop();
	}
	char title[128];
	snprintf(title, sizeof(title), "part_b: decode %d steps, %s (token checksum %ld)", DECODE,
		 graph ? "one CUDA graph replay per step" : "6 launches per step from the host loop",
		 checksum);
	prof_finish(title, yaml);
	if (exec)
		CHECK_CUDA(cudaGraphExecDestroy(exec));
	return 0;
}
