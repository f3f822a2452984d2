/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The reference for operands that all live on one GPU: one cuBLAS call on the whole matrices
 * (issue 14: paralia's 000 placement should reach >= 97% of it).
 *
 *   cublas_gemm POINT...      POINT = prec:m:n:k (e.g. d:16384:16384:16384), beta 1
 *
 * A, B, C on GPU 0 with the same values gemm_bench uses (uniform in [-0.5, 0.5)), one warm-up
 * call, then BENCH_REPS (default 5) calls timed with CUDA events on the handle's stream; one CSV
 * line per point: cublas,prec,m,n,k,000,config,median_ms,min_ms,max_ms,tflops
 */
#include <cublas_v2.h>
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

static int cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

static void fill(void *d, size_t count, int single)
{
	size_t chunk = 1 << 24, es = single ? 4 : 8;
	void *h = malloc(chunk * es);
	unsigned s = 12345u;
	for (size_t off = 0; off < count; off += chunk) {
		size_t n = count - off < chunk ? count - off : chunk;
		for (size_t i = 0; i < n; i++) {
			s = s * 1103515245u + 12345u;
			double v = (double)(s >> 8) / 16777216.0 - 0.5;
			if (single) ((float *)h)[i] = (float)v; else ((double *)h)[i] = v;
		}
		cudaMemcpy((char *)d + off * es, h, n * es, cudaMemcpyHostToDevice);
	}
	free(h);
}

int main(int argc, char **argv)
{
	int reps = getenv("BENCH_REPS") ? atoi(getenv("BENCH_REPS")) : 5;
	if (reps < 1 || reps > 100)
		reps = 5;
	cublasHandle_t h;
	if (cublasCreate(&h) != CUBLAS_STATUS_SUCCESS) {
		fprintf(stderr, "cublas_gemm: no GPU\n");
		return 77;
	}
	cudaStream_t st;
	cudaStreamCreateWithFlags(&st, cudaStreamNonBlocking);
	cublasSetStream(h, st);
	for (int a = 1; a < argc; a++) {
		char prec;
		long m, n, k;
		if (sscanf(argv[a], "%c:%ld:%ld:%ld", &prec, &m, &n, &k) != 4 || (prec != 's' && prec != 'd')) {
			fprintf(stderr, "cublas_gemm: bad point %s\n", argv[a]);
			return 2;
		}
		int single = prec == 's';
		size_t es = single ? 4 : 8;
		void *A, *B, *C;
		if (cudaMalloc(&A, m * k * es) || cudaMalloc(&B, k * n * es) || cudaMalloc(&C, m * n * es)) {
			printf("cublas,%c,%ld,%ld,%ld,000,one call,,,,,skip (no memory)\n", prec, m, n, k);
			continue;
		}
		fill(A, m * k, single);
		fill(B, k * n, single);
		fill(C, m * n, single);
		double t[101];
		cudaEvent_t e0, e1;
		cudaEventCreate(&e0);
		cudaEventCreate(&e1);
		for (int r = 0; r <= reps; r++) {
			const double one = 1;
			const float onef = 1;
			cudaEventRecord(e0, st);
			if (single)
				cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, (int)m, (int)n, (int)k, &onef, A, (int)m,
				            B, (int)k, &onef, C, (int)m);
			else
				cublasDgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, (int)m, (int)n, (int)k, &one, A, (int)m,
				            B, (int)k, &one, C, (int)m);
			cudaEventRecord(e1, st);
			cudaEventSynchronize(e1);
			float ms;
			cudaEventElapsedTime(&ms, e0, e1);
			t[r] = ms;
		}
		qsort(t + 1, reps, sizeof *t, cmp);
		double med = t[1 + reps / 2];
		printf("cublas,%c,%ld,%ld,%ld,000,one call,%.2f,%.2f,%.2f,%.2f\n", prec, m, n, k, med, t[1],
		       t[reps], 2.0 * m * n * (double)k / (med * 1e9));
		fflush(stdout);
		cudaFree(A); cudaFree(B); cudaFree(C);
		cudaEventDestroy(e0); cudaEventDestroy(e1);
	}
	cublasDestroy(h);
	return 0;
}
