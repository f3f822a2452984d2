/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Per-CUDA-worker scratch for the cuSOLVER kernels (potrf, getrf): the workspace cuSOLVER asks
 * for, the device-side info word, and a pinned host word to read it back without a stream sync.
 *
 * Everything a worker uses is ordered on that worker's one StarPU stream, so one workspace and one
 * info slot per worker suffice: task k+1's kernel cannot start before task k's read-back, nor its
 * read-back before task k's host callback returned (a host function blocks the work queued after
 * it). Allocated on first use, grown (rarely: tiles keep their size) after a stream sync so no
 * queued kernel still uses the old buffer, freed by pl_cuda_scratch_release at shutdown.
 */
#include "codelets/codelet.h"
#ifdef PARALIA_USE_CUDA
#include <stdlib.h>

static struct pl_cuda_scratch scratch[STARPU_NMAXWORKERS];

struct pl_cuda_scratch *pl_cuda_scratch_get(const char *kernel, size_t work_bytes)
{
	int w = starpu_worker_get_id_check();
	struct pl_cuda_scratch *s = &scratch[w];
	cudaError_t st = cudaSuccess;
	if (!s->dev_info && (st = cudaMalloc((void **)&s->dev_info, sizeof(int))) != cudaSuccess)
		goto fail;
	if (!s->host_info && (st = cudaMallocHost((void **)&s->host_info, sizeof(int))) != cudaSuccess)
		goto fail;
	if (work_bytes > s->work_bytes) {
		if (s->work) {
			cudaStreamSynchronize(starpu_cuda_get_local_stream());
			cudaFree(s->work);
			s->work = NULL;
			s->work_bytes = 0;
		}
		if ((st = cudaMalloc(&s->work, work_bytes)) != cudaSuccess)
			goto fail;
		s->work_bytes = work_bytes;
	}
	return s;
fail:
	pl_task_failed(kernel, w, -1, "cannot allocate %zu bytes of cuSOLVER scratch: %s", work_bytes,
	               cudaGetErrorString(st));
	return NULL;
}

/* What the host callback needs; the worker's info slot is read when the stream reaches it. */
struct info_check {
	const char *kernel, *why;
	int worker;
	const int *host_info;
};

static void CUDART_CB check_info(void *arg)
{
	struct info_check *c = arg;
	/* No CUDA calls allowed here (a host function on a stream): only read and record. */
	if (*c->host_info != 0)
		pl_task_failed(c->kernel, c->worker, *c->host_info, c->why, *c->host_info);
	free(c);
}

void pl_cuda_scratch_check_info(struct pl_cuda_scratch *s, const char *kernel, const char *why)
{
	int w = starpu_worker_get_id_check();
	cudaStream_t stream = starpu_cuda_get_local_stream();
	struct info_check *c = malloc(sizeof *c);
	if (c && cudaMemcpyAsync(s->host_info, s->dev_info, sizeof(int), cudaMemcpyDeviceToHost,
	                         stream) == cudaSuccess) {
		*c = (struct info_check){ kernel, why, w, s->host_info };
		if (cudaLaunchHostFunc(stream, check_info, c) == cudaSuccess)
			return;
	}
	/* Fallback: wait for the stream and read the word here (correct, only slower). */
	free(c);
	int info = 0;
	if (cudaMemcpyAsync(s->host_info, s->dev_info, sizeof(int), cudaMemcpyDeviceToHost, stream)
	        != cudaSuccess || cudaStreamSynchronize(stream) != cudaSuccess) {
		pl_task_failed(kernel, w, -1, "cannot read cuSOLVER's info word back");
		return;
	}
	info = *s->host_info;
	if (info != 0)
		pl_task_failed(kernel, w, info, why, info);
}

void pl_cuda_scratch_release(void)
{
	int w = starpu_worker_get_id_check();
	struct pl_cuda_scratch *s = &scratch[w];
	cudaStreamSynchronize(starpu_cuda_get_local_stream());
	if (s->work)
		cudaFree(s->work);
	if (s->dev_info)
		cudaFree(s->dev_info);
	if (s->host_info)
		cudaFreeHost(s->host_info);
	*s = (struct pl_cuda_scratch){ 0 };
}
#endif
