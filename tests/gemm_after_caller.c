/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * A gemm whose operands all live on one GPU runs from the calling thread on paralia's own
 * non-blocking streams (src/blas/direct.c), which nothing orders after the caller's work on the
 * default streams: they wait for it on the GPU (an event on each default stream with work left;
 * on the host for a shape's trial calls, direct_way.c). Here the caller queues on the legacy
 * stream, then on its per-thread stream, ~1 GB memsets (tens of ms of work) and behind them the
 * copy that gives A its values, and calls paralia_dgemm at once: C must be A B + beta C with
 * those values (checked against CBLAS on the host's), not with the A before the copy. That the
 * window exists is checked too: a copy of A on a non-blocking stream of the test's own, queued
 * after the same work, reads the old A, and the stream still has work left when paralia_dgemm
 * is called (else the check above would prove nothing). The calls must have taken the direct
 * path (PARALIA_VERBOSE=1 says so). Three processes, in blocks of 128 (PARALIA_DIRECT_BLOCK):
 * measuring the way (the shape's first four calls are trials, ordered on the host, the later
 * ones on the GPU), and each way forced (PARALIA_DIRECT_WAY=whole: one stream ordered on the GPU;
 * blocks: two). Skipped (77) without a GPU.
 */
#include "config.h"
#include "tests/testing.h"
#include <cblas.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#ifdef PARALIA_USE_CUDA
#include <cuda_runtime.h>

enum { N = 256, CALLS = 8, DELAY_MEMSETS = 48 };
#define DELAY_BYTES ((size_t)1 << 30)

struct run {
	double *A, *B, *C;            /* on the GPU */
	const double *a, *b, *c;      /* the host's values (a: A's new ones) */
	double *out, *probe;          /* C and the window's copy of A, back on the host */
	void *delay;                  /* the memsets' buffer */
	cudaStream_t own;             /* the test's non-blocking stream */
	cudaStream_t queued;          /* the default stream the work is queued on */
	int busy;                     /* it still had work left as paralia_dgemm was called */
};

static int call_gemm(void *arg)
{
	struct run *r = arg;
	r->busy = cudaStreamQuery(r->queued) == cudaErrorNotReady; /* the work still queued */
	return paralia_dgemm('N', 'N', N, N, N, 1.0, r->A, N, r->B, N, 0.5, r->C, N);
}

/* One call after work queued on stream s; whether the window was there and C right. */
static void one(struct run *r, cudaStream_t s, const char *which, int i, const double *want)
{
	size_t bytes = (size_t)N * N * sizeof(double);
	/* the old A (zeros) and C, in place before the work is queued */
	cudaMemset(r->A, 0, bytes);
	cudaMemcpy(r->C, r->c, bytes, cudaMemcpyHostToDevice);
	cudaDeviceSynchronize();
	for (int d = 0; d < DELAY_MEMSETS; d++)
		cudaMemsetAsync(r->delay, d & 0xff, DELAY_BYTES, s);
	cudaMemcpyAsync(r->A, r->a, bytes, cudaMemcpyHostToDevice, s); /* a is pinned: asynchronous */
	/* the window: a stream that does not wait for s reads the old A */
	cudaMemcpyAsync(r->probe, r->A, bytes, cudaMemcpyDeviceToHost, r->own);
	cudaStreamSynchronize(r->own);
	int window = 1;
	for (size_t x = 0; x < (size_t)N * N && window; x++)
		window = r->probe[x] == 0.0;
	char said[4096];
	r->queued = s;
	setenv("PARALIA_VERBOSE", "1", 1);
	int ret = t_capture_stderr(call_gemm, r, said, sizeof said);
	unsetenv("PARALIA_VERBOSE");
	cudaMemcpy(r->out, r->C, bytes, cudaMemcpyDeviceToHost);
	double err = 0, norm = 0;
	for (size_t x = 0; x < (size_t)N * N; x++) {
		err = fmax(err, fabs(r->out[x] - want[x]));
		norm = fmax(norm, fabs(want[x]));
	}
	t_check(window && r->busy, "%s stream, call %d: a non-blocking stream read the old A while "
	        "the work was queued, and the work was still queued at the call (%d %d; else this "
	        "proves nothing)", which, i, window, r->busy);
	t_check(ret == 0 && strstr(said, "outside StarPU") != NULL, "%s stream, call %d: the direct "
	        "path (%d): %s", which, i, ret, said);
	t_check(err <= 1e-12 * norm * N, "%s stream, call %d: C = A B + 0.5 C with A's new values "
	        "(max error %.3g of %.3g)", which, i, err, norm);
	cudaDeviceSynchronize();
}

/* One process's calls, the direct path's way measured (way NULL) or forced. */
static int run_all(const char *way)
{
	setenv("PARALIA_DIRECT_BLOCK", "128", 1); /* read at the first direct call */
	if (way)
		setenv("PARALIA_DIRECT_WAY", way, 1);
	printf("gemm_after_caller: the way %s\n", way ? way : "measured");
	t_begin("gemm_after_caller");
	int gpu = -1;
	for (int i = 0; i < t_placement_count(); i++)
		if (t_placement(i) != PARALIA_HOST)
			gpu = t_placement(i), i = t_placement_count();
	if (gpu < 0) {
		printf("gemm_after_caller: no GPU: skipped\n");
		paralia_shutdown();
		return 77;
	}
	cudaSetDevice(gpu);
	size_t bytes = (size_t)N * N * sizeof(double);
	struct run r;
	double *a, *b, *c, *want = malloc(bytes);
	int bad = cudaMallocHost((void **)&a, bytes) != cudaSuccess || !want ||
	          cudaMallocHost((void **)&r.probe, bytes) != cudaSuccess ||
	          cudaMallocHost((void **)&r.out, bytes) != cudaSuccess ||
	          cudaMalloc((void **)&r.A, bytes) != cudaSuccess ||
	          cudaMalloc((void **)&r.B, bytes) != cudaSuccess ||
	          cudaMalloc((void **)&r.C, bytes) != cudaSuccess ||
	          cudaMalloc(&r.delay, DELAY_BYTES) != cudaSuccess ||
	          cudaStreamCreateWithFlags(&r.own, cudaStreamNonBlocking) != cudaSuccess;
	b = malloc(bytes), c = malloc(bytes);
	if (bad || !b || !c) {
		t_check(0, "GPU %d: memory for the operands and 1 GB of memsets", gpu);
		return t_end();
	}
	for (size_t x = 0; x < (size_t)N * N; x++) { /* small integers: exact products */
		a[x] = (double)((x * 7) % 11) - 5;
		b[x] = (double)((x * 5) % 13) - 6;
		c[x] = (double)((x * 3) % 7) - 3;
	}
	memcpy(want, c, bytes);
	cblas_dgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, N, N, N, 1.0, a, N, b, N, 0.5, want, N);
	cudaMemcpy(r.B, b, bytes, cudaMemcpyHostToDevice);
	r.a = a, r.b = b, r.c = c;
	for (int i = 0; i < CALLS; i++)
		one(&r, cudaStreamLegacy, "legacy", i, want);
	for (int i = 0; i < CALLS; i++)
		one(&r, cudaStreamPerThread, "per-thread", i, want);
	cudaFree(r.A), cudaFree(r.B), cudaFree(r.C), cudaFree(r.delay);
	cudaFreeHost(a), cudaFreeHost(r.probe), cudaFreeHost(r.out), cudaStreamDestroy(r.own);
	free(b), free(c), free(want);
	return t_end();
}

/* Each way in a process of its own (the environment is read once per process; nothing here
 * touches CUDA before the fork). */
int main(void)
{
	static const char *ways[] = { NULL, "whole", "blocks" };
	int skipped = 0, failed = 0;
	for (int i = 0; i < 3; i++) {
		fflush(stdout);
		pid_t p = fork();
		if (p == 0) {
			int rc = run_all(ways[i]);
			fflush(stdout);
			_exit(rc);
		}
		int st = 0;
		int rc = p > 0 && waitpid(p, &st, 0) == p && WIFEXITED(st) ? WEXITSTATUS(st) : 1;
		skipped += rc == 77;
		failed += rc != 0 && rc != 77;
	}
	return failed ? 1 : skipped ? 77 : 0;
}
#else
int main(void)
{
	printf("gemm_after_caller: built without CUDA: skipped\n");
	return 77;
}
#endif
