/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Where does a user pointer live? Host memory (pageable, pinned or managed) or one GPU. And the
 * ordering of a call after the caller's own work on the GPU that holds an operand. */
#include "config.h"
#include "core/core.h"
#include <stdio.h>
#ifdef PARALIA_USE_CUDA
#include <cuda_runtime.h>
#endif

int paralia_locate(const void *ptr)
{
#ifdef PARALIA_USE_CUDA
	struct cudaPointerAttributes attr;
	if (ptr && cudaPointerGetAttributes(&attr, ptr) == cudaSuccess) {
		/* Managed memory is host-accessible: StarPU treats it as host data. */
		if (attr.type == cudaMemoryTypeDevice)
			return attr.device;
	} else {
		cudaGetLastError(); /* no GPU or unknown pointer: clear the sticky error, it is host memory */
	}
#elif defined(PARALIA_SIMULATION)
	return pl_sim_gpu_of(ptr);
#else
	(void)ptr;
#endif
	return PARALIA_HOST;
}

int pl_memory_node_of(const void *ptr, unsigned *node)
{
	return pl_memory_node_of_device(paralia_locate(ptr), node);
}

int pl_memory_node_of_device(int dev, unsigned *node)
{
	if (dev == PARALIA_HOST) {
		*node = STARPU_MAIN_RAM;
		return 0;
	}
	unsigned count = starpu_memory_nodes_get_count();
	for (unsigned n = 0; n < count; n++)
		if (starpu_node_get_kind(n) == STARPU_CUDA_RAM && starpu_memory_node_get_devid(n) == dev) {
			*node = n;
			return 0;
		}
	return PARALIA_ERR_PLACEMENT;
}

/*
 * Why this exists (issue 12): a plain cudaMemcpy from pageable host memory to the device "returns
 * once the pageable buffer has been copied to the staging memory for DMA transfer to device
 * memory, but the DMA to final destination may not have completed" (CUDA runtime API, API
 * synchronization behavior). The rest of that copy runs on the default stream. StarPU issues its
 * kernels and copies on streams it creates with cudaStreamNonBlocking (driver_cuda.c: "avoid
 * letting our streams spuriously synchronize with the NULL stream"), so nothing orders them after
 * it: a task could read an operand the application had just copied to the GPU before the bytes
 * arrived, and return garbage with success. Small matrices (one staging buffer, so the copy
 * returns at once) under load (other processes' copies in the way) made it likely. Kernels the
 * application launched on the default stream to produce an operand have the same problem.
 * So a call waits, once, for the calling thread's default streams (the legacy one, shared by the
 * process, and the per-thread one) on each GPU holding an operand: the call then sees the
 * operand as the caller's program order says, as a cuBLAS call on the default stream would.
 * (gemm's direct path, whose cuBLAS calls run on its own streams from the calling thread, has
 * them wait for that work on the GPU instead, with no wait on the host: direct.c.)
 * Work on the application's own streams is the application's to finish (cudaStreamSynchronize),
 * as with any library call that takes no stream.
 */
int pl_order_after_caller(const int *devs, int count)
{
#ifdef PARALIA_USE_CUDA
	int done[8], ndone = 0, current = -1, ret = 0;
	for (int i = 0; i < count && !ret; i++) {
		int dev = devs[i], seen = 0;
		for (int j = 0; j < ndone; j++)
			seen |= done[j] == dev;
		if (dev == PARALIA_HOST || seen)
			continue;
		if (ndone < 8)
			done[ndone++] = dev;
		if (current < 0 && cudaGetDevice(&current) != cudaSuccess)
			current = 0;
		cudaError_t e = cudaSetDevice(dev);
		if (e == cudaSuccess)
			e = cudaStreamSynchronize(cudaStreamLegacy);
		if (e == cudaSuccess)
			e = cudaStreamSynchronize(cudaStreamPerThread);
		if (e != cudaSuccess) {
			fprintf(stderr, "paralia: the work queued on GPU %d before the call failed: %s\n", dev,
			        cudaGetErrorString(e));
			cudaGetLastError();
			ret = PARALIA_ERR_RUNTIME;
		}
	}
	if (current >= 0)
		cudaSetDevice(current); /* the caller's current device is theirs */
	return ret;
#else
	(void)devs; (void)count;
	return 0;
#endif
}
