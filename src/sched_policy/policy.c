/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The `paralia` StarPU scheduling policy: StarPU's hooks around the pure model of eta.c.
 *
 * push: for each worker of the task's context that may run it, when it would finish
 *   (its queue's end, the inputs' arrival on its node over the link map's routes given when each
 *   link is free, the kernel's predicted time); the task goes to the earliest finish, its copies
 *   are committed to the link availability matrix and requested (route.c).
 * pop: the worker's queue, by priority then by inputs' arrival, preferring a task that waits for
 *   fewer copies (none: its inputs are already there).
 * pre/post_exec: estimates are corrected with what happened (links and copies at task start,
 *   the worker's free time at task end), so they do not drift.
 * Loaded by STARPU_SCHED_LIB=libparalia.so STARPU_SCHED=paralia, or through starpu_conf.
 */
#include "config.h"
#include "sched_policy/policy.h"
#include "perfmodel/plan.h"
#include <paralia_sched.h>
#include <limits.h>
#include <math.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct pl_global pl_g = { .lock = STARPU_PTHREAD_MUTEX_INITIALIZER };

struct pl_hrec *pl_hrec(starpu_data_handle_t h, int create)
{
	uintptr_t x = (uintptr_t)h;
	x ^= x >> 17;
	x *= 0x9E3779B97F4A7C15ull;
	struct pl_hrec *r = &pl_g.htab[(x >> 40) & (PL_HTAB - 1)];
	if (r->h == h)
		return r;
	if (!create)
		return NULL;
	r->h = h;
	r->relay_pending = 0;
	for (int i = 0; i < LM_MAX_NODES; i++)
		r->eta[i] = PL_INF;
	return r;
}

/* ---- machine ---- */

static void open_linkmap(void)
{
	struct lm_db db;
	int nn = (int)starpu_memory_nodes_get_count();
	int r = lm_open_for_this_machine(&db);
	if (db.nnodes != nn) {
		if (r == 0)
			fprintf(stderr, "paralia: the link map has %d nodes but StarPU has %d memory nodes; "
			        "using StarPU's bus model\n", db.nnodes, nn);
		memset(&db, 0, sizeof db);
		if (lm_from_starpu(&db) != 0 || db.nnodes != nn) {
			/* Nothing usable: unknown links cost nothing, so choices rest on queues and kernels. */
			memset(&db, 0, sizeof db);
			db.nnodes = nn > LM_MAX_NODES ? LM_MAX_NODES : nn;
		}
		r = 1;
	}
	pl_g.db_from_file = r == 0;
	pl_g.nnodes = db.nnodes;
	pl_g.no_links = 1;
	for (int a = 0; a < db.nnodes; a++)
		for (int b = 0; b < db.nnodes; b++)
			if (a != b && db.link[a][b].bw_gbs > 0)
				pl_g.no_links = 0;
	pl_links_init(&pl_g.L, &db);
}

/* The GPU kernel times the push reads where StarPU's history has none yet (candidates.c's
 * kernel_time). Not under SimGrid: there StarPU's history is what the simulated kernels run for. */
static void open_kernel_table(void)
{
#ifdef PARALIA_SIMULATION
	pl_g.gpu_table = 0;
#else
	pl_g.gpu_table = pl_g.set.kernel_table && pm_gpu_table(&pl_g.gpu_rates);
#endif
}

static void global_init(void)
{
	/* A later starpu_init in the same process may bring other workers under the same ids. */
	memset(pl_g.w, 0, sizeof pl_g.w);
	pl_g.ncls = 0;
	pl_g.warned_devices = 0;
	pl_g.last_idle_poll = 0;
	pl_settings_from_env(&pl_g.set);
	open_linkmap();
	pl_g.t0 = starpu_timing_now();
	pl_g.ntasks = pl_g.nexcluded = pl_g.nrelays_issued = pl_g.nrelays_dropped = 0;
	pl_g.nfallback_kernel = pl_g.nwritebacks = pl_g.ntable_kernel = 0;
	open_kernel_table();
	pl_g.nrelay = 0;
	pl_g.prio_lo = INT_MAX;
	pl_g.prio_hi = INT_MIN;
	memset(pl_g.link_task, 0, sizeof pl_g.link_task);
	for (int i = 0; i < PL_HTAB; i++)
		pl_g.htab[i].h = NULL;
	if (pl_g.set.verbose)
		pl_verbose_start();
}

static int class_of(int workerid)
{
	enum starpu_worker_archtype t = starpu_worker_get_type(workerid);
	int dev = t == STARPU_CPU_WORKER ? 0 : starpu_worker_get_devid(workerid);
	for (int c = 0; c < pl_g.ncls; c++)
		if (pl_g.cls[c].type == t && pl_g.cls[c].devid == dev)
			return c;
	if (pl_g.ncls == PL_MAX_CLASSES)
		return PL_MAX_CLASSES - 1;
	struct pl_class *c = &pl_g.cls[pl_g.ncls];
	c->type = t;
	c->devid = dev;
	const char *ts = starpu_worker_get_type_as_string(t);
	int n = 0;
	for (; ts[n] && n < 8; n++)
		c->name[n] = (char)(ts[n] >= 'A' && ts[n] <= 'Z' ? ts[n] + 32 : ts[n]);
	if (t == STARPU_CPU_WORKER)
		c->name[n] = '\0';
	else
		snprintf(c->name + n, sizeof c->name - n, "%d", dev);
	return pl_g.ncls++;
}

/* ---- hooks ---- */

static void paralia_init_sched(unsigned ctx)
{
	struct pl_ctx *cd = calloc(1, sizeof *cd);
	STARPU_ASSERT_MSG(cd, "paralia: out of memory");
	cd->id = ctx;
	for (int i = 0; i < STARPU_NMAXWORKERS; i++)
		pl_queue_init(&cd->q[i]);
	starpu_sched_ctx_set_policy_data(ctx, cd);
	/* Any integer priority is meaningful to the queues. */
	if (!starpu_sched_ctx_min_priority_is_set(ctx))
		starpu_sched_ctx_set_min_priority(ctx, INT_MIN);
	if (!starpu_sched_ctx_max_priority_is_set(ctx))
		starpu_sched_ctx_set_max_priority(ctx, INT_MAX);
	pl_lock();
	if (pl_g.users++ == 0)
		global_init();
	pl_unlock();
}

static void paralia_deinit_sched(unsigned ctx)
{
	struct pl_ctx *cd = starpu_sched_ctx_get_policy_data(ctx);
	pl_lock();
	int last = --pl_g.users == 0;
	pl_unlock();
	if (last && pl_g.set.verbose)
		pl_verbose_summary();
	free(cd);
}

static void paralia_add_workers(unsigned ctx, int *ids, unsigned n)
{
	pl_lock();
	int ncpu = 0;
	for (unsigned i = 0; i < n; i++) {
		int w = ids[i];
		struct pl_wstate *ws = &pl_g.w[w];
		if (!ws->used) {
			memset(ws, 0, sizeof *ws);
			ws->used = 1;
			ws->cls = class_of(w);
			ws->node = (int)starpu_worker_get_memory_node(w);
			if (ws->node >= pl_g.nnodes)
				ws->node = 0; /* a node the link map does not know: modelled as the host */
			enum starpu_worker_archtype t = starpu_worker_get_type(w);
			if (t == STARPU_CPU_WORKER)
				snprintf(ws->name, sizeof ws->name, "cpu%d", starpu_worker_get_devid(w));
			else
				memcpy(ws->name, pl_g.cls[ws->cls].name, sizeof ws->name);
			ws->allowed = pl_device_allowed(pl_g.set.devices, pl_g.cls[ws->cls].type == STARPU_CPU_WORKER
			                                ? "cpu" : "cuda", ws->name);
			if (t != STARPU_CPU_WORKER && t != STARPU_CUDA_WORKER)
				ws->allowed = pl_device_allowed(pl_g.set.devices, pl_g.cls[ws->cls].name, ws->name);
			ws->exp_end = starpu_timing_now();
			ws->first_start = -1;
			ncpu++;
		}
	}
	pl_unlock();
}

static void paralia_remove_workers(unsigned ctx, int *ids, unsigned n)
{
	/* Queues of removed workers are empty (StarPU moves tasks before removing); state stays
	 * for the worker's other contexts. */
}

/* Builds the view of each distinct handle: copies valid now, copies on their way (StarPU says
 * requested or loading, or a relay of ours is pending) at their planned arrival. */
static int build_views(struct starpu_task *task, double now, struct pl_dview *v, int *bufidx)
{
	int nb = (int)STARPU_TASK_GET_NBUFFERS(task), nv = 0;
	for (int j = 0; j < nb && nv < PL_MAX_INPUTS; j++) {
		starpu_data_handle_t h = STARPU_TASK_GET_HANDLE(task, j);
		enum starpu_data_access_mode m = STARPU_TASK_GET_MODE(task, j);
		int k;
		for (k = 0; k < nv; k++)
			if (STARPU_TASK_GET_HANDLE(task, bufidx[k]) == h)
				break;
		int rd = (m & STARPU_R) && !(m & (STARPU_SCRATCH | STARPU_REDUX));
		int wr = (m & STARPU_W) != 0;
		if (k < nv) { /* same handle twice: one copy */
			v[k].read |= rd;
			v[k].write |= wr;
			continue;
		}
		struct pl_dview *d = &v[nv];
		bufidx[nv++] = j;
		d->bytes = starpu_data_get_size(h);
		d->read = rd;
		d->write = wr;
		const struct pl_hrec *r = pl_hrec(h, 0);
		for (int n = 0; n < pl_g.nnodes; n++) {
			int valid = 0, loading = 0, requested = 0;
			starpu_data_query_status2(h, n, NULL, &valid, &loading, &requested);
			if (valid)
				d->eta[n] = now;
			else if (r && r->eta[n] < PL_INF && (loading || requested || (r->relay_pending >> n & 1)))
				d->eta[n] = r->eta[n];
			else if (loading)
				d->eta[n] = now;
			else
				d->eta[n] = PL_INF;
		}
	}
	return nv;
}

/* Push, step 2 (priorities): the predicted work each candidate's queue holds that the task would
 * run before (lower priorities). Taken under each worker's lock, before the policy lock (the
 * policy lock is a leaf). Nothing to overtake while every task so far had one priority. */
static void overtaken_work(const struct pl_ctx *cd, const struct starpu_task *task,
                           const struct pl_cand *cand, int nc, const double *kernel_us, double *overtaken)
{
	int lo = __atomic_load_n(&pl_g.prio_lo, __ATOMIC_RELAXED);
	int hi = __atomic_load_n(&pl_g.prio_hi, __ATOMIC_RELAXED);
	for (int i = 0; i < nc; i++) {
		overtaken[i] = 0;
		if (lo >= hi || task->priority <= lo || !(kernel_us[cand[i].cls] >= 0))
			continue;
		int w = cand[i].worker;
		starpu_worker_lock(w);
		overtaken[i] = pl_queue_overtaken(&cd->q[w], task->priority);
		starpu_worker_unlock(w);
	}
}

/* Keeps the range of priorities seen, so that overtaken_work knows when there is none to see. */
static void note_priority(int prio)
{
	int lo = __atomic_load_n(&pl_g.prio_lo, __ATOMIC_RELAXED);
	while (prio < lo && !__atomic_compare_exchange_n(&pl_g.prio_lo, &lo, prio, 0, __ATOMIC_RELAXED,
	                                                 __ATOMIC_RELAXED))
		;
	int hi = __atomic_load_n(&pl_g.prio_hi, __ATOMIC_RELAXED);
	while (prio > hi && !__atomic_compare_exchange_n(&pl_g.prio_hi, &hi, prio, 0, __ATOMIC_RELAXED,
	                                                 __ATOMIC_RELAXED))
		;
}

/* Push, step 3, under the policy lock: each candidate's free time (its queue's end, less what the
 * task overtakes), the choice (pl_choose: earliest finish over the links' availability), and the
 * commit of the chosen plan (links occupied, ETA vectors, the worker's predicted end). */
static void choose_and_commit(struct starpu_task *task, struct pl_cand *cand, int nc,
                              const double *kernel_us, const double *overtaken, struct pl_tdata *td)
{
	struct pl_dview v[PL_MAX_INPUTS];
	int bufidx[PL_MAX_INPUTS];
	struct pl_decision dec;
	pl_lock();
	double now = starpu_timing_now();
	pl_links_refresh(&pl_g.L, now);
	for (int i = 0; i < nc; i++) {
		double f = pl_g.w[cand[i].worker].exp_end - overtaken[i];
		cand[i].free_us = f > now ? f : now;
	}
	int nv = build_views(task, now, v, bufidx);
	/* PARALIA_VERBOSE=2 prints every class's best end: every node's readiness then. */
	(pl_g.set.verbose >= 2 ? pl_choose_all : pl_choose)(&pl_g.L, v, nv, cand, nc, kernel_us, now,
	                                                     pl_g.set.route, pl_g.set.max_hops, &dec);
	int planned = dec.best >= 0;
	if (!planned) {
		/* Every class excluded for this task (ratio against itself cannot do that, but a NaN
		 * can): the first candidate, now. */
		dec.best = 0;
		dec.start_us = dec.ready_us = now;
		dec.end_us = now + 1;
	}
	int w = cand[dec.best].worker, node = cand[dec.best].node;
	double klen = dec.end_us - dec.start_us;
	/* The chosen node's routes were planned by pl_choose already. */
	int nh = planned ? pl_commit_plan(&pl_g.L, v, nv, node, now, dec.end_us, &dec, td->hops,
	                                  PL_TASK_HOPS)
	                 : pl_commit(&pl_g.L, v, nv, node, now, dec.end_us, pl_g.set.route,
	                             pl_g.set.max_hops, td->hops, PL_TASK_HOPS);
	for (int h = 0; h < nh; h++) {
		pl_g.link_task[td->hops[h].src][td->hops[h].dst] = pl_task_key(task);
		td->hops[h].data = bufidx[td->hops[h].data];
	}
	for (int j = 0; j < nv; j++) {
		struct pl_hrec *r = pl_hrec(STARPU_TASK_GET_HANDLE(task, bufidx[j]), 1);
		for (int n = 0; n < pl_g.nnodes; n++)
			r->eta[n] = v[j].eta[n];
	}
	struct pl_wstate *ws = &pl_g.w[w];
	/* Overtaking: the queue's end moves by the task's length; at the tail it is the task's end. */
	ws->exp_end = overtaken[dec.best] > 0 ? (ws->exp_end > now ? ws->exp_end : now) + klen : dec.end_us;
	ws->queued_us += klen;
	pl_g.ntasks++;
	if (pl_g.set.verbose >= 2)
		pl_verbose_task(task, cand, nc, kernel_us, &dec, td->hops, nh);
	pl_unlock();

	task->predicted = klen;
	task->predicted_transfer = dec.ready_us > now ? dec.ready_us - now : 0;
	td->worker = w;
	td->node = node;
	td->nhops = nh;
	for (int h = 0; h < nh; h++)
		td->handle[h] = STARPU_TASK_GET_HANDLE(task, td->hops[h].data);
	td->e.prio = task->priority;
	td->e.key = dec.ready_us;
	td->e.len_us = klen;
	td->e.task = task;
}

/* Whether a task's copies are requested now: within PARALIA_LOOKAHEAD tasks of its queue's head.
 * Measured on one H200 (bench/results/sched-2026-11-24.md): depth 32 beat 8 on the tile GEMM
 * graph, Cholesky and LU; requesting every queued task's copies at push was slower (far tasks'
 * copies stand in StarPU's request queue before the next task's fetches). */
static int may_prefetch(int depth)
{
	return starpu_get_prefetch_flag() && depth < pl_g.set.lookahead;
}

static void prefetch(struct starpu_task *task, struct pl_tdata *td)
{
	td->prefetched = 1;
	pl_issue_plan(task, td);
}

/* Push, step 4: the copies requested (before the task is visible to its worker, so its handles
 * are alive), then the task in the worker's queue. */
static void enqueue(struct pl_ctx *cd, struct starpu_task *task, struct pl_tdata *td)
{
	int w = td->worker;
	if (may_prefetch(cd->q[w].n))
		prefetch(task, td);
	starpu_worker_lock(w);
	pl_queue_insert(&cd->q[w], &td->e);
	starpu_push_task_end(task);
#if !defined(STARPU_NON_BLOCKING_DRIVERS) || defined(STARPU_SIMGRID)
	starpu_wake_worker_locked(w);
#endif
	starpu_worker_unlock(w);
	/* As dmda does, after the worker's lock (this takes it itself). The task may have run and
	 * been freed by now: nothing of it is read here (the sanitizer suite caught task->sched_ctx). */
	starpu_sched_ctx_list_task_counters_increment(cd->id, w);
}

static int paralia_push_task(struct starpu_task *task)
{
	unsigned ctx = task->sched_ctx;
	struct pl_ctx *cd = starpu_sched_ctx_get_policy_data(ctx);
	struct pl_cand cand[STARPU_NMAXWORKERS];
	double kernel_us[PL_MAX_CLASSES], overtaken[STARPU_NMAXWORKERS];
	struct pl_tdata *td = calloc(1, sizeof *td);
	STARPU_ASSERT_MSG(td, "paralia: out of memory");

	int nc = pl_candidates(task, ctx, cand, kernel_us);
	note_priority(task->priority);
	overtaken_work(cd, task, cand, nc, kernel_us, overtaken);
	choose_and_commit(task, cand, nc, kernel_us, overtaken, td);
	starpu_sched_task_break(task);
	task->sched_data = td;
	enqueue(cd, task, td);
	return 0;
}

/* The microseconds one missing copy of h into node takes, at the rate of the fastest link into
 * the node from a node holding h valid (the link map's, as the queue's keys were priced). */
static double copy_in_us(starpu_data_handle_t h, int node)
{
	double inv = 0; /* us per byte of the fastest source's link */
	for (int s = 0; s < pl_g.nnodes; s++) {
		int here = 0;
		if (s == node || !(pl_g.L.own_inv[s][node] > 0))
			continue;
		starpu_data_query_status2(h, s, NULL, &here, NULL, NULL);
		if (here && (inv == 0 || pl_g.L.own_inv[s][node] < inv))
			inv = pl_g.L.own_inv[s][node];
	}
	return (double)starpu_data_get_size(h) * inv;
}

/* A task's inputs not yet valid on memory node `node`: how many, and, when us is not NULL, how
 * long their copies take one after another on the node's inbound link (copy_in_us each). */
static int missing_inputs(struct starpu_task *task, int node, double *us)
{
	int m = 0;
	unsigned nb = STARPU_TASK_GET_NBUFFERS(task);
	for (unsigned j = 0; j < nb; j++) {
		if (!(STARPU_TASK_GET_MODE(task, j) & STARPU_R))
			continue;
		starpu_data_handle_t h = STARPU_TASK_GET_HANDLE(task, j);
		int valid = 0;
		starpu_data_query_status2(h, node, NULL, &valid, NULL, NULL);
		if (valid)
			continue;
		m++;
		if (us)
			*us += copy_in_us(h, node);
	}
	return m;
}

/* Copies a task still waits for: its inputs not yet valid on the popping worker's node. Counted
 * in copies, not bytes: the queue is in the order the copies were requested, so a task whose one
 * missing tile is smaller than the head's does not get it sooner; it gets it later, and taking it
 * first makes the worker fetch it ahead of the head's (16384^3 with A and B on one H200 and C on
 * the host, tile 6144: the 4096 x 4096 corner tile went first and the first kernel started after
 * three C tiles' copies, 14.2 ms, not one; bench/results/gemm-ahead-2026-11-26c.md). */
double pl_missing_copies(void *t, void *arg)
{
	return missing_inputs(t, *(int *)arg, NULL);
}

/* How long those copies take (PARALIA_POP_READY=2 compares a lower-priority kernel with it). Read
 * at pop, from what is missing now: the arrival predicted at push (the queue's key) is already
 * past when copies run slower beside kernels. */
double pl_missing_copy_us(void *t, void *arg)
{
	double us = 0;
	missing_inputs(t, *(int *)arg, &us);
	return us;
}

/* Lookahead: the first tasks of worker queue q get their copies requested now, those not yet
 * (the queue cannot lose entries meanwhile: only its worker pops them). */
static void prefetch_ahead(struct pl_queue *q)
{
	struct pl_tdata *later[64];
	int nlater = 0, depth = 0;
	for (struct pl_qent *x = PL_QUEUE_FIRST(q); x && may_prefetch(depth) && nlater < 64;
	     x = PL_QUEUE_NEXT(q, x), depth++) {
		struct pl_tdata *xd = (struct pl_tdata *)x;
		if (!xd->prefetched)
			later[nlater++] = xd;
	}
	/* Requested after the walk: pl_issue_plan relaxes this worker, and pushes may then insert. */
	for (int i = 0; i < nlater; i++)
		prefetch(later[i]->e.task, later[i]);
}

static struct starpu_task *paralia_pop_task(unsigned ctx)
{
	struct pl_ctx *cd = starpu_sched_ctx_get_policy_data(ctx);
	int w = starpu_worker_get_id_check();
	struct pl_queue *q = &cd->q[w];
	if (q->n == 0) {
		/* Idle workers (up to 128 cores) call this in a loop: poll at most every 5 us, or they
		 * would take turns on pl_g.lock against the pushes. */
		if (pl_g.nrelay) {
			long long now = (long long)starpu_timing_now();
			if (now - __atomic_load_n(&pl_g.last_idle_poll, __ATOMIC_RELAXED) >= 5) {
				__atomic_store_n(&pl_g.last_idle_poll, now, __ATOMIC_RELAXED);
				pl_poll_relays(0, 0);
			}
		}
		return NULL;
	}
	int mnode = (int)starpu_worker_get_memory_node(w);
	/* Among the tasks whose copies were requested (the lookahead), the one whose inputs are here. */
	int window = pl_g.set.lookahead > 8 ? pl_g.set.lookahead : 8;
	/* A lower-priority task only while the head's copies are on their way: without prefetching
	 * they would be requested only once the head is popped, and the head would wait for good. */
	int below = may_prefetch(0) ? pl_g.set.pop_ready : PL_POP_PRIORITY;
	int head_prio = PL_QUEUE_FIRST(q)->prio;
	struct pl_qent *e = pl_queue_choose(q, window, below, pl_missing_copies, pl_missing_copy_us, &mnode);
	struct pl_wstate *ws = &pl_g.w[w]; /* inflight and running_us: changed by this thread only */
	/* held back only once its copies were requested (else they start only when it is popped),
	 * and only when no more urgent than the work in flight, whose successors the place is kept
	 * for (tiled Cholesky on one H200 ran 5% slower with its critical tasks held back too:
	 * bench/results/gemm-2026-11-27b2.md) */
	if (pl_g.set.pop_hold && ws->inflight > 0 && ((struct pl_tdata *)e)->prefetched &&
	    pl_missing_copies(e->task, &mnode) > 0 &&
	    pl_pop_hold(ws->inflight, ws->running_us, ws->inflight_prio, e->prio,
	                pl_missing_copy_us(e->task, &mnode))) {
		prefetch_ahead(q);
		return NULL;
	}
	pl_queue_remove(q, e);
	struct starpu_task *task = e->task;
	struct pl_tdata *td = task->sched_data;
	task->sched_data = NULL;
	prefetch_ahead(q);

	pl_lock();
	ws->inflight++;
	ws->inflight_prio = e->prio;
	ws->popped_below += e->prio < head_prio;
	ws->queued_us -= task->predicted;
	if (ws->queued_us < 0)
		ws->queued_us = 0;
	ws->running_us += task->predicted;
	pl_unlock();
	if (pl_g.nrelay)
		pl_poll_relays(pl_task_key(task), 1);
	/* A poller may be requesting one of this task's relays: the handles stay alive until the
	 * task has run, so let it finish before the task leaves the scheduler. */
	while (__atomic_load_n(&td->firing, __ATOMIC_ACQUIRE))
		sched_yield();
	starpu_sched_ctx_list_task_counters_decrement(ctx, w);
	free(td);
	return task;
}

static void paralia_pre_exec(struct starpu_task *task, unsigned ctx)
{
	int w = starpu_worker_get_id_check();
	uintptr_t key = pl_task_key(task);
	pl_lock();
	double now = starpu_timing_now();
	struct pl_wstate *ws = &pl_g.w[w];
	/* The task's copies are done: links it was the last planned user of are free now. */
	for (int s = 0; s < pl_g.nnodes; s++)
		for (int d = 0; d < pl_g.nnodes; d++)
			if (pl_g.link_task[s][d] == key && pl_g.L.free_us[s][d] > now)
				pl_g.L.free_us[s][d] = now;
	unsigned nb = STARPU_TASK_GET_NBUFFERS(task);
	for (unsigned j = 0; j < nb; j++) {
		struct pl_hrec *r = pl_hrec(STARPU_TASK_GET_HANDLE(task, j), 0);
		if (r && (STARPU_TASK_GET_MODE(task, j) & STARPU_R))
			r->eta[ws->node] = now;
	}
	ws->last_start = now;
	if (ws->first_start < 0)
		ws->first_start = now;
	pl_unlock();
}

static void paralia_post_exec(struct starpu_task *task, unsigned ctx)
{
	int w = starpu_worker_get_id_check();
	pl_lock();
	double now = starpu_timing_now();
	struct pl_wstate *ws = &pl_g.w[w];
	ws->running_us -= isnan(task->predicted) ? 0 : task->predicted;
	if (ws->running_us < 0)
		ws->running_us = 0;
	if (ws->inflight > 0)
		ws->inflight--;
	/* What is left on it, from now: the prediction errors of finished tasks vanish here. */
	ws->exp_end = now + ws->running_us + ws->queued_us;
	ws->tasks++;
	ws->busy_us += now - ws->last_start;
	unsigned nb = STARPU_TASK_GET_NBUFFERS(task);
	for (unsigned j = 0; j < nb; j++) {
		struct pl_hrec *r = pl_hrec(STARPU_TASK_GET_HANDLE(task, j), 0);
		if (!r)
			continue;
		if (STARPU_TASK_GET_MODE(task, j) & STARPU_W) {
			for (int n = 0; n < LM_MAX_NODES; n++)
				r->eta[n] = PL_INF;
			r->relay_pending = 0;
		}
		r->eta[ws->node] = now;
	}
	int node = ws->node;
	pl_unlock();
	/* Results the graph is done with go home now, on the idle return link (writeback.c). */
	if (pl_g.set.writeback) {
		int sent = pl_write_back_finished(task, (unsigned)node);
		if (sent)
			__atomic_add_fetch(&pl_g.nwritebacks, sent, __ATOMIC_RELAXED);
	}
	/* Its outputs are valid now: relays waiting for them can go (busy workers do not pop). */
	if (pl_g.nrelay)
		pl_poll_relays(0, 0);
}

struct starpu_sched_policy paralia_sched_policy = {
	.init_sched = paralia_init_sched,
	.deinit_sched = paralia_deinit_sched,
	.add_workers = paralia_add_workers,
	.remove_workers = paralia_remove_workers,
	.push_task = paralia_push_task,
	.pop_task = paralia_pop_task,
	.pre_exec_hook = paralia_pre_exec,
	.post_exec_hook = paralia_post_exec,
	.policy_name = "paralia",
	.policy_description = "link-aware ETA: routes tiles over the fastest free links (paralia)",
	.worker_type = STARPU_WORKER_LIST,
	.prefetches = 1,
};

/* StarPU's dynamic policy entry points (STARPU_SCHED_LIB). */
static struct starpu_sched_policy *lib_policies[] = { &paralia_sched_policy, NULL };

struct starpu_sched_policy *starpu_get_sched_lib_policy(const char *name)
{
	if (name && strcmp(name, paralia_sched_policy.policy_name) == 0)
		return &paralia_sched_policy;
	return NULL;
}

struct starpu_sched_policy **starpu_get_sched_lib_policies(void)
{
	return lib_policies;
}

struct starpu_sched_policy *paralia_sched_policy_get(void)
{
	return &paralia_sched_policy;
}
