/* Internal services of the core: initialisation state, where memory lives. */
#ifndef PARALIA_CORE_H
#define PARALIA_CORE_H
#include <errno.h>
#include <paralia.h>
#include <starpu.h>
#include "codelets/codelet.h"

/* StarPU memory node holding ptr (host RAM or the GPU it lives on); PARALIA_ERR_PLACEMENT if the
 * pointer is on a GPU StarPU does not drive. */
int pl_memory_node_of(const void *ptr, unsigned *node);

/* Orders the calling routine after the work the calling thread queued on the default streams
 * (legacy and per-thread) of each GPU holding one of ptrs[0..count) (NULL entries skipped): an
 * operand the application just copied or computed there is complete before any task reads it.
 * Returns 0, or PARALIA_ERR_RUNTIME (message printed) when that work failed. */
int pl_order_after_caller(const void *const *ptrs, int count);

#ifdef PARALIA_SIMULATION
/* Simulation builds (sim.c): memory of `bytes` on simulated GPU dev (an address range nothing
 * may touch: StarPU on SimGrid moves no data), its release, and the GPU a pointer belongs to
 * (PARALIA_HOST when none). */
void *pl_sim_gpu_alloc(int dev, size_t bytes);
void pl_sim_gpu_free(void *ptr);
int pl_sim_gpu_of(const void *ptr);
#endif

/* Releases every kept matrix (src/blas/keep.c), at paralia_shutdown. */
void pl_keep_shutdown(void);
#endif
