/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The kernel table's "xfer" rates: how fast T x T tiles cross the host link while the GPU
 * computes, the copy rate the autotuner's model uses for host-resident operands (issue 14).
 *
 * A routine's copies run beside its kernels, and there they are slower than the link, by an
 * amount that depends on the tile: on an H200 (bench/results/gemm-timeline-2026-11-26.md),
 * 2D copies of 16 KB columns (FP64 tiles of 2048) move 48 GB/s alone but 33 while DGEMMs run,
 * 32 KB columns 47 and 64 KB 55; the CUPTI timelines of real calls show the same rates in
 * StarPU's requests (33-35 GB/s at tile 2048, 48-49 at 4096). Timing StarPU's requests against a
 * queue of load tasks did not reproduce them (prefetches behind hundreds of queued tasks read
 * 31 GB/s at tile 4096, light loads 69 at 2048), so the copies are timed here as the copy engine
 * does them: cudaMemcpy2DAsync of tiles of a pinned matrix (leading dimension 4T, as sub-blocks
 * of a larger matrix travel) on a stream per direction, as StarPU's CUDA driver issues them, while
 * a chain of T x T x T cuBLAS products of the same precision keeps the GPU busy on a third stream
 * for the whole round. Median of three rounds, after one that warms everything up.
 */
#include "config.h"
#include "perfmodel/perfmodel.h"
#include <stdio.h>

#if defined(PARALIA_USE_CUDA) && !defined(PARALIA_SIMULATION)
#include <cublas_v2.h>
#include <cuda_runtime.h>
#include <stdlib.h>

struct xfer_rig {
	int T, dbl, nt;          /* tile, precision, tiles per round */
	size_t elem, tb, pitch;  /* element and tile bytes, host pitch */
	char *host[2], *dev[2];  /* [0] goes to the GPU, [1] comes back */
	void *load[3];           /* the load's operands on the GPU */
	cudaStream_t s[3];       /* to the GPU, back, the load */
	cudaEvent_t a, b, done;
	cublasHandle_t blas;
	int nload;               /* products per round: they outlast its copies */
};

static void rig_free(struct xfer_rig *r)
{
	for (int i = 0; i < 2; i++) {
		cudaFreeHost(r->host[i]);
		cudaFree(r->dev[i]);
	}
	for (int i = 0; i < 3; i++) {
		cudaFree(r->load[i]);
		if (r->s[i])
			cudaStreamDestroy(r->s[i]);
	}
	if (r->blas)
		cublasDestroy(r->blas);
	if (r->a)
		cudaEventDestroy(r->a);
	if (r->b)
		cudaEventDestroy(r->b);
	if (r->done)
		cudaEventDestroy(r->done);
}

static int rig_init(struct xfer_rig *r)
{
	size_t panel = r->tb * r->nt, lb = (size_t)r->T * r->T * r->elem;
	for (int i = 0; i < 2; i++)
		if (cudaHostAlloc((void **)&r->host[i], panel, cudaHostAllocPortable) != cudaSuccess ||
		    cudaMalloc((void **)&r->dev[i], panel) != cudaSuccess || cudaMemset(r->dev[i], 0, panel))
			return -1;
	for (int i = 0; i < 3; i++)
		if (cudaMalloc(&r->load[i], lb) != cudaSuccess || cudaMemset(r->load[i], 0, lb) ||
		    cudaStreamCreateWithFlags(&r->s[i], cudaStreamNonBlocking) != cudaSuccess)
			return -1;
	if (cudaEventCreate(&r->a) || cudaEventCreate(&r->b) || cudaEventCreate(&r->done) ||
	    cublasCreate(&r->blas) != CUBLAS_STATUS_SUCCESS ||
	    cublasSetStream(r->blas, r->s[2]) != CUBLAS_STATUS_SUCCESS)
		return -1;
	for (size_t i = 0; i < panel; i += 4096)
		r->host[0][i] = (char)i, r->host[1][i] = 0;
	return 0;
}

static void submit_load(struct xfer_rig *r, int n)
{
	int T = r->T;
	for (int i = 0; i < n; i++) {
		if (r->dbl) {
			const double one = 1.0, zero = 0.0;
			cublasDgemm(r->blas, CUBLAS_OP_N, CUBLAS_OP_N, T, T, T, &one, r->load[0], T,
			            r->load[1], T, &zero, r->load[2], T);
		} else {
			const float one = 1.0f, zero = 0.0f;
			cublasSgemm(r->blas, CUBLAS_OP_N, CUBLAS_OP_N, T, T, T, &one, r->load[0], T,
			            r->load[1], T, &zero, r->load[2], T);
		}
	}
}

/* How many products outlast a round, even if its copies crawl at 15 GB/s both ways (slower than
 * any measured: a load that ended early would let the last copies run alone). */
static int size_load(struct xfer_rig *r)
{
	float ms = 0;
	submit_load(r, 1); /* cuBLAS's first call on this size, untimed */
	if (cudaEventRecord(r->a, r->s[2]) != cudaSuccess)
		return -1;
	submit_load(r, 3);
	if (cudaEventRecord(r->b, r->s[2]) != cudaSuccess || cudaEventSynchronize(r->b) != cudaSuccess ||
	    cudaEventElapsedTime(&ms, r->a, r->b) != cudaSuccess)
		return -1;
	double each_ms = ms / 3, round_ms = 2.0 * (double)r->tb * r->nt / 15e9 * 1e3;
	double n = each_ms > 0 ? round_ms / each_ms + 2 : 64;
	r->nload = n > 4096 ? 4096 : (int)n;
	return 0;
}

/* GB/s of one round in direction dir (0 to the GPU, 1 back, 2 both: bytes of both counted);
 * 0 on a CUDA error. */
static double xfer_round(struct xfer_rig *r, int dir)
{
	size_t run = (size_t)r->T * r->elem;
	float ms = 0;
	if (cudaDeviceSynchronize() != cudaSuccess)
		return 0;
	submit_load(r, r->nload);
	cudaEventRecord(r->a, r->s[0]);
	cudaStreamWaitEvent(r->s[1], r->a, 0);
	for (int i = 0; i < r->nt; i++) { /* tile i: rows (i % 4) T, columns (i / 4) T */
		size_t at = (size_t)(i % 4) * run + (size_t)(i / 4) * r->T * r->pitch;
		if (dir != 1)
			cudaMemcpy2DAsync(r->dev[0] + i * r->tb, run, r->host[0] + at, r->pitch, run,
			                  (size_t)r->T, cudaMemcpyHostToDevice, r->s[0]);
		if (dir != 0)
			cudaMemcpy2DAsync(r->host[1] + at, r->pitch, r->dev[1] + i * r->tb, run, run,
			                  (size_t)r->T, cudaMemcpyDeviceToHost, r->s[1]);
	}
	cudaEventRecord(r->done, r->s[1]);
	cudaStreamWaitEvent(r->s[0], r->done, 0);
	cudaEventRecord(r->b, r->s[0]);
	if (cudaEventSynchronize(r->b) != cudaSuccess || cudaEventElapsedTime(&ms, r->a, r->b) != cudaSuccess ||
	    ms <= 0)
		return 0;
	return (double)r->tb * r->nt * (dir == 2 ? 2 : 1) / (ms * 1e6);
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

int pm_time_xfer(int cuda_dev, int dbl, int T, double g[3])
{
	struct xfer_rig r = { .T = T, .dbl = dbl, .elem = dbl ? sizeof(double) : sizeof(float) };
	r.tb = (size_t)T * T * r.elem;
	r.nt = (int)((256u << 20) / r.tb);
	r.nt = r.nt < 4 ? 4 : r.nt > 64 ? 64 : r.nt - r.nt % 4;
	r.pitch = 4 * (size_t)T * r.elem;
	int dev0 = 0, ret = -1;
	cudaGetDevice(&dev0);
	if (cudaSetDevice(cuda_dev) != cudaSuccess)
		return -1;
	if (rig_init(&r) == 0 && size_load(&r) == 0 && xfer_round(&r, 2) > 0) {
		ret = 0;
		for (int dir = 0; dir < 3 && !ret; dir++) {
			double x[3];
			for (int k = 0; k < 3; k++)
				x[k] = xfer_round(&r, dir);
			qsort(x, 3, sizeof *x, cmp_double);
			g[dir] = x[1];
			ret = x[0] > 0 ? 0 : -1;
		}
	}
	cudaDeviceSynchronize();
	rig_free(&r);
	cudaGetLastError(); /* a failed allocation must not stay as the thread's sticky error */
	cudaSetDevice(dev0);
	return ret;
}
#else
int pm_time_xfer(int cuda_dev, int dbl, int T, double g[3])
{
	(void)cuda_dev, (void)dbl, (void)T, (void)g;
	return -1; /* no GPU copies to time */
}
#endif
