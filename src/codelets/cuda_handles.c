/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Per-worker cuBLAS and cuSOLVER handles, paralia's own, one pair per CUDA worker, each bound to
 * that worker's stream, and its gemm tuner (gemm_algo.c). Not StarPU's: starpu_cublas_init and
 * shutdown are not reference counted for the v2 handles (each init overwrites them, each shutdown
 * destroys them), so sharing them with an application that also calls starpu_cublas_init would
 * leave one side with destroyed handles.
 */
#include "codelets/codelet.h"
#ifdef PARALIA_USE_CUDA
#include <stdio.h>

static cusolverDnHandle_t handles[STARPU_NMAXWORKERS];
static cublasHandle_t blas_handles[STARPU_NMAXWORKERS];
static int handle_status[STARPU_NMAXWORKERS];
static struct pl_gemm_tuner *tuners[STARPU_NMAXWORKERS];

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
}

int pl_cuda_handles_init(void)
{
	if (starpu_cuda_worker_get_count() == 0)
		return 0;
	starpu_execute_on_each_worker(create_on_worker, NULL, STARPU_CUDA);
	for (int w = 0; w < (int)starpu_worker_get_count(); w++)
		if (starpu_worker_get_type(w) == STARPU_CUDA_WORKER && handle_status[w] != 0) {
			fprintf(stderr, "paralia: cuBLAS/cuSOLVER handle creation failed on worker %d (status %d)\n",
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

/* Counted as a task failure too: the tile's result is wrong, so paralia_task_failures() says so. */
void pl_cuda_report(const char *kernel, const char *call, int status)
{
	pl_task_failed(kernel, starpu_worker_get_id(), status, "%s returned %d", call, status);
}
#endif
