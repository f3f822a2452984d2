/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * How fast tiles cross the host link when they are sub-blocks of a column-major matrix: StarPU
 * copies such a tile (T rows and T columns of a matrix with leading dimension ld) with one
 * cudaMemcpy2DAsync, a contiguous run of T * element bytes per column. This measures a column
 * panel of such tiles (ld / T tiles, queued back to back as a call's transfers are) host to
 * device, device to host and both at once, against one contiguous copy of the same bytes, for the
 * autotuner's transfer model (issue 14).
 *
 *   copy2d [LD] [load]    (default 32768: the panel is LD x T elements)
 *
 * With "load", each 2D measurement is repeated while a chain of 4096^3 cuBLAS DGEMMs keeps the GPU
 * computing on a third stream (a host-resident GEMM's copies run beside its kernels): if the
 * copies slow down there, the hardware does it, not StarPU's request machinery.
 * Host memory is pinned (cudaHostAlloc). One CSV line per (element size, T): GB/s of each.
 */
#include <cublas_v2.h>
#include "cuda_check.h"
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>


struct bufs {
	char *h_in, *h_out, *d_in, *d_out;
	cudaStream_t s[3];
	cudaEvent_t a, b, done;
	cublasHandle_t blas;   /* the load, on s[2]; NULL without "load" */
	double *ka, *kc;       /* its 4096 x 4096 operands */
};

#define LOAD_N 4096

/* Enough DGEMMs on s[2] to outlast copies of `bytes` at 40 GB/s (one takes ~2.3 ms on an H200). */
static void start_load(struct bufs *B, double bytes)
{
	const double one = 1.0;
	int n = (int)(bytes / 40e9 / 1e-3) + 4;
	for (int i = 0; i < n; i++)
		cublasDgemm(B->blas, CUBLAS_OP_N, CUBLAS_OP_N, LOAD_N, LOAD_N, LOAD_N, &one, B->ka, LOAD_N,
		            B->ka, LOAD_N, &one, B->kc, LOAD_N);
}

/* ms to copy `ntiles` tiles of `run` bytes x `rows` rows (host pitch `pitch`, device packed) in
 * the directions asked for (contiguous: one copy of all the bytes instead); median of 5. */
static double time_panel(struct bufs *B, size_t run, size_t rows, size_t pitch, int ntiles,
                         int h2d, int d2h, int contiguous, int load)
{
	float t[5];
	size_t tile = run * rows;
	for (int r = 0; r < 6; r++) {
		CK(cudaDeviceSynchronize());
		if (load)
			start_load(B, (double)tile * ntiles * (h2d + d2h));
		CK(cudaEventRecord(B->a, B->s[0]));
		CK(cudaStreamWaitEvent(B->s[1], B->a, 0));
		for (int i = 0; i < (contiguous ? 1 : ntiles); i++) {
			size_t n = contiguous ? tile * ntiles : tile;
			if (h2d && contiguous)
				CK(cudaMemcpyAsync(B->d_in, B->h_in, n, cudaMemcpyHostToDevice, B->s[0]));
			else if (h2d)
				CK(cudaMemcpy2DAsync(B->d_in + i * tile, run, B->h_in + i * run, pitch, run, rows,
				                     cudaMemcpyHostToDevice, B->s[0]));
			if (d2h && contiguous)
				CK(cudaMemcpyAsync(B->h_out, B->d_out, n, cudaMemcpyDeviceToHost, B->s[1]));
			else if (d2h)
				CK(cudaMemcpy2DAsync(B->h_out + i * run, pitch, B->d_out + i * tile, run, run, rows,
				                     cudaMemcpyDeviceToHost, B->s[1]));
		}
		CK(cudaEventRecord(B->done, B->s[1]));
		CK(cudaStreamWaitEvent(B->s[0], B->done, 0));
		CK(cudaEventRecord(B->b, B->s[0]));
		CK(cudaEventSynchronize(B->b));
		if (r > 0)
			CK(cudaEventElapsedTime(&t[r - 1], B->a, B->b));
	}
	for (int i = 1; i < 5; i++)
		for (int j = i; j > 0 && t[j - 1] > t[j]; j--) {
			float x = t[j]; t[j] = t[j - 1]; t[j - 1] = x;
		}
	return t[2];
}

int main(int argc, char **argv)
{
	size_t ld = argc > 1 ? (size_t)atol(argv[1]) : 32768;
	int load = argc > 2 && argv[2][0] == 'l';
	static const size_t Ts[] = { 256, 512, 1024, 1536, 2048, 3072, 4096, 6144, 8192 };
	size_t most = ld * Ts[sizeof Ts / sizeof Ts[0] - 1] * 8;
	struct bufs B;
	CK(cudaHostAlloc((void **)&B.h_in, most, cudaHostAllocPortable));
	CK(cudaHostAlloc((void **)&B.h_out, most, cudaHostAllocPortable));
	CK(cudaMalloc((void **)&B.d_in, most));
	CK(cudaMalloc((void **)&B.d_out, most));
	CK(cudaMemset(B.d_out, 1, most));
	for (size_t i = 0; i < most; i += 4096)
		B.h_in[i] = (char)i, B.h_out[i] = 0;
	CK(cudaStreamCreateWithFlags(&B.s[0], cudaStreamNonBlocking));
	CK(cudaStreamCreateWithFlags(&B.s[1], cudaStreamNonBlocking));
	CK(cudaStreamCreateWithFlags(&B.s[2], cudaStreamNonBlocking));
	B.blas = NULL;
	if (load) {
		size_t kb = (size_t)LOAD_N * LOAD_N * sizeof(double);
		CK(cudaMalloc((void **)&B.ka, kb));
		CK(cudaMalloc((void **)&B.kc, kb));
		CK(cudaMemset(B.ka, 0, kb));
		CK(cudaMemset(B.kc, 0, kb));
		if (cublasCreate(&B.blas) != CUBLAS_STATUS_SUCCESS || cublasSetStream(B.blas, B.s[2]) != CUBLAS_STATUS_SUCCESS) {
			fprintf(stderr, "copy2d: cuBLAS could not start\n");
			return 2;
		}
	}
	CK(cudaEventCreate(&B.a));
	CK(cudaEventCreate(&B.b));
	CK(cudaEventCreate(&B.done));
	printf("# copy2d: column panels of T x T tiles of an ld=%zu matrix, pinned host; GB/s, median of 5\n", ld);
	printf("elem,T,run_bytes,tiles,h2d,d2h,both,h2d_contig,d2h_contig,both_contig%s\n",
	       load ? ",h2d_load,d2h_load,both_load" : "");
	for (size_t elem = 8; elem >= 4; elem /= 2)
		for (size_t i = 0; i < sizeof Ts / sizeof Ts[0]; i++) {
			size_t T = Ts[i], run = T * elem, pitch = ld * elem;
			int ntiles = (int)(ld / T);
			double bytes = (double)run * T * ntiles, g[9];
			/* c: 0 2D copies, 1 one contiguous copy, 2 2D copies beside the load */
			for (int c = 0; c < (load ? 3 : 2); c++) {
				int contig = c == 1, l = c == 2;
				g[3 * c + 0] = bytes / time_panel(&B, run, T, pitch, ntiles, 1, 0, contig, l) / 1e6;
				g[3 * c + 1] = bytes / time_panel(&B, run, T, pitch, ntiles, 0, 1, contig, l) / 1e6;
				g[3 * c + 2] = 2 * bytes / time_panel(&B, run, T, pitch, ntiles, 1, 1, contig, l) / 1e6;
			}
			printf("%zu,%zu,%zu,%d,%.1f,%.1f,%.1f,%.1f,%.1f,%.1f", elem, T, run, ntiles, g[0], g[1],
			       g[2], g[3], g[4], g[5]);
			if (load)
				printf(",%.1f,%.1f,%.1f", g[6], g[7], g[8]);
			printf("\n");
		}
	return 0;
}
