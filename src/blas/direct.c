/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * One cuBLAS call from the calling thread for a call whose operands all live on one GPU and whose
 * plan is that GPU (its tile autotuned, or covering the product): what a BLAS user expects of
 * device-resident data. Through
 * StarPU the same product costs three registrations, a task, its worker's wake-up and three
 * unregistrations besides the kernel: on one H100, 0.11 ms on a 2.3 ms DGEMM of 4096^3 and
 * 0.15 ms on SGEMM's 2.8 ms, which put paralia at 95-96% of one cuBLAS call there
 * (bench/results/gemm-pages-2026-11-26i.md). With the operands the caller's own device memory
 * and no matrix kept (paralia_keep), StarPU has no copy to keep coherent, so nothing is lost.
 *
 * Where C in blocks over two streams was measured faster for the shape (direct_way.c), the call
 * makes one cuBLAS call per block instead, alternating between the streams; the blocks are the
 * plan's tiles where the model found tiles faster than one tile. Where B's leading dimension is
 * not a multiple of PM_LD_ALIGN bytes, the blocks read a copy of B whose is (aligned_b_copy).
 *
 * Each GPU gets paralia's own two cuBLAS handles, each on its own non-blocking stream (a handle's
 * workspace is not for two streams at once), made at its first direct call; a mutex per GPU makes
 * the calls on it one at a time (a handle is not for concurrent use). Its streams wait on the GPU
 * for what the caller queued on the default streams before the call (direct_after_caller), and
 * the call waits for its streams, so it returns with C final, as every paralia call does.
 */
#ifndef PARALIA_PREC
#include "config.h"
#include "blas/tiled.h"
#include "core/core.h"
#ifdef PARALIA_USE_CUDA
#include "codelets/codelet.h" /* pl_cublas_trans */
#include <cublas_v2.h>
#include <cuda_runtime.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define DIRECT_MAX_GPUS 64
#define DIRECT_STREAMS 2 /* the blocks' streams; the first also carries one-call products */

static struct direct_gpu {
	pthread_mutex_t lock;
	cublasHandle_t blas[DIRECT_STREAMS];
	cudaStream_t stream[DIRECT_STREAMS];
	cudaEvent_t caller[2]; /* the caller's queued work: on the legacy, the per-thread stream */
	int ready;             /* every handle made, each on its stream, and the events */
} gpus[DIRECT_MAX_GPUS];
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void direct_release(void)
{
	for (int d = 0; d < DIRECT_MAX_GPUS; d++) {
		struct direct_gpu *g = &gpus[d];
		pthread_mutex_lock(&g->lock);
		int made = 0;
		for (int i = 0; i < DIRECT_STREAMS; i++)
			made |= g->blas[i] || g->stream[i];
		made |= g->caller[0] || g->caller[1];
		if (made) {
			int current;
			if (cudaGetDevice(&current) != cudaSuccess)
				current = -1;
			cudaSetDevice(d);
			for (int i = 0; i < DIRECT_STREAMS; i++) {
				if (g->blas[i])
					cublasDestroy(g->blas[i]);
				if (g->stream[i])
					cudaStreamDestroy(g->stream[i]);
				g->blas[i] = NULL, g->stream[i] = NULL;
			}
			for (int c = 0; c < 2; c++) {
				if (g->caller[c])
					cudaEventDestroy(g->caller[c]);
				g->caller[c] = NULL;
			}
			if (current >= 0)
				cudaSetDevice(current);
		}
		g->ready = 0;
		pthread_mutex_unlock(&g->lock);
	}
}

static void direct_init(void)
{
	for (int d = 0; d < DIRECT_MAX_GPUS; d++)
		pthread_mutex_init(&gpus[d].lock, NULL);
}

/* Makes handle i of GPU g (current) on its stream, as far as it is not made yet. */
static cudaError_t make_handle(struct direct_gpu *g, int i, cublasStatus_t *s)
{
	cudaError_t e = cudaSuccess;
	if (!g->stream[i])
		e = cudaStreamCreateWithFlags(&g->stream[i], cudaStreamNonBlocking);
	if (e == cudaSuccess && !g->blas[i]) {
		/* released at paralia_shutdown, with StarPU idle */
		pl_on_shutdown(PL_SHUTDOWN_STATE, direct_release);
		if ((*s = cublasCreate(&g->blas[i])) == CUBLAS_STATUS_SUCCESS &&
		    (*s = cublasSetStream(g->blas[i], g->stream[i])) != CUBLAS_STATUS_SUCCESS)
			cublasDestroy(g->blas[i]); /* never a handle off the stream direct_end waits for */
		if (*s != CUBLAS_STATUS_SUCCESS)
			g->blas[i] = NULL;
	}
	return e;
}

/* Locks GPU dev, makes it current and returns it (NULL, unlocked, the caller's device current
 * again, on failure: the call then goes through StarPU; *current: the caller's device, to give
 * back in direct_end). */
static struct direct_gpu *direct_begin(const char *who, int dev, int *current)
{
	pthread_once(&once, direct_init);
	if (dev < 0 || dev >= DIRECT_MAX_GPUS)
		return NULL;
	struct direct_gpu *g = &gpus[dev];
	pthread_mutex_lock(&g->lock);
	if (cudaGetDevice(current) != cudaSuccess)
		*current = -1;
	cudaError_t e = cudaSetDevice(dev);
	cublasStatus_t s = CUBLAS_STATUS_SUCCESS;
	for (int i = 0; i < DIRECT_STREAMS && !g->ready && e == cudaSuccess && s == CUBLAS_STATUS_SUCCESS; i++)
		e = make_handle(g, i, &s);
	for (int c = 0; c < 2 && !g->ready && e == cudaSuccess && s == CUBLAS_STATUS_SUCCESS; c++)
		if (!g->caller[c]) /* released with the handles (direct_release) */
			e = cudaEventCreateWithFlags(&g->caller[c], cudaEventDisableTiming);
	if (e != cudaSuccess || s != CUBLAS_STATUS_SUCCESS) {
		fprintf(stderr, "paralia: %s: cannot set up cuBLAS on GPU %d (%s): through StarPU\n", who,
		        dev, e != cudaSuccess ? cudaGetErrorString(e) : "cublasCreate failed");
		cudaGetLastError();
		if (*current >= 0)
			cudaSetDevice(*current);
		pthread_mutex_unlock(&g->lock);
		return NULL;
	}
	g->ready = 1;
	return g;
}

/* PARALIA_VERBOSE >= 1: each direct call says so, and how (tests/gemm_direct.sh looks for it);
 * ldb_copy: the leading dimension of the copy of B the blocks read (0: none). */
static void direct_said(const char *who, int dev, int way, int m, int n, int nb, int ldb_copy)
{
	if (pm_verbose_level() < 1)
		return;
	if (way == PL_WAY_BLOCKS)
		fprintf(stderr, "paralia: %s: on GPU %d from the calling thread, outside StarPU: C in %ld "
		        "blocks of %d over two streams%s%.0d\n", who, dev,
		        (long)pl_tile_count(m, nb) * pl_tile_count(n, nb), nb,
		        ldb_copy ? ", B copied to a leading dimension of " : "", ldb_copy);
	else
		fprintf(stderr, "paralia: %s: on GPU %d from the calling thread, outside StarPU: one cuBLAS "
		        "call\n", who, dev);
}

/* The call's first n streams on GPU g wait, on the GPU, for the work the calling thread queued on
 * g's default streams before the call and has not finished (the legacy one, whose pending work
 * also waits for the blocking streams' earlier work, and its per-thread one): what a cuBLAS call
 * on the default stream would see, as pl_order_after_caller gives StarPU's tasks (core/locate.c
 * says why), without the host's waiting for that work. Only a stream with work left gets an
 * event (cudaStreamQuery): an event recorded on the legacy stream is itself legacy-stream work,
 * which every blocking stream's later work then waits behind, other threads' too (on one H200 a
 * memset another thread queued 2 ms after such a record waited 8.8 ms; after the host's
 * synchronizing, 0.01-0.19), so an idle legacy stream is left alone. The per-thread stream is a
 * blocking stream, which the legacy stream's pending work already covers; it is asked on its own
 * all the same, as the host's synchronizing did. On one H200 (bench/results/gemm-2026-11-27a2.md,
 * section 1) asking both took 2.8-3.7 us of the host's time, the two synchronizations 3.0-4.0,
 * events recorded on both and waited for 1.0-2.1; the path's cost beside its cuBLAS call came out
 * the same with the questions as with the events alone (4.8-5.9 us at 256^3-1024^3 against
 * 4.7-5.6, per process); on average over three processes 4.2-5.8 against the old path's 6.0-7.0,
 * while one process differs from the next by about as much. Earlier work that failed says so
 * here (the question's answer), or in direct_wait. */
static cudaError_t direct_after_caller(struct direct_gpu *g, int n)
{
	const cudaStream_t queued[2] = { cudaStreamLegacy, cudaStreamPerThread };
	cudaError_t e = cudaSuccess;
	for (int c = 0; c < 2 && e == cudaSuccess; c++) {
		e = cudaStreamQuery(queued[c]);
		if (e != cudaErrorNotReady)
			continue; /* done (cudaSuccess), or what went wrong */
		e = cudaEventRecord(g->caller[c], queued[c]);
		for (int i = 0; i < n && e == cudaSuccess; i++)
			e = cudaStreamWaitEvent(g->stream[i], g->caller[c], 0);
	}
	return e;
}

/* Waits for the call's first n streams on GPU g (the others had nothing of it); what went wrong,
 * if anything. */
static cudaError_t direct_wait(struct direct_gpu *g, int n)
{
	cudaError_t e = cudaSuccess;
	for (int i = n - 1; i >= 0; i--) {
		cudaError_t ei = cudaStreamSynchronize(g->stream[i]);
		if (e == cudaSuccess)
			e = ei;
	}
	return e;
}

/* Gives the caller its device back and unlocks GPU dev; the call's outcome. */
static int direct_end(const char *who, int dev, int current, cublasStatus_t s, cudaError_t e)
{
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

int pl_direct_device(const struct pl_call *call, int m, int n, int k, int *block)
{
#ifdef PARALIA_USE_CUDA
	const struct paralia_plan *p = &call->plan->pub;
	int dev = p->ndevices == 1 ? p->devices[0] : PARALIA_HOST;
	int one_tile = call->nb >= m && call->nb >= n && call->nb >= k;
	if (dev == PARALIA_HOST || dev >= DIRECT_MAX_GPUS || call->force_lazy || p->wr_lazy ||
	    p->panels || p->c_late || p->tile_depth > p->tile || (!one_tile && p->tile_fixed))
		return -1; /* not on one GPU, or tiles asked for (PARALIA_TILE, PARALIA_DEEP=all:
		            * StarPU's path) */
	/* With a matrix kept, StarPU may hold the valid copy of an operand's elements elsewhere
	 * (the operand kept, or sharing elements with a kept one: pl_kept_attach checks both on
	 * StarPU's path). */
	if (pl_kept_any())
		return -1;
	for (int i = 0; i < 3; i++) /* (an unused operand counts as the host's: none in a product) */
		if (call->dev[i] != dev)
			return -1;
	/* Where the model found tiles faster than one tile, they are the blocks the direct path
	 * measures against one call: its tiles differ from the whole product by kernel rates that
	 * the table tells apart by less than its own spread (one H200: 62.2 TFLOP/s at 6144, 60.3 at
	 * 8192), and through StarPU they cost a task each besides (FP64 8192^3 in tiles of 6144:
	 * 19.9 ms, one cuBLAS call 19.1; bench/results/gemm-final-2026-11-26n.md, call 9). */
	*block = pl_direct_block_for(one_tile ? 0 : call->nb);
	return dev;
#else
	(void)call, (void)m, (void)n, (void)k, (void)block;
	return -1;
#endif
}

#define PARALIA_SELF "blas/direct.c"
#include "common/instantiate.h"
#else

#ifdef PARALIA_USE_CUDA
/* C in blocks of nb x nb, each over the whole k, one cuBLAS call each, column by column of blocks,
 * alternating between GPU g's streams (cuBLASXt's way; direct_way.c says when). */
static cublasStatus_t LOCAL(gemm_blocks)(struct direct_gpu *g, int nb, char tA, char tB, int m, int n,
                                         int k, real_t alpha, const real_t *A, int lda,
                                         const real_t *B, int ldb, real_t beta, real_t *C, int ldc)
{
	cublasStatus_t s = CUBLAS_STATUS_SUCCESS;
	int q = 0, rows, cols; /* j + cols <= n, i + rows <= m: no overflow near INT_MAX */
	for (int j = 0; j < n && s == CUBLAS_STATUS_SUCCESS; j += cols) {
		cols = n - j < nb ? n - j : nb;
		for (int i = 0; i < m && s == CUBLAS_STATUS_SUCCESS; i += rows, q = (q + 1) % DIRECT_STREAMS) {
			rows = m - i < nb ? m - i : nb;
			/* rows i.. of op(A), columns j.. of op(B) */
			const real_t *a = tA == 'N' ? A + i : A + (size_t)i * lda;
			const real_t *b = tB == 'N' ? B + (size_t)j * ldb : B + j;
			s = CUBLAS(gemm)(g->blas[q], pl_cublas_trans(tA), pl_cublas_trans(tB),
			                 rows, cols, k, &alpha, a, lda, b, ldb, &beta, C + i + (size_t)j * ldc, ldc);
		}
	}
	return s;
}

/* The blocks read B at a leading dimension of a multiple of PM_LD_ALIGN bytes where B's own is
 * not (and PARALIA_CUT_B is not none; "all": always): cuBLAS reads such a B slower, each block
 * as the whole product (one H200, FP32 6144^3 6% with B's leading dimension 27000 or 14500 and
 * 2048^3 3-8%: bench/results/gemm-2026-11-27x.md, sections 1c and 1d), and a copy through the
 * GPU's memory costs about 0.3 ms per GB of B. B copied on stream 0, which the host waits for, so
 * that both streams read the copy; freed on stream 0 once the blocks are done (the caller). NULL
 * (B read as it is) when none is asked for or there is no room for it; *e: a failed copy. */
static real_t *LOCAL(aligned_b_copy)(struct direct_gpu *g, char tB, int n, int k, const real_t *B,
                                     int ldb, int *ldp, cudaError_t *e)
{
	int may, must;
	pm_cut_b_env(&may, &must);
	size_t el = sizeof(real_t), per = PM_LD_ALIGN / el;
	size_t rows = tB == 'N' ? (size_t)k : (size_t)n, cols = tB == 'N' ? (size_t)n : (size_t)k;
	size_t ld = (rows + per - 1) / per * per;
	if (!(must || (may && !pm_ld_aligned(ldb, el))) || ld > INT_MAX || rows == 0 || cols == 0)
		return NULL;
	real_t *c = NULL;
	if (cudaMallocAsync((void **)&c, ld * cols * el, g->stream[0]) != cudaSuccess) {
		cudaGetLastError(); /* no room: B as it is */
		return NULL;
	}
	*e = cudaMemcpy2DAsync(c, ld * el, B, (size_t)ldb * el, rows * el, cols, cudaMemcpyDeviceToDevice,
	                       g->stream[0]);
	if (*e == cudaSuccess)
		*e = cudaStreamSynchronize(g->stream[0]);
	if (*e != cudaSuccess) {
		cudaFreeAsync(c, g->stream[0]);
		return NULL;
	}
	*ldp = (int)ld;
	return c;
}
#endif

int LOCAL(pl_gemm_direct)(int dev, int block, char tA, char tB, int m, int n, int k, real_t alpha,
                          const real_t *A, int lda, const real_t *B, int ldb, real_t beta, real_t *C,
                          int ldc)
{
#ifdef PARALIA_USE_CUDA
	const char *who = NAME_STR(gemm);
	if (block <= 0) /* no block said: gemm_blocks would never end */
		block = pl_direct_block_for(0);
	int current;
	struct direct_gpu *g = direct_begin(who, dev, &current);
	if (!g)
		return PL_DIRECT_UNAVAILABLE;
	const struct pl_direct_shape shape = { dev, sizeof(real_t) == sizeof(double) ? 'd' : 's', tA, tB,
	                                       m, n, k, block };
	int trial, way = pl_direct_way_next(&shape, &trial);
	/* the caller's queued work first: waited for on the host before a trial call, which times
	 * the product alone, else on the GPU */
	int order = trial ? pl_order_after_caller(&dev, 1) : 0;
	if (order) { /* that work failed (said) */
		direct_end(who, dev, current, CUBLAS_STATUS_SUCCESS, cudaSuccess);
		return order;
	}
	int streams = way == PL_WAY_BLOCKS ? DIRECT_STREAMS : 1; /* one call: the first stream's */
	cudaError_t e = trial ? cudaSuccess : direct_after_caller(g, streams);
	double t0 = starpu_timing_now();
	cublasStatus_t s = CUBLAS_STATUS_SUCCESS;
	int ldc_b = 0; /* the copy's leading dimension, when the blocks read one */
	/* (not after a failed ordering: the copy would set e again) */
	real_t *Bc = way == PL_WAY_BLOCKS && e == cudaSuccess
	             ? LOCAL(aligned_b_copy)(g, tB, n, k, B, ldb, &ldc_b, &e) : NULL;
	if (e == cudaSuccess)
		s = way == PL_WAY_BLOCKS
		    ? LOCAL(gemm_blocks)(g, block, tA, tB, m, n, k, alpha, A, lda, Bc ? Bc : B,
		                         Bc ? ldc_b : ldb, beta, C, ldc)
		    : CUBLAS(gemm)(g->blas[0], pl_cublas_trans(tA), pl_cublas_trans(tB), m, n, k, &alpha, A,
		                   lda, B, ldb, &beta, C, ldc);
	cudaError_t w = direct_wait(g, streams);
	e = e != cudaSuccess ? e : w;
	if (Bc && (w = cudaFreeAsync(Bc, g->stream[0])) != cudaSuccess && e == cudaSuccess)
		e = w;
	if (s == CUBLAS_STATUS_SUCCESS && e == cudaSuccess)
		pl_direct_way_timed(&shape, way, (starpu_timing_now() - t0) * 1e-6, trial);
	direct_said(who, dev, way, m, n, block, Bc ? ldc_b : 0);
	return direct_end(who, dev, current, s, e);
#else
	(void)dev, (void)block, (void)tA, (void)tB, (void)m, (void)n, (void)k, (void)alpha, (void)A, (void)lda;
	(void)B, (void)ldb, (void)beta, (void)C, (void)ldc;
	return PL_DIRECT_UNAVAILABLE;
#endif
}
#endif
