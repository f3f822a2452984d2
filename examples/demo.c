/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The demo behind the README's first command: runs paralia's routines on whatever hardware is
 * here and checks each result against a host computation of sampled entries.
 *   demo [N]     (default: 1024 on CPU-only machines, 16384 with GPUs)
 * With GPUs it also runs GEMM with the operands spread over the devices (all on GPU 0; A on GPU 0,
 * B on the last GPU, C on the host), the placements paralia exists for.
 */
#include <paralia.h>
#include <starpu.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include "config.h"
#ifdef PARALIA_USE_CUDA
#include <cuda_runtime.h>
#endif

static double *alloc_host(size_t n)
{
	void *p = NULL;
	/* Pinned memory when GPUs exist: host<->GPU copies then run at full PCIe speed. */
	if (starpu_cuda_worker_get_count() > 0 && starpu_malloc(&p, n * sizeof(double)) == 0)
		return p;
	return malloc(n * sizeof(double));
}

static void free_host(double *p)
{
	if (starpu_cuda_worker_get_count() > 0)
		starpu_free_noflag(p, 0);
	else
		free(p);
}

static void fill(double *a, size_t n, unsigned seed)
{
	/* Full 53-bit mantissas: with short ones the products are exact and the check sees nothing. */
	unsigned long long s = seed * 0x9E3779B97F4A7C15ull;
	for (size_t i = 0; i < n; i++) {
		s = s * 6364136223846793005ull + 1442695040888963407ull;
		a[i] = (double)(s >> 11) / 9007199254740992.0 - 0.5;
	}
}

/* Places an n x n host matrix on `where` (PARALIA_HOST or a GPU); returns the pointer there. */
static double *place(double *host, int n, int where)
{
	if (where == PARALIA_HOST)
		return host;
#ifdef PARALIA_USE_CUDA
	double *d = NULL;
	cudaSetDevice(where);
	if (cudaMalloc((void **)&d, (size_t)n * n * sizeof(double)) != cudaSuccess)
		return NULL;
	cudaMemcpy(d, host, (size_t)n * n * sizeof(double), cudaMemcpyHostToDevice);
	return d;
#else
	(void)n;
	return NULL;
#endif
}

static void fetch_release(double *host, double *placed, int n, int where)
{
	if (where == PARALIA_HOST)
		return;
#ifdef PARALIA_USE_CUDA
	cudaSetDevice(where);
	cudaMemcpy(host, placed, (size_t)n * n * sizeof(double), cudaMemcpyDeviceToHost);
	cudaFree(placed);
#else
	(void)host; (void)placed; (void)n;
#endif
}

/* Max relative error over 64 sampled entries of C = A B + beta C0. */
static double gemm_sample_error(int n, const double *A, const double *B, const double *C0,
                                double beta, const double *C)
{
	double worst = 0;
	unsigned s = 7;
	for (int t = 0; t < 64; t++) {
		s = s * 1103515245u + 12345u; int i = (int)(s % (unsigned)n);
		s = s * 1103515245u + 12345u; int j = (int)(s % (unsigned)n);
		double ref = beta * C0[i + (size_t)j * n], scale = fabs(ref);
		for (int l = 0; l < n; l++) {
			ref += A[i + (size_t)l * n] * B[l + (size_t)j * n];
			scale += fabs(A[i + (size_t)l * n] * B[l + (size_t)j * n]);
		}
		worst = fmax(worst, fabs(C[i + (size_t)j * n] - ref) / (scale * n * 1e-16 + 1e-300));
	}
	return worst; /* in units of n * 1e-16 relative to the sum of |a b| */
}

static int run_gemm(int n, int wa, int wb, int wc, const char *label)
{
	size_t nn = (size_t)n * n;
	double *A = alloc_host(nn), *B = alloc_host(nn), *C = alloc_host(nn), *C0 = alloc_host(nn);
	fill(A, nn, 1); fill(B, nn, 2); fill(C, nn, 3);
	for (size_t i = 0; i < nn; i++) C0[i] = C[i];
	double *dA = place(A, n, wa), *dB = place(B, n, wb), *dC = place(C, n, wc);
	if (!dA || !dB || !dC) {
		printf("  %-28s skipped (cannot allocate on the GPU)\n", label);
		return 0;
	}
	double t0 = starpu_timing_now();
	int ret = paralia_dgemm('N', 'N', n, n, n, 1.0, dA, n, dB, n, 0.5, dC, n);
	double t = (starpu_timing_now() - t0) * 1e-6;
	fetch_release(A, dA, n, wa); fetch_release(B, dB, n, wb); fetch_release(C, dC, n, wc);
	double err = ret ? INFINITY : gemm_sample_error(n, A, B, C0, 0.5, C);
	int ok = ret == 0 && err < 10;
	printf("  %-28s N=%-6d %8.3f s %9.1f GFLOP/s   check %s (sampled error %.2g)\n", label, n, t,
	       2.0 * n * (double)n * n / t * 1e-9, ok ? "ok" : "FAILED", err);
	free_host(A); free_host(B); free_host(C); free_host(C0);
	return ok ? 0 : 1;
}

/* CUDA device number of the first (last != 0) or last GPU StarPU drives, from its memory nodes. */
static int gpu_devid(int last)
{
	int dev = -1;
	for (unsigned node = 0; node < starpu_memory_nodes_get_count(); node++)
		if (starpu_node_get_kind(node) == STARPU_CUDA_RAM && (dev < 0 || last))
			dev = starpu_memory_node_get_devid(node);
	return dev;
}

int main(int argc, char **argv)
{
	if (paralia_init() != 0)
		return 1;
	int gpus = (int)starpu_cuda_worker_get_count();
	int n = argc > 1 ? atoi(argv[1]) : (gpus ? 16384 : 1024);
	printf("paralia demo: %u CPU workers, %d GPUs (CUDA workers), scheduler %s\n",
	       starpu_cpu_worker_get_count(), gpus, starpu_sched_get_sched_policy() ?
	       starpu_sched_get_sched_policy()->policy_name : "?");
	int fails = 0;
	/* First call also calibrates StarPU's performance models: run it small first. */
	fails += run_gemm(n / 4 > 256 ? n / 4 : 256, PARALIA_HOST, PARALIA_HOST, PARALIA_HOST, "dgemm warm-up, host");
	fails += run_gemm(n, PARALIA_HOST, PARALIA_HOST, PARALIA_HOST, "dgemm A,B,C on host");
	if (gpus > 0) {
		int g0 = gpu_devid(0), gl = gpu_devid(1);
		fails += run_gemm(n, g0, g0, g0, "dgemm A,B,C on the first GPU");
		fails += run_gemm(n, g0, gl, PARALIA_HOST, "dgemm A@GPUfirst B@GPUlast C@host");
	}
	printf("Cholesky and LU task graphs: see examples/cholesky and examples/lu.\n");
	paralia_shutdown();
	printf("demo %s\n", fails ? "FAILED" : "done: all checks ok");
	return fails ? 1 : 0;
}
