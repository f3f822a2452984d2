/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Per-worker cuBLAS and cuSOLVER handles, paralia's own, one pair per CUDA worker, each bound to
 * that worker's stream, its gemm tuner (gemm_algo.c), and gemm's two lanes. Not StarPU's:
 * starpu_cublas_init and shutdown are not reference counted for the v2 handles (each init
 * overwrites them, each shutdown destroys them), so sharing them with an application that also
 * calls starpu_cublas_init would leave one side with destroyed handles.
 */
#include "codelets/codelet.h"
#ifdef PARALIA_USE_CUDA
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static cusolverDnHandle_t handles[STARPU_NMAXWORKERS];
static cublasHandle_t blas_handles[STARPU_NMAXWORKERS];
static int handle_status[STARPU_NMAXWORKERS];
static struct pl_gemm_tuner *tuners[STARPU_NMAXWORKERS];

/* gemm's lanes (PARALIA_GEMM_STREAMS, 2 by default): two streams of the worker's own, each with a
 * cuBLAS handle bound to it and an event its StarPU stream waits on. A worker's square and tall
 * products alternate between them, so that the kernel of the task StarPU's CUDA pipeline queues
 * behind another runs beside it rather than after it, as cuBLASXt's streams and two workers per
 * GPU do: a kernel's last wave over the SMs leaves them partly idle, and the next one fills them.
 * One H200, against the worker's one stream side by side: FP32 from the host 1.023-1.029x at tiles
 * of 4096, FP64 level (0.995-1.023x: its power cap holds the clocks), where two workers per GPU ran
 * FP64 8192^3 from the host 8% slower. Deep products (deeper than wide) stay on the worker's
 * stream, through the tuner: on the lanes, 512 wide, FP64 8192^3 with B and C on the host ran 6%
 * slower and FP32 4096x4096x32768 with C on the host 6% (the tuner's cuBLASLt algorithm left out)
 * (bench/results/gemm-2026-11-28n.md, calls 1 and 2). The rule is the product's shape, so the
 * products of a ragged last column of C, narrower than the tile, stay on the stream too. With only
 * the plan's deep products off the lanes (plan-rule.patch), side by side at eight odd-shape points
 * in two calls: 0.998x and 1.007x; FP32 1.001-1.019x, FP64 0.974-1.004x (20000x17000x9000 from the
 * host, its last column 1640 wide, 0.986x and 0.989x) (bench/results/gemm-2026-11-28o.md). */
static cudaStream_t lane_stream[STARPU_NMAXWORKERS][2];
static cublasHandle_t lane_blas[STARPU_NMAXWORKERS][2];
static cudaEvent_t lane_done[STARPU_NMAXWORKERS][2];
static int lane_next[STARPU_NMAXWORKERS]; /* the worker's thread only */
static int lanes_on;                       /* read once, at pl_cuda_handles_init */

/* Whether worker w is the only CUDA worker on its GPU: a tuner times each kernel between two
 * events on its stream, which measures the kernel only while nothing else runs on the GPU
 * (STARPU_NWORKER_PER_CUDA > 1 runs several workers' kernels at once: those workers keep
 * cublas<t>gemm). */
static int alone_on_device(int w)
{
	int dev = starpu_worker_get_devid(w), n = 0;
	for (int x = 0; x < (int)starpu_worker_get_count(); x++)
		n += starpu_worker_get_type(x) == STARPU_CUDA_WORKER && starpu_worker_get_devid(x) == dev;
	return n == 1;
}

static void create_on_worker(void *arg)
{
	(void)arg;
	int w = starpu_worker_get_id_check();
	cudaStream_t stream = starpu_cuda_get_local_stream();
	handle_status[w] = cusolverDnCreate(&handles[w]);
	if (handle_status[w] == CUSOLVER_STATUS_SUCCESS)
		handle_status[w] = cusolverDnSetStream(handles[w], stream);
	if (handle_status[w] == 0)
		handle_status[w] = cublasCreate(&blas_handles[w]);
	if (handle_status[w] == 0)
		handle_status[w] = cublasSetStream(blas_handles[w], stream);
	if (handle_status[w] == 0 && lanes_on)
		for (int i = 0; i < 2 && handle_status[w] == 0; i++) {
			handle_status[w] = cudaStreamCreateWithFlags(&lane_stream[w][i], cudaStreamNonBlocking);
			if (handle_status[w] == 0)
				handle_status[w] = cudaEventCreateWithFlags(&lane_done[w][i], cudaEventDisableTiming);
			if (handle_status[w] == 0)
				handle_status[w] = cublasCreate(&lane_blas[w][i]);
			if (handle_status[w] == 0)
				handle_status[w] = cublasSetStream(lane_blas[w][i], lane_stream[w][i]);
		}
	if (handle_status[w] == 0 && alone_on_device(w))
		tuners[w] = pl_gemm_tuner_create();
}

static void destroy_on_worker(void *arg)
{
	(void)arg;
	int w = starpu_worker_get_id_check();
	pl_cuda_scratch_release();
	pl_gemm_tuner_destroy(tuners[w]);
	tuners[w] = NULL;
	if (handles[w])
		cusolverDnDestroy(handles[w]);
	if (blas_handles[w])
		cublasDestroy(blas_handles[w]);
	handles[w] = NULL;
	blas_handles[w] = NULL;
	for (int i = 0; i < 2; i++) {
		if (lane_blas[w][i])
			cublasDestroy(lane_blas[w][i]);
		if (lane_done[w][i])
			cudaEventDestroy(lane_done[w][i]);
		if (lane_stream[w][i])
			cudaStreamDestroy(lane_stream[w][i]);
		lane_blas[w][i] = NULL;
		lane_done[w][i] = NULL;
		lane_stream[w][i] = NULL;
	}
}

/* PARALIA_GEMM_STREAMS: 2 (gemm's lanes, the default) or 1 (its kernels on the worker's stream,
 * through the tuner). */
static int read_lanes(void)
{
	const char *v = getenv("PARALIA_GEMM_STREAMS");
	if (!v || !*v || !strcmp(v, "2"))
		return 1;
	if (!strcmp(v, "1"))
		return 0;
	fprintf(stderr, "paralia: PARALIA_GEMM_STREAMS=%s is not 1 or 2; using 2\n", v);
	return 1;
}

int pl_cuda_handles_init(void)
{
	if (starpu_cuda_worker_get_count() == 0)
		return 0;
	lanes_on = read_lanes();
	starpu_execute_on_each_worker(create_on_worker, NULL, STARPU_CUDA);
	for (int w = 0; w < (int)starpu_worker_get_count(); w++)
		if (starpu_worker_get_type(w) == STARPU_CUDA_WORKER && handle_status[w] != 0) {
			fprintf(stderr, "paralia: a CUDA stream or event, or a cuBLAS/cuSOLVER handle, could not be "
			        "made on worker %d (status %d)\n",
			        w, handle_status[w]);
			pl_cuda_handles_shutdown();
			return PARALIA_ERR_RUNTIME;
		}
	return 0;
}

void pl_cuda_handles_shutdown(void)
{
	if (starpu_cuda_worker_get_count() == 0)
		return;
	starpu_execute_on_each_worker(destroy_on_worker, NULL, STARPU_CUDA);
}

cusolverDnHandle_t pl_cusolver_handle(void)
{
	return handles[starpu_worker_get_id_check()];
}

cublasHandle_t pl_cublas_handle(void)
{
	return blas_handles[starpu_worker_get_id_check()];
}

struct pl_gemm_tuner *pl_worker_gemm_tuner(void)
{
	return tuners[starpu_worker_get_id_check()];
}

struct pl_gemm_lane pl_gemm_lane(int n, int k)
{
	int w = starpu_worker_get_id_check();
	if (!lane_stream[w][0] || k > n)
		return (struct pl_gemm_lane){ starpu_cuda_get_local_stream(), blas_handles[w], tuners[w], NULL };
	int i = lane_next[w];
	lane_next[w] = !i;
	return (struct pl_gemm_lane){ lane_stream[w][i], lane_blas[w][i], NULL, lane_done[w][i] };
}

/* A task's buffers are valid from its start to its end on the worker's stream (StarPU releases
 * its data and its successors only once the event it records there after the task has passed),
 * and its inputs were all copied before it started: so the lane's kernel waits for nothing, and
 * the worker's stream waits for the kernel. */
int pl_gemm_lane_join(const struct pl_gemm_lane *l)
{
	if (!l->done)
		return 0;
	cudaError_t e = cudaEventRecord(l->done, l->stream);
	if (e == cudaSuccess)
		e = cudaStreamWaitEvent(starpu_cuda_get_local_stream(), l->done, 0);
	/* unjoined, StarPU would end the task (and send C home) before its kernel: wait here */
	if (e != cudaSuccess)
		cudaStreamSynchronize(l->stream);
	return (int)e;
}

/* Counted as a task failure too: the tile's result is wrong, so paralia_task_failures() says so. */
void pl_cuda_report(const char *kernel, const char *call, int status)
{
	pl_task_failed(kernel, starpu_worker_get_id(), status, "%s returned %d", call, status);
}
#endif
