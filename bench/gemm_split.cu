/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * One cuBLAS GEMM on GPU-resident operands against the same product cut into pieces (issue 14).
 * On one H100 cuBLASXt's blocks beat one cuBLAS SGEMM call by 1-8% at the dataset's odd FP32
 * shapes (12000x30000x7000 0.92x, 20000x17000x9000 0.96x; bench/results/gemm-pages-2026-11-26i.md),
 * where paralia makes that one call. This times, all on the GPU, median of 5 after a warm-up:
 *   whole       one call
 *   cols-W      C in column panels of width W, one call each, one stream (W from 256: gemm's
 *               deep products of all m's rows, whose narrow kernels the kernel table, measured at
 *               square T^3 products, does not show)
 *   blocks-B-S  C in B x B blocks (each over the whole k), one call each, over S streams (gemm's
 *               square C tiles over k on one stream)
 * and prints the time against the whole call's: where a cut wins, and whether streams matter.
 * Build: nvcc -O2 -o gemm_split bench/gemm_split.cu -lcublas
 * Run:   gemm_split [prec:m:n:k ...]   (default: the dataset's odd FP32 shapes and two square ones)
 */
#include "cuda_median.h"
#include "cuda_fill.h"
#include <cublas_v2.h>
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NS 4

static cublasHandle_t h[NS];
static cudaStream_t st[NS];

struct shape { char prec; int m, n, k; };

/* C[i0.., j0..] (rows x cols) = A[i0.., :] B[:, j0..] + 0.5 C, on handle s */
static void piece(const struct shape *p, void *A, void *B, void *C, int i0, int j0, int rows,
                  int cols, int s)
{
	if (p->prec == 'd') {
		const double one = 1, half = 0.5;
		cublasDgemm(h[s], CUBLAS_OP_N, CUBLAS_OP_N, rows, cols, p->k, &one, (double *)A + i0, p->m,
		            (double *)B + (size_t)j0 * p->k, p->k, &half, (double *)C + i0 + (size_t)j0 * p->m, p->m);
	} else {
		const float one = 1, half = 0.5f;
		cublasSgemm(h[s], CUBLAS_OP_N, CUBLAS_OP_N, rows, cols, p->k, &one, (float *)A + i0, p->m,
		            (float *)B + (size_t)j0 * p->k, p->k, &half, (float *)C + i0 + (size_t)j0 * p->m, p->m);
	}
}

/* way: 0 whole, 1 column panels of width w, 2 blocks of w over ns streams */
static void run(const struct shape *p, void *A, void *B, void *C, int way, int w, int ns)
{
	if (way == 0) {
		piece(p, A, B, C, 0, 0, p->m, p->n, 0);
		return;
	}
	int q = 0;
	for (int j = 0; j < p->n; j += w)
		for (int i = 0; i < p->m; i += way == 1 ? p->m : w) {
			int rows = way == 1 ? p->m : (p->m - i < w ? p->m - i : w);
			piece(p, A, B, C, i, j, rows, p->n - j < w ? p->n - j : w, way == 2 ? q++ % ns : 0);
		}
}

struct split_run {
	const struct shape *p;
	void *A, *B, *C;
	int way, w, ns;
};

static void split_issue(void *arg)
{
	const struct split_run *x = (const struct split_run *)arg;
	run(x->p, x->A, x->B, x->C, x->way, x->w, x->ns);
}

static double time_ms(const struct shape *p, void *A, void *B, void *C, int way, int w, int ns)
{
	struct split_run x = { p, A, B, C, way, w, ns };
	return cm_median_ms(st, NS, NULL, split_issue, &x);
}

int main(int argc, char **argv)
{
	static const char *def[] = { "s:20000:17000:9000", "s:12000:30000:7000", "s:32768:32768:4096",
	                             "s:27000:9500:14500", "s:16384:16384:16384", "s:8192:8192:8192",
	                             "d:20000:17000:9000", "d:16384:16384:16384" };
	int np = argc > 1 ? argc - 1 : (int)(sizeof def / sizeof def[0]);
	for (int s = 0; s < NS; s++) {
		CK(cudaStreamCreateWithFlags(&st[s], cudaStreamNonBlocking));
		if (cublasCreate(&h[s]) != CUBLAS_STATUS_SUCCESS || cublasSetStream(h[s], st[s]) != CUBLAS_STATUS_SUCCESS)
			return 2;
	}
	printf("prec,m,n,k,way,ms,tflops,vs_whole\n");
	for (int i = 0; i < np; i++) {
		struct shape p;
		if (sscanf(argc > 1 ? argv[i + 1] : def[i], "%c:%d:%d:%d", &p.prec, &p.m, &p.n, &p.k) != 4)
			return 2;
		size_t es = p.prec == 'd' ? 8 : 4;
		void *A, *B, *C;
		CK(cudaMalloc(&A, es * p.m * p.k));
		CK(cudaMalloc(&B, es * p.k * p.n));
		CK(cudaMalloc(&C, es * p.m * p.n));
		fill<<<1024, 256>>>(A, (size_t)p.m * p.k, p.prec == 'd', 1);
		fill<<<1024, 256>>>(B, (size_t)p.k * p.n, p.prec == 'd', 2);
		fill<<<1024, 256>>>(C, (size_t)p.m * p.n, p.prec == 'd', 3);
		CK(cudaGetLastError());
		double flops = 2.0 * p.m * p.n * (double)p.k, whole = time_ms(&p, A, B, C, 0, 0, 1);
		struct { const char *name; int way, w, ns; } ways[] = {
			{ "whole", 0, 0, 1 }, { "cols-256", 1, 256, 1 }, { "cols-512", 1, 512, 1 },
			{ "cols-1024", 1, 1024, 1 }, { "cols-2048", 1, 2048, 1 }, { "cols-4096", 1, 4096, 1 },
			{ "cols-8192", 1, 8192, 1 }, { "blocks-2048-1", 2, 2048, 1 }, { "blocks-2048-2", 2, 2048, 2 },
			{ "blocks-2048-4", 2, 2048, 4 }, { "blocks-3072-1", 2, 3072, 1 }, { "blocks-4096-1", 2, 4096, 1 },
			{ "blocks-4096-2", 2, 4096, 2 }, { "blocks-4096-4", 2, 4096, 4 },
		};
		for (size_t w = 0; w < sizeof ways / sizeof ways[0]; w++) {
			double ms = w == 0 ? whole : time_ms(&p, A, B, C, ways[w].way, ways[w].w, ways[w].ns);
			printf("%c,%d,%d,%d,%s,%.2f,%.1f,%.3f\n", p.prec, p.m, p.n, p.k, ways[w].name, ms,
			       flops / ms / 1e9, whole / ms);
			fflush(stdout);
		}
		CK(cudaFree(A));
		CK(cudaFree(B));
		CK(cudaFree(C));
	}
	return 0;
}
