/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Tile products at the tile's own leading dimension against a larger one, back to back on the GPU
 * (issue 14). In a call of FP32 27000x9500x14500 with C on the host, the model's 6144^3 products
 * ran at 46.8 TFLOP/s where the kernel table, measured from rest at a leading dimension of 6144,
 * reads 50.7 (bench/results/gemm-2026-11-27x.md, call 4): either the power cap, which the table's
 * FP32 runs do not record, or the leading dimensions (A's 27000, B's 14500 there). This runs
 * T x T x T products C = A B + 0.5 C, the operands named in WHICH (a, b, c: abc, the default,
 * for all three) T x T views of column-major arrays of leading dimension LD, the others of T, for
 * SECONDS at each LD in turn, ROUNDS times alternating, after the GPU rested 2 s: per segment the
 * products' count, their median time and TFLOP/s over its first 0.1 s and over the rest. A gap
 * between the LDs at the same point of the run is the leading dimension; a fall over the run at
 * either is the cap.
 * Build: nvcc -O2 -o ld_probe bench/ld_probe.cu -lcublas
 * Run:   ld_probe [prec T SECONDS ROUNDS WHICH LD...]   (default: s 6144 1.0 3 abc 6144 27000 14500)
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

/* One product, the operands in `which` at leading dimension L, the others at T */
static void product(cublasHandle_t h, int dbl, int T, void *const x[3], const char *which, int L)
{
	int la = strchr(which, 'a') ? L : T, lb = strchr(which, 'b') ? L : T, lc = strchr(which, 'c') ? L : T;
	if (dbl) {
		const double one = 1, half = 0.5;
		cublasDgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, T, T, T, &one, (const double *)x[0], la,
		            (const double *)x[1], lb, &half, (double *)x[2], lc);
	} else {
		const float one = 1, half = 0.5f;
		cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, T, T, T, &one, (const float *)x[0], la,
		            (const float *)x[1], lb, &half, (float *)x[2], lc);
	}
}

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
	const char *which = argc > 5 ? argv[5] : "abc";
	int ld[MAXLD] = { 6144, 27000, 14500 }, nld = 3;
	if (argc > 6)
		for (nld = 0; nld < MAXLD && 6 + nld < argc; nld++)
			ld[nld] = atoi(argv[6 + nld]);
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
		for (int i = 0; i < nld; i++)
			product(h, dbl, T, x, which, ld[i]);
	cudaDeviceSynchronize();
	sleep(2);
	printf("# %cgemm %d^3, operands %s views of leading dimension LD, %.1f s per segment\n"
	       "round,ld,products,median_ms,tflops_first_0.1s,tflops_rest\n", prec, T, which, seconds);
	for (int r = 0; r < rounds; r++)
		for (int i = 0; i < nld; i++) {
			/* products in batches of 16 until the segment's time is spent */
			int n = 0;
			float total = 0;
			cudaEventRecord(ev[0]);
			while (n + 16 <= MAXP && total < seconds * 1e3) {
				for (int b = 0; b < 16; b++, n++) {
					product(h, dbl, T, x, which, ld[i]);
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
