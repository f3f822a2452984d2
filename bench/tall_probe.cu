/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Tall products against the square ones the model prices them as (issue 14). gemm's tall tiles
 * run products of R x T x T (C's and op(A)'s tiles R rows, B's T x T), and the model prices one as
 * R / T square products of T (pm_product_us, src/perfmodel/kernel_model.c): the kernel table
 * measures square products only, and read at a tall product's volume the rate of a narrow one was
 * far above what a whole call ran at on one H100. Whether the square price is itself right for
 * the kernels is what this measures: for each SHAPE m:n:k (R:T:T, and T:T:T beside it), products
 * C = A B + 0.5 C back to back on the GPU for SECONDS, every shape in turn, ROUNDS times, after
 * the GPU rested 2 s; per segment the products' count, their median time and the TFLOP/s of their
 * median (the power cap drifts over a segment; alternating shapes spreads it alike).
 * Build: nvcc -O2 -o tall_probe bench/tall_probe.cu -lcublas
 * Run:   tall_probe prec SECONDS ROUNDS m:n:k...   e.g. tall_probe d 0.3 3 8192:1024:1024 1024:1024:1024
 */
#include "cuda_fill.h"
#include <cublas_v2.h>
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#define MAXP 8192
#define MAXS 32

static void product(cublasHandle_t h, int dbl, const int *s, void *const x[3])
{
	int m = s[0], n = s[1], k = s[2];
	if (dbl) {
		const double one = 1, half = 0.5;
		cublasDgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, &one, (const double *)x[0], m,
		            (const double *)x[1], k, &half, (double *)x[2], m);
	} else {
		const float one = 1, half = 0.5f;
		cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, &one, (const float *)x[0], m,
		            (const float *)x[1], k, &half, (float *)x[2], m);
	}
}

static int cmp(const void *a, const void *b)
{
	float x = *(const float *)a, y = *(const float *)b;
	return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
	if (argc < 5) {
		fprintf(stderr, "usage: %s s|d SECONDS ROUNDS m:n:k...\n", argv[0]);
		return 2;
	}
	int dbl = argv[1][0] == 'd';
	double seconds = atof(argv[2]);
	int rounds = atoi(argv[3]), ns = 0;
	static int shape[MAXS][3];
	size_t big[3] = { 0, 0, 0 };
	for (int a = 4; a < argc && ns < MAXS; a++) {
		int *s = shape[ns];
		if (sscanf(argv[a], "%d:%d:%d", &s[0], &s[1], &s[2]) != 3 || s[0] <= 0 || s[1] <= 0 || s[2] <= 0) {
			fprintf(stderr, "tall_probe: bad shape %s (m:n:k, positive)\n", argv[a]);
			return 2;
		}
		size_t need[3] = { (size_t)s[0] * s[2], (size_t)s[2] * s[1], (size_t)s[0] * s[1] };
		for (int i = 0; i < 3; i++)
			big[i] = need[i] > big[i] ? need[i] : big[i];
		ns++;
	}
	size_t el = dbl ? sizeof(double) : sizeof(float);
	void *x[3];
	for (int i = 0; i < 3; i++) {
		if (cudaMalloc(&x[i], big[i] * el) != cudaSuccess) {
			fprintf(stderr, "tall_probe: cannot allocate %zu bytes\n", big[i] * el);
			return 1;
		}
		fill<<<1024, 256>>>(x[i], big[i], dbl, 17u + (unsigned)i);
	}
	cublasHandle_t h;
	cublasCreate(&h);
	static cudaEvent_t ev[MAXP + 1];
	for (int i = 0; i <= MAXP; i++)
		cudaEventCreate(&ev[i]);
	for (int w = 0; w < 3; w++) /* cuBLAS's first calls at each shape, untimed */
		for (int i = 0; i < ns; i++)
			product(h, dbl, shape[i], x);
	cudaDeviceSynchronize();
	sleep(2);
	printf("# %cgemm, C = A B + 0.5 C at its own leading dimensions, %.2f s per segment\n"
	       "round,m,n,k,products,median_ms,tflops\n", dbl ? 'd' : 's', seconds);
	for (int r = 0; r < rounds; r++)
		for (int i = 0; i < ns; i++) {
			const int *s = shape[i];
			int n = 0;
			float total = 0;
			cudaEventRecord(ev[0]);
			while (n + 16 <= MAXP && total < seconds * 1e3) {
				for (int b = 0; b < 16; b++, n++) {
					product(h, dbl, s, x);
					cudaEventRecord(ev[n + 1]);
				}
				cudaEventSynchronize(ev[n]);
				cudaEventElapsedTime(&total, ev[0], ev[n]);
			}
			cudaDeviceSynchronize();
			static float ms[MAXP];
			for (int p = 0; p < n; p++)
				cudaEventElapsedTime(&ms[p], ev[p], ev[p + 1]);
			qsort(ms, (size_t)n, sizeof *ms, cmp);
			double med = n ? ms[n / 2] : 0, flops = 2.0 * s[0] * (double)s[1] * s[2];
			printf("%d,%d,%d,%d,%d,%.4f,%.2f\n", r + 1, s[0], s[1], s[2], n, med,
			       med > 0 ? flops / (med * 1e9) : 0);
			fflush(stdout);
		}
	cublasDestroy(h);
	return 0;
}
