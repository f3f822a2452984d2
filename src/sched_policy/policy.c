/*
 * The `paralia` StarPU scheduling policy: StarPU's hooks around the pure model of eta.c.
 *
 * push: for each worker of the task's context that may run it, when it would finish
 *   (its queue's end, the inputs' arrival on its node over the link map's routes given when each
 *   link is free, the kernel's predicted time); the task goes to the earliest finish, its copies
 *   are committed to the link availability matrix and requested (route.c).
 * pop: the worker's queue, by priority then by inputs' arrival, preferring a task whose inputs
 *   are already there.
 * pre/post_exec: estimates are corrected with what happened (links and copies at task start,
 *   the worker's free time at task end), so they do not drift.
 * Loaded by STARPU_SCHED_LIB=libparalia.so STARPU_SCHED=paralia, or through starpu_conf.
 */
#include "config.h"
#include "sched_policy/policy.h"
#include <paralia_sched.h>
#include <limits.h>
#include <math.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct pl_global pl_g = { .lock = PTHREAD_MUTEX_INITIALIZER };

/* Fallback speeds for codelets without a calibrated model: a core, a GPU (GFLOP/s). Only their
 * ratio matters much, and it is what excludes CPU cores beside GPUs. */
#define PL_CPU_GFLOPS 20.0
#define PL_GPU_GFLOPS 20000.0
#define PL_DEFAULT_TASK_US 100.0 /* a task without model nor flops, on a CPU core */

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
	pl_g.nfallback_kernel = 0;
	pl_g.nrelay = 0;
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
	pthread_mutex_lock(&pl_g.lock);
	if (pl_g.users++ == 0)
		global_init();
	pthread_mutex_unlock(&pl_g.lock);
}

static void paralia_deinit_sched(unsigned ctx)
{
	struct pl_ctx *cd = starpu_sched_ctx_get_policy_data(ctx);
	pthread_mutex_lock(&pl_g.lock);
	int last = --pl_g.users == 0;
	pthread_mutex_unlock(&pl_g.lock);
	if (last && pl_g.set.verbose)
		pl_verbose_summary();
	free(cd);
}

static void paralia_add_workers(unsigned ctx, int *ids, unsigned n)
{
	pthread_mutex_lock(&pl_g.lock);
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
	pthread_mutex_unlock(&pl_g.lock);
}

static void paralia_remove_workers(unsigned ctx, int *ids, unsigned n)
{
	/* Queues of removed workers are empty (StarPU moves tasks before removing); state stays
	 * for the worker's other contexts. */
}

/* Estimate of the task on worker w when its model cannot say: from the flops and the device kind,
 * else StarPU's relative speed of the worker's arch. */
static double fallback_time(struct starpu_task *task, int w, unsigned ctx)
{
	int cpu = starpu_worker_get_type(w) == STARPU_CPU_WORKER;
	if (task->flops > 0)
		return task->flops / ((cpu ? PL_CPU_GFLOPS : PL_GPU_GFLOPS) * 1e3);
	double sp = starpu_worker_get_relative_speedup(starpu_worker_get_perf_archtype(w, ctx));
	return PL_DEFAULT_TASK_US / (sp > 0 ? sp : 1);
}

/* Kernel time of the task on worker w (which can run it with implementation impl), in us; *fb gets
 * the fallback estimate, and the result is the model's when it has one (*measured = 1). */
static double kernel_time(struct starpu_task *task, int w, unsigned ctx, unsigned impl,
                          double *fb, int *measured)
{
	double t = NAN;
	if (task->cl && task->cl->model)
		t = starpu_task_worker_expected_length(task, w, ctx, impl);
	*fb = fallback_time(task, w, ctx);
	*measured = t >= 0 && !isinf(t);
	if (!*measured) {
		/* Uncalibrated or no model: never block on calibration. */
		pl_g.nfallback_kernel++;
		t = *fb;
	}
	return t;
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

static int paralia_push_task(struct starpu_task *task)
{
	unsigned ctx = task->sched_ctx;
	struct pl_ctx *cd = starpu_sched_ctx_get_policy_data(ctx);
	struct starpu_worker_collection *workers = starpu_sched_ctx_get_worker_collection(ctx);
	struct pl_cand cand[STARPU_NMAXWORKERS];
	double kernel_us[PL_MAX_CLASSES], fb_us[PL_MAX_CLASSES];
	int measured[PL_MAX_CLASSES];
	signed char cls_state[PL_MAX_CLASSES]; /* 0 unknown, 1 computed */
	int nc = 0;
	memset(cls_state, 0, sizeof cls_state);
	/* Per-worker checks only when something can differ between workers of one class. */
	int per_worker = task->workerids_len > 0 || (task->cl && task->cl->can_execute);

	for (int pass = 0; pass < 2 && nc == 0; pass++) {
		memset(cls_state, 0, sizeof cls_state);
		struct starpu_sched_ctx_iterator it;
		workers->init_iterator_for_parallel_tasks(workers, &it, task);
		while (workers->has_next(workers, &it)) {
			int w = (int)workers->get_next(workers, &it);
			struct pl_wstate *ws = &pl_g.w[w];
			if (!ws->used || (pass == 0 && !ws->allowed))
				continue;
			int c = ws->cls;
			if (cls_state[c] == 2)
				continue; /* the class cannot run it */
			if (per_worker || cls_state[c] == 0) {
				unsigned impl;
				if (!starpu_worker_can_execute_task_first_impl(w, task, &impl)) {
					if (!per_worker)
						cls_state[c] = 2;
					continue;
				}
				if (cls_state[c] == 0) {
					kernel_us[c] = kernel_time(task, w, ctx, impl, &fb_us[c], &measured[c]);
					cls_state[c] = 1;
				}
			}
			cand[nc++] = (struct pl_cand){ w, ws->node, c, 0 };
		}
		if (nc == 0 && pass == 0 && pl_g.set.devices[0] && !pl_g.warned_devices) {
			pl_g.warned_devices = 1;
			fprintf(stderr, "paralia: PARALIA_DEVICES=%s leaves no worker for codelet %s; "
			        "using any worker for such tasks\n", pl_g.set.devices,
			        task->cl && task->cl->name ? task->cl->name : "(unnamed)");
		}
	}
	STARPU_ASSERT_MSG(nc > 0, "paralia: no worker of context %u can run the task", ctx);

	int usable[PL_MAX_CLASSES], type[PL_MAX_CLASSES];
	for (int c = 0; c < pl_g.ncls; c++)
		usable[c] = cls_state[c] == 1, type[c] = (int)pl_g.cls[c].type;
	pl_anchor_fallbacks(kernel_us, fb_us, measured, usable, type, pl_g.ncls);
	/* Device selection: a class far slower than the best one for this task gets none of it. */
	pl_g.nexcluded += pl_exclude_slow(kernel_us, cand, nc, pl_g.set.slow_ratio);

	struct pl_tdata *td = calloc(1, sizeof *td);
	STARPU_ASSERT_MSG(td, "paralia: out of memory");
	struct pl_dview v[PL_MAX_INPUTS];
	int bufidx[PL_MAX_INPUTS];
	struct pl_decision dec;

	pthread_mutex_lock(&pl_g.lock);
	double now = starpu_timing_now();
	pl_links_refresh(&pl_g.L, now);
	for (int i = 0; i < nc; i++) {
		double f = pl_g.w[cand[i].worker].exp_end;
		cand[i].free_us = f > now ? f : now;
	}
	int nv = build_views(task, now, v, bufidx);
	pl_choose(&pl_g.L, v, nv, cand, nc, kernel_us, now, pl_g.set.route, pl_g.set.max_hops, &dec);
	if (dec.best < 0) {
		/* Every class excluded for this task (ratio against itself cannot do that, but a NaN
		 * can): the first candidate, now. */
		dec.best = 0;
		dec.start_us = dec.ready_us = now;
		dec.end_us = now + 1;
	}
	int w = cand[dec.best].worker, node = cand[dec.best].node;
	double klen = dec.end_us - dec.start_us;
	struct pl_hop hops[PL_TASK_HOPS];
	int nh = pl_commit(&pl_g.L, v, nv, node, now, dec.end_us, pl_g.set.route, pl_g.set.max_hops,
	                   hops, PL_TASK_HOPS);
	for (int h = 0; h < nh; h++) {
		pl_g.link_task[hops[h].src][hops[h].dst] = pl_task_key(task);
		hops[h].data = bufidx[hops[h].data];
	}
	for (int j = 0; j < nv; j++) {
		struct pl_hrec *r = pl_hrec(STARPU_TASK_GET_HANDLE(task, bufidx[j]), 1);
		for (int n = 0; n < pl_g.nnodes; n++)
			r->eta[n] = v[j].eta[n];
	}
	struct pl_wstate *ws = &pl_g.w[w];
	ws->exp_end = dec.end_us;
	ws->queued_us += klen;
	pl_g.ntasks++;
	if (pl_g.set.verbose >= 2)
		pl_verbose_task(task, cand, nc, kernel_us, &dec, hops, nh);
	pthread_mutex_unlock(&pl_g.lock);

	task->predicted = klen;
	task->predicted_transfer = dec.ready_us > now ? dec.ready_us - now : 0;
	task->sched_data = td;
	td->worker = w;
	td->node = node;
	td->nhops = nh;
	memcpy(td->hops, hops, nh * sizeof *hops);
	for (int h = 0; h < nh; h++)
		td->handle[h] = STARPU_TASK_GET_HANDLE(task, hops[h].data);
	td->e.prio = task->priority;
	td->e.key = dec.ready_us;
	td->e.task = task;

	/* Copies are requested now unless the queue is deeper than the lookahead (pop requests them
	 * later): copies for far-away tasks would take memory and link time from nearer ones. Done
	 * before the task is visible to the worker, so its handles are alive. */
	if (starpu_get_prefetch_flag() && cd->q[w].n < pl_g.set.lookahead) {
		td->prefetched = 1;
		pl_issue_plan(task, td);
	}
	starpu_worker_lock(w);
	pl_queue_insert(&cd->q[w], &td->e);
	starpu_push_task_end(task);
#if !defined(STARPU_NON_BLOCKING_DRIVERS) || defined(STARPU_SIMGRID)
	starpu_wake_worker_locked(w);
#endif
	starpu_worker_unlock(w);
	starpu_sched_ctx_list_task_counters_increment(ctx, w);
	return 0;
}

/* Bytes of a task's inputs not yet valid on the popping worker's node. */
static double missing_bytes(void *t, void *arg)
{
	struct starpu_task *task = t;
	int node = *(int *)arg;
	double m = 0;
	unsigned nb = STARPU_TASK_GET_NBUFFERS(task);
	for (unsigned j = 0; j < nb; j++) {
		enum starpu_data_access_mode mode = STARPU_TASK_GET_MODE(task, j);
		if (!(mode & STARPU_R))
			continue;
		starpu_data_handle_t h = STARPU_TASK_GET_HANDLE(task, j);
		int valid = 0;
		starpu_data_query_status2(h, node, NULL, &valid, NULL, NULL);
		if (!valid)
			m += (double)starpu_data_get_size(h) + 1;
	}
	return m;
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
	int node = pl_g.w[w].node;
	int mnode = (int)starpu_worker_get_memory_node(w);
	struct pl_qent *e = pl_queue_pop(q, 8, missing_bytes, &mnode);
	struct starpu_task *task = e->task;
	struct pl_tdata *td = task->sched_data;
	task->sched_data = NULL;
	(void)node;
	/* Lookahead: the next tasks of the queue get their copies requested now. */
	struct pl_tdata *later[64];
	int nlater = 0, seen = 0;
	for (struct pl_qent *x = PL_QUEUE_FIRST(q); x && seen < pl_g.set.lookahead && nlater < 64;
	     x = PL_QUEUE_NEXT(q, x), seen++) {
		struct pl_tdata *xd = (struct pl_tdata *)x;
		if (!xd->prefetched && starpu_get_prefetch_flag()) {
			xd->prefetched = 1;
			later[nlater++] = xd;
		}
	}
	for (int i = 0; i < nlater; i++)
		pl_issue_plan(later[i]->e.task, later[i]);

	pthread_mutex_lock(&pl_g.lock);
	struct pl_wstate *ws = &pl_g.w[w];
	ws->queued_us -= task->predicted;
	if (ws->queued_us < 0)
		ws->queued_us = 0;
	ws->running_us += task->predicted;
	pthread_mutex_unlock(&pl_g.lock);
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
	pthread_mutex_lock(&pl_g.lock);
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
	pthread_mutex_unlock(&pl_g.lock);
}

static void paralia_post_exec(struct starpu_task *task, unsigned ctx)
{
	int w = starpu_worker_get_id_check();
	pthread_mutex_lock(&pl_g.lock);
	double now = starpu_timing_now();
	struct pl_wstate *ws = &pl_g.w[w];
	ws->running_us -= isnan(task->predicted) ? 0 : task->predicted;
	if (ws->running_us < 0)
		ws->running_us = 0;
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
	pthread_mutex_unlock(&pl_g.lock);
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
