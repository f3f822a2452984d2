/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The kernel table's "xfer" lines: how fast the copy engine moves T x T tiles between pinned host
 * memory and a GPU while that GPU computes, per precision, tile size and host pitch (the leading
 * dimension, in bytes, of the matrix a tile is cut from). StarPU copies a host tile with one
 * cudaMemcpy2DAsync, a run of T elements per column, so that is what is timed here: runs of the
 * tile's column length at the pitch, beside a chain of cuBLAS GEMMs on another stream.
 *
 * Why the pitch (one H200, bench/results/gemm-dataset-2026-11-26b.md): beside DGEMMs, columns of
 * 16 KB cross at 55 GB/s from a pitch of 32 KB and at 32 from 64 KB and beyond; runs of 24-48 KB
 * at 45-50 from large pitches; 64 KB runs at 55 from any. A model that reads each operand's pitch
 * predicted 44 of 45 host-resident sweep cells within 15%, against 38 of 45 at one pitch (4T).
 * Why not StarPU's own prefetches, timed (the previous calibration): their rate followed StarPU's
 * request cadence beside the load (34.4 GB/s for FP64 tiles of 2048 from any pitch, a tile's own
 * contiguous column included), not the copies.
 */
#include "config.h"
#include "perfmodel/perfmodel.h"
#include "core/core.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef PARALIA_USE_CUDA
#include <cublas_v2.h>
#include <cuda_runtime.h>

/* Host pitches (bytes) measured besides each tile's own column (ld = T): matrices have any
 * leading dimension; pm_xfer_gbs interpolates between these and clamps beyond them. Every octave
 * from 32 to 256 KB: the rate can fall anywhere in one (FP64 tiles of 6144, one H200: 55 GB/s to
 * the GPU from 64 KB, 47 from 256 KB), so a gap of two octaves read a 16384^2 matrix's 128 KB as
 * halfway and the model took 6144 for the best tile with A or B on the host, which ran 1.07x the
 * best (bench/results/gemm-submit-2026-11-26e.md). */
static const double pitches[] = { 32768, 65536, 131072, 262144 };
#define NPITCH (int)(sizeof pitches / sizeof pitches[0])
#define LOAD_N 4096 /* the load: DGEMMs of this order, ~2.3 ms each on an H200 */
#define BYTES_PER_ROUND (256.0 * (1 << 20))

struct xfer_bench {
	char *h_in, *h_out, *d_in, *d_out; /* host tiles cut at the pitch; device tiles packed */
	size_t host_bytes, dev_bytes;      /* their sizes (grown as the tiles grow) */
	cudaStream_t s[3];                 /* to the GPU, back, the load */
	cudaEvent_t a, b, done;
	cublasHandle_t blas;
	double *ka, *kc;                   /* the load's operands */
};

static int ok(cudaError_t e, const char *what)
{
	if (e == cudaSuccess)
		return 1;
	fprintf(stderr, "paralia: paralia_calibrate_kernels: %s: %s\n", what, cudaGetErrorString(e));
	cudaGetLastError();
	return 0;
}

/* Enough DGEMMs on the load stream to outlast copies of `bytes` at 20 GB/s. */
static void start_load(struct xfer_bench *B, double bytes)
{
	const double one = 1.0;
	int n = (int)(bytes / 20e9 / 2e-3) + 2;
	for (int i = 0; i < n; i++)
		cublasDgemm(B->blas, CUBLAS_OP_N, CUBLAS_OP_N, LOAD_N, LOAD_N, LOAD_N, &one, B->ka, LOAD_N,
		            B->ka, LOAD_N, &one, B->kc, LOAD_N);
}

/* Milliseconds for nt tiles of `rows` columns of `run` bytes (host pitch `pitch`) in the asked
 * directions, beside the load; median of three after one untimed round. -1 on a CUDA error. */
static double time_tiles(struct xfer_bench *B, size_t run, size_t rows, size_t pitch, int per,
                         int nt, int h2d, int d2h)
{
	float t[3];
	size_t tile = run * rows;
	for (int r = 0; r < 4; r++) {
		if (!ok(cudaDeviceSynchronize(), "synchronize"))
			return -1;
		start_load(B, (double)tile * nt * (h2d + d2h));
		cudaEventRecord(B->a, B->s[0]);
		cudaStreamWaitEvent(B->s[1], B->a, 0);
		cudaError_t e = cudaSuccess;
		for (int i = 0; i < nt && e == cudaSuccess; i++) {
			/* tile i: rows (i % per) T, columns (i / per) T of the host matrix */
			size_t at = (size_t)(i % per) * run + (size_t)(i / per) * rows * pitch;
			if (h2d)
				e = cudaMemcpy2DAsync(B->d_in + i * tile, run, B->h_in + at, pitch, run, rows,
				                      cudaMemcpyHostToDevice, B->s[0]);
			if (d2h && e == cudaSuccess)
				e = cudaMemcpy2DAsync(B->h_out + at, pitch, B->d_out + i * tile, run, run, rows,
				                      cudaMemcpyDeviceToHost, B->s[1]);
		}
		if (!ok(e, "2D copy")) {
			cudaDeviceSynchronize();
			return -1;
		}
		cudaEventRecord(B->done, B->s[1]);
		cudaStreamWaitEvent(B->s[0], B->done, 0);
		cudaEventRecord(B->b, B->s[0]);
		if (!ok(cudaEventSynchronize(B->b), "2D copies"))
			return -1;
		if (r > 0 && !ok(cudaEventElapsedTime(&t[r - 1], B->a, B->b), "copy timing"))
			return -1;
	}
	float lo = t[0] < t[1] ? t[0] : t[1], hi = t[0] < t[1] ? t[1] : t[0];
	return t[2] < lo ? lo : t[2] > hi ? hi : t[2];
}

/* Tiles per round: about BYTES_PER_ROUND, 4 to 64. */
static int tiles_per_round(size_t tile_bytes)
{
	int nt = (int)(BYTES_PER_ROUND / (double)tile_bytes);
	return nt < 4 ? 4 : nt > 64 ? 64 : nt;
}

/* The host and device bytes a (T, pitch) measurement needs. */
static void bytes_for(size_t elem, int T, size_t ld, size_t *host, size_t *dev)
{
	size_t tb = (size_t)T * T * elem;
	int nt = tiles_per_round(tb);
	size_t per = ld / (size_t)T, cols = ((size_t)nt + per - 1) / per;
	*host = ld * elem * (size_t)T * cols;
	*dev = tb * (size_t)nt;
}

static void buffers_free(struct xfer_bench *B)
{
	cudaFreeHost(B->h_in);
	cudaFreeHost(B->h_out);
	cudaFree(B->d_in);
	cudaFree(B->d_out);
	B->h_in = B->h_out = B->d_in = B->d_out = NULL;
	B->host_bytes = B->dev_bytes = 0;
	cudaGetLastError();
}

/* Host and device tiles of at least these sizes: 0, or -1 (none then: the caller skips). */
static int buffers_ensure(struct xfer_bench *B, size_t host, size_t dev)
{
	if (host <= B->host_bytes && dev <= B->dev_bytes)
		return 0;
	buffers_free(B);
	if (cudaHostAlloc((void **)&B->h_in, host, cudaHostAllocPortable) != cudaSuccess ||
	    cudaHostAlloc((void **)&B->h_out, host, cudaHostAllocPortable) != cudaSuccess ||
	    cudaMalloc((void **)&B->d_in, dev) != cudaSuccess || cudaMalloc((void **)&B->d_out, dev) != cudaSuccess ||
	    cudaMemset(B->d_out, 1, dev) != cudaSuccess) {
		buffers_free(B);
		return -1;
	}
	memset(B->h_in, 1, host);
	memset(B->h_out, 0, host);
	B->host_bytes = host;
	B->dev_bytes = dev;
	return 0;
}

static void bench_free(struct xfer_bench *B)
{
	buffers_free(B);
	if (B->blas)
		cublasDestroy(B->blas);
	cudaFree(B->ka);
	cudaFree(B->kc);
	for (int i = 0; i < 3; i++)
		if (B->s[i])
			cudaStreamDestroy(B->s[i]);
	if (B->a)
		cudaEventDestroy(B->a);
	if (B->b)
		cudaEventDestroy(B->b);
	if (B->done)
		cudaEventDestroy(B->done);
	cudaGetLastError();
}

/* The load (cuBLAS on its stream, its operands), the streams and events; the tiles come later. */
static int bench_init(struct xfer_bench *B)
{
	size_t kb = (size_t)LOAD_N * LOAD_N * sizeof(double);
	if (!ok(cudaMalloc((void **)&B->ka, kb), "GPU memory") || !ok(cudaMalloc((void **)&B->kc, kb), "GPU memory") ||
	    !ok(cudaMemset(B->ka, 0, kb), "memset") || !ok(cudaMemset(B->kc, 0, kb), "memset"))
		return -1;
	for (int i = 0; i < 3; i++)
		if (!ok(cudaStreamCreateWithFlags(&B->s[i], cudaStreamNonBlocking), "stream"))
			return -1;
	if (!ok(cudaEventCreate(&B->a), "event") || !ok(cudaEventCreate(&B->b), "event") ||
	    !ok(cudaEventCreate(&B->done), "event"))
		return -1;
	if (cublasCreate(&B->blas) != CUBLAS_STATUS_SUCCESS ||
	    cublasSetStream(B->blas, B->s[2]) != CUBLAS_STATUS_SUCCESS) {
		fprintf(stderr, "paralia: paralia_calibrate_kernels: cuBLAS could not start\n");
		return -1;
	}
	return 0;
}

/* The pitches measured for tile T of elem-byte elements: its own column, then the table's
 * larger than it. Returns how many (ld[] in elements). */
static int pitches_of(size_t elem, int T, size_t ld[NPITCH + 1])
{
	int n = 0;
	ld[n++] = (size_t)T;
	for (int j = 0; j < NPITCH; j++)
		if (pitches[j] > (double)T * (double)elem)
			ld[n++] = (size_t)(pitches[j] / (double)elem);
	return n;
}

int pm_calibrate_xfer(FILE *f, int worker)
{
	const int *T;
	int nc = pm_tile_candidates(&T), dev = starpu_worker_get_devid(worker), old = -1, lines = 0;
	cudaGetDevice(&old);
	struct xfer_bench B;
	memset(&B, 0, sizeof B);
	if (!ok(cudaSetDevice(dev), "select the GPU") || bench_init(&B) != 0) {
		bench_free(&B);
		if (old >= 0)
			cudaSetDevice(old);
		return 0;
	}
	fprintf(f, "# xfer prec tile pitch-bytes GB/s-host-to-gpu GB/s-gpu-to-host GB/s-both: 2D copies\n"
	        "# of T x T tiles cut from a pinned host matrix with that leading dimension, beside\n"
	        "# cuBLAS DGEMMs on the GPU (the copy engine's rate while the GPU computes)\n");
	for (int p = 1; p >= 0; p--)
		for (int i = 0; i < nc; i++) {
			if (T[i] < 1024)
				continue; /* below, per-copy costs dominate: pm_xfer_gbs scales the 1024 rate */
			size_t ld[NPITCH + 1], elem = p ? 8 : 4, run = (size_t)T[i] * elem, host = 0, devb = 0;
			int np = pitches_of(elem, T[i], ld), nt = tiles_per_round(run * (size_t)T[i]);
			for (int j = 0; j < np; j++) {
				size_t h, d;
				bytes_for(elem, T[i], ld[j], &h, &d);
				host = h > host ? h : host;
				devb = d > devb ? d : devb;
			}
			if (buffers_ensure(&B, host, devb) != 0) {
				fprintf(stderr, "paralia: paralia_calibrate_kernels: no room for %c tile %d's copies "
				        "(%zu MB pinned twice, %zu MB on the GPU twice): its xfer lines are left out\n",
				        p ? 'd' : 's', T[i], host >> 20, devb >> 20);
				continue;
			}
			for (int j = 0; j < np; j++) {
				double ms[3], bytes = (double)run * T[i] * nt;
				int per = (int)(ld[j] / (size_t)T[i]);
				for (int dir = 0; dir < 3; dir++)
					ms[dir] = time_tiles(&B, run, (size_t)T[i], ld[j] * elem, per, nt, dir != 1, dir != 0);
				if (!(ms[0] > 0 && ms[1] > 0 && ms[2] > 0))
					continue; /* a CUDA error, said by time_tiles */
				double g[3] = { bytes / ms[0] / 1e6, bytes / ms[1] / 1e6, 2 * bytes / ms[2] / 1e6 };
				fprintf(stderr, "paralia: paralia_calibrate_kernels: %c tile %d, pitch %zu bytes: %.1f "
				        "GB/s to the GPU, %.1f back, %.1f both ways\n", p ? 'd' : 's', T[i], ld[j] * elem,
				        g[0], g[1], g[2]);
				fprintf(f, "xfer %c %d %zu %.2f %.2f %.2f\n", p ? 'd' : 's', T[i], ld[j] * elem, g[0],
				        g[1], g[2]);
				lines++;
			}
		}
	bench_free(&B);
	if (old >= 0)
		cudaSetDevice(old);
	return lines;
}
#else
int pm_calibrate_xfer(FILE *f, int worker)
{
	(void)f;
	(void)worker;
	return 0;
}
#endif
