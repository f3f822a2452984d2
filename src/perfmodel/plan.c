/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Plans: the machine as the autotuner sees it (devices, their kernel rates, the link map), built
 * once per paralia_init, and a cache of decisions keyed on the call's parameters.
 */
#include "config.h"
#include "perfmodel/plan.h"
#include "core/core.h"
#include "common/parse.h"
#include "common/sizes.h"
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct plan_key {
	char routine;
	int dbl, m, n, k, loc[3], ld[3], rows[3], reads_c, fixed_T;
	unsigned trans, panels_may, panels_must;
	int c_late_may, c_late_must, c_home_may, c_home_must, tall_may, tall_rows, deep_may, deep_must;
	int b_cut_may, b_cut_must, layers_may, depth;
};

struct plan_entry {
	struct plan_key key;
	struct pm_plan plan;
	struct plan_entry *next;
};

static pthread_mutex_t plan_lock = PTHREAD_MUTEX_INITIALIZER; /* protects everything below */
static int machine_ready;
static struct lm_db machine_db;
static struct pm_device machine_dev[PM_MAX_DEVS];
static int machine_ndev;
static enum pm_metric machine_metric;
static int metric_warned;
static struct plan_entry *plans;

/* ---- the machine ---------------------------------------------------------------------------- */

/* Expected time (us) of paralia's gemm codelet on a T^3 tile from StarPU's history model, NAN when
 * it has not been calibrated for that worker's architecture and shape. */
static double history_us(int dbl, int worker, int T)
{
	starpu_data_handle_t h[3];
	size_t elem = dbl ? sizeof(double) : sizeof(float);
	for (int i = 0; i < 3; i++) /* home node -1: a shape without data, only for the footprint */
		starpu_matrix_data_register(&h[i], -1, 0, (uint32_t)T, (uint32_t)T, (uint32_t)T, elem);
	struct starpu_task *t = starpu_task_create();
	t->cl = dbl ? &paralia_cl_dgemm : &paralia_cl_sgemm;
	t->nbuffers = 3;
	for (int i = 0; i < 3; i++) {
		STARPU_TASK_SET_HANDLE(t, h[i], i);
		enum starpu_data_access_mode mode = i == 2 ? STARPU_RW : STARPU_R;
		STARPU_TASK_SET_MODE(t, mode, i);
	}
	t->destroy = 0;
	double us = starpu_task_expected_length(t, starpu_worker_get_perf_archtype(worker, 0), 0);
	starpu_task_destroy(t);
	for (int i = 0; i < 3; i++)
		starpu_data_unregister(h[i]);
	return us;
}

static int rates_from_history(struct pm_rates *r, int worker, enum pm_dev_kind kind)
{
	static const int gpuT[] = { 512, 1024, 2048, 4096, 8192 }, cpuT[] = { 64, 128, 256, 512 };
	const int *Ts = kind == PM_GPU ? gpuT : cpuT;
	int nT = kind == PM_GPU ? 5 : 4, got = 0;
	struct pm_rates def, out;
	pm_rates_default(&def, kind);
	memset(&out, 0, sizeof out);
	for (int i = 0; i < nT; i++) {
		double us[2] = { history_us(0, worker, Ts[i]), history_us(1, worker, Ts[i]) };
		out.T[i] = Ts[i];
		for (int p = 0; p < 2; p++) {
			double flops = 2.0 * Ts[i] * Ts[i] * Ts[i];
			if (isfinite(us[p]) && us[p] > 0)
				out.gflops[p][i] = flops / (us[p] * 1e3);
			else /* not calibrated at this size: the default curve */
				out.gflops[p][i] = pm_rate_gflops(&def, p, Ts[i], Ts[i], Ts[i]);
			got += isfinite(us[p]) && us[p] > 0;
		}
	}
	out.n = nT;
	out.source = "StarPU history";
	if (got < 2)
		return 0;
	*r = out;
	return 1;
}

void pm_kernel_table_path(char *out, size_t len)
{
	char host[64] = "unknown";
	gethostname(host, sizeof host - 1);
	const char *home = getenv("PARALIA_HOME");
	if (home && *home)
		snprintf(out, len, "%s/kernels-%s.txt", home, host);
	else
		snprintf(out, len, "%s/.paralia/kernels-%s.txt", getenv("HOME") ? getenv("HOME") : ".", host);
}

/* Whether the kernel table at path was measured on this machine's GPU models. A table names them
 * (pm_table_devices); the file's name holds only the host's, which containers share: one H200's
 * table read on an H100 gave that machine the H200's rates without a word. Said once, by the
 * autotuner (say); the policy, which reads it at StarPU's start, says which times it uses only
 * under PARALIA_VERBOSE. */
static int table_fits_machine(const char *path, int say)
{
#ifdef PARALIA_SIMULATION
	(void)path, (void)say;
	return 1; /* a simulated machine is what its files say */
#else
	static int warned;
	char theirs[512], ours[512];
	if (!pm_table_devices(path, theirs, sizeof theirs))
		return 1; /* written by hand, or before tables named their devices */
	lm_device_models(ours, sizeof ours);
	if (!strcmp(theirs, ours))
		return 1;
	if (say && !__atomic_exchange_n(&warned, 1, __ATOMIC_RELAXED))
		fprintf(stderr, "paralia: %s was measured on %s; this machine has %s: not used (run "
		        "paralia-kernels to measure this one, or delete the file's devices line)\n", path,
		        theirs, ours);
	return 0;
#endif
}

/* Kernel rates, best first: the kernel table (a calibration the user ran, so the same table
 * gives the same plans: StarPU's history changes with every run) if it fits this machine
 * (table_fits_machine), StarPU's history, the defaults. The table's transfer rates (xfer lines)
 * go with GPUs. */
static void device_rates(struct pm_device *d, const char *path, int fits)
{
	char err[600];
	struct pm_rates table;
	int r = fits ? pm_rates_load(&table, path, d->kind == PM_GPU ? "gpu" : "cpu", err, sizeof err) : 0;
	if (r < 0)
		fprintf(stderr, "paralia: %s; using default kernel rates\n", err);
	memset(&d->xfer, 0, sizeof d->xfer);
	if (fits && d->kind == PM_GPU && pm_xfer_load(&d->xfer, path, err, sizeof err) < 0)
		fprintf(stderr, "paralia: %s; using the link map's bandwidths for tile copies\n", err);
	if (r == 1)
		d->rates = table;
	else if (!rates_from_history(&d->rates, d->first_worker, d->kind))
		pm_rates_default(&d->rates, d->kind);
}

int pm_gpu_table(struct pm_rates *r)
{
	char path[512], err[600];
	pm_kernel_table_path(path, sizeof path);
	struct pm_rates t;
	if (!table_fits_machine(path, 0) || pm_rates_load(&t, path, "gpu", err, sizeof err) != 1)
		return 0;
	*r = t;
	return 1;
}

static void enumerate_devices(void)
{
	machine_ndev = 0;
	int ncpu = (int)starpu_cpu_worker_get_count();
	if (ncpu > 0) {
		struct pm_device *d = &machine_dev[machine_ndev++];
		memset(d, 0, sizeof *d);
		d->kind = PM_CPU;
		d->node = STARPU_MAIN_RAM;
		d->devid = PARALIA_HOST;
		d->nworkers = ncpu;
		d->first_worker = starpu_worker_get_by_type(STARPU_CPU_WORKER, 0);
	}
	int ncuda = (int)starpu_cuda_worker_get_count();
	for (int i = 0; i < ncuda; i++) {
		int w = starpu_worker_get_by_type(STARPU_CUDA_WORKER, i);
		int node = (int)starpu_worker_get_memory_node((unsigned)w), found = -1;
		for (int d = 0; d < machine_ndev; d++)
			if (machine_dev[d].node == node)
				found = d;
		if (found >= 0)
			continue; /* STARPU_NWORKER_PER_CUDA > 1: more streams, not more SMs: one lane */
		if (machine_ndev == PM_MAX_DEVS || node >= LM_MAX_NODES)
			continue;
		struct pm_device *d = &machine_dev[machine_ndev++];
		memset(d, 0, sizeof *d);
		d->kind = PM_GPU;
		d->node = node;
		d->devid = starpu_worker_get_devid(w);
		d->nworkers = 1;
		d->first_worker = w;
		/* starpu_memory_get_total honours STARPU_LIMIT_CUDA_MEM */
		starpu_ssize_t total = starpu_memory_get_total((unsigned)node);
		d->mem_bytes = total > 0 ? (double)total : 0;
	}
	char path[512];
	pm_kernel_table_path(path, sizeof path);
	int fits = table_fits_machine(path, 1);
	for (int d = 0; d < machine_ndev; d++)
		device_rates(&machine_dev[d], path, fits);
}

/* The link map: this machine's database mapped onto StarPU's memory nodes (PARALIA_LINKMAP names
 * another file), else StarPU's bus model; the link-map module says which, once. */
static void open_linkmap(void)
{
	int maxnode = 0;
	for (int d = 0; d < machine_ndev; d++)
		maxnode = machine_dev[d].node > maxnode ? machine_dev[d].node : maxnode;
	if (lm_open_for_this_machine(&machine_db) >= 0 && machine_db.nnodes > maxnode)
		return;
	/* not even StarPU's bus model: a uniform guess keeps the model usable */
	lm_build_uniform(&machine_db, maxnode, 12, 12, 12, 10);
	machine_db.from_starpu = 1;
}

static void read_metric(void)
{
	const char *m = getenv("PARALIA_TUNE_METRIC");
	machine_metric = PM_TIME;
	if (!m || !*m || !strcmp(m, "time"))
		return;
	if (!strcmp(m, "edp"))
		machine_metric = PM_EDP;
	else if (!strcmp(m, "pdp"))
		machine_metric = PM_PDP;
	else
		fprintf(stderr, "paralia: PARALIA_TUNE_METRIC=%s is not time, edp or pdp; using time\n", m);
}

static void machine_init(void)
{
	if (machine_ready)
		return;
	/* Core calls no layer above it: the plans register their own end. Cannot fail: two hooks
	 * exist (this one and kept matrices') for a table of eight. */
	pl_on_shutdown(PL_SHUTDOWN_STATE, pm_plan_shutdown);
	enumerate_devices();
	open_linkmap();
	read_metric();
	metric_warned = 0;
	machine_ready = 1;
}

/* ---- plans ---------------------------------------------------------------------------------- */

static double useful_flops(char routine, double m, double n, double k)
{
	switch (routine) {
	case 's': return m * m * k;             /* n(n+1)k, C is m x m */
	case 'y': return 2 * m * m * k;
	case 'm': case 't': case 'r': return m * n * k; /* triangle/symmetric A of order k */
	default: return 2 * m * n * k;
	}
}

int pm_node_cpu_workers(int node, int *ids, int max)
{
	int n = 0, nw = (int)starpu_worker_get_count();
	for (int w = 0; w < nw && n < max; w++)
		if (starpu_worker_get_type(w) == STARPU_CPU_WORKER &&
		    (int)starpu_worker_get_memory_node((unsigned)w) == node)
			ids[n++] = w;
	return n;
}

void pm_plan_home_workers(struct pm_plan *pl, int node)
{
	int ids[32 * 8], n = pm_node_cpu_workers(node, ids, 32 * 8);
	for (int x = 0; x < n && ids[x] < 32 * 8; x++) {
		int w = ids[x];
		pl->home_mask[w / 32] |= 1u << (w % 32);
		pl->home_mask_len = (unsigned)w / 32 + 1;
		pl->home_workers++;
	}
}

static void fill_plan(struct pm_plan *pl, const struct plan_key *key, const struct pm_eval *e,
                      enum pm_metric metric)
{
	struct paralia_plan *pub = &pl->pub;
	memset(pl, 0, sizeof *pl);
	pl->T = e->T;
	pub->tile = e->T;
	pub->tile_rows = e->R > e->T ? e->R : e->T;
	pub->tile_depth = e->D > e->T ? e->D : e->T;
	pub->tile_fixed = key->fixed_T > 0;
	int sel[PM_MAX_DEVS], ns = 0, cpu = 0, workers = 0;
	double lo = INFINITY, hi = 0;
	for (int d = 0; d < machine_ndev; d++) {
		if (!(e->subset >> d & 1))
			continue;
		const struct pm_device *dv = &machine_dev[d];
		sel[ns] = d;
		pub->devices[ns] = dv->kind == PM_GPU ? dv->devid : PARALIA_HOST;
		pub->shares[ns++] = e->share[d];
		cpu |= dv->kind == PM_CPU;
		double r = pm_rate_gflops(&dv->rates, key->dbl, e->T, e->T, e->T);
		lo = fmin(lo, r);
		hi = fmax(hi, r);
		workers += dv->nworkers;
	}
	pub->ndevices = ns;
	int Mt = pl_tile_count(key->m, pub->tile_rows), Nt = pl_tile_count(key->n, e->T), P, Q;
	pm_grid(ns ? ns : 1, Mt, Nt, &P, &Q);
	pub->grid_p = P;
	pub->grid_q = Q;
	/* Owners only help when the devices are alike: with unequal speeds a fixed block-cyclic
	 * split would make the fast ones wait; the CPU's many workers are not one owner; and a grid
	 * larger than C's tiles would leave an owner idle. */
	pub->pinned = ns >= 2 && !cpu && hi <= 1.1 * lo && P <= Mt && Q <= Nt;
	for (int s = 0; s < ns; s++)
		pl->owner_worker[s] = pub->pinned ? machine_dev[sel[s]].first_worker : -1;
	/* Restrict tasks to the chosen devices' workers when some device was left out. */
	int nw = (int)starpu_worker_get_count();
	if (ns < machine_ndev && nw <= 32 * 8) {
		for (int w = 0; w < nw; w++) {
			int node = (int)starpu_worker_get_memory_node((unsigned)w);
			enum starpu_worker_archtype t = starpu_worker_get_type(w);
			for (int s = 0; s < ns; s++) {
				const struct pm_device *dv = &machine_dev[sel[s]];
				if ((dv->kind == PM_CPU && t == STARPU_CPU_WORKER) ||
				    (dv->kind == PM_GPU && t == STARPU_CUDA_WORKER && node == dv->node))
					pl->mask[w / 32] |= 1u << (w % 32);
			}
		}
		pl->mask_len = (unsigned)(nw + 31) / 32;
	}
	pl->lazy_worker = -1;
	for (int d = 0; d < machine_ndev; d++)
		if (machine_dev[d].kind == PM_GPU && machine_dev[d].node == key->loc[2])
			pl->lazy_worker = machine_dev[d].first_worker;
	/* WR-lazy needs known owners (which tiles run away from C) and a worker where C lives:
	 * report it only when the routine will apply it. */
	pub->wr_lazy = e->wr_lazy && pub->pinned && pl->lazy_worker >= 0;
	pl->layer = e->layer;
	/* column panels only ever go to the call's one device (pm_evaluate) */
	pub->panels = ns == 1 ? (int)e->panels : 0;
	/* and B's tiles cut where it lives, there too */
	pl->b_cut = ns == 1 && e->b_cut;
	pl->panel_worker = pub->panels || pl->b_cut ? machine_dev[sel[0]].first_worker : -1;
	pub->c_late = ns == 1 && e->c_late && !pub->wr_lazy;
	/* the CPU workers of C's node add the late tiles into C there (the model said so only for
	 * C on the host) */
	if (pub->c_late && e->c_home)
		pm_plan_home_workers(pl, key->loc[2]);
	pub->c_home = pl->home_workers > 0;
	pub->predicted_ms = e->time_ms;
	pub->predicted_gflops = e->time_ms > 0
		? useful_flops(key->routine, key->m, key->n, key->k) / (e->time_ms * 1e6) : 0;
	pub->metric = metric == PM_EDP ? "edp" : metric == PM_PDP ? "pdp" : "time";
	pub->rates = ns ? machine_dev[sel[0]].rates.source : "none";
	(void)workers;
}

static void print_plan(const struct plan_key *key, const struct pm_plan *pl)
{
	static const char *rname[128] = { ['g'] = "gemm", ['s'] = "syrk", ['y'] = "syr2k",
	                                  ['m'] = "symm", ['t'] = "trmm", ['r'] = "trsm" };
	static const char *in_panels[4] = { "", ", A in panels", ", B in panels", ", A and B in panels" };
	char where[3][16], devs[256] = "", tall[48] = "", deep[80] = "";
	if (pl->pub.tile_depth > pl->T && pl->pub.tile_depth < key->k) /* layers D deep */
		snprintf(deep, sizeof deep, ", layers: C and A %d x %d, products %d deep", pl->pub.tile_rows,
		         pl->T, pl->pub.tile_depth);
	else if (pl->pub.tile_depth > pl->T) /* one product per C tile (all of m's rows, or those forced) */
		snprintf(deep, sizeof deep, ", deep: C %d x %d, products over k = %d", pl->pub.tile_rows,
		         pl->T, pl->pub.tile_depth);
	else if (pl->pub.tile_rows > pl->T) /* C's and op(A)'s tiles */
		snprintf(tall, sizeof tall, ", tall: C and A %d x %d", pl->pub.tile_rows, pl->T);
	for (int i = 0; i < 3; i++) {
		if (key->loc[i] < 0)
			snprintf(where[i], sizeof where[i], "-");
		else
			lm_node_name(&machine_db, key->loc[i], where[i], sizeof where[i]);
	}
	size_t len = 0;
	for (int i = 0; i < pl->pub.ndevices && len < sizeof devs - 32; i++) {
		if (pl->pub.devices[i] == PARALIA_HOST)
			len += (size_t)snprintf(devs + len, sizeof devs - len, "%scpu(%.0f%%)", i ? "," : "",
			                        100 * pl->pub.shares[i]);
		else
			len += (size_t)snprintf(devs + len, sizeof devs - len, "%sgpu%d(%.0f%%)", i ? "," : "",
			                        pl->pub.devices[i], 100 * pl->pub.shares[i]);
	}
	fprintf(stderr, "paralia: autotune %c%s m=%d n=%d k=%d A@%s B@%s C@%s%s (ld %d %d %d, rows %d %d %d): "
	        "tile %d%s%s%s on %s, grid %dx%d%s%s%s%s%s%s, predicted %.3f ms (%.1f GFLOP/s), metric %s, rates: %s%s\n",
	        key->dbl ? 'd' : 's', rname[(int)key->routine] ? rname[(int)key->routine] : "?",
	        key->m, key->n, key->k, where[0], where[1], where[2], key->reads_c ? " (read)" : "",
	        key->ld[0], key->ld[1], key->ld[2], key->rows[0], key->rows[1], key->rows[2], pl->T,
	        pl->pub.tile_fixed ? " (fixed)" : "", tall, deep, devs, pl->pub.grid_p, pl->pub.grid_q,
	        pl->pub.pinned ? " pinned" : "", pl->pub.wr_lazy ? ", WR-lazy" : "",
	        in_panels[pl->pub.panels & 3], pl->b_cut ? ", B's tiles cut" : "",
	        pl->pub.c_late ? ", C read late" : "",
	        pl->pub.c_home ? ", added at home" : "",
	        pl->pub.predicted_ms, pl->pub.predicted_gflops,
	        pl->pub.metric, pl->pub.rates,
	        machine_db.from_starpu ? ", links: StarPU bus model" : "");
}

/* An integer knob read on every call: lo..hi, else one line (once per process, through *warned)
 * naming the variable and the value, and def; unset or empty is def too. */
static int env_int_once(const char *name, int def, long lo, long hi, int *warned)
{
	const char *v = getenv(name);
	long x;
	if (!v || !*v)
		return def;
	if (pl_parse_long(v, lo, hi, &x))
		return (int)x;
	if (!__atomic_exchange_n(warned, 1, __ATOMIC_RELAXED))
		fprintf(stderr, "paralia: %s=%s is not an integer in %ld..%ld; using %d\n", name, v, lo, hi,
		        def);
	return def;
}

int pm_verbose_level(void)
{
	/* the policy's reading too (src/sched_policy/env.c) */
	static int warned;
	return env_int_once("PARALIA_VERBOSE", 0, 0, 2, &warned);
}

int pm_lookahead(void)
{
	/* the policy's reading (src/sched_policy/env.c) and the model's of the fill of A's cut panels
	 * (evaluate.c) */
	static int warned;
	return env_int_once("PARALIA_LOOKAHEAD", 32, 0, 1000000, &warned);
}

int pm_pop_ready(void)
{
	static int warned;
	return env_int_once("PARALIA_POP_READY", 2, 0, 2, &warned);
}

int pm_policy_fills_waits(void)
{
	const char *pf = getenv("STARPU_PREFETCH"); /* StarPU's reading: a number, 1 unless set */
	return pm_pop_ready() > 0 && pm_lookahead() > 0 && !(pf && *pf && atoi(pf) == 0);
}

static int loc_of(const void *p, int dev, int *loc)
{
	unsigned node;
	if (!p) {
		*loc = -1;
		return 0;
	}
	if (pl_memory_node_of_device(dev, &node) != 0)
		return PARALIA_ERR_PLACEMENT;
	*loc = (int)node;
	return 0;
}

const struct pm_plan *pm_plan_get(char routine, int dbl, int m, int n, int k,
                                  const struct pm_operand op[3], const int dev[3], int reads_c,
                                  int force_T)
{
	struct plan_key key;
	memset(&key, 0, sizeof key);
	key.routine = routine;
	key.dbl = dbl != 0;
	key.m = m; key.n = n; key.k = k;
	for (int i = 0; i < 3; i++) { /* an unused operand's leading dimension does not matter */
		key.ld[i] = op[i].ptr ? op[i].ld : 0;
		key.rows[i] = op[i].ptr ? op[i].rows : 0;
		key.trans |= (unsigned)(op[i].ptr && op[i].trans && i < 2) << i;
	}
	if (routine == 'g') {
		pm_panels_env(&key.panels_may, &key.panels_must);
		pm_c_late_env(&key.c_late_may, &key.c_late_must);
		pm_c_home_env(&key.c_home_may, &key.c_home_must);
		/* a kept operand's tiles are square (force_T != 0) */
		if (force_T == 0) {
			pm_tall_env(&key.tall_may, &key.tall_rows);
			pm_deep_env(&key.deep_may, &key.deep_must);
			pm_cut_b_env(&key.b_cut_may, &key.b_cut_must);
			pm_depth_env(&key.layers_may, &key.depth);
		}
	}
	key.reads_c = reads_c != 0;
	key.fixed_T = force_T > 0 ? force_T : paralia_get_tile_size();
	if (loc_of(op[0].ptr, dev[0], &key.loc[0]) || loc_of(op[1].ptr, dev[1], &key.loc[1]) ||
	    loc_of(op[2].ptr, dev[2], &key.loc[2]))
		return NULL;
	pthread_mutex_lock(&plan_lock);
	machine_init();
	for (struct plan_entry *e = plans; e; e = e->next)
		if (!memcmp(&e->key, &key, sizeof key)) {
			pthread_mutex_unlock(&plan_lock);
			return &e->plan;
		}
	struct plan_entry *ent = calloc(1, sizeof *ent);
	if (!ent) {
		pthread_mutex_unlock(&plan_lock);
		return NULL;
	}
	enum pm_metric metric = machine_metric;
	unsigned all = (1u << machine_ndev) - 1;
	if (metric != PM_TIME && !pm_has_power(machine_dev, machine_ndev, all, key.dbl)) {
		if (!metric_warned)
			fprintf(stderr, "paralia: PARALIA_TUNE_METRIC=%s needs power numbers from calibration "
			        "(watts in the kernel table); tuning for time\n", metric == PM_EDP ? "edp" : "pdp");
		metric_warned = 1;
		metric = PM_TIME;
	}
	/* syr2k is two products of inner dimension k: 2k, in 64 bits (k may be INT_MAX); syrk's
	 * second operand is A again */
	int b = routine == 's' ? 0 : 1;
	struct pm_problem p = { routine, key.dbl, m, n, (int64_t)k * (routine == 'y' ? 2 : 1),
	                        { key.loc[0], key.loc[b], key.loc[2] }, key.reads_c,
	                        (routine == 's' || routine == 'y') ? 0.5 : 1.0,
	                        { key.ld[0], key.ld[b], key.ld[2] }, { key.rows[0], key.rows[b], key.rows[2] },
	                        key.trans, key.panels_may, key.panels_must, key.c_late_may, key.c_late_must,
	                        key.c_home_may, key.c_home_must, key.tall_may, key.tall_rows,
	                        key.deep_may, key.deep_must, key.b_cut_may, key.b_cut_must, key.layers_may, key.depth };
	struct pm_tune_opts o = { key.fixed_T, metric, 0 };
	struct pm_eval e;
	if (machine_ndev == 0 || pm_tune(&p, machine_dev, machine_ndev, &machine_db, &o, &e) != 0) {
		if (machine_ndev == 0)
			memset(&e, 0, sizeof e);
		if (e.T <= 0)
			e.T = key.fixed_T > 0 ? key.fixed_T : 256;
	}
	ent->key = key;
	fill_plan(&ent->plan, &key, &e, metric);
	ent->next = plans;
	plans = ent;
	if (pm_verbose_level() >= 1)
		print_plan(&key, &ent->plan);
	pthread_mutex_unlock(&plan_lock);
	return &ent->plan;
}

int pm_plan_cache_count(void)
{
	int n = 0;
	pthread_mutex_lock(&plan_lock);
	for (struct plan_entry *e = plans; e; e = e->next)
		n++;
	pthread_mutex_unlock(&plan_lock);
	return n;
}

void pm_plan_shutdown(void)
{
	pthread_mutex_lock(&plan_lock);
	while (plans) {
		struct plan_entry *e = plans;
		plans = e->next;
		free(e);
	}
	machine_ready = 0;
	pthread_mutex_unlock(&plan_lock);
}

