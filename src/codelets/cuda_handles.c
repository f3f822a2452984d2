/*
 * Per-worker cuSOLVER handles. cuBLAS handles come from StarPU (starpu_cublas_init is reference
 * counted, so paralia and the application can both call it); StarPU's cuSOLVER init is not, so
 * paralia keeps its own handles, one per CUDA worker, each bound to that worker's stream.
 */
#include "codelets/codelet.h"
#ifdef PARALIA_USE_CUDA
#include <stdio.h>

static cusolverDnHandle_t handles[STARPU_NMAXWORKERS];
static int handle_status[STARPU_NMAXWORKERS];

static void create_on_worker(void *arg)
{
	(void)arg;
	int w = starpu_worker_get_id_check();
	handle_status[w] = cusolverDnCreate(&handles[w]);
	if (handle_status[w] == CUSOLVER_STATUS_SUCCESS)
		handle_status[w] = cusolverDnSetStream(handles[w], starpu_cuda_get_local_stream());
}

static void destroy_on_worker(void *arg)
{
	(void)arg;
	int w = starpu_worker_get_id_check();
	pl_cuda_scratch_release();
	if (handles[w])
		cusolverDnDestroy(handles[w]);
	handles[w] = NULL;
}

int pl_cuda_handles_init(void)
{
	if (starpu_cuda_worker_get_count() == 0)
		return 0;
	starpu_cublas_init();
	starpu_execute_on_each_worker(create_on_worker, NULL, STARPU_CUDA);
	for (int w = 0; w < (int)starpu_worker_get_count(); w++)
		if (starpu_worker_get_type(w) == STARPU_CUDA_WORKER && handle_status[w] != 0) {
			fprintf(stderr, "paralia: cuSOLVER handle creation failed on worker %d (status %d)\n",
			        w, handle_status[w]);
			return PARALIA_ERR_RUNTIME;
		}
	return 0;
}

void pl_cuda_handles_shutdown(void)
{
	if (starpu_cuda_worker_get_count() == 0)
		return;
	starpu_execute_on_each_worker(destroy_on_worker, NULL, STARPU_CUDA);
	starpu_cublas_shutdown();
}

cusolverDnHandle_t pl_cusolver_handle(void)
{
	return handles[starpu_worker_get_id_check()];
}

/* Counted as a task failure too: the tile's result is wrong, so paralia_task_failures() says so. */
void pl_cuda_report(const char *kernel, const char *call, int status)
{
	pl_task_failed(kernel, starpu_worker_get_id(), status, "%s returned %d", call, status);
}
#endif
