/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Tile products at the tile's own leading dimension against a larger one, back to back on the GPU
 * (issue 14). In a call of FP32 27000x9500x14500 with C on the host, the model's 6144^3 products
 * ran at 46.8 TFLOP/s where the kernel table, measured from rest at a leading dimension of 6144,
 * reads 50.7 (bench/results/gemm-2026-11-27x.md, call 4): either the power cap, which the table's
 * FP32 runs do not record, or the leading dimensions (A's 27000, B's 14500 there). This runs
 * T x T x T products C = A B + 0.5 C, every operand a T x T view of a column-major array of
 * leading dimension LD, for SECONDS at each LD in turn, ROUNDS times alternating, after the GPU
 * rested 2 s: per segment the products' count, their median time and TFLOP/s over its first 0.1 s
 * and over the rest. A gap between the LDs at the same point of the run is the leading dimension;
 * a fall over the run at either is the cap.
 * Build: nvcc -O2 -o ld_probe bench/ld_probe.cu -lcublas
 * Run:   ld_probe [prec T SECONDS ROUNDS LD...]   (default: s 6144 1.0 3 6144 27000 14500)
 */
#include "cuda_fill.h"
#include <cublas_v2.h>
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MAXP 4096
#define MAXLD 8

static int cmp(const void *a, const void *b)
{
	float x = *(const float *)a, y = *(const float *)b;
	return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
	char prec = argc > 1 ? argv[1][0] : 's';
	int T = argc > 2 ? atoi(argv[2]) : 6144;
	double seconds = argc > 3 ? atof(argv[3]) : 1.0;
	int rounds = argc > 4 ? atoi(argv[4]) : 3;
	int ld[MAXLD] = { 6144, 27000, 14500 }, nld = 3;
	if (argc > 5)
		for (nld = 0; nld < MAXLD && 5 + nld < argc; nld++)
			ld[nld] = atoi(argv[5 + nld]);
	int dbl = prec == 'd', big = T;
	for (int i = 0; i < nld; i++) {
		if (ld[i] < T) {
			fprintf(stderr, "ld_probe: leading dimension %d below the tile %d\n", ld[i], T);
			return 2;
		}
		big = ld[i] > big ? ld[i] : big;
	}
	size_t el = dbl ? sizeof(double) : sizeof(float), count = (size_t)big * T;
	void *x[3];
	for (int i = 0; i < 3; i++) {
		if (cudaMalloc(&x[i], count * el) != cudaSuccess) {
			fprintf(stderr, "ld_probe: cannot allocate %zu bytes\n", count * el);
			return 1;
		}
		fill<<<1024, 256>>>(x[i], count, dbl, 17u + (unsigned)i);
	}
	cublasHandle_t h;
	cublasCreate(&h);
	static cudaEvent_t ev[MAXP + 1];
	for (int i = 0; i <= MAXP; i++)
		cudaEventCreate(&ev[i]);
	double flops = 2.0 * T * (double)T * T;
	for (int w = 0; w < 3; w++) /* cuBLAS's first calls at each leading dimension, untimed */
		for (int i = 0; i < nld; i++) {
			const float one = 1, half = 0.5f;
			const double oned = 1, halfd = 0.5;
			if (dbl)
				cublasDgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, T, T, T, &oned, (double *)x[0], ld[i],
				            (double *)x[1], ld[i], &halfd, (double *)x[2], ld[i]);
			else
				cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, T, T, T, &one, (float *)x[0], ld[i],
				            (float *)x[1], ld[i], &half, (float *)x[2], ld[i]);
		}
	cudaDeviceSynchronize();
	sleep(2);
	printf("# %cgemm %d^3, every operand a view of leading dimension LD, %.1f s per segment\n"
	       "round,ld,products,median_ms,tflops_first_0.1s,tflops_rest\n", prec, T, seconds);
	for (int r = 0; r < rounds; r++)
		for (int i = 0; i < nld; i++) {
			/* products in batches of 16 until the segment's time is spent */
			int n = 0;
			float total = 0;
			cudaEventRecord(ev[0]);
			while (n + 16 <= MAXP && total < seconds * 1e3) {
				for (int b = 0; b < 16; b++, n++) {
					const float one = 1, half = 0.5f;
					const double oned = 1, halfd = 0.5;
					if (dbl)
						cublasDgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, T, T, T, &oned, (double *)x[0], ld[i],
						            (double *)x[1], ld[i], &halfd, (double *)x[2], ld[i]);
					else
						cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, T, T, T, &one, (float *)x[0], ld[i],
						            (float *)x[1], ld[i], &half, (float *)x[2], ld[i]);
					cudaEventRecord(ev[n + 1]);
				}
				cudaEventSynchronize(ev[n]);
				cudaEventElapsedTime(&total, ev[0], ev[n]);
			}
			cudaDeviceSynchronize();
			static float ms[MAXP];
			double first = 0, rest = 0;
			int nfirst = 0;
			float t = 0;
			for (int p = 0; p < n; p++) {
				cudaEventElapsedTime(&ms[p], ev[p], ev[p + 1]);
				if (t < 100)
					first += ms[p], nfirst++;
				else
					rest += ms[p];
				t += ms[p];
			}
			double rf = first > 0 ? nfirst * flops / (first * 1e9) : 0;
			double rr = rest > 0 ? (n - nfirst) * flops / (rest * 1e9) : 0;
			qsort(ms, (size_t)n, sizeof *ms, cmp);
			printf("%d,%d,%d,%.3f,%.2f,%.2f\n", r + 1, ld[i], n, n ? ms[n / 2] : 0, rf, rr);
			fflush(stdout);
		}
	cublasDestroy(h);
	return 0;
}
