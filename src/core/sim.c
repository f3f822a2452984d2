/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * What a simulation build (./configure --enable-simulation: StarPU on SimGrid, no CUDA) needs in
 * place of CUDA: the stand-in CUDA entry of the codelets, and memory "on" a simulated GPU, so
 * that programs can hand paralia operands that live on a GPU (gemm_bench's placements 000, 01h).
 *
 * A simulated GPU's memory is an address range reserved with mmap(PROT_NONE): it costs no
 * memory, no two allocations overlap, and nothing may touch it, which is right: under SimGrid
 * StarPU runs no kernel and copies no byte. paralia_locate asks pl_sim_gpu_of which GPU a pointer
 * belongs to, as it asks cudaPointerGetAttributes in a CUDA build.
 */
#include "config.h"
#include "core/core.h"
#include <pthread.h>
#include <stdint.h>
#include <sys/mman.h>

void pl_sim_cuda_entry(void *buffers[], void *cl_arg)
{
	(void)buffers; (void)cl_arg;
	/* StarPU on SimGrid never calls kernels (no STARPU_CODELET_SIMGRID_EXECUTE on our codelets). */
	pl_task_failed("simulation", starpu_worker_get_id(), -1,
	               "a kernel was called in a simulation build, where nothing can run it");
}

#define SIM_MAX_RANGES 256
static pthread_mutex_t sim_lock = PTHREAD_MUTEX_INITIALIZER; /* protects ranges[] */
static struct { uintptr_t lo, hi; int dev; } ranges[SIM_MAX_RANGES];

void *pl_sim_gpu_alloc(int dev, size_t bytes)
{
	if (dev < 0 || bytes == 0)
		return NULL;
	void *p = mmap(NULL, bytes, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (p == MAP_FAILED)
		return NULL;
	pthread_mutex_lock(&sim_lock);
	int slot = -1;
	for (int i = 0; i < SIM_MAX_RANGES && slot < 0; i++)
		if (ranges[i].hi == 0)
			slot = i;
	if (slot >= 0) {
		ranges[slot].lo = (uintptr_t)p;
		ranges[slot].hi = (uintptr_t)p + bytes;
		ranges[slot].dev = dev;
	}
	pthread_mutex_unlock(&sim_lock);
	if (slot < 0) {
		munmap(p, bytes);
		return NULL;
	}
	return p;
}

void pl_sim_gpu_free(void *ptr)
{
	uintptr_t a = (uintptr_t)ptr;
	pthread_mutex_lock(&sim_lock);
	for (int i = 0; i < SIM_MAX_RANGES; i++)
		if (ranges[i].hi && ranges[i].lo == a) {
			munmap(ptr, ranges[i].hi - ranges[i].lo);
			ranges[i].lo = ranges[i].hi = 0;
			break;
		}
	pthread_mutex_unlock(&sim_lock);
}

int pl_sim_gpu_of(const void *ptr)
{
	uintptr_t a = (uintptr_t)ptr;
	int dev = PARALIA_HOST;
	pthread_mutex_lock(&sim_lock);
	for (int i = 0; i < SIM_MAX_RANGES && dev == PARALIA_HOST; i++)
		if (ranges[i].hi && a >= ranges[i].lo && a < ranges[i].hi)
			dev = ranges[i].dev;
	pthread_mutex_unlock(&sim_lock);
	return dev;
}
