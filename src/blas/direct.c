/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * One cuBLAS call from the calling thread for a call whose operands all live on one GPU and whose
 * plan is one tile on that GPU: what a BLAS user expects of device-resident data. Through
 * StarPU the same product costs three registrations, a task, its worker's wake-up and three
 * unregistrations besides the kernel: on one H100, 0.11 ms on a 2.3 ms DGEMM of 4096^3 and
 * 0.15 ms on SGEMM's 2.8 ms, which put paralia at 95-96% of one cuBLAS call there
 * (bench/results/gemm-pages-2026-11-26i.md). With the operands the caller's own device memory
 * and no matrix kept (paralia_keep), StarPU has no copy to keep coherent, so nothing is lost.
 *
 * Each GPU gets paralia's own cuBLAS handle and non-blocking stream, made at its first direct
 * call; a mutex per GPU makes the calls on it one at a time (a handle is not for concurrent
 * use). The call waits for its stream, so it returns with C final, as every paralia call does.
 */
#ifndef PARALIA_PREC
#include "config.h"
#include "blas/tiled.h"
#include "core/core.h"
#ifdef PARALIA_USE_CUDA
#include "codelets/codelet.h" /* pl_cublas_trans */
#include <cublas_v2.h>
#include <cuda_runtime.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define DIRECT_MAX_GPUS 64

static struct direct_gpu {
	pthread_mutex_t lock;
	cublasHandle_t blas;
	cudaStream_t stream;
} gpus[DIRECT_MAX_GPUS];
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void direct_release(void)
{
	for (int d = 0; d < DIRECT_MAX_GPUS; d++) {
		pthread_mutex_lock(&gpus[d].lock);
		if (gpus[d].blas || gpus[d].stream) {
			int current;
			if (cudaGetDevice(&current) != cudaSuccess)
				current = -1;
			cudaSetDevice(d);
			if (gpus[d].blas)
				cublasDestroy(gpus[d].blas);
			if (gpus[d].stream)
				cudaStreamDestroy(gpus[d].stream);
			gpus[d].blas = NULL, gpus[d].stream = NULL;
			if (current >= 0)
				cudaSetDevice(current);
		}
		pthread_mutex_unlock(&gpus[d].lock);
	}
}

static void direct_init(void)
{
	for (int d = 0; d < DIRECT_MAX_GPUS; d++)
		pthread_mutex_init(&gpus[d].lock, NULL);
}

/* Locks GPU dev, makes it current and returns its handle (NULL, unlocked, the caller's device
 * current again, on failure: the call then goes through StarPU; *current: the caller's device,
 * to give back in direct_end). */
static cublasHandle_t direct_begin(const char *who, int dev, int *current)
{
	pthread_once(&once, direct_init);
	if (dev < 0 || dev >= DIRECT_MAX_GPUS)
		return NULL;
	struct direct_gpu *g = &gpus[dev];
	pthread_mutex_lock(&g->lock);
	if (cudaGetDevice(current) != cudaSuccess)
		*current = -1;
	cudaError_t e = cudaSetDevice(dev);
	if (e == cudaSuccess && !g->stream)
		e = cudaStreamCreateWithFlags(&g->stream, cudaStreamNonBlocking);
	cublasStatus_t s = CUBLAS_STATUS_SUCCESS;
	if (e == cudaSuccess && !g->blas) {
		/* released at paralia_shutdown, with StarPU idle */
		pl_on_shutdown(PL_SHUTDOWN_STATE, direct_release);
		if ((s = cublasCreate(&g->blas)) == CUBLAS_STATUS_SUCCESS &&
		    (s = cublasSetStream(g->blas, g->stream)) != CUBLAS_STATUS_SUCCESS) {
			cublasDestroy(g->blas); /* never a handle off the stream direct_end waits for */
			g->blas = NULL;
		}
		if (s != CUBLAS_STATUS_SUCCESS)
			g->blas = NULL;
	}
	if (e != cudaSuccess || s != CUBLAS_STATUS_SUCCESS) {
		fprintf(stderr, "paralia: %s: cannot set up cuBLAS on GPU %d (%s): through StarPU\n", who,
		        dev, e != cudaSuccess ? cudaGetErrorString(e) : "cublasCreate failed");
		cudaGetLastError();
		if (*current >= 0)
			cudaSetDevice(*current);
		pthread_mutex_unlock(&g->lock);
		return NULL;
	}
	return g->blas;
}

/* PARALIA_VERBOSE >= 1: each direct call says so (tests/gemm_direct.sh looks for it). */
static void direct_said(const char *who, int dev)
{
	if (pm_verbose_level() >= 1)
		fprintf(stderr, "paralia: %s: one cuBLAS call on GPU %d from the calling thread, outside "
		        "StarPU\n", who, dev);
}

/* Waits for the call on GPU dev, gives the caller its device back and unlocks the GPU. */
static int direct_end(const char *who, int dev, int current, cublasStatus_t s)
{
	cudaError_t e = cudaStreamSynchronize(gpus[dev].stream);
	if (current >= 0)
		cudaSetDevice(current);
	pthread_mutex_unlock(&gpus[dev].lock);
	if (s == CUBLAS_STATUS_SUCCESS && e == cudaSuccess)
		return 0;
	fprintf(stderr, "paralia: %s on GPU %d failed: %s\n", who, dev,
	        e != cudaSuccess ? cudaGetErrorString(e) : "cuBLAS returned an error");
	cudaGetLastError();
	return PARALIA_ERR_RUNTIME;
}
#endif /* PARALIA_USE_CUDA */

int pl_direct_device(const struct pl_call *call, const void *const ptrs[3], int m, int n, int k)
{
#ifdef PARALIA_USE_CUDA
	const struct paralia_plan *p = &call->plan->pub;
	int dev = p->ndevices == 1 ? p->devices[0] : PARALIA_HOST;
	if (dev == PARALIA_HOST || dev >= DIRECT_MAX_GPUS || call->force_lazy || p->wr_lazy ||
	    p->panels || p->c_late || call->nb < m || call->nb < n || call->nb < k)
		return -1; /* not one tile on one GPU */
	/* With a matrix kept, StarPU may hold the valid copy of an operand's elements elsewhere
	 * (the operand kept, or sharing elements with a kept one: pl_kept_attach checks both on
	 * StarPU's path). */
	if (pl_kept_any())
		return -1;
	for (int i = 0; i < 3; i++)
		if (ptrs[i] && paralia_locate(ptrs[i]) != dev)
			return -1;
	return dev;
#else
	(void)call, (void)ptrs, (void)m, (void)n, (void)k;
	return -1;
#endif
}

#define PARALIA_SELF "blas/direct.c"
#include "common/instantiate.h"
#else

int LOCAL(pl_gemm_direct)(int dev, char tA, char tB, int m, int n, int k, real_t alpha,
                          const real_t *A, int lda, const real_t *B, int ldb, real_t beta, real_t *C,
                          int ldc)
{
#ifdef PARALIA_USE_CUDA
	const char *who = NAME_STR(gemm);
	int current;
	cublasHandle_t h = direct_begin(who, dev, &current);
	if (!h)
		return PL_DIRECT_UNAVAILABLE;
	/* One call: C in column panels of 4096 (cuBLASXt-like) ran FP32's odd shapes 2-6% faster
	 * on one H100 and its square ones 4-5% slower on another (calls 8-9 of
	 * bench/results/gemm-pages-2026-11-26i.md): not kept. */
	cublasStatus_t s = CUBLAS(gemm)(h, pl_cublas_trans(tA), pl_cublas_trans(tB), m, n, k, &alpha,
	                                A, lda, B, ldb, &beta, C, ldc);
	direct_said(who, dev);
	return direct_end(who, dev, current, s);
#else
	(void)dev, (void)tA, (void)tB, (void)m, (void)n, (void)k, (void)alpha, (void)A, (void)lda;
	(void)B, (void)ldb, (void)beta, (void)C, (void)ldc;
	return PL_DIRECT_UNAVAILABLE;
#endif
}
#endif
