/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * What a GPU-resident gemm costs in paralia beyond the one cuBLAS call it makes (issue 14: FP64
 * and FP32 4096^3 with every operand on the GPU at 0.96-0.98x one cuBLAS call, 40-90 us a call).
 * Per point (prec:m:n:k, or N for both precisions at N^3), on GPU 0, C = A B + 0.5 C on resident
 * operands:
 *   cublas    one cublas<t>gemm on the legacy stream, then cudaDeviceSynchronize (gemm_bench's
 *             reference), before paralia_init (no StarPU threads) and after it
 *   paralia   paralia_<t>gemm on the same pointers, alternating call by call with cublas
 *   paused    one cuBLAS call again with StarPU's workers paused (starpu_pause: they stop polling
 *             for tasks), and after paralia_shutdown (StarPU's threads gone)
 * and the host-side steps of paralia's direct path on their own, each timed alone:
 *   locate    paralia_locate of the three operands (cudaPointerGetAttributes)
 *   query     paralia_plan_query (the plan cache's lookup, three locates)
 *   order     cudaStreamSynchronize of the legacy and the per-thread stream (idle GPU): how
 *             the direct path ordered its calls after the caller's work until 2026-11-27, and how
 *             its trial calls and StarPU's path still do
 *   event     an event recorded on each of those streams and waited for by a stream of one's own:
 *             how the direct path orders its other calls since, without waiting on the host, on
 *             a default stream with work left
 *   idle      cudaStreamQuery of both (idle): what the direct path asks first, and all it does
 *             where they have nothing left to run
 *   device    cudaGetDevice and two cudaSetDevice
 * Medians of REPS calls, in microseconds, one CSV line per point; paralia and cublas alternate call
 * by call, so that the GPU's power cap and clocks weigh on both alike:
 *   bench/direct_probe [REPS [POINT...]]     (default 40; 512 1024 2048 4096)
 */
#include "host_fill.h"
#include "paralia.h"
#include <starpu.h>
#include <cublas_v2.h>
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define MAX_REPS 1000

static double now_us(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1e6 + t.tv_nsec * 1e-3;
}

static int cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

static double median(double *t, int n)
{
	qsort(t, (size_t)n, sizeof *t, cmp);
	return n % 2 ? t[n / 2] : 0.5 * (t[n / 2 - 1] + t[n / 2]);
}

struct ops {
	char prec;
	int m, n, k;
	void *A, *B, *C;
};

static cublasHandle_t handle;

static int one_cublas(const struct ops *o)
{
	cublasStatus_t s;
	if (o->prec == 'd') {
		double al = 1.0, be = 0.5;
		s = cublasDgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, o->m, o->n, o->k, &al, o->A, o->m, o->B,
		                o->k, &be, o->C, o->m);
	} else {
		float al = 1.0f, be = 0.5f;
		s = cublasSgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, o->m, o->n, o->k, &al, o->A, o->m, o->B,
		                o->k, &be, o->C, o->m);
	}
	return s != CUBLAS_STATUS_SUCCESS || cudaDeviceSynchronize() != cudaSuccess;
}

static int one_paralia(const struct ops *o)
{
	if (o->prec == 'd')
		return paralia_dgemm('N', 'N', o->m, o->n, o->k, 1.0, o->A, o->m, o->B, o->k, 0.5, o->C, o->m);
	return paralia_sgemm('N', 'N', o->m, o->n, o->k, 1.0f, o->A, o->m, o->B, o->k, 0.5f, o->C, o->m);
}

static int one_locate(const struct ops *o)
{
	return (paralia_locate(o->A) != 0) + (paralia_locate(o->B) != 0) + (paralia_locate(o->C) != 0);
}

static int one_query(const struct ops *o)
{
	struct paralia_plan p;
	return paralia_plan_query('g', o->prec, o->m, o->n, o->k, o->A, o->B, o->C, 0.5, &p) != 0;
}

static int one_order(const struct ops *o)
{
	(void)o;
	return cudaStreamSynchronize(cudaStreamLegacy) != cudaSuccess ||
	       cudaStreamSynchronize(cudaStreamPerThread) != cudaSuccess;
}

static cudaStream_t own;
static cudaEvent_t queued[2];

static int one_event(const struct ops *o)
{
	(void)o;
	const cudaStream_t caller[2] = { cudaStreamLegacy, cudaStreamPerThread };
	for (int c = 0; c < 2; c++)
		if (cudaEventRecord(queued[c], caller[c]) != cudaSuccess ||
		    cudaStreamWaitEvent(own, queued[c], 0) != cudaSuccess)
			return 1;
	return 0;
}

static int one_idle(const struct ops *o)
{
	(void)o;
	return cudaStreamQuery(cudaStreamLegacy) != cudaSuccess ||
	       cudaStreamQuery(cudaStreamPerThread) != cudaSuccess;
}

static int one_device(const struct ops *o)
{
	(void)o;
	int cur;
	return cudaGetDevice(&cur) != cudaSuccess || cudaSetDevice(0) != cudaSuccess ||
	       cudaSetDevice(cur) != cudaSuccess;
}

typedef int (*step_fn)(const struct ops *);

/* The medians of reps calls of each of the steps, alternating call by call, after four untimed
 * calls of each (gemm_bench's: paralia's direct path times its two ways on a shape's first four
 * calls, src/blas/direct_way.c). */
static int time_steps(const struct ops *o, int reps, int nsteps, const step_fn *step, double *med)
{
	static double t[8][MAX_REPS];
	for (int w = 0; w < 4; w++)
		for (int s = 0; s < nsteps; s++)
			if (step[s](o))
				return 1;
	for (int r = 0; r < reps; r++)
		for (int s = 0; s < nsteps; s++) {
			double t0 = now_us();
			if (step[s](o))
				return 1;
			t[s][r] = now_us() - t0;
		}
	for (int s = 0; s < nsteps; s++)
		med[s] = median(t[s], reps);
	return 0;
}

/* gemm_bench's values (host_fill.h), a chunk at a time through the host: on constant bytes (calls
 * 1 and 2 of 2026-11-27z) FP64 27000x9500x14500 ran one cuBLAS call in 115.6 ms, on these
 * 139-164 ms. */
static int fill(void *dev, size_t count, int single, unsigned seed)
{
	enum { CHUNK = 1024 * HOST_FILL_BLOCK };
	size_t el = single ? sizeof(float) : sizeof(double);
	void *h = malloc(CHUNK * el);
	int bad = !h;
	for (size_t at = 0; at < count && !bad; at += CHUNK) {
		size_t n = count - at < CHUNK ? count - at : CHUNK;
		host_fill_range(h, at, n, single, seed);
		bad = cudaMemcpy((char *)dev + at * el, h, n * el, cudaMemcpyHostToDevice) != cudaSuccess;
	}
	free(h);
	return bad;
}

static int alloc_ops(struct ops *o, const struct ops *shape)
{
	*o = *shape;
	int single = o->prec == 's';
	size_t el = single ? sizeof(float) : sizeof(double);
	size_t a = (size_t)o->m * o->k, b = (size_t)o->k * o->n, c = (size_t)o->m * o->n;
	if (cudaMalloc(&o->A, a * el) || cudaMalloc(&o->B, b * el) || cudaMalloc(&o->C, c * el))
		return 1;
	return fill(o->A, a, single, 1) || fill(o->B, b, single, 2) || fill(o->C, c, single, 3);
}

static void free_ops(struct ops *o)
{
	cudaFree(o->A), cudaFree(o->B), cudaFree(o->C);
}

/* A point: prec:m:n:k, or N for d:N:N:N and s:N:N:N; how many it made (0: not a point). */
static int parse_point(const char *a, struct ops *out)
{
	char p;
	int m, n, k, end = 0;
	if (sscanf(a, "%c:%d:%d:%d%n", &p, &m, &n, &k, &end) == 4 && !a[end] && (p == 'd' || p == 's') &&
	    m > 0 && n > 0 && k > 0) {
		out[0] = (struct ops){ p, m, n, k, NULL, NULL, NULL };
		return 1;
	}
	if (sscanf(a, "%d%n", &n, &end) == 1 && !a[end] && n > 0) {
		out[0] = (struct ops){ 'd', n, n, n, NULL, NULL, NULL };
		out[1] = (struct ops){ 's', n, n, n, NULL, NULL, NULL };
		return 2;
	}
	return 0;
}

#define MAX_POINTS 64

int main(int argc, char **argv)
{
	int reps = argc > 1 ? atoi(argv[1]) : 40;
	if (reps < 1 || reps > MAX_REPS) {
		fprintf(stderr, "direct_probe: REPS must be 1 to %d\n", MAX_REPS);
		return 2;
	}
	static const char *def[] = { "512", "1024", "2048", "4096" };
	int nargs = argc > 2 ? argc - 2 : 4, npts = 0;
	struct ops pt[MAX_POINTS];
	for (int i = 0; i < nargs; i++) {
		const char *a = argc > 2 ? argv[i + 2] : def[i];
		int got = npts + 2 <= MAX_POINTS ? parse_point(a, &pt[npts]) : 0;
		if (!got) {
			fprintf(stderr, "direct_probe: %s is not a point (prec:m:n:k or N), or one too many "
			        "(at most %d, N counting two)\n", a, MAX_POINTS);
			return 2;
		}
		npts += got;
	}
	if (cudaSetDevice(0) != cudaSuccess || cublasCreate(&handle) != CUBLAS_STATUS_SUCCESS ||
	    cudaStreamCreateWithFlags(&own, cudaStreamNonBlocking) != cudaSuccess ||
	    cudaEventCreateWithFlags(&queued[0], cudaEventDisableTiming) != cudaSuccess ||
	    cudaEventCreateWithFlags(&queued[1], cudaEventDisableTiming) != cudaSuccess) {
		fprintf(stderr, "direct_probe: no GPU\n");
		return 1;
	}
	double before[MAX_POINTS], paused[MAX_POINTS], after[MAX_POINTS];
	/* one cuBLAS call, no StarPU in the process yet */
	for (int i = 0; i < npts; i++) {
		struct ops o;
		step_fn s[1] = { one_cublas };
		if (alloc_ops(&o, &pt[i]) || time_steps(&o, reps, 1, s, &before[i])) {
			fprintf(stderr, "direct_probe: cuBLAS at %c %dx%dx%d failed\n", pt[i].prec, pt[i].m,
			        pt[i].n, pt[i].k);
			return 1;
		}
		free_ops(&o);
	}
	if (paralia_init() != 0)
		return 1;
	double med[MAX_POINTS][8];
	for (int i = 0; i < npts; i++) {
		struct ops o;
		step_fn s[8] = { one_cublas, one_paralia, one_locate, one_query, one_order, one_device,
		                 one_event, one_idle };
		step_fn c[1] = { one_cublas };
		int bad = alloc_ops(&o, &pt[i]) || time_steps(&o, reps, 8, s, med[i]);
		starpu_pause();
		bad = bad || time_steps(&o, reps, 1, c, &paused[i]);
		starpu_resume();
		if (bad) {
			fprintf(stderr, "direct_probe: %c %dx%dx%d failed\n", pt[i].prec, pt[i].m, pt[i].n,
			        pt[i].k);
			return 1;
		}
		free_ops(&o);
	}
	paralia_shutdown();
	for (int i = 0; i < npts; i++) {
		struct ops o;
		step_fn s[1] = { one_cublas };
		if (alloc_ops(&o, &pt[i]) || time_steps(&o, reps, 1, s, &after[i]))
			after[i] = -1; /* said as -1: the handle did not outlive StarPU */
		free_ops(&o);
	}
	printf("prec,m,n,k,cublas_alone_us,cublas_us,paralia_us,paralia_over_us,cublas_paused_us,"
	       "cublas_after_us,locate_us,query_us,order_us,device_us,event_us,idle_us\n");
	for (int i = 0; i < npts; i++)
		printf("%c,%d,%d,%d,%.1f,%.1f,%.1f,%.1f,%.1f,%.1f,%.2f,%.2f,%.2f,%.2f,%.2f,%.2f\n", pt[i].prec,
		       pt[i].m, pt[i].n, pt[i].k, before[i], med[i][0], med[i][1], med[i][1] - med[i][0],
		       paused[i], after[i], med[i][2], med[i][3], med[i][4], med[i][5], med[i][6], med[i][7]);
	cudaEventDestroy(queued[0]), cudaEventDestroy(queued[1]), cudaStreamDestroy(own);
	cublasDestroy(handle);
	return 0;
}
