/* Where does a user pointer live? Host memory (pageable, pinned or managed) or one GPU. */
#include "config.h"
#include "core/core.h"
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
#else
	(void)ptr;
#endif
	return PARALIA_HOST;
}

int pl_memory_node_of(const void *ptr, unsigned *node)
{
	int dev = paralia_locate(ptr);
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
