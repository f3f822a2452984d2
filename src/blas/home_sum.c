/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * C added at home (gemm, step 3 of docs/AUTOTUNER.md): a C tile read late, whose chain ran on a
 * GPU into a scratch tile S while C lives on the host, is finished on the host. S crosses home as
 * one copy (its columns are contiguous; C's tile would cross a column per run), and the CPU workers
 * of C's memory node add it into C (C = S + beta C) in column slices, one task each, so that the
 * last tile's sum is spread over the cores. C never crosses to the GPU: its bytes leave the
 * inbound link to A and B.
 * C's tile is split by StarPU's asynchronous partitioning (views of C where it lives, no copy).
 * S is not: StarPU allocates it lazily, and a plan's children are views only where the parent
 * was allocated when the plan was made, so each slice's task reads the whole of S (its copy home
 * is made once) from its own first column.
 * S's copy home needs host memory, which StarPU pins (cudaHostAlloc) when it drives a GPU, on the
 * GPU's worker thread, and keeps for reuse by a copy of the same size once S is unregistered.
 * Pinning takes long: one H100 machine pinned 32 MB in 15-24 ms (CUPTI's runtime records,
 * bench/results/gemm-home-2026-11-26k.md), and a call that had more copies home at once than any
 * before it waited that long for one of them: 8192^3 at tile 2048 ran 47-60 ms instead of 34-39,
 * in 1 call of 3 to 1 of 5, for as long as the process ran. pl_home_warm has StarPU pin them
 * before the call's tasks are submitted.
 */
#ifndef PARALIA_PREC
#include <pthread.h>
#include <stdlib.h>
#define PARALIA_SELF "blas/home_sum.c"
#include "common/instantiate.h"

/* How many copies of each size StarPU holds pinned for this process (its cache keeps them: only
 * its memory reclaiming, when an allocation fails, frees them, and then the next call warms
 * them again only if that call's count exceeds this one). */
static struct {
	pthread_mutex_t lock;
	size_t bytes[PL_HOME_WARM_SIZES];
	unsigned held[PL_HOME_WARM_SIZES];
	int n, next; /* sizes known; the one a new size replaces when all are taken */
} warm = { .lock = PTHREAD_MUTEX_INITIALIZER };

static unsigned more_locked(size_t bytes, unsigned want)
{
	int i = 0;
	while (i < warm.n && warm.bytes[i] != bytes)
		i++;
	if (i == warm.n) {
		if (warm.n == PL_HOME_WARM_SIZES) { /* a size too many: forget the oldest */
			i = warm.next;
			warm.next = (warm.next + 1) % PL_HOME_WARM_SIZES;
		} else {
			warm.n++;
		}
		warm.bytes[i] = bytes;
		warm.held[i] = 0;
	}
	unsigned more = want > warm.held[i] ? want - warm.held[i] : 0;
	warm.held[i] += more;
	return more;
}

unsigned pl_home_warm_more(size_t bytes, unsigned want)
{
	pthread_mutex_lock(&warm.lock);
	unsigned more = more_locked(bytes, want);
	pthread_mutex_unlock(&warm.lock);
	return more;
}

void pl_home_warm_forget(void)
{
	pthread_mutex_lock(&warm.lock);
	warm.n = warm.next = 0;
	pthread_mutex_unlock(&warm.lock);
}

unsigned pl_home_warm(uint32_t rows, uint32_t cols, size_t elem, int64_t want)
{
	/* StarPU keeps only pinned copies for reuse, and pins only when it drives a GPU; in a
	 * simulation nothing is pinned, and this lock is not one SimGrid's actors may wait on */
#ifdef STARPU_SIMGRID
	(void)rows, (void)cols, (void)elem, (void)want;
	return 0;
#endif
	if (starpu_cuda_worker_get_count() == 0 || rows == 0 || cols == 0 || want <= 0)
		return 0;
	pthread_mutex_lock(&warm.lock);
	unsigned more = more_locked((size_t)rows * cols * elem,
	                            (unsigned)(want < PL_HOME_WARM_MAX ? want : PL_HOME_WARM_MAX));
	if (more) /* counts held now: forgotten when StarPU frees the copies, at its end */
		pl_on_shutdown(PL_SHUTDOWN_STATE, pl_home_warm_forget);
	starpu_data_handle_t h[PL_HOME_WARM_MAX];
	/* all at once, so that StarPU allocates `more` copies and not one again and again; scratch
	 * tiles are registered so (home -1, their rows as leading dimension): the same size */
	for (unsigned x = 0; x < more; x++) {
		starpu_matrix_data_register(&h[x], -1, 0, rows, rows, cols, elem);
		starpu_data_acquire_on_node(h[x], STARPU_MAIN_RAM, STARPU_W);
	}
	for (unsigned x = 0; x < more; x++) {
		starpu_data_release_on_node(h[x], STARPU_MAIN_RAM);
		starpu_data_unregister(h[x]);
	}
	pthread_mutex_unlock(&warm.lock);
	return more;
}

/* PARALIA_HOME_PARTS=n (a measuring knob): each tile's sum in n slices, not one per CPU worker. */
int pl_home_parts_env(void)
{
	static int parts = -1;
	if (__atomic_load_n(&parts, __ATOMIC_RELAXED) < 0) {
		const char *v = getenv("PARALIA_HOME_PARTS");
		int n = v ? atoi(v) : 0;
		__atomic_store_n(&parts, n > 0 && n <= PL_HOME_MAX_PARTS ? n : 0, __ATOMIC_RELAXED);
	}
	return parts;
}
#else
#include "blas/tiled.h"
#include "codelets/codelet.h"

int LOCAL(pl_home_sum)(starpu_data_handle_t s, real_t beta, starpu_data_handle_t c,
                       const struct pm_plan *plan, int priority)
{
	int knob = pl_home_parts_env();
	unsigned cols = starpu_matrix_get_ny(c), parts = (unsigned)(knob > 0 ? knob : plan->home_workers);
	parts = parts < cols ? parts : cols;
	parts = parts < PL_HOME_MAX_PARTS ? parts : PL_HOME_MAX_PARTS;
	parts = parts > 0 ? parts : 1;
	struct starpu_data_filter by_columns = {
		.filter_func = starpu_matrix_filter_vertical_block, .nchildren = parts,
	};
	starpu_data_handle_t cp[PL_HOME_MAX_PARTS];
	starpu_data_partition_plan(c, &by_columns, cp);
	starpu_data_partition_submit(c, parts, cp);
	/* on the CPU workers of C's node, not the plan's devices: this thread's scope for a moment */
	pl_submit_scope(plan->home_mask, plan->home_mask_len);
	struct paralia_task_opts at = { priority, -1 };
	int ret = 0;
	/* the filter's split: the first cols % parts slices have one column more */
	for (unsigned x = 0, col0 = 0; x < parts && !ret; x++) {
		ret = LOCAL(pl_task_geadd_cols)(1, s, (int)col0, beta, cp[x], &at);
		col0 += starpu_matrix_get_ny(cp[x]);
	}
	pl_submit_scope(plan->mask, plan->mask_len);
	starpu_data_partition_clean(c, parts, cp);
	return ret;
}
#endif
