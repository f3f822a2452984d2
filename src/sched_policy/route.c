/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Routing: turning the policy's plan into StarPU requests.
 *
 * StarPU copies a datum only from a VALID copy (src/datawizard/coherency.c chooses among them),
 * so a copy still in flight cannot be a source: two GPUs that ask at once both read the host.
 * The plan (eta.c) says which node each copy should come from. A hop whose source is valid now
 * is prefetched at once (StarPU then picks that source, the fastest valid one by its bus model);
 * a hop whose source is still on its way becomes a relay, requested the moment the source turns
 * valid: host -> GPU0 first, then GPU0 -> GPU1 over NVLink, never the host twice. Multi-hop routes
 * are chains of relays. Relays are polled from pop_task (idle workers, at most every few
 * microseconds) and from post_exec. StarPU still chooses the source of each copy itself, the
 * fastest valid copy by its bus model: a relay makes the GPU copy exist in time, so that on
 * NVLink machines StarPU prefers it to the host.
 *
 * Only data the task reads and does not write can be prefetched this way: a queued task holds its
 * written data (W, RW) until it runs, and starpu_data_prefetch_on_node acquires the handle, so
 * such a request would wait for the task itself. A task whose plan needs no relay (one GPU, PCIe
 * machines, tiles already where they go) is therefore prefetched as StarPU's own policies do it,
 * by starpu_prefetch_task_input_for, which requests every buffer on the task's behalf, written
 * ones included: the RW tile of a GEMM or an update then arrives with its inputs instead of at
 * execution, behind the copies requested meanwhile. A task with relays keeps the per-handle
 * requests (a task prefetch would read the relayed tiles from the host at once); StarPU fetches
 * its written data when the worker takes it.
 */
#include "config.h"
#include "sched_policy/policy.h"
#include <stdio.h>

static int is_valid(starpu_data_handle_t h, int node)
{
	int valid = 0;
	starpu_data_query_status2(h, node, NULL, &valid, NULL, NULL);
	return valid;
}

static int is_there_or_coming(starpu_data_handle_t h, int node)
{
	int valid = 0, loading = 0, requested = 0;
	starpu_data_query_status2(h, node, NULL, &valid, &loading, &requested);
	return valid || loading || requested;
}

/* Whether some hop of the plan reads a copy that is not valid yet (a relay). */
static int needs_relay(const struct starpu_task *task, const struct pl_tdata *td)
{
	if (!pl_g.set.route)
		return 0;
	for (int i = 0; i < td->nhops; i++)
		if (!(STARPU_TASK_GET_MODE(task, td->hops[i].data) & STARPU_W)
		    && !is_valid(td->handle[i], td->hops[i].src))
			return 1;
	return 0;
}

void pl_issue_plan(struct starpu_task *task, struct pl_tdata *td)
{
	if (pl_g.no_links || !needs_relay(task, td)) {
		/* StarPU's own prefetch of the task's buffers, to the worker's real node (always so
		 * with PARALIA_ROUTE=0: no relays then). */
		starpu_prefetch_task_input_for(task, (unsigned)td->worker);
		return;
	}
	starpu_data_handle_t now_h[PL_TASK_HOPS];
	int now_dst[PL_TASK_HOPS], nnow = 0;
	pl_lock();
	for (int i = 0; i < td->nhops; i++) {
		starpu_data_handle_t h = td->handle[i];
		int s = td->hops[i].src, d = td->hops[i].dst;
		if ((STARPU_TASK_GET_MODE(task, td->hops[i].data) & STARPU_W) || is_there_or_coming(h, d))
			continue;
		struct pl_hrec *r = pl_hrec(h, 1);
		if (r->relay_pending >> d & 1)
			continue;
		if (is_valid(h, s) || pl_g.nrelay == PL_MAX_RELAYS) {
			now_h[nnow] = h, now_dst[nnow++] = d;
			continue;
		}
		pl_g.relay[pl_g.nrelay++] = (struct pl_relay){ h, d, s, task->priority, pl_task_key(task),
		                                               &td->firing };
		r->relay_pending |= 1u << d;
	}
	pl_unlock();
	/* At the task's priority: StarPU serves a node's requests by priority, so the copies of an
	 * urgent (critical-path) task pass those of tasks queued long before it. */
	for (int i = 0; i < nnow; i++)
		starpu_data_prefetch_on_node_prio(now_h[i], (unsigned)now_dst[i], 1, task->priority);
}

void pl_poll_relays(uintptr_t drop_task, int block)
{
	if (block)
		pl_lock();
	else if (starpu_pthread_mutex_trylock(&pl_g.lock) != 0)
		return;
	starpu_data_handle_t fire_h[64];
	int fire_dst[64], fire_prio[64], *fire_count[64], nfire = 0;
	for (int i = 0; i < pl_g.nrelay;) {
		struct pl_relay *x = &pl_g.relay[i];
		int drop = drop_task && x->task == drop_task;
		int fire = !drop && nfire < 64 && is_valid(x->h, x->wait);
		if (!drop && !fire) {
			i++;
			continue;
		}
		struct pl_hrec *r = pl_hrec(x->h, 0);
		if (r)
			r->relay_pending &= ~(1u << x->dst);
		if (fire) {
			/* Counted under the lock, before pop can drop the task's relays and free them. */
			__atomic_add_fetch(x->firing, 1, __ATOMIC_ACQ_REL);
			fire_h[nfire] = x->h, fire_dst[nfire] = x->dst, fire_prio[nfire] = x->prio;
			fire_count[nfire++] = x->firing;
			pl_g.nrelays_issued++;
		} else
			pl_g.nrelays_dropped++;
		*x = pl_g.relay[--pl_g.nrelay]; /* order among relays does not matter */
	}
	pl_unlock();
	for (int i = 0; i < nfire; i++) {
		starpu_data_prefetch_on_node_prio(fire_h[i], (unsigned)fire_dst[i], 1, fire_prio[i]);
		__atomic_sub_fetch(fire_count[i], 1, __ATOMIC_ACQ_REL);
	}
}
