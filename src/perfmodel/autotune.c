/*
 * PARALiA's autotuner with Uncut-GEMMs' cost model, as plain arithmetic.
 *
 * For one (tile size T, device subset S):
 *   compute  C tiles are handed out big-first to the device that would finish them first (list
 *            scheduling with each device's measured tile times, in closed form: schedule.c), so
 *            edge tiles that run at a poor rate (padding waste) and the imbalance of a tile count
 *            that does not divide among the devices both show in the makespan;
 *   transfer each device needs the A row-panels and B column-panels of its C tiles (2D
 *            block-cyclic over a P x Q grid of S) and its C tiles; bytes cross the links their
 *            data lives behind, at the bandwidth each link keeps while all of them are busy
 *            (lm_shared_bw: the host side of the 4xH200 is shared). When every pair of chosen
 *            GPUs has a link much faster than the host's (NVLink), tiles cross the host link once
 *            and spread GPU to GPU (the policy's routing), else each device reads its own panels;
 *   overlap  per device: first fetch + max(compute, inbound, outbound) + last write-back
 *            (Uncut-GEMMs), plus per-tile link latency and per-task overhead;
 *   the call takes the slowest device's time, and never less than submitting its tasks.
 * Device selection (PARALiA): add devices fastest first while the metric drops by > 3%.
 */
#include "config.h"
#include "perfmodel/perfmodel.h"
#include "common/sizes.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define PM_TASK_US 4.0     /* StarPU's per-task cost on a worker (scheduling, launch) */
#define PM_SUBMIT_US 2.0   /* submitting one task from the calling thread */
#define PM_GAIN 0.03       /* a device joins only if it improves the metric by more than this */
/* A device slower than this fraction of the fastest is left out: the list schedule assumes it
 * only takes tiles it finishes in time, but a dynamic scheduler hands it one of the last tiles and
 * the call waits for it (PARALiA drops such devices). */
#define PM_MIN_REL_SPEED 0.25
#define PM_TILE_COPIES 8.0 /* working set per device: A, B, C tiles double-buffered + scratch */

static const int candidates[] = { 64, 128, 256, 512, 1024, 1536, 2048, 3072, 4096, 6144, 8192 };

int pm_tile_candidates(const int **T)
{
	*T = candidates;
	return (int)(sizeof candidates / sizeof candidates[0]);
}

int pm_has_power(const struct pm_device *dev, int ndev, unsigned subset, int dbl)
{
	for (int d = 0; d < ndev; d++)
		if ((subset >> d & 1) && !(dev[d].rates.watts[dbl ? 1 : 0] > 0))
			return 0;
	return subset != 0;
}

/* Time (us) of one C tile's chain over k on one worker of device d, for an mi x nj C tile. */
static double chain_us(const struct pm_problem *p, const struct pm_device *d, int T, int mi, int nj)
{
	int64_t Kt = pl_ceil_div(p->k, T);
	int kr = (int)(p->k - (Kt - 1) * T);
	double t = (double)(Kt - 1) * pm_tile_us(&d->rates, p->dbl, mi, nj, T) +
	           pm_tile_us(&d->rates, p->dbl, mi, nj, kr) + Kt * PM_TASK_US;
	/* trmm/trsm: the triangular A halves each chain on average. */
	if (p->routine == 't' || p->routine == 'r')
		t *= 0.5 + 0.5 / Kt;
	return t;
}

/* Bytes per tile row-panel etc.: element size */
static double elem_of(const struct pm_problem *p) { return p->dbl ? 8.0 : 4.0; }

struct flows {
	int n;
	int src[4 * PM_MAX_DEVS * 2], dst[4 * PM_MAX_DEVS * 2];
	double bytes[4 * PM_MAX_DEVS * 2];
};

static void add_flow_direct(struct flows *f, int src, int dst, double bytes)
{
	if (src < 0 || src == dst || bytes <= 0)
		return;
	for (int i = 0; i < f->n; i++)
		if (f->src[i] == src && f->dst[i] == dst) {
			f->bytes[i] += bytes;
			return;
		}
	if (f->n == (int)(sizeof f->src / sizeof f->src[0]))
		return;
	f->src[f->n] = src;
	f->dst[f->n] = dst;
	f->bytes[f->n++] = bytes;
}

/* Without a direct link (PCIe GPUs without peer access) a copy goes through host memory. */
static void add_flow(struct flows *f, const struct lm_db *db, int src, int dst, double bytes)
{
	if (src >= 0 && src != dst && !(db->link[src][dst].bw_gbs > 0) && src != 0 && dst != 0) {
		add_flow_direct(f, src, 0, bytes);
		add_flow_direct(f, 0, dst, bytes);
	} else {
		add_flow_direct(f, src, dst, bytes);
	}
}

/* Whether tiles can cross the host link once and spread between the chosen GPUs: every pair of
 * them has a link at least twice as fast as a host link alone. */
static int can_route(const struct lm_db *db, const struct pm_device *dev, const int *sel, int ns)
{
	if (ns < 2)
		return 0;
	for (int a = 0; a < ns; a++) {
		if (dev[sel[a]].kind != PM_GPU)
			return 0;
		for (int b = 0; b < ns; b++) {
			if (a == b)
				continue;
			int na = dev[sel[a]].node, nb = dev[sel[b]].node;
			double host = db->link[0][nb].bw_gbs;
			if (!(db->link[na][nb].bw_gbs >= 2 * host))
				return 0;
		}
	}
	return 1;
}

/* A matrix of `bytes` living on node `home`, of which device sel[i] needs fraction need[i]. */
static void matrix_flows(struct flows *f, const struct lm_db *db, const struct pm_device *dev,
                         const int *sel, int ns, int home, double bytes, const double *need, int route)
{
	if (home < 0 || bytes <= 0)
		return;
	int host_home = db->node[home].kind == LM_HOST;
	int readers = 0;
	for (int i = 0; i < ns; i++)
		readers += dev[sel[i]].node != home;
	for (int i = 0; i < ns; i++) {
		int node = dev[sel[i]].node;
		if (node == home)
			continue;
		if (route && host_home) {
			/* each tile read from the host once (split among the readers), the rest via peers */
			double from_host = bytes / readers;
			add_flow(f, db, home, node, fmin(from_host, need[i] * bytes));
			double rest = need[i] * bytes - from_host;
			if (rest > 0)
				add_flow(f, db, dev[sel[(i + 1) % ns]].node, node, rest);
		} else {
			add_flow(f, db, home, node, need[i] * bytes);
		}
	}
}

void pm_grid(int ns, int64_t Mt, int64_t Nt, int *P, int *Q)
{
	int64_t best = -1;
	*P = 1, *Q = ns > 0 ? ns : 1;
	for (int p = 1; p <= ns; p++) {
		if (ns % p)
			continue;
		int q = ns / p;
		int64_t load = pl_ceil_div(Mt, p) * pl_ceil_div(Nt, q); /* tiles of the busiest slot */
		if (best < 0 || load < best || (load == best && abs(p - q) < abs(*P - *Q)))
			best = load, *P = p, *Q = q;
	}
}

double pm_evaluate(const struct pm_problem *p, const struct pm_device *dev, int ndev,
                   const struct lm_db *db, int T, unsigned subset, struct pm_eval *out)
{
	struct pm_eval e;
	memset(&e, 0, sizeof e);
	e.T = T;
	e.subset = subset;
	int sel[PM_MAX_DEVS], ns = 0;
	for (int d = 0; d < ndev && d < PM_MAX_DEVS; d++)
		if (subset >> d & 1)
			sel[ns++] = d;
	if (ns == 0 || T <= 0 || p->m <= 0 || p->n <= 0) {
		e.time_ms = ns ? 0 : INFINITY;
		if (out)
			*out = e;
		return e.time_ms;
	}
	int64_t Mt = pl_ceil_div(p->m, T), Nt = pl_ceil_div(p->n, T);
	int64_t Kt = pl_ceil_div(p->k > 0 ? p->k : 1, T);
	int mr = (int)(p->m - (Mt - 1) * T), nr = (int)(p->n - (Nt - 1) * T);
	int tri = p->routine == 's' || p->routine == 'y';

	/* ---- compute: list scheduling of C tile chains, full tiles first ----
	 * A device with L workers (CPU cores) runs L chains at once: its time is its work / L, but
	 * never less than its longest chain (one tile cannot use two workers). */
	double ch[PM_MAX_DEVS][2][2], lanes[PM_MAX_DEVS];
	struct pm_lane lane[PM_MAX_DEVS];
	memset(lane, 0, sizeof lane);
	for (int i = 0; i < ns; i++) {
		const struct pm_device *d = &dev[sel[i]];
		lanes[i] = d->nworkers > 0 ? d->nworkers : 1;
		for (int a = 0; a < 2; a++)
			for (int b = 0; b < 2; b++)
				ch[i][a][b] = chain_us(p, d, T, a ? mr : T, b ? nr : T);
	}
	int64_t total = 0;
	int64_t rf = mr == T ? Mt : Mt - 1, cf = nr == T ? Nt : Nt - 1; /* full tile rows, cols */
	for (int cls = 0; cls < 4; cls++) {
		int ea = cls & 1, eb = cls >> 1; /* full tiles first, then edge rows, edge cols, corner */
		int64_t rows = ea ? (mr != T) : rf, cols = eb ? (nr != T) : cf;
		int64_t tiles = rows * cols;
		if (tri) /* lower triangle of a square C: half the full tiles plus the diagonal */
			tiles = ea == eb ? (rows * cols + rows) / 2 : (ea ? tiles : 0);
		double cost[PM_MAX_DEVS];
		for (int i = 0; i < ns; i++)
			cost[i] = ch[i][ea][eb];
		pm_schedule_class(ns, cost, lanes, tiles, lane);
		total += tiles;
	}
	double full = (double)Mt * T * Nt * T * Kt * T;
	e.padding = full > 0 ? 1.0 - (double)p->m * p->n * (p->k > 0 ? p->k : 1) / full : 0;

	/* ---- transfers: who needs what from where ---- */
	double el = elem_of(p);
	double tri_f = tri ? 0.5 : 1.0;
	double Ab = (double)p->m * p->k * el * ((p->routine == 't' || p->routine == 'r') ? 0.5 : 1.0);
	double Bb = p->routine == 's' ? 0 : (double)p->k * p->n * el;
	double Cb = (double)p->m * p->n * el * tri_f;
	int P, Q;
	pm_grid(ns, Mt, Nt, &P, &Q);
	int route = can_route(db, dev, sel, ns);
	double needA[PM_MAX_DEVS], needB[PM_MAX_DEVS], share[PM_MAX_DEVS];
	for (int i = 0; i < ns; i++) {
		share[i] = total ? (double)lane[i].tiles / (double)total : 0;
		/* a device with a share of the tiles needs the row/col panels of its block-cyclic part */
		needA[i] = share[i] > 0 ? fmin(1.0, fmax(share[i] * Q, 1.0 / P)) : 0;
		needB[i] = share[i] > 0 ? fmin(1.0, fmax(share[i] * P, 1.0 / Q)) : 0;
		if (p->routine == 's') /* syrk reads A for both rows and columns of C */
			needA[i] = fmin(1.0, needA[i] + needB[i]);
	}
	int cnode = p->loc[2];
	int elsewhere = 0; /* a chosen device computes C tiles away from C's memory */
	for (int i = 0; i < ns; i++)
		elsewhere |= share[i] > 0 && dev[sel[i]].node != cnode;
	e.wr_lazy = cnode >= 0 && db->node[cnode].kind == LM_GPU && p->reads_c && elsewhere &&
	            (p->loc[0] == cnode || p->loc[1] == cnode);
	struct flows in = {0}, outf = {0};
	matrix_flows(&in, db, dev, sel, ns, p->loc[0], Ab, needA, route);
	matrix_flows(&in, db, dev, sel, ns, p->loc[1], Bb, needB, route);
	for (int i = 0; i < ns; i++) {
		int node = dev[sel[i]].node;
		if (node == cnode || cnode < 0)
			continue;
		if (p->reads_c && !e.wr_lazy)
			add_flow(&in, db, cnode, node, share[i] * Cb);
		add_flow(&outf, db, node, cnode, share[i] * Cb);
	}
	int act[2 * 4 * PM_MAX_DEVS * 2][2], nact = 0;
	for (int i = 0; i < in.n; i++) { act[nact][0] = in.src[i]; act[nact++][1] = in.dst[i]; }
	for (int i = 0; i < outf.n; i++) { act[nact][0] = outf.src[i]; act[nact++][1] = outf.dst[i]; }

	double tile_bytes = (double)T * T * el;
	double worst = 0;
	for (int i = 0; i < ns; i++) {
		int node = dev[sel[i]].node;
		double tin = 0, tout = 0, first = 0, last = 0, lat = 0;
		for (int f = 0; f < in.n; f++) {
			if (in.dst[f] != node)
				continue;
			double bw = lm_shared_bw(db, in.src[f], node, (const int (*)[2])act, nact);
			double ntiles = ceil(in.bytes[f] / tile_bytes);
			double l = ntiles * db->link[in.src[f]][node].latency_us;
			tin = fmax(tin, in.bytes[f] / (bw * 1e3) + l);
			lat += l;
			first = fmax(first, lm_link_time_us(db, in.src[f], node, (size_t)(2 * tile_bytes)));
		}
		for (int f = 0; f < outf.n; f++) {
			if (outf.src[f] != node)
				continue;
			double bw = lm_shared_bw(db, node, outf.dst[f], (const int (*)[2])act, nact);
			double ntiles = ceil(outf.bytes[f] / tile_bytes);
			double l = ntiles * db->link[node][outf.dst[f]].latency_us;
			tout = fmax(tout, outf.bytes[f] / (bw * 1e3) + l);
			lat += l;
			last = fmax(last, lm_link_time_us(db, node, outf.dst[f], (size_t)tile_bytes));
		}
		double comp = lane[i].finish;
		double t = first + fmax(comp, fmax(tin, tout)) + last;
		e.share[sel[i]] = share[i];
		e.busy_ms[sel[i]] = comp / 1e3;
		if (t > worst) {
			worst = t;
			e.compute_ms = comp / 1e3;
			e.transfer_ms = fmax(tin, tout) / 1e3;
			e.latency_ms = (first + last + lat) / 1e3;
		}
	}
	double tasks = (double)total * Kt + (e.wr_lazy ? total : 0);
	e.time_ms = fmax(worst, tasks * PM_SUBMIT_US) / 1e3;
	int pw = p->dbl ? 1 : 0;
	if (pm_has_power(dev, ndev, subset, p->dbl))
		for (int i = 0; i < ns; i++)
			e.energy_j += dev[sel[i]].rates.watts[pw] * e.busy_ms[sel[i]] / 1e3;
	if (out)
		*out = e;
	return e.time_ms;
}

static double metric_of(const struct pm_eval *e, enum pm_metric m)
{
	if (m == PM_EDP)
		return e->energy_j * e->time_ms;
	if (m == PM_PDP)
		return e->energy_j;
	return e->time_ms;
}

/* Bytes of the operands living on node: a device holding data is preferred among equals. */
static double local_bytes(const struct pm_problem *p, int node)
{
	double b = 0;
	if (p->loc[0] == node) b += (double)p->m * p->k;
	if (p->loc[1] == node) b += (double)p->k * p->n;
	if (p->loc[2] == node) b += (double)p->m * p->n;
	return b;
}

/* Greedy device selection for one tile size: fastest first, each next one kept only if it helps. */
static int tune_subset(const struct pm_problem *p, const struct pm_device *dev, int ndev,
                       const struct lm_db *db, int T, unsigned eligible, enum pm_metric m,
                       struct pm_eval *best)
{
	int order[PM_MAX_DEVS], n = 0;
	double speed[PM_MAX_DEVS];
	for (int d = 0; d < ndev; d++)
		if (eligible >> d & 1) {
			speed[d] = pm_rate_gflops(&dev[d].rates, p->dbl, T, T, T) * (dev[d].nworkers > 0 ? dev[d].nworkers : 1);
			int j = n++;
			while (j > 0 && (speed[order[j - 1]] < speed[d] ||
			                 (speed[order[j - 1]] == speed[d] &&
			                  local_bytes(p, dev[order[j - 1]].node) < local_bytes(p, dev[d].node)))) {
				order[j] = order[j - 1];
				j--;
			}
			order[j] = d;
		}
	if (n == 0)
		return -1;
	/* Start from the fastest device; among equally fast ones the one holding most data. */
	unsigned s = 1u << order[0];
	pm_evaluate(p, dev, ndev, db, T, s, best);
	for (int i = 1; i < n; i++) {
		if (speed[order[i]] < PM_MIN_REL_SPEED * speed[order[0]])
			break;
		struct pm_eval e;
		pm_evaluate(p, dev, ndev, db, T, s | 1u << order[i], &e);
		if (metric_of(&e, m) < metric_of(best, m) * (1 - PM_GAIN)) {
			s |= 1u << order[i];
			*best = e;
		}
	}
	return 0;
}

int pm_tune(const struct pm_problem *p, const struct pm_device *dev, int ndev,
            const struct lm_db *db, const struct pm_tune_opts *o, struct pm_eval *out)
{
	enum pm_metric m = o->metric;
	unsigned all = ndev >= 32 ? ~0u : (1u << ndev) - 1;
	unsigned allowed = o->allowed ? (o->allowed & all) : all;
	int64_t big = p->m > p->n ? p->m : p->n;
	big = big > p->k ? big : p->k;
	double el = elem_of(p);
	int found = 0;
	const int *cand;
	int nc = pm_tile_candidates(&cand);
	int fixed[1] = { o->fixed_T };
	if (o->fixed_T > 0) {
		cand = fixed;
		nc = 1;
	}
	for (int c = 0; c < nc; c++) {
		int T = cand[c];
		/* past the first candidate covering the whole problem, larger tiles change nothing */
		if (c > 0 && cand[c - 1] >= big && o->fixed_T <= 0)
			break;
		unsigned elig = 0;
		for (int d = 0; d < ndev; d++)
			if ((allowed >> d & 1) &&
			    (dev[d].mem_bytes <= 0 || PM_TILE_COPIES * T * T * el <= dev[d].mem_bytes))
				elig |= 1u << d;
		struct pm_eval e;
		if (tune_subset(p, dev, ndev, db, T, elig, m, &e) != 0)
			continue;
		if (!found || metric_of(&e, m) < metric_of(out, m)) {
			*out = e;
			found = 1;
		}
	}
	if (found)
		return 0;
	/* Nothing fits: the smallest tile on the fastest allowed device, so the call still runs
	 * (StarPU evicts as it goes). */
	int T = o->fixed_T > 0 ? o->fixed_T : cand[0];
	tune_subset(p, dev, ndev, db, T, allowed, PM_TIME, out);
	return -1;
}
