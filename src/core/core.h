/* SPDX-License-Identifier: LGPL-2.1-or-later */
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
/* The same for a pointer already located (paralia_locate's answer: PARALIA_HOST or a GPU). */
int pl_memory_node_of_device(int dev, unsigned *node);

/* Orders the calling routine after the work the calling thread queued on the default streams
 * (legacy and per-thread) of each GPU among devs[0..count) (where the call's operands live, as
 * paralia_locate says; PARALIA_HOST entries skipped), waiting on the host: an operand the
 * application just copied or computed there is complete before any task reads it. Returns 0, or
 * PARALIA_ERR_RUNTIME (message printed) when that work failed. gemm's direct path orders its own
 * streams after that work on the GPU instead (direct.c). */
int pl_order_after_caller(const int *devs, int count);

#ifdef PARALIA_SIMULATION
/* Simulation builds (sim.c): memory of `bytes` on simulated GPU dev (an address range nothing
 * may touch: StarPU on SimGrid moves no data), its release, and the GPU a pointer belongs to
 * (PARALIA_HOST when none). */
void *pl_sim_gpu_alloc(int dev, size_t bytes);
void pl_sim_gpu_free(void *ptr);
int pl_sim_gpu_of(const void *ptr);
#endif

/* What paralia_shutdown must undo in the layers above core is registered by those layers, so
 * core calls none of them (no cycle between layers). PL_SHUTDOWN_DATA hooks run first, while
 * StarPU still runs tasks (kept matrices go home: unregistering waits for their tasks); then
 * paralia_shutdown waits for every task; PL_SHUTDOWN_STATE hooks run with StarPU idle (cached
 * plans: tasks point at their worker masks). Hooks of a phase run in registration order; a hook
 * registered twice runs once. Returns 0, or -1 when the table (8 hooks) is full. */
enum pl_shutdown_phase { PL_SHUTDOWN_DATA, PL_SHUTDOWN_STATE };
int pl_on_shutdown(enum pl_shutdown_phase phase, void (*hook)(void));

/* A hold on paralia that is not the program's (the drop-in BLAS's, src/dropin): as paralia_init
 * and paralia_shutdown, counted with them, but the program's own paralia_shutdown counts only
 * the program's holds. When the program's last paralia_shutdown leaves such a hold, what it kept
 * comes home then (the PL_SHUTDOWN_DATA hooks), and StarPU stays for the holder's calls; the
 * last hold of either kind stops it. pl_unhold without a pl_hold of its own does nothing. */
int pl_hold(void);
void pl_unhold(void);
/* Whether the program holds paralia itself (a paralia_init not yet shut down), not only the
 * drop-in: paralia_keep needs it, since the program's paralia_shutdown brings kept matrices home. */
int pl_program_holds(void);

/* Whether paralia_init, starting StarPU on a machine with ngpus GPUs and ncores cores, leaves one
 * core to the calling thread (StarPU's reserve_ncpus): with a GPU (STARPU_NCUDA counted), a core
 * for each StarPU driver thread, one for the caller and two CPU workers left, and no STARPU_NCPU,
 * STARPU_RESERVE_NCPU or STARPU_MAIN_THREAD_* placement chosen by the user (init.c says why). */
int pl_reserve_submit_core(int ngpus, long ncores);
/* The cores this process may run on (within its CPU binding), as StarPU counts them (a core's
 * hardware threads are one); 0 if hwloc cannot tell. */
long pl_usable_cores(void);
/* Whether the last paralia_init that started StarPU left the calling thread a core. */
int pl_reserved_submit_core(void);
#endif
