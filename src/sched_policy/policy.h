/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * StarPU side of the `paralia` policy: the state shared by its hooks (policy.c), its prefetch and
 * relay machinery (route.c) and its log (verbose.c). One global state per process, because links
 * and data copies are shared by every scheduling context; queues are per context.
 *
 * Lock order: pl_g.lock is a leaf: taken inside a worker's StarPU lock (push), never the other
 * way round; StarPU data calls (prefetches) are made with pl_g.lock released. It is taken through
 * pl_lock(), which relaxes the calling worker while it waits (StarPU's rule for any lock other
 * than the worker's own: a worker blocked in pop without relaxing stops every push to it).
 */
#ifndef PARALIA_SCHED_POLICY_H
#define PARALIA_SCHED_POLICY_H
#include <pthread.h>
#include <starpu.h>
#include <starpu_scheduler.h>
#include "sched_policy/sched.h"
#include "perfmodel/perfmodel.h"

/* What the policy remembers of a data handle: the planned arrival of copies still on their way.
 * A direct-mapped table keyed by the handle's address: a collision or a reused address only
 * loses a plan, because entries are trusted only where StarPU confirms a request or a relay. */
#define PL_HTAB (1 << 14)
struct pl_hrec {
	starpu_data_handle_t h;
	double eta[LM_MAX_NODES];
	uint32_t relay_pending;  /* nodes with a deferred relay copy of it (bit per node) */
};

struct pl_wstate {
	int used;           /* seen by add_workers */
	int node, cls, allowed;
	double exp_end;     /* predicted end of all it was given (never before now) */
	double queued_us;   /* predicted work waiting in its queues */
	double running_us;  /* predicted work popped and not finished */
	int inflight;       /* tasks popped and not finished (only its own thread changes it) */
	int inflight_prio;  /* priority of the task it popped last (in flight while inflight > 0) */
	char name[16];      /* "cpu3", "cuda0" */
	long tasks;
	long popped_below;  /* tasks of a lower priority popped before the queue's head
	                     * (PARALIA_POP_READY) */
	double busy_us, last_start, first_start;
};

struct pl_class {
	enum starpu_worker_archtype type;
	int devid;
	char name[16];
};

/* A copy to request once `wait` holds a valid copy (StarPU reads only valid copies, so asking
 * earlier would read the host again). Dropped when the task that needs it is popped. */
struct pl_relay {
	starpu_data_handle_t h;
	int dst, wait;
	int prio;         /* the task's priority: StarPU serves requests by priority */
	uintptr_t task;   /* pl_task_key of the task that needs it */
	int *firing;      /* the task's count of its relays being requested right now (pl_tdata) */
};
#define PL_MAX_RELAYS 4096
#define PL_TASK_HOPS 16

/* Per pushed task, in task->sched_data until it is popped. */
struct pl_tdata {
	struct pl_qent e;
	int worker, node;
	int prefetched;
	int firing;       /* relays of this task a poller is requesting: pop waits for 0, since the
	                   * handles are only sure to be alive while the task has not run */
	int nhops;
	struct pl_hop hops[PL_TASK_HOPS];  /* hop.data = buffer index */
	starpu_data_handle_t handle[PL_TASK_HOPS];
};

struct pl_global {
	starpu_pthread_mutex_t lock; /* StarPU's mutex: a SimGrid one in simulation builds, where a real
	                             * mutex held across a simulated context switch blocks every actor */
	int users;                  /* scheduling contexts using the policy */
	struct pl_settings set;
	struct pl_links L;
	int db_from_file;
	int nnodes;
	struct pl_wstate w[STARPU_NMAXWORKERS];
	struct pl_class cls[PL_MAX_CLASSES];
	int ncls;
	uintptr_t link_task[LM_MAX_NODES][LM_MAX_NODES]; /* task whose copy ends each link's busy time */
	struct pl_hrec htab[PL_HTAB];
	struct pl_relay relay[PL_MAX_RELAYS];
	int nrelay;
	long long last_idle_poll;   /* when an idle worker last polled the relays (us) */
	int no_links;               /* the link map knows no link: plain prefetches */
	double t0;
	long ntasks, nexcluded, nrelays_issued, nrelays_dropped, nfallback_kernel;
	long ntable_kernel;         /* kernel times read from the kernel table, StarPU's history not
	                             * calibrated yet (candidates.c) */
	int gpu_table;              /* gpu_rates holds this machine's kernel table (PARALIA_KERNEL_TABLE) */
	struct pm_rates gpu_rates;
	long nwritebacks;           /* results sent home early (writeback.c) */
	int warned_devices;
	int prio_lo, prio_hi;       /* range of task priorities pushed so far */
};
extern struct pl_global pl_g;

struct pl_ctx {
	unsigned id;
	struct pl_queue q[STARPU_NMAXWORKERS];
};

static inline void pl_lock(void)
{
	starpu_worker_relax_on();
	starpu_pthread_mutex_lock(&pl_g.lock);
	starpu_worker_relax_off();
}
static inline void pl_unlock(void) { starpu_pthread_mutex_unlock(&pl_g.lock); }

/* policy.c */
struct pl_hrec *pl_hrec(starpu_data_handle_t h, int create);

/* candidates.c: push, step 1. Fills the workers of the task's context that may run it (at least
 * one, or StarPU's assertion) and kernel_us per class (-1: excluded), those of excluded classes
 * dropped (pl_runnable); returns how many. */
int pl_candidates(struct starpu_task *task, unsigned ctx, struct pl_cand *cand, double *kernel_us);
/* The kernel time (us) of a task of paralia's gemm codelet on a worker of type `type` from the
 * kernel table (pl_g.gpu_rates), NAN where the table does not serve: no table fits this machine
 * or PARALIA_KERNEL_TABLE=0, not a CUDA worker, another codelet. */
double pl_table_kernel_us(const struct starpu_task *task, enum starpu_worker_archtype type);
/* codelets/gemm.c: the m x n x k product of a task of paralia_cl_sgemm / paralia_cl_dgemm; 0 for
 * a task of another codelet. */
int pl_gemm_shape_s(const struct starpu_task *t, int *m, int *n, int *k);
int pl_gemm_shape_d(const struct starpu_task *t, int *m, int *n, int *k);
/* What identifies a task in the policy's bookkeeping: its address, alive from push until it has
 * run. Not starpu_task_get_job_id: StarPU numbers jobs only in debug and FxT builds, every job
 * id is 0 otherwise. */
static inline uintptr_t pl_task_key(const struct starpu_task *t) { return (uintptr_t)t; }

/* writeback.c: after a task ends on memory node `node`, sends home (idle request) each handle it
 * accessed whose home is elsewhere and stale, unless a task submitted after it uses the handle.
 * Returns how many it sent. Called outside the policy lock. */
int pl_write_back_finished(struct starpu_task *task, unsigned node);

/* route.c: turning plans into StarPU requests */
/* Requests the copies of a task's plan (td->hops): a hop whose source already holds a valid copy
 * is prefetched now, the others become relays. The task must not be running yet (its handles are
 * alive). Call without pl_g.lock. */
void pl_issue_plan(struct starpu_task *task, struct pl_tdata *td);
/* Issues the relays whose source became valid and drops those of task `drop` (0: none), without
 * pl_g.lock held; block = 0 gives up when the lock is taken. Returns after the prefetches it
 * issued are requested. */
void pl_poll_relays(uintptr_t drop, int block);

/* verbose.c */
void pl_verbose_start(void);
void pl_verbose_task(struct starpu_task *task, const struct pl_cand *c, int nc, const double *kernel_us,
                     const struct pl_decision *d, const struct pl_hop *hops, int nh);
void pl_verbose_summary(void);
#endif
