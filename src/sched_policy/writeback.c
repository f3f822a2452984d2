/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Results go home on the idle return link, as soon as the task graph is done with them.
 *
 * A tile written on a GPU normally stays there until the application unregisters or acquires it,
 * and then every tile crosses the GPU->host link one after another, with the GPU idle: for a
 * tiled LU at n = 20480 on one H200 that tail is ~67 ms of a ~340 ms run (bench/results/
 * sched-2026-11-24.md). Meanwhile the GPU->host direction of the link carries almost nothing
 * while the factorisation runs. Uncut-GEMMs overlaps the write-back of each C tile with the
 * remaining compute; a policy can do the same for any task graph:
 *
 *   when a task ends, each handle it accessed whose home is another memory node and whose home
 *   copy is stale is sent home by an idle request, unless a task already submitted after this
 *   one uses it (then it is not final yet: a direct successor of this task would access it).
 *
 * The successor test is exact for the tasks submitted so far: with sequential consistency, every
 * later access to a handle depends directly on this task if this task wrote it (readers and the
 * next writer follow the writer), or, if this task only read it, the next writer depends on this
 * reader. A reader's test therefore sends home the final version once its first reader ends.
 * Tasks the application submits later simply find a valid host copy beside the GPU's; at worst a
 * later writer makes the copy useless, which cost only the return direction's idle time.
 *
 * StarPU keeps the coherence: the request is StarPU's idle prefetch (STARPU_IDLEFETCH, the one
 * starpu_data_wont_use issues), served only when that link direction has nothing else queued.
 * Handles without sequential consistency are left alone (their successors say nothing about
 * their accesses), and so are handles with no home (scratch, WR-lazy partial products).
 */
#include "config.h"
#include "sched_policy/policy.h"

/* Whether one of the task's direct successors (as submitted so far) accesses handle h. */
static int used_after(struct starpu_task *task, starpu_data_handle_t h)
{
	struct starpu_task *succ[64];
	int n = starpu_task_get_task_succs(task, 64, succ);
	if (n > 64)
		return 1; /* more than we looked at: assume it is used (keeps it on the GPU) */
	for (int s = 0; s < n; s++) {
		if (!succ[s]->cl) /* a control task (e.g. an acquire's): no buffers, and nothing to keep */
			continue;
		unsigned nb = STARPU_TASK_GET_NBUFFERS(succ[s]);
		for (unsigned j = 0; j < nb; j++)
			if (STARPU_TASK_GET_HANDLE(succ[s], j) == h)
				return 1;
	}
	return 0;
}

/* Whether node holds the only valid copy of h, with h's home elsewhere (a copy worth sending). */
static int stale_at_home(starpu_data_handle_t h, unsigned node)
{
	int home = starpu_data_get_home_node(h);
	if (home < 0 || (unsigned)home == node)
		return 0;
	int allocated, valid, loading, requested;
	starpu_data_query_status2(h, home, &allocated, &valid, &loading, &requested);
	if (valid || loading || requested)
		return 0;
	starpu_data_query_status2(h, (int)node, &allocated, &valid, &loading, &requested);
	return valid;
}

int pl_write_back_finished(struct starpu_task *task, unsigned node)
{
	if (!task->sequential_consistency)
		return 0;
	int sent = 0;
	unsigned nb = STARPU_TASK_GET_NBUFFERS(task);
	for (unsigned j = 0; j < nb; j++) {
		starpu_data_handle_t h = STARPU_TASK_GET_HANDLE(task, j);
		enum starpu_data_access_mode mode = STARPU_TASK_GET_MODE(task, j);
		if ((mode & (STARPU_SCRATCH | STARPU_REDUX)) || !(mode & STARPU_RW) ||
		    !starpu_data_get_sequential_consistency_flag(h) || !stale_at_home(h, node) ||
		    used_after(task, h))
			continue;
		if (starpu_data_idle_prefetch_on_node(h, (unsigned)starpu_data_get_home_node(h), 1) == 0)
			sent++;
	}
	return sent;
}
