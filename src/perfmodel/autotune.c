/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * PARALiA's autotuner with Uncut-GEMMs' cost model, as plain arithmetic.
 *
 * For one (tile size T, device subset S):
 *   compute  C tiles are handed out big-first to the device that would finish them first (list
 *            scheduling with each device's measured tile times), so edge tiles that run at a
 *            poor rate (padding waste) and the imbalance of a tile count that does not divide
 *            among the devices both show in the makespan;
 *   transfer each device needs the A row-panels and B column-panels of its C tiles (2D
 *            block-cyclic over a P x Q grid of S) and its C tiles; bytes cross the links their
 *            data lives behind, each link at its mean rate over its own bytes beside the others
 *            (lm_shared_bw_volumes: the host side of the 4xH200 is shared, and one GPU's PCIe
 *            duplex, which a finished direction leaves to the other). When every pair of chosen
 *            GPUs has a link much faster than the host's (NVLink), tiles cross the host link once
 *            and spread GPU to GPU (the policy's routing), else each device reads its own panels;
 *   overlap  per device: first fetch + max(compute, inbound, outbound) + last write-back
 *            (Uncut-GEMMs), plus per-tile link latency and per-task overhead;
 *   the call takes the slowest device's time, and never less than submitting its tasks;
 *   ahead    (gemm) a block of C tiles fetches its next layers' A and B tiles ahead when its
 *            chains' rounds (a product, then that chain's next tiles' copies) would otherwise
 *            lose more than one chain's next tiles take to copy: the overlap above then holds
 *            (pm_fetch_ahead).
 * Device selection (PARALiA): add devices fastest first while the metric drops by > 3%.
 */
#include "config.h"
#include "perfmodel/perfmodel.h"
#include "common/order.h"
#include "common/parse.h"
#include "common/sizes.h"
#include <paralia.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PM_SUBMIT_US 2.0   /* submitting one task from the calling thread */
/* A tile copied or summed through a GPU's memory, GB/s per byte moved: the policy's estimate for
 * its cuts (codelets/cut.c); a geadd of 128 MB tiles took 0.12 ms on one H100 (3.2 TB/s). */
#define PM_DEVICE_COPY_GBS 2000.0
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

enum pm_env_mode pm_env_mode(const char *name, enum pm_env_mode unset, int *warned)
{
	static const char *word[3] = { [PM_ENV_NONE] = "none", [PM_ENV_MODEL] = "model", [PM_ENV_ALL] = "all" };
	static const enum pm_env_mode order[3] = { PM_ENV_MODEL, PM_ENV_ALL, PM_ENV_NONE };
	const char *v = getenv(name);
	if (!v || !*v)
		return unset;
	for (int i = 0; i < 3; i++)
		if (!strcmp(v, word[i]))
			return (enum pm_env_mode)i;
	if (!__atomic_exchange_n(warned, 1, __ATOMIC_RELAXED)) {
		const char *other[2];
		for (int i = 0, n = 0; i < 3; i++) /* the default first, then the others in order */
			if (order[i] != unset)
				other[n++] = word[order[i]];
		fprintf(stderr, "paralia: %s=%s is not %s, %s or %s; using %s\n", name, v, word[unset],
		        other[0], other[1], word[unset]);
	}
	return unset;
}

void pm_panels_env(unsigned *may, unsigned *must)
{
	static int warned;
	const char *v = getenv("PARALIA_PANELS");
	if (v && (!strcmp(v, "a") || !strcmp(v, "b"))) { /* measuring: that operand only, always */
		*may = 0;
		*must = v[0] == 'a' ? 1 : 2;
		return;
	}
	enum pm_env_mode m = pm_env_mode("PARALIA_PANELS", PM_ENV_MODEL, &warned);
	*may = m == PM_ENV_MODEL ? 3 : 0;
	*must = m == PM_ENV_ALL ? 3 : 0;
}

void pm_c_late_env(int *may, int *must)
{
	static int warned;
	enum pm_env_mode m = pm_env_mode("PARALIA_C_LATE", PM_ENV_MODEL, &warned);
	*may = m != PM_ENV_NONE;
	*must = m == PM_ENV_ALL;
}

void pm_c_home_env(int *may, int *must)
{
	static int warned;
	/* off by default: on one H100 whose CPU workers sum at 98.6 GB/s, C added at home at its best
	 * tile was within 5% of C read at its best at 7 of 8 FP64 host-resident points and 1.35x
	 * slower at 32768x32768x4096 (bench/results/gemm-cap-2026-11-26l.md) */
	enum pm_env_mode m = pm_env_mode("PARALIA_C_HOME", PM_ENV_NONE, &warned);
	*may = m != PM_ENV_NONE;
	*must = m == PM_ENV_ALL;
}

void pm_deep_env(int *may, int *must)
{
	static int warned;
	enum pm_env_mode m = pm_env_mode("PARALIA_DEEP", PM_ENV_MODEL, &warned);
	*may = m != PM_ENV_NONE;
	*must = m == PM_ENV_ALL;
}

void pm_cut_b_env(int *may, int *must)
{
	static int warned;
	enum pm_env_mode m = pm_env_mode("PARALIA_CUT_B", PM_ENV_MODEL, &warned);
	*may = m != PM_ENV_NONE;
	*must = m == PM_ENV_ALL;
}

void pm_tall_env(int *may, int *rows)
{
	static int warned;
	const char *v = getenv("PARALIA_TALL");
	long r;
	*may = 1, *rows = 0;
	if (pl_parse_long(v, 0, PARALIA_TILE_MAX, &r)) { /* measuring: R rows, or square */
		*may = 0;
		*rows = (int)r;
		return;
	}
	if (v && !strcmp(v, "none"))
		*may = 0;
	else if (v && *v && strcmp(v, "model") && !__atomic_exchange_n(&warned, 1, __ATOMIC_RELAXED))
		fprintf(stderr, "paralia: PARALIA_TALL=%s is not model, none or a row count from 0 to %d; "
		        "using model\n", v, PARALIA_TILE_MAX);
}

/* Bytes per element */
static double elem_of(const struct pm_problem *p) { return p->dbl ? 8.0 : 4.0; }

/* ---- step 1: the tile schedule ------------------------------------------------------------- */

/* C's tiles in four classes: full, edge row, edge column, corner (edge tiles are ragged); R rows
 * (T but in gemm's tall tiles) by T columns, A's R x D (op(A)), B's D x T: D deep over k (T but
 * in gemm's deep products, where D is k). */
struct tiling {
	int T, R, D;
	int64_t Mt, Nt, Kt;
	int mr, nr;          /* rows of the last tile row, columns of the last tile column */
	int kr;              /* depth of the last layer over k (1 when k is 0) */
	int64_t count[2][2]; /* tiles per class [edge row][edge column], the triangle's for syrk/syr2k */
	int64_t total;
};

static void tiling_of(const struct pm_problem *p, int T, int R, int D, struct tiling *t)
{
	memset(t, 0, sizeof *t);
	t->T = T;
	t->R = R;
	t->D = D;
	t->Mt = pl_ceil_div(p->m, R);
	t->Nt = pl_ceil_div(p->n, T);
	t->Kt = p->k > 0 ? pl_ceil_div(p->k, D) : 1;
	t->mr = (int)(p->m - (t->Mt - 1) * R);
	t->nr = (int)(p->n - (t->Nt - 1) * T);
	t->kr = p->k > 0 ? (int)(p->k - (t->Kt - 1) * D) : 1;
	int64_t rf = t->mr == R ? t->Mt : t->Mt - 1, cf = t->nr == T ? t->Nt : t->Nt - 1;
	int tri = p->routine == 's' || p->routine == 'y';
	for (int ea = 0; ea < 2; ea++)
		for (int eb = 0; eb < 2; eb++) {
			int64_t rows = ea ? (t->mr != R) : rf, cols = eb ? (t->nr != T) : cf;
			int64_t n = rows * cols;
			if (tri) /* one triangle of a square C: half the full tiles plus the diagonal */
				n = ea == eb ? (rows * cols + rows) / 2 : (ea ? n : 0);
			t->count[ea][eb] = n;
			t->total += n;
		}
}

/* Time (us) of one C tile's chain over k on one worker of device d, for a C tile of mi x nj. */
static double chain_us(const struct pm_problem *p, const struct pm_device *d, const struct tiling *t,
                       int mi, int nj)
{
	double us = (double)(t->Kt - 1) * pm_product_us(&d->rates, p->dbl, mi, nj, t->D, t->T) +
	            pm_product_us(&d->rates, p->dbl, mi, nj, t->kr, t->T) + (double)t->Kt * PM_TASK_US;
	/* trmm/trsm: the triangular A halves each chain on average. */
	if (p->routine == 't' || p->routine == 'r')
		us *= 0.5 + 0.5 / (double)t->Kt;
	return us;
}

/* ---- step 2: the data flows ----------------------------------------------------------------- */

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

/* What each device moves: its A panels, B panels and C tiles in, C tiles out. */
struct device_flows {
	struct flows in, out;
	double A[PM_MAX_DEVS], B[PM_MAX_DEVS], Cin[PM_MAX_DEVS], Cout[PM_MAX_DEVS]; /* bytes */
	int wr_lazy;
};

/* The call's busy links, each with the bytes it moves (the flows in, then out): how they share
 * the link map's groups (step 3). */
struct busy_links {
	int pair[2 * 4 * PM_MAX_DEVS * 2][2];
	double bytes[2 * 4 * PM_MAX_DEVS * 2];
	int n;
};

static void busy_links_of(const struct device_flows *f, struct busy_links *b)
{
	b->n = 0;
	for (int dir = 0; dir < 2; dir++) {
		const struct flows *fl = dir ? &f->out : &f->in;
		for (int i = 0; i < fl->n; i++, b->n++) {
			b->pair[b->n][0] = fl->src[i], b->pair[b->n][1] = fl->dst[i];
			b->bytes[b->n] = fl->bytes[i];
		}
	}
}

static void data_flows(const struct pm_problem *p, const struct pm_device *dev, const int *sel,
                       int ns, const struct lm_db *db, const struct tiling *t,
                       const double *share, int c_home, struct device_flows *f)
{
	memset(f, 0, sizeof *f);
	double el = elem_of(p);
	int tri = p->routine == 's' || p->routine == 'y';
	double Ab = (double)p->m * p->k * el * ((p->routine == 't' || p->routine == 'r') ? 0.5 : 1.0);
	double Bb = p->routine == 's' ? 0 : (double)p->k * p->n * el;
	double Cb = (double)p->m * p->n * el * (tri ? 0.5 : 1.0);
	int P, Q;
	pm_grid(ns, t->Mt, t->Nt, &P, &Q);
	int route = can_route(db, dev, sel, ns);
	double needA[PM_MAX_DEVS], needB[PM_MAX_DEVS];
	for (int i = 0; i < ns; i++) {
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
	f->wr_lazy = cnode >= 0 && db->node[cnode].kind == LM_GPU && p->reads_c && elsewhere &&
	             (p->loc[0] == cnode || p->loc[1] == cnode);
	matrix_flows(&f->in, db, dev, sel, ns, p->loc[0], Ab, needA, route);
	matrix_flows(&f->in, db, dev, sel, ns, p->loc[1], Bb, needB, route);
	for (int i = 0; i < ns; i++) {
		int node = dev[sel[i]].node;
		f->A[i] = p->loc[0] >= 0 && p->loc[0] != node ? needA[i] * Ab : 0;
		f->B[i] = p->loc[1] >= 0 && p->loc[1] != node ? needB[i] * Bb : 0;
		if (node == cnode || cnode < 0)
			continue;
		if (p->reads_c && !f->wr_lazy && !c_home) { /* added at home: C does not cross */
			add_flow(&f->in, db, cnode, node, share[i] * Cb);
			f->Cin[i] = share[i] * Cb;
		}
		add_flow(&f->out, db, node, cnode, share[i] * Cb);
		f->Cout[i] = share[i] * Cb;
	}
}

/* ---- step 3: the link rates ----------------------------------------------------------------- */

/* Seconds-per-byte view of one device's links: how long its inbound and outbound bytes take over
 * the links they cross (each at its mean rate over its bytes beside the call's other transfers,
 * lm_shared_bw_volumes), the
 * latency its tiles pay, and the floor StarPU's own tile copies put under host links (the
 * calibrated "xfer" rates at each operand's pitch: in, out, and both at once). */
struct device_links {
	double tin, tout;      /* us for all inbound / outbound bytes */
	double lat;            /* us of per-tile latency, both directions */
	double host_both_us;   /* us for the host link's bytes both ways at the calibrated duplex rate */
	double first_tile_us;  /* one tile's copy: the first task waits for it */
};

int64_t pm_untransposed_rows(char routine, int64_t m, int64_t k, int o)
{
	if (o == 0)
		return (routine == 'm' || routine == 't' || routine == 'r') ? k : m;
	return o == 1 && routine == 'g' ? k : m;
}

/* Rows of operand o as stored: as the call says, else untransposed. */
static int64_t rows_of(const struct pm_problem *p, int o)
{
	return p->rows[o] > 0 ? p->rows[o] : pm_untransposed_rows(p->routine, p->m, p->k, o);
}

/* The rows of operand o's tiles as stored, the length of their copies' columns: R for C and for
 * A used untransposed (gemm's tall tiles: A's stored tile is op(A)'s), D (the products' depth)
 * for A transposed and for B, else T. */
static int tile_rows_of(const struct pm_problem *p, int T, int R, int D, int o)
{
	if (o == 2 || (o == 0 && !(p->trans & 1)))
		return R;
	return o == 0 || !(p->trans & 2) ? D : T;
}

/* In host_xfer_gbs's `panels`: C's tiles cross as whole scratch tiles, contiguous (C added at
 * home), not cut from C at its pitch. */
#define XFER_C_WHOLE (1u << 2)

/* The calibrated rate of host copies for the operands whose bytes[] cross between the host and
 * the device, averaged over their bytes: each operand at its own pitch (its leading dimension,
 * struct pm_xfer), its tiles' columns as long as their rows (tile_rows_of: T, or R in tall
 * tiles) but the last tile row's only as long as the rows left (a copy's rate goes with its
 * column's length); an operand crossing in column panels (bit o of panels) has columns as long
 * as the matrix's. 0 without calibration. */
static double host_xfer_gbs(const struct pm_problem *p, const struct pm_device *d,
                            const struct lm_db *db, int T, int R, int D, int dir,
                            const double bytes[3], unsigned panels)
{
	double total = 0, us = 0;
	for (int o = 0; o < 3; o++) {
		int home = p->loc[o];
		if (bytes[o] <= 0 || home < 0 || db->node[home].kind != LM_HOST)
			continue;
		double pitch = (double)p->ld[o] * elem_of(p);
		int col = tile_rows_of(p, T, R, D, o); /* its copies' column length */
		int64_t rows = rows_of(p, o), edge = rows - (pl_ceil_div(rows, col) - 1) * col;
		if (o < 2 && (panels >> o & 1)) /* one copy of whole columns: no ragged last tile row */
			edge = col = (int)rows;
		/* C's scratch tiles going home whole: the pitch is their own column's (bit 2 of panels
		 * is XFER_C_WHOLE, not a panel) */
		int whole = o == 2 && (panels & XFER_C_WHOLE);
		double g = pm_xfer_gbs(&d->xfer, p->dbl, col, whole ? col * elem_of(p) : pitch, dir);
		double ge = edge < col ? pm_xfer_gbs(&d->xfer, p->dbl, (int)edge,
		                                     whole ? (double)edge * elem_of(p) : pitch, dir) : g;
		if (g <= 0 || ge <= 0)
			return 0;
		double fe = (double)edge / (double)rows; /* the bytes in the last tile row */
		total += bytes[o];
		us += bytes[o] * ((1 - fe) / g + fe / ge);
	}
	return total > 0 ? total / us : pm_xfer_gbs(&d->xfer, p->dbl, T, 0, dir);
}

/* us per element of operand o brought into device d in its tiles (T x T, or R x T: tile_rows_of): at the rate its link keeps
 * with all the call's links busy (lm_shared_bw: a layer's copies while the others move, not step
 * 3's mean over the call), through the host when there is no
 * direct link, and no faster than the calibrated host copies at the operand's pitch; 0 when it
 * lives there or is not used. */
static double operand_in_us(const struct pm_problem *p, const struct pm_device *d,
                            const struct lm_db *db, const struct busy_links *busy, int T, int R,
                            int o)
{
	int home = p->loc[o], node = d->node;
	if (home < 0 || home == node)
		return 0;
	const int (*act)[2] = (const int (*)[2])busy->pair;
	double bw = db->link[home][node].bw_gbs > 0 ? lm_shared_bw(db, home, node, act, busy->n) : 0;
	if (!(bw > 0) && home != 0 && node != 0) /* no peer link: two hops through the host */
		bw = fmin(lm_shared_bw(db, home, 0, act, busy->n), lm_shared_bw(db, 0, node, act, busy->n));
	if (db->node[home].kind == LM_HOST) {
		double only[3] = { 0, 0, 0 };
		only[o] = 1;
		double x = host_xfer_gbs(p, d, db, T, R, T, 0, only, 0);
		if (x > 0 && !(x >= bw))
			bw = x;
	}
	return bw > 0 ? elem_of(p) / (bw * 1e3) : 0;
}

static void link_rates(const struct pm_problem *p, const struct pm_device *d, int i,
                       const struct lm_db *db, const struct device_flows *f,
                       const struct busy_links *busy, const struct tiling *t, unsigned panels,
                       struct device_links *L)
{
	memset(L, 0, sizeof *L);
	int node = d->node, T = t->T, R = t->R, D = t->D;
	/* the tiles' mean size each way: C's R x T, A's R x D, B's D x T (tall tiles, deep products) */
	double el = elem_of(p), tall_bytes = (double)R * T * el, host_bytes = 0;
	double in_tiles = f->A[i] / ((double)R * D * el) + f->Cin[i] / tall_bytes +
	                  f->B[i] / ((double)D * T * el);
	double tile_in = in_tiles > 0 ? (f->A[i] + f->B[i] + f->Cin[i]) / in_tiles : tall_bytes;
	const double in[3] = { f->A[i], f->B[i], f->Cin[i] }, out[3] = { 0, 0, f->Cout[i] };
	const double all[3] = { f->A[i], f->B[i], f->Cin[i] + f->Cout[i] };
	const double xfer[3] = { host_xfer_gbs(p, d, db, T, R, D, 0, in, panels),
	                         host_xfer_gbs(p, d, db, T, R, D, 1, out, panels),
	                         host_xfer_gbs(p, d, db, T, R, D, 2, all, panels) };
	for (int dir = 0; dir < 2; dir++) {
		const struct flows *fl = dir ? &f->out : &f->in;
		for (int k = 0; k < fl->n; k++) {
			int src = fl->src[k], dst = fl->dst[k];
			if ((dir ? src : dst) != node)
				continue;
			/* GB/s = bytes/ns: the link's mean rate over its bytes, beside the call's other
			 * transfers (a link in and out of one GPU through one duplex total: the inbound
			 * bytes, 3-17 times the outbound ones, have the link to themselves once C's are
			 * home) */
			double bw = lm_shared_bw_volumes(db, src, dst, fl->bytes[k],
			                                 (const int (*)[2])busy->pair, busy->bytes, busy->n);
			int host = db->node[dir ? dst : src].kind == LM_HOST;
			double x = host ? xfer[dir] : 0;
			if (x > 0 && x < bw)
				bw = x;
			double tile_bytes = dir ? tall_bytes : tile_in;
			double ntiles = ceil(fl->bytes[k] / tile_bytes);
			double l = ntiles * db->link[src][dst].latency_us;
			double t = fl->bytes[k] / (bw * 1e3) + l;
			if (dir)
				L->tout = fmax(L->tout, t);
			else
				L->tin = fmax(L->tin, t);
			L->lat += l;
			if (host)
				host_bytes += fl->bytes[k];
			L->first_tile_us = fmax(L->first_tile_us, tile_bytes / (bw * 1e3) +
			                                          db->link[src][dst].latency_us);
		}
	}
	double both = xfer[2];
	L->host_both_us = both > 0 ? host_bytes / (both * 1e3) : 0;
}

/* ---- step 4: one device's time, a flow shop over its products in the routine's order -------- */

/* Bytes arrive at the device's inbound rate in the order the routine submits the products, the
 * worker computes a product once its bytes are there and the previous one is done, and results
 * leave at the outbound rate: the classic two-machine flow shop, whose makespan is the largest,
 * over the products u, of (bytes up to u arrived + compute from u on). The products come in
 * segments of alike ones, within which that expression is linear in u, so segment ends suffice:
 * O(1) per device. */
struct segment {
	double n;     /* products (or whole chains: column_order_segments) */
	double in;    /* bytes each needs brought in */
	double comp;  /* us each takes on the device */
};

/* One device's part of the call, as the flow shop sees it. */
struct device_part {
	double n, kt;        /* its C tiles; tiles along k */
	double rows, cols;   /* its C tiles along m and along n */
	double A, B, Cin;    /* bytes it brings in of each operand */
	double comp;         /* us its products take, its lanes included */
	double first_in;     /* bytes the first product brings in: whole tiles, the largest (gemm) */
	double last_layer;   /* a product of the last layer over k against one of the others (kt > 1):
	                        the ragged depth's share of a tile's time (1: k a multiple of T) */
	int a_panel, b_panel;/* how A and B come in: PANEL_NONE (tiles), _LAYER or _CHAIN (gemm) */
	int c_late;          /* C's tiles come in when the link is idle, not with the products */
	int bs;              /* the side of gemm's blocks of C tiles (pl_block_side) */
	int held;            /* products of other chains its worker holds ahead of a chain's next step
	                        (held_products) */
};

/* An operand crossing in column panels (step 3) brings, with the first product that needs one of
 * its tiles, the panel's other tiles too: a layer panel holds one layer over k of every tile row
 * (A as stored, or B transposed), a chain panel one tile row's every layer (A transposed, or B). */
enum { PANEL_NONE = 0, PANEL_LAYER, PANEL_CHAIN };

/* Where the segments leave the results: the first one is final `early` us before the end of
 * segment nfirst - 1; the last block has nlast tiles, which finish `apart` us from each other. */
struct result_times {
	int nfirst;
	double early, nlast, apart;
	/* chain by chain (single-tile blocks), the first tile's chain interleaved with the next one's
	 * on its worker (held_products): that chain's products before the first tile is final, and
	 * the bytes of the next chain's C tile, whose copy its first product waits for */
	double interleaved, next_c;
};

/* gemm's order (common/order.h): C's tiles in blocks of bs x bs (PL_BLOCK, or single tiles when
 * A and B do not cross), block columns left to right, each block layer by layer over k, product
 * by product. In tiles, the first product
 * needs an A, a B and a C tile; the rest of the first block's first layer its other A, B and C
 * tiles; its later layers new A and B tiles; the first block column's other blocks new A tiles
 * and their C tiles; the other block columns their B tiles (brought by each column's first block,
 * spread here over its blocks) and their C tiles. An operand in panels brings whole panels
 * instead, with the first product needing one (operand_segments). The first C tile is final with
 * the first product of the first block's last layer. */
struct operand_bytes {
	double s[5]; /* bytes the five segments of block_order_segments bring in, in all */
};
/* One operand's bytes per segment: `tile` bytes per tile, `lines` tile rows (A) or columns (B)
 * of the device's C, `line0` of them in the first block, kt layers; `panel` as device_part's. */
static struct operand_bytes operand_segments(int panel, int is_b, double tile, double lines,
                                             double line0, double kt)
{
	struct operand_bytes o = { { 0, 0, 0, 0, 0 } };
	int later = is_b ? 4 : 3; /* the segment of the lines after the first block's */
	if (panel == PANEL_LAYER) {          /* every line of layer l, with layer l's first product */
		o.s[0] = lines * tile;
		o.s[2] = (kt - 1) * lines * tile;
	} else if (panel == PANEL_CHAIN) {   /* a line's every layer, with its first product */
		o.s[0] = kt * tile;
		o.s[1] = (line0 - 1) * kt * tile;
		o.s[later] = (lines - line0) * kt * tile;
	} else {                             /* tile by tile */
		o.s[0] = tile;
		o.s[1] = (line0 - 1) * tile;
		o.s[2] = (kt - 1) * line0 * tile;
		o.s[later] = (lines - line0) * kt * tile;
	}
	return o;
}

static int block_order_segments(const struct device_part *d, struct segment sg[5], struct result_times *r)
{
	double tasks = d->n * d->kt, per = d->comp / tasks;
	double br = fmin(d->bs, d->rows), bc = fmin(d->bs, d->cols), nb0 = br * bc;
	double at = d->A / (d->rows * d->kt), bt = d->B / (d->cols * d->kt);
	double ct = d->c_late ? 0 : d->Cin / d->n; /* read late: none of the products' (device_us) */
	double col_tasks = (d->rows - br) * bc * d->kt, rest_tasks = tasks - d->rows * bc * d->kt;
	struct operand_bytes a = operand_segments(d->a_panel, 0, at, d->rows, br, d->kt);
	struct operand_bytes b = operand_segments(d->b_panel, 1, bt, d->cols, bc, d->kt);
	/* The first block runs layer by layer: its products take a whole tile's time up to the last
	 * layer, whose ragged depth takes last_layer of it. 20000x17000x9000 at tile 8192 (one block,
	 * k = 8192 + 808): the average product put half the compute in the last layer, so C's tiles
	 * left from mid-call in the model, and at its end on the GPU (one H200 from the host: 181 ms,
	 * predicted 151). per_full: a product of a whole layer; the others keep the average. */
	double f = d->kt > 1 ? d->last_layer : 1, per_full = per * d->kt / (d->kt - 1 + f);
	double per_later = d->kt > 1 ? per_full * (d->kt - 2 + f) / (d->kt - 1) : per_full;
	sg[0] = (struct segment){ 1, a.s[0] + b.s[0] + ct, per_full };
	/* the first block's other C tiles: wanted by its first layer in order, but when A and B are
	 * on the device the worker runs the later steps of the chains whose C is there meanwhile, so
	 * they come in over the block's other products (with A or B from the host, those steps' tiles
	 * would queue behind the C tiles): C bytes per product of its first layer, and of all */
	int spread = nb0 > 1 && at + bt <= 0;
	double c_first = spread ? 0 : ct, c_all = spread ? (nb0 - 1) * ct / (d->kt * nb0 - 1) : 0;
	double n2 = (d->kt - 1) * nb0;
	sg[1] = (struct segment){ nb0 - 1, nb0 > 1 ? (a.s[1] + b.s[1]) / (nb0 - 1) + c_first + c_all : 0, per_full };
	sg[2] = (struct segment){ n2, n2 > 0 ? (a.s[2] + b.s[2]) / n2 + c_all : 0, per_later };
	sg[3] = (struct segment){ col_tasks, col_tasks > 0 ? (a.s[3] + b.s[3] + (d->rows - br) * bc * ct) / col_tasks : 0, per };
	sg[4] = (struct segment){ rest_tasks, rest_tasks > 0 ? (a.s[4] + b.s[4] + (d->n - d->rows * bc) * ct) / rest_tasks : 0, per };
	/* The first product's tiles (or panels) are whole ones, larger than the average where edges
	 * are ragged: the fill before the first kernel (8192^3 at tile 6144: 864 MB, not the
	 * average's 432). The device brings in no more bytes for it: the later products bring the
	 * difference less. */
	double total = d->A + d->B + (d->c_late ? 0 : d->Cin), first = fmin(d->first_in, total);
	double rest = total - sg[0].in;
	if (first > sg[0].in && rest > 0) {
		double keep = fmax(0.0, 1 - (first - sg[0].in) / rest);
		for (int s = 1; s < 5; s++)
			sg[s].in *= keep;
		sg[0].in = first;
	}
	r->nfirst = d->kt > 1 ? 3 : 1;
	r->early = d->kt > 1 ? (nb0 - 1) * per_full * f : 0;
	/* In single-tile blocks a chain's next step is ready only once the step before it ends, and
	 * by then its worker holds the next chain's first product: the chains run interleaved, the
	 * first tile final after the next chain's products and that chain's C tile's copy (one H200,
	 * FP64 4096^3 with C on the host at tile 1536: final 1.27 ms into the call, after 5 products,
	 * where its chain alone would end at 0.69; bench/results/gemm-2026-11-27b2.md) */
	int interleaved = nb0 <= 1 && d->kt > 1 && d->n > 1 && d->held > 0;
	r->interleaved = interleaved ? fmin(d->held, d->n - 1) * (d->kt - 1) * per : 0;
	r->next_c = interleaved ? ct : 0;
	/* the last block: what is left of the rows and columns after whole blocks */
	double lr = d->rows - d->bs * floor((d->rows - 1) / d->bs);
	double lc = d->cols - d->bs * floor((d->cols - 1) / d->bs);
	r->nlast = fmax(1.0, lr * lc);
	r->apart = per;
	return 5;
}

/* The other routines (syrk, syr2k, symm, trmm, trsm) submit C tile by C tile, column after column,
 * each tile's chain over k whole: the first tile needs its A row panel and B column panel, the
 * rest of the first column each a new A panel, each later column a new B panel, every tile its
 * C tile; a unit here is one tile's whole chain, final when it is done. */
static int column_order_segments(const struct device_part *d, struct segment sg[3], struct result_times *r)
{
	double per = d->comp / d->n;
	sg[0] = (struct segment){ 1, d->A / d->rows + d->B / d->cols + d->Cin / d->n, per };
	sg[1] = (struct segment){ d->rows - 1, d->A / d->rows + d->Cin / d->n, per };
	sg[2] = (struct segment){ d->n - d->rows, (d->cols > 1 ? d->B / d->cols / d->rows : 0) + d->Cin / d->n, per };
	*r = (struct result_times){ 1, 0, 1, per, 0, 0 };
	return 3;
}

/* The last block's tiles going home: n of them leave one after another, out_tile us each, each
 * once its chain is done (the last at the chains' end, the ones before `apart` us apart) and,
 * with C read late, once its own C tile is in (the last at late_in, the ones before one C tile's
 * inbound copy, c_in us, apart: all chains done, they wait for C in the order it comes).
 * `after`: what follows the last copy (C added at home: its sum). */
struct last_tiles {
	double n, apart, out_tile, c_in, after;
};

/* One after another, n tiles ready `gap` us apart, the last at `last_ready`, are all home
 * out_tile us after the last one, or after the first plus all n copies, whichever is later (n
 * need not be whole: a block's tiles are counted on average). */
static double queue_home(double n, double gap, double out_tile, double last_ready)
{
	return last_ready + fmax(out_tile, n * out_tile - (n - 1) * gap);
}

static double last_tiles_home(const struct last_tiles *lt, double chains_end, double late_in_us)
{
	/* a tile leaves once both its chain and its C tile allow: the later of the two queues */
	double home = queue_home(lt->n, lt->apart, lt->out_tile, chains_end);
	if (late_in_us > 0)
		home = fmax(home, queue_home(lt->n, lt->c_in, lt->out_tile, late_in_us));
	return home + lt->after;
}

/* The flow shop's makespan; the first result is ready `early` us before the first nfirst
 * segments are done, `first_wait` us later where other products come between its steps, and
 * the last block's tiles go home as last_tiles_home says. C read late: the last unit cannot end
 * before late_in_us (its C tile is among the inbound bytes, 0: not late). */
static double device_time(const struct segment *sg, int nsg, int nfirst, double early,
                          double first_wait, double in_us_per_byte, double comp_total,
                          double late_in_us, double out_total_us, const struct last_tiles *lt,
                          double floor_us)
{
	double arrived = 0, left = comp_total, gpu = 0, done = 0, first_done = 0;
	for (int s = 0; s < nsg; s++) {
		if (sg[s].n > 0) {
			double x = sg[s].in * in_us_per_byte, c = sg[s].comp, n = sg[s].n;
			/* when the segment's last unit is done: after the previous one, after its first
			 * unit's bytes, or after its own */
			done = fmax(done + n * c, fmax(arrived + x + n * c, arrived + n * x + c));
			/* the makespan bound at the segment's first unit, then at its last */
			gpu = fmax(gpu, arrived + x + left);
			arrived += n * x;
			left -= (n - 1) * c;
			gpu = fmax(gpu, arrived + left);
			left -= c;
		}
		if (s == nfirst - 1)
			first_done = fmax(0, done - early) + first_wait;
	}
	double end = fmax(last_tiles_home(lt, gpu, late_in_us), first_done + out_total_us);
	return fmax(end, floor_us);
}

/* How much faster than tiles the model must find column panels before it chooses them. Panels
 * add what step 4 prices only roughly (the first product waits for whole panels, the cuts run on
 * the GPU's worker). On one H100, where the model found them 2-3% faster they lost 1-12%
 * (4096x4096x32768 h0h, 32768x32768x4096 hhh, FP32 4096^3 hhh); where it found them 6-11%
 * faster they won 9-13% (4096x4096x32768 and 4096^3 hhh) or came level (8192^3 hhh;
 * bench/results/gemm-pages-2026-11-26i.md). The tolerance for a pick is 5% too. */
#define PANEL_MARGIN 0.05

/* Likewise C added at home must be found 10% faster than C read with the products or late on the
 * device. The model prices it optimistically: on one H100 its cells were 5-20% faster than
 * measured where the others were within 10% (bench/results/gemm-home-2026-11-26j.md, call 3); where
 * it found home 14-31% faster, home won 7-15% (8192^3 hhh at 2048, 20000x17000x9000 at 3072),
 * where 2-11% faster, it lost 2-6% (4096x4096x32768 and FP32 8192^3 at 2048, 8192^3 at 4096). */
#define HOME_MARGIN 0.10

/* Whether operand o lives on the host and so crosses to device d, a GPU. */
static int crosses_from_host(const struct pm_problem *p, const struct pm_device *d,
                             const struct lm_db *db, int o)
{
	int home = p->loc[o];
	return d->kind == PM_GPU && home >= 0 && home != d->node && db->node[home].kind == LM_HOST;
}

/* Which of gemm's operands may cross in column panels to device d, the call's only one: those
 * living on the host, as the problem allows (panels_may | panels_must), on a GPU that holds four
 * of their panels in a quarter of its memory. On the CPU only when forced (panels_must: the
 * tests run the panels' code there, where they stay home). */
static unsigned panel_choices(const struct pm_problem *p, const struct pm_device *d,
                              const struct lm_db *db, int T, int R)
{
	unsigned may = 0;
	if (p->routine != 'g' || (d->kind != PM_GPU && !p->panels_must))
		return 0;
	for (int o = 0; o < 2; o++) {
		/* StarPU counts a handle's elements in 32 bits (pl_matrix_panels refuses more) */
		/* a panel is as wide as the tiles' columns: A transposed's are R wide in tall tiles */
		int wide = o == 0 && (p->trans & 1) ? R : T;
		double elems = (double)rows_of(p, o) * wide, panel = elems * elem_of(p);
		if (((p->panels_may | p->panels_must) >> o & 1) && p->loc[o] >= 0 &&
		    db->node[p->loc[o]].kind == LM_HOST && elems <= UINT32_MAX &&
		    (d->mem_bytes <= 0 || 16 * panel <= d->mem_bytes))
			may |= 1u << o;
	}
	return may;
}

/* Whether gemm's C may be read late on device d, the call's only one (step 3); the flow shop
 * then prices both ways and the faster is taken. Reading C late takes C's copies off the first
 * layer's products and sends them when the link has nothing else queued, which pays while A or B
 * has bytes to bring meanwhile. So: C is read and crosses a link to d; A or B crosses too (with
 * both on d the worker already runs the steps of the chains whose C tile is there, step 4's
 * spread: one H100, 8192^3 with C alone on the host 23.3 ms in tiles of 2048, 26.4 read late at
 * 4096); its chains have products before their last (a chain of one needs its C tile right after
 * it: 32768x32768x4096 at tile 8192 took 273 ms instead of 227); and the problem allows it.
 * A rule once also asked A and B to bring as many elements as C. It kept C read with the
 * products at ten FP64 points of the dataset (20000x17000x9000 and 12000x30000x7000 from the
 * host, with A or with B there; 27000x9500x14500 with A there; 32768x32768x4096, where C
 * outweighs A and B four times, in tiles of 2048 x 8192), where the flow shop prices it late
 * 0.5-9% faster: read late, all ten ran 1.03-1.08x faster on one H200, side by side
 * (bench/results/gemm-2026-11-27v.md, call 3). FP32 keeps its plans at those shapes: priced
 * within 1% either way, run within 1.5% (call 2, one H100).
 * Anywhere C is read when forced (c_late_must: the tests run it on CPU workers, where C does not
 * cross). */
static int c_late_choice(const struct pm_problem *p, const struct pm_device *d, const struct tiling *t)
{
	if (p->routine != 'g' || !p->reads_c || p->loc[2] < 0 || (p->loc[0] < 0 && p->loc[1] < 0))
		return 0; /* no product (alpha = 0 or k = 0): gemm only scales C */
	if (p->c_late_must)
		return 1;
	int ab_cross = (p->loc[0] >= 0 && p->loc[0] != d->node) || (p->loc[1] >= 0 && p->loc[1] != d->node);
	return p->c_late_may && p->loc[2] != d->node && ab_cross && t->Kt > 1;
}

/* How operand o (0 A, 1 B) of gemm comes in when it crosses in panels (enum PANEL_*): a stored
 * column panel of A holds one layer of every tile row, of A transposed one tile row's every
 * layer; of B one tile column's every layer, of B transposed one layer of every column. */
static int panel_kind(const struct pm_problem *p, unsigned panels, int o)
{
	if (!(panels >> o & 1))
		return PANEL_NONE;
	int trans = p->trans >> o & 1;
	return (o == 0) != trans ? PANEL_LAYER : PANEL_CHAIN;
}

/* C added at home (step 3): us for the host's memory to move `bytes` at the rate its CPU workers
 * add tiles into C all at once (the calibrated sum rate, which counts the three streams of a sum:
 * both tiles read, C written); 0 when the rate was not measured (forced only). */
static double host_memory_us(const struct pm_device *h, double bytes)
{
	double g = h->rates.sum_gbs;
	return g > 0 && bytes > 0 ? bytes / (g * 1e3) : 0;
}

/* The bytes device i's part of the call moves through the host's memory when C is added at home:
 * each sum's three streams, and the copy engine's reads of the host operands and writes of the
 * scratch tiles coming home. */
static double home_memory_bytes(const struct pm_problem *p, const struct lm_db *db,
                                const struct device_flows *f, int i)
{
	double b = 4 * f->Cout[i];
	for (int o = 0; o < 2; o++)
		if (p->loc[o] >= 0 && db->node[p->loc[o]].kind == LM_HOST)
			b += o ? f->B[i] : f->A[i];
	return b;
}

/* The device whose CPU workers would add gemm's C tiles at home for device d, the call's only
 * one, or NULL: C is read and lives on a host node away from d, those workers' rate is
 * calibrated and the problem allows it (c_home_may); anywhere C is read when forced
 * (c_home_must: the tests run it on CPU workers, where C does not cross). Each chain then runs
 * into a scratch tile as when C is read late, but C comes in no more; the scratch tiles go home
 * whole (55 GB/s on one H100 where C's tiles cross at 42) and the cores add them there. Unlike
 * reading C late on the device, this pays most where C outweighs A and B (C's bytes leave the
 * inbound link) and with chains of one product (nothing waits for C). */
static const struct pm_device *c_home_choice(const struct pm_problem *p, const struct pm_device *d,
                                             const struct pm_device *dev, int ndev,
                                             const struct lm_db *db)
{
	int c = p->loc[2];
	if (p->routine != 'g' || !p->reads_c || c < 0 || (p->loc[0] < 0 && p->loc[1] < 0) ||
	    db->node[c].kind != LM_HOST || (!p->c_home_must && (!p->c_home_may || c == d->node)))
		return NULL;
	for (int x = 0; x < ndev; x++)
		if (dev[x].kind == PM_CPU && dev[x].node == c)
			return p->c_home_must || dev[x].rates.sum_gbs > 0 ? &dev[x] : NULL;
	return NULL;
}

/* Whether gemm's B, living on device d (the call's only one), is read from tiles cut out of it
 * there (codelets/cut.c, a copy through the device's memory whose leading dimension is the tile's
 * rows) rather than from views of it (step 3). cuBLAS reads a B whose leading dimension is not a
 * multiple of 128 bytes slower, and the kernel table measures products at the tile's own: one
 * H200, FP32 6144^3 at 50.8 TFLOP/s with B's leading dimension 6144, 47.8 with it 27000 or 14500
 * (32 and 16 bytes: the dataset's odd shapes), 49.2 at 64 bytes; A's costs 0.8%, C's nothing;
 * FP64 2-3% (bench/ld_probe.cu, bench/results/gemm-2026-11-27x.md, sections 1c and 1d); cut,
 * FP32 ran 1.025x faster at the dataset's odd shapes (bench/results/gemm-2026-11-27y.md). So: B
 * lives on d, a GPU; its leading dimension is off 128 bytes while its tiles' rows (their copies'
 * leading dimension) are a multiple of 128 bytes; a copy of B fits in a quarter of d's memory
 * beside it; and the problem allows it. Wherever B lives on d when forced (b_cut_must: the tests
 * run it on CPU workers). A panel of B (its tiles' columns, every row) counts its elements in 32
 * bits (pl_matrix_panels refuses more). */
static int b_cut_choice(const struct pm_problem *p, const struct pm_device *d, const struct tiling *t)
{
	if (p->routine != 'g' || p->loc[1] < 0 || p->loc[1] != d->node || !(p->b_cut_may || p->b_cut_must))
		return 0;
	int trans = (p->trans & 2) != 0;
	double el = elem_of(p), rows = (double)rows_of(p, 1);
	double cols = (double)(trans ? p->k : p->n), wide = trans ? t->D : t->T;
	if (rows * wide > UINT32_MAX)
		return 0;
	if (p->b_cut_must)
		return 1;
	int64_t ld = p->ld[1] > 0 ? p->ld[1] : rows_of(p, 1);
	int tile_ld = tile_rows_of(p, t->T, t->R, t->D, 1);
	return d->kind == PM_GPU && !pm_ld_aligned(ld, (size_t)el) && pm_ld_aligned(tile_ld, (size_t)el) &&
	       (d->mem_bytes <= 0 || 4 * rows * cols * el <= d->mem_bytes);
}

/* What cutting B's tiles adds to the device's time (us): a task per tile of B, and B's bytes read
 * and written through the device's memory. */
static double b_cut_us(const struct pm_problem *p, const struct tiling *t)
{
	double tiles = (double)t->Kt * (double)t->Nt;
	return tiles * PM_TASK_US + 2.0 * (double)p->k * (double)p->n * elem_of(p) / (PM_DEVICE_COPY_GBS * 1e3);
}

/* Products of other chains a GPU's worker holds ahead of a chain's next step: StarPU's CUDA
 * driver keeps STARPU_CUDA_PIPELINE tasks (2 unless set) in flight, popping the next while one
 * runs, before the running one's successor is ready. */
static int held_products(void)
{
	const char *v = getenv("STARPU_CUDA_PIPELINE");
	int tasks = v && *v ? atoi(v) : 2;
	return tasks > 1 ? tasks - 1 : 0;
}

/* Steps 3 and 4 for device sel[i] (ld: its tile schedule): its links with `panels` crossing in
 * column panels and C read late or not, then its flow shop. Returns its time (us); *comp_us its
 * tasks' time. */
static double device_us(const struct pm_problem *p, const struct pm_device *d, int i,
                        const struct lm_db *db, const struct device_flows *f,
                        const struct busy_links *busy, const struct tiling *t,
                        const struct pm_lane *ld, int P, unsigned panels, int late,
                        const struct pm_device *home, double *comp_us, struct device_links *L)
{
	int T = t->T, R = t->R;
	link_rates(p, d, i, db, f, busy, t, panels | (home ? XFER_C_WHOLE : 0), L);
	double n = (double)ld->tiles;
	double tm = (double)(p->m < R ? p->m : R), tn = (double)(p->n < T ? p->n : T);
	double tk = (double)(p->k < t->D ? p->k : t->D), el = elem_of(p);
	/* its products back to back under its power cap (the kernel table's sustained rates), and
	 * with C read late a geadd per tile: two tiles read and one written through its memory
	 * (none when C is added at home) */
	double geadd = late && !home ? PM_TASK_US + 3 * tm * tn * el / (PM_DEVICE_COPY_GBS * 1e3) : 0;
	/* (a tall tile's products as square ones, a deep one's at its volume's rate: pm_product_us;
	 * under the cap of that size's kernel) */
	int cap_T = t->D > T ? (int)cbrt(tm * tn * tk) : T;
	double comp = pm_capped_us(&d->rates, p->dbl, cap_T, ld->finish) + fmax(0, n) * geadd, tdev = comp;
	double bytes_in = f->A[i] + f->B[i] + f->Cin[i];
	*comp_us = comp;
	if (ld->tiles <= 0 || (bytes_in <= 0 && f->Cout[i] <= 0))
		return tdev;
	double rows = fmax(1.0, fmin(n, ceil((double)t->Mt / P)));
	/* the first product's bytes: whole tiles, or the whole panels it needs (their columns are
	 * the stored matrix's, as long as its rows; as many as a tile has along the other side) */
	double a_tile = tm * tk * el, b_tile = tk * tn * el;
	if (panels & 1)
		a_tile = (double)rows_of(p, 0) * ((p->trans & 1) ? tm : tk) * el;
	if (panels & 2)
		b_tile = (double)rows_of(p, 1) * ((p->trans & 2) ? tk : tn) * el;
	double first = (f->A[i] > 0 ? a_tile : 0) + (f->B[i] > 0 ? b_tile : 0) +
	               (f->Cin[i] > 0 && !late ? tm * tn * el : 0);
	double whole = pm_product_us(&d->rates, p->dbl, tm, tn, tk, T) + PM_TASK_US;
	double last = pm_product_us(&d->rates, p->dbl, tm, tn, t->kr, T) + PM_TASK_US;
	int cross = 0; /* A or B crosses to some device of the call: gemm keeps its blocks */
	for (int x = 0; x < PM_MAX_DEVS; x++)
		cross |= f->A[x] + f->B[x] > 0;
	struct device_part dp = { n, (double)t->Kt, rows, fmax(1.0, n / rows), f->A[i], f->B[i], f->Cin[i],
	                          comp, first, last / whole, panel_kind(p, panels, 0),
	                          panel_kind(p, panels, 1), late, pl_block_side(cross),
	                          d->kind == PM_GPU ? held_products() : 0 };
	struct segment sg[5];
	struct result_times r;
	int nsg = p->routine == 'g' ? block_order_segments(&dp, sg, &r) : column_order_segments(&dp, sg, &r);
	double in_rate = bytes_in > 0 ? L->tin / bytes_in : 0; /* us per byte */
	/* read late, C's tiles cross when the link has nothing else queued: every inbound byte is in
	 * after L->tin at the earliest, and the last geadd waits for its tile */
	double late_in = late && !home ? L->tin + geadd : 0;
	/* added at home: the last tile's sum follows its copy home (a task, then its three streams),
	 * and the call lasts no less than its bytes through the host's memory: the sums', and the copy
	 * engine's beside them (one H100, 32768x32768x4096 from the host: 8.6 GB of C, 36 GB through
	 * a memory whose cores add at 126 GB/s, took 409-509 ms added at home, 229-245 without) */
	double sum_last = home ? PM_TASK_US + host_memory_us(home, 3 * tm * tn * el) : 0;
	double sum_all = home ? host_memory_us(home, home_memory_bytes(p, db, f, i)) : 0;
	/* and the calling thread submits each tile's sums between the products (with small tiles it
	 * falls behind the GPU: one H100, tiles of 1024 added at home ran 100-150 us per tile
	 * longer than read on the GPU, about what submitting them takes) */
	double submit = home ? n * home->rates.sum_submit_us : 0;
	/* the last block's tiles finish one product apart, or read late one C tile's copy apart */
	struct last_tiles lt = { r.nlast, r.apart, f->Cout[i] > 0 ? L->tout / n : 0,
	                         tm * tn * el * in_rate, sum_last };
	/* the first tile's chain interleaved with the next one: that chain's products, and its first
	 * product's wait for its C tile beyond the first product of the call */
	double first_wait = r.interleaved + (r.next_c > 0 ? fmax(0, r.next_c * in_rate - sg[0].comp) : 0);
	return device_time(sg, nsg, r.nfirst, r.early, first_wait, in_rate, comp, late_in, L->tout, &lt,
	                   fmax(L->host_both_us, sum_all)) + submit;
}

static double evaluate(const struct pm_problem *p, const struct pm_device *dev, int ndev,
                       const struct lm_db *db, int T, int R, int D, unsigned subset,
                       struct pm_eval *out);

double pm_evaluate(const struct pm_problem *p, const struct pm_device *dev, int ndev,
                   const struct lm_db *db, int T, unsigned subset, struct pm_eval *out)
{
	return evaluate(p, dev, ndev, db, T, T, T, subset, out);
}

double pm_evaluate_tiles(const struct pm_problem *p, const struct pm_device *dev, int ndev,
                         const struct lm_db *db, int T, int R, unsigned subset, struct pm_eval *out)
{
	return evaluate(p, dev, ndev, db, T, R, T, subset, out);
}

double pm_evaluate_deep(const struct pm_problem *p, const struct pm_device *dev, int ndev,
                        const struct lm_db *db, int T, int R, unsigned subset, struct pm_eval *out)
{
	/* R <= 0: all of m's rows (sizes beyond an int's: square tiles; deep_may never offers them) */
	if (R <= 0 || R >= p->m)
		R = p->m > T && p->m <= INT_MAX ? (int)p->m : T;
	int D = p->k > T && p->k <= INT_MAX ? (int)p->k : T;
	return evaluate(p, dev, ndev, db, T, R, D, subset, out);
}

static double evaluate(const struct pm_problem *p, const struct pm_device *dev, int ndev,
                       const struct lm_db *db, int T, int R, int D, unsigned subset,
                       struct pm_eval *out)
{
	struct pm_eval e;
	memset(&e, 0, sizeof e);
	R = R > T && p->routine == 'g' ? R : T; /* only gemm tiles tall */
	D = D > T && p->routine == 'g' ? D : T; /* and runs deep products */
	e.T = T;
	e.R = R;
	e.D = D;
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

	/* 1. the tile schedule: full tiles first, then the ragged edges */
	struct tiling t;
	tiling_of(p, T, R, D, &t);
	struct pm_lane ld[PM_MAX_DEVS];
	double lanes[PM_MAX_DEVS], chain[PM_MAX_DEVS][2][2];
	memset(ld, 0, sizeof ld);
	for (int i = 0; i < ns; i++) {
		const struct pm_device *d = &dev[sel[i]];
		lanes[i] = d->nworkers > 0 ? d->nworkers : 1;
		for (int a = 0; a < 2; a++)
			for (int b = 0; b < 2; b++)
				chain[i][a][b] = chain_us(p, d, &t, a ? t.mr : R, b ? t.nr : T);
	}
	for (int cls = 0; cls < 4; cls++) { /* full tiles first, then edge rows, edge columns, corner */
		double cost[PM_MAX_DEVS];
		for (int i = 0; i < ns; i++)
			cost[i] = chain[i][cls & 1][cls >> 1];
		pm_schedule_class(ns, cost, lanes, t.count[cls & 1][cls >> 1], ld);
	}
	double full = (double)t.Mt * R * (double)t.Nt * T * (double)t.Kt * D;
	e.padding = full > 0 ? 1.0 - (double)p->m * p->n * (p->k > 0 ? p->k : 1) / full : 0;
	double share[PM_MAX_DEVS];
	for (int i = 0; i < ns; i++)
		share[i] = t.total ? (double)ld[i].tiles / (double)t.total : 0;

	/* 2. the data flows, and, where C may be added at home (the call's one device), without C's
	 * inbound bytes */
	struct device_flows f, fh;
	data_flows(p, dev, sel, ns, db, &t, share, 0, &f);
	e.wr_lazy = f.wr_lazy;
	struct busy_links busy, busyh;
	busy_links_of(&f, &busy);
	const struct pm_device *home = ns == 1 ? c_home_choice(p, &dev[sel[0]], dev, ndev, db) : NULL;
	if (home) {
		data_flows(p, dev, sel, ns, db, &t, share, 1, &fh);
		busy_links_of(&fh, &busyh);
	}

	/* 3 and 4. each device's links, then its flow shop; alone on a GPU, gemm's host operands
	 * in tiles or in column panels, C read with the products, late, or late and added at home,
	 * whichever is faster */
	double worst = 0;
	int P, Q;
	pm_grid(ns, t.Mt, t.Nt, &P, &Q);
	for (int i = 0; i < ns; i++) {
		const struct pm_device *d = &dev[sel[i]];
		/* (deep products' B tiles are its whole columns already: no panels beside them) */
		unsigned may = ns == 1 && D == T ? panel_choices(p, d, db, T, R) : 0, best_set = 0;
		/* Tiles holding every row of A as stored (tall ones, or square ones of T >= m) are its
		 * column panels: the same copies, which the model prices alike, but StarPU runs them
		 * apart, so which way A goes there is a rule. Beside B's panels A goes as panels: one
		 * H100, 8192^3 from the host in tiles of 8192 x 2048 with B in panels, 35.1 and 35.5 ms
		 * with A's panels, 40.2 and 41.8 with its tiles fetched ahead
		 * (bench/results/gemm-tall-2026-11-26o.md, calls 1 and 2); with B on the GPU, as panels
		 * too (one H200, 8192^3 with B on the GPU in 8192 x 2048: 28.1 ms, call 5 there). Beside
		 * B's tiles crossing, A goes as tiles: those of both are then fetched ahead, where a panel
		 * is not (a tile cut from it is made where it is used), and its copies come late beside
		 * B's. One H200, FP32 4096x4096x32768 from the host at tile 6144 (one chain of products):
		 * 35.4-36.8 ms with A's panels, 28.1 with its tiles fetched ahead (predicted 27.3 either
		 * way; bench/results/gemm-h200-2026-11-26p.md, calls 4 and 5). */
		unsigned a_is_panels = (may & 1) && R >= p->m && !(p->trans & 1);
		/* (not where the problem forces A's panels: PARALIA_PANELS=a, measuring) */
		int b_tiles_cross = crosses_from_host(p, d, db, 1) && !(p->panels_must & 1);
		int late_may = ns == 1 && c_late_choice(p, d, &t), best_late = 0, best_home = 0;
		struct device_links L, best_L;
		double comp = 0, tdev = 0, best_score = 0;
		int tried = 0;
		/* C: 0 read with the products, 1 read late on the device, 2 added at home (late too) */
		for (unsigned set = 0; set <= may; set++)
			for (int c_way = 0; c_way <= 2; c_way++) {
				int late = c_way >= 1, at_home = c_way == 2;
				if ((set & ~may) || (set & p->panels_must) != (p->panels_must & may) ||
				    (a_is_panels && !(set & 1) != (b_tiles_cross && !(set & 2))) ||
				    (c_way == 1 && !late_may) || (at_home && !home) ||
				    (p->c_late_must && (late_may || home) && !late) ||
				    (p->c_home_must && home && !at_home))
					continue;
				double c, x = device_us(p, d, i, db, at_home ? &fh : &f, at_home ? &busyh : &busy,
				                        &t, &ld[i], P, set, late, at_home ? home : NULL, &c, &L);
				/* panels and home the problem does not force must win by their margins */
				double score = (set & ~p->panels_must) ? x / (1 - PANEL_MARGIN) : x;
				if (at_home && !p->c_home_must)
					score /= 1 - HOME_MARGIN;
				if (!tried++ || score < best_score) {
					best_score = score, tdev = x, comp = c, best_set = set, best_late = late,
					best_home = at_home, best_L = L;
				}
			}
		if (!tried) { /* no way the rules admit: never the pick, rather than a time of nothing */
			memset(&best_L, 0, sizeof best_L);
			tdev = HUGE_VAL;
		}
		/* B's tiles realigned: cut before their first products, on the device's own time */
		int b_cut = ns == 1 && b_cut_choice(p, d, &t);
		if (b_cut) {
			double cut = b_cut_us(p, &t);
			tdev += cut;
			comp += cut;
		}
		L = best_L;
		e.share[sel[i]] = share[i];
		e.busy_ms[sel[i]] = comp / 1e3;
		if (tdev > worst || i == 0) {
			worst = tdev;
			/* fetching ahead brings no tile of an operand in panels (cut on the device), nor
			 * any along deep products (one per chain) */
			int none = D > T;
			e.layer = (struct pm_layer){ T, p->dbl,
			                             none || (best_set & 1) ? 0 : operand_in_us(p, d, db, &busy, T, R, 0),
			                             none || (best_set & 2) ? 0 : operand_in_us(p, d, db, &busy, T, R, 1),
			                             d->rates, R };
			e.compute_ms = comp / 1e3;
			e.transfer_ms = fmax(L.tin, L.tout) / 1e3;
			e.latency_ms = L.lat / 1e3;
			e.panels = best_set;
			e.c_late = best_late;
			e.c_home = best_home;
			e.b_cut = b_cut;
		}
	}

	/* 5. the call: its slowest device, and never less than submitting its tasks */
	double tasks = (double)t.total * (double)t.Kt + (e.wr_lazy || e.c_late ? (double)t.total : 0);
	e.time_ms = fmax(worst, tasks * PM_SUBMIT_US) / 1e3;
	int pw = p->dbl ? 1 : 0;
	if (pm_has_power(dev, ndev, subset, p->dbl))
		for (int i = 0; i < ns; i++)
			e.energy_j += dev[sel[i]].rates.watts[pw] * e.busy_ms[sel[i]] / 1e3;
	if (out)
		*out = e;
	return e.time_ms;
}

/* ---- step 6 (gemm): fetching ahead ------------------------------------------------------------ */

/* A block's layer (common/order.h) runs its products, each once its A and B tiles are there. The
 * next layer's tiles are requested only as the layer's products end (a task reaches the scheduler
 * when it is ready), so without help the next layer starts at least one chain's round after this
 * one: this layer's first product, then the copies of that chain's next tiles. With them fetched
 * ahead the layer lasts the longer of its products and the next layer's copies. What the round
 * loses between a layer of depth k0 and the next of depth k1, for a block covering rows x cols of
 * C whose first tile is h x w (us): */
static double round_loss(const struct pm_layer *L, int64_t rows, int64_t cols, int h, int w,
                         int k0, int k1)
{
	double first = pm_product_us(&L->rates, L->dbl, h, w, k0, L->T);
	double round = (h * L->a_us + w * L->b_us) * k1 + first;
	double copies = ((double)rows * L->a_us + (double)cols * L->b_us) * k1;
	double products = first * ((double)rows * (double)cols) / ((double)h * w);
	return fmax(0.0, round - fmax(copies, products));
}

/* But a copy fetched ahead, once started, also holds up a copy a ready product waits for, by up
 * to what one chain's next tiles take to copy (held: its A and B tiles at full depth): the block
 * fetches ahead only when its rounds lose more than that over its layers. One H200
 * (bench/results/gemm-ahead-2026-11-26c.md, call 2's table): 4096x4096x32768 at tile 3072 with A
 * from the host (a 2 x 2 block, 11 layers: 4.5 ms lost against 1.5 held) 34.6 ms without, 25.7
 * with; 4096^3 at 3072 from the host (one round, to a layer 1024 deep: 0.24 ms lost against 3.0
 * held) 9.8 without, 10.2 with. */
int pm_fetch_ahead(const struct pm_layer *L, int64_t rows, int64_t cols, int64_t k)
{
	if (!L || L->T <= 0 || rows <= 0 || cols <= 0 || k <= L->T || (L->a_us <= 0 && L->b_us <= 0))
		return 0;
	int T = L->T, R = L->R > T ? L->R : T;
	int h = (int)(rows < R ? rows : R), w = (int)(cols < T ? cols : T);
	int64_t kt = (k + T - 1) / T;
	int kr = (int)(k - (kt - 1) * T);
	double lost = (double)(kt - 2) * round_loss(L, rows, cols, h, w, T, T) +
	              round_loss(L, rows, cols, h, w, T, kr);
	double held = (h * L->a_us + w * L->b_us) * T;
	return lost > held;
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

/* Whether device d holds every operand the call uses: then its tiles are views of them, and no
 * copy takes its memory. */
static int holds_all(const struct pm_problem *p, const struct pm_device *d)
{
	for (int i = 0; i < 3; i++)
		if (p->loc[i] >= 0 && p->loc[i] != d->node)
			return 0;
	return 1;
}

/* How much faster than square tiles the model must find tall ones before it chooses them, as for
 * column panels (PANEL_MARGIN): a new way of the model's, with the 5% for a pick. */
#define TALL_MARGIN 0.05
/* Tall tiles only of a tile size whose square kernel reaches this fraction of the device's best
 * rate in its table (tall_best) */
#define TALL_KERNEL 0.9

/* Whether T's square kernel on device d reaches TALL_KERNEL of the best rate in its table. */
static int near_best_kernel(const struct pm_problem *p, const struct pm_device *d, int T)
{
	double top = 0;
	for (int c = 0; c < d->rates.n; c++)
		top = fmax(top, pm_rate_gflops(&d->rates, p->dbl, d->rates.T[c], d->rates.T[c], d->rates.T[c]));
	return pm_rate_gflops(&d->rates, p->dbl, T, T, T) >= TALL_KERNEL * top;
}

/* Whether gemm's plan e may take tall tiles by the model's choice: it runs on one GPU, into which
 * C or op(A), the operands in R-row tiles, crosses from the host. A tile's copy from the host runs
 * each of its columns as one burst, and short ones go slower beside the GPU's kernels (one H200,
 * 2D copies while DGEMMs run: 32.5 GB/s for 16 KB columns, 47.5 for 32 KB, 55.3 for 64 KB;
 * bench/results/gemm-timeline-2026-11-26.md); taller tiles copy faster at the same width, where
 * square ones could only grow wider too, with a longer fill and drain. */
static int tall_may(const struct pm_problem *p, const struct pm_device *dev, const struct lm_db *db,
                    const struct pm_eval *e)
{
	if (p->routine != 'g' || !p->tall_may || __builtin_popcount(e->subset) != 1)
		return 0;
	const struct pm_device *d = &dev[__builtin_ctz(e->subset)];
	return crosses_from_host(p, d, db, 0) || crosses_from_host(p, d, db, 2);
}

/* The best tall tiles for plan e's tile size and devices: R rows from the tile candidates above
 * T (and 16384: FP32's 64 KB columns) and m itself, each below m and fitting its device's memory;
 * *best gets the fastest. Returns whether one was evaluated. */
static int tall_best(const struct pm_problem *p, const struct pm_device *dev, int ndev,
                     const struct lm_db *db, enum pm_metric m, const struct pm_eval *e,
                     struct pm_eval *best)
{
	const int *std;
	int nstd = pm_tile_candidates(&std), found = 0, T = e->T;
	const struct pm_device *d = &dev[__builtin_ctz(e->subset)];
	/* pm_product_us prices a tall product as square ones of T: fair where T's square kernel runs
	 * near the device's best rate, not where launches dominate it (512's cube at 14 TFLOP/s, an
	 * 8192 x 512 x 512 product ~4x faster on one H100) */
	if (!near_best_kernel(p, d, T))
		return 0;
	for (int c = 0; c <= nstd + 1; c++) {
		int64_t R = c < nstd ? std[c] : c == nstd ? 16384 : p->m;
		if (R <= T || (c <= nstd && R >= p->m) || R > PARALIA_TILE_MAX ||
		    (d->mem_bytes > 0 && PM_TILE_COPIES * (double)R * T * elem_of(p) > d->mem_bytes))
			continue;
		struct pm_eval x;
		pm_evaluate_tiles(p, dev, ndev, db, T, (int)R, e->subset, &x);
		if (!found++ || metric_of(&x, m) < metric_of(best, m))
			*best = x;
	}
	return found > 0;
}

/* How much faster than the best square or tall tiles the model must find deep products before it
 * chooses them, as for tall tiles: a new way of the model's. */
#define DEEP_MARGIN 0.05
/* And at least this wide, but where forced: products 256 wide ran 8-10% slower than their
 * volume's rate at the odd shapes (one H200, m x 256 x k with m = 12000-27000: 2.4-3.6% slower
 * than the tiles before; bench/results/gemm-2026-11-27w.md, call 3), where a kernel's last wave
 * over the SMs, which the kernel table's square products do not show, weighs most in narrow
 * ones; 512 came within 5% of the model on one H100 (call 2). */
#define DEEP_MIN_WIDTH 512

/* Whether gemm's plan e may run deep products at its tile size with C's tiles R rows
 * (pm_evaluate_deep): on one device where op(A) lives, a GPU into which B or C crosses (any device
 * where forced: the tests run them on CPU workers), with k deeper than a tile. Then no product
 * waits on A, each C tile (R of m's rows, T columns) takes one product over the whole k, and the
 * call streams B's and C's tiles through the device: its pipeline fills with one tile of each and
 * drains with one of C, where in tiles of T over k the last layer's products and their tiles'
 * copies home come after the last copy in (one H100, FP64 8192^3 with B and C on the host:
 * 29.1-30.6 ms in 4096 x 4096 tiles, 23.9 with deep products of 8192 x 512 x 8192,
 * bench/results/gemm-2026-11-27w.md). The model offers C's tiles all of m's rows; others only
 * where forced (PARALIA_TALL=R beside PARALIA_DEEP=all: measuring). A's tile is R x k and B's
 * k x T, each within StarPU's 32-bit element counts (and k an int's); C's tiles' rows within
 * PARALIA_TILE_MAX; B's and C's tiles fit the device's memory. Not beside tall rows or panels
 * forced for measuring (PARALIA_TALL=R, PARALIA_PANELS=a|b|all: a deep plan has neither) unless
 * deep products are forced too. */
static int deep_may(const struct pm_problem *p, const struct pm_device *dev, const struct pm_eval *e,
                    int64_t R)
{
	if (p->routine != 'g' || !(p->deep_may || p->deep_must) || __builtin_popcount(e->subset) != 1)
		return 0;
	const struct pm_device *d = &dev[__builtin_ctz(e->subset)];
	int T = e->T;
	int crosses = (p->loc[1] >= 0 && p->loc[1] != d->node) || (p->loc[2] >= 0 && p->loc[2] != d->node);
	if (!p->deep_must && (p->tall_rows > 0 || p->panels_must))
		return 0;
	return p->loc[0] == d->node && p->k > T && p->k <= INT_MAX && R <= PARALIA_TILE_MAX &&
	       (double)R * p->k <= UINT32_MAX && (double)p->k * T <= UINT32_MAX &&
	       (d->mem_bytes <= 0 || PM_TILE_COPIES * (double)(R + p->k) * T * elem_of(p) <= d->mem_bytes) &&
	       (p->deep_must || (d->kind == PM_GPU && crosses && T >= DEEP_MIN_WIDTH));
}

/* Square C tiles over the whole k (deep products T rows high, cuBLASXt's blocks) must beat the rest
 * by this much. */
#define SQUARE_DEEP_MARGIN 0.01

/* Whether gemm's plan e may run deep products in square C tiles: where deep products of all m's
 * rows may (deep_may), at a tile size whose square kernel reaches TALL_KERNEL of the device's best
 * rate (pm_product_us prices the T x T x k product at its volume's rate, which a narrow one's
 * launches and last wave over the SMs do not reach), and where their products read B at a
 * leading dimension that is a multiple of 128 bytes. A deep tile of B is k rows (its copy's
 * leading dimension; a view's is B's own), and cuBLAS reads an unaligned one 2-8% slower, which
 * the model does not price, while the tiles they would replace read B's tiles T rows (copies, or
 * cut where B lives, step 3): more than this way's margin. One H200, FP64 20000x17000x9000 with
 * C on the host (k = 9000: 72000 bytes): square tiles of 2048 over k 131.0-131.5 ms, predicted
 * 117.6, against 126.0-128.9 for the tiles of 3072 they would replace
 * (bench/results/gemm-2026-11-27c2.md, call 1). */
static int square_deep_may(const struct pm_problem *p, const struct pm_device *dev,
                           const struct pm_eval *e)
{
	if (!deep_may(p, dev, e, e->T))
		return 0;
	const struct pm_device *d = &dev[__builtin_ctz(e->subset)];
	size_t el = (size_t)elem_of(p);
	/* B's deep tile: its rows (deep_may: k deeper than the tile, within an int), or B's own
	 * leading dimension where B lives on d and its tiles are views */
	int rows = tile_rows_of(p, e->T, e->T, (int)p->k, 1);
	int64_t b_ld = p->loc[1] == d->node && p->ld[1] > 0 ? p->ld[1] : rows;
	if (!pm_ld_aligned(b_ld, el) && !pm_ld_aligned(rows, el))
		return 0;
	return near_best_kernel(p, d, e->T);
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
	int found = 0, found_tall = 0, found_deep = 0, found_square = 0;
	struct pm_eval tall, deep, square;
	/* The candidates up to the first that covers the whole problem; past the list, the whole
	 * problem as one tile (one cuBLAS call when the data lives on that GPU). */
	const int *std;
	int nstd = pm_tile_candidates(&std), cand[32], nc = 0;
	if (o->fixed_T > 0) {
		cand[nc++] = o->fixed_T;
	} else {
		for (int c = 0; c < nstd && (c == 0 || std[c - 1] < big); c++)
			cand[nc++] = std[c];
		if (std[nstd - 1] < big && big <= PARALIA_TILE_MAX)
			cand[nc++] = (int)big; /* StarPU counts a tile's elements in 32 bits */
	}
	for (int c = 0; c < nc; c++) {
		int T = cand[c];
		unsigned elig = 0;
		for (int d = 0; d < ndev; d++)
			if ((allowed >> d & 1) &&
			    (dev[d].mem_bytes <= 0 || holds_all(p, &dev[d]) ||
			     PM_TILE_COPIES * (double)T * T * el <= dev[d].mem_bytes))
				elig |= 1u << d;
		struct pm_eval e, x;
		if (tune_subset(p, dev, ndev, db, T, elig, m, &e) != 0)
			continue;
		if (p->routine == 'g' && p->tall_rows > T) /* forced (PARALIA_TALL=R) */
			pm_evaluate_tiles(p, dev, ndev, db, T, p->tall_rows, e.subset, &e);
		else if (tall_may(p, dev, db, &e) && tall_best(p, dev, ndev, db, m, &e, &x) &&
		         (!found_tall || metric_of(&x, m) < metric_of(&tall, m)))
			tall = x, found_tall = 1;
		/* C's tiles all of m's rows, or the rows forced beside them (at least T) */
		int64_t rows = p->deep_must && p->tall_rows > 0 && p->tall_rows < p->m ? p->tall_rows : p->m;
		rows = rows > T ? rows : T;
		if (deep_may(p, dev, &e, rows)) {
			pm_evaluate_deep(p, dev, ndev, db, T, (int)rows, e.subset, &x);
			if (!found_deep || metric_of(&x, m) < metric_of(&deep, m))
				deep = x, found_deep = 1;
		}
		/* and C's tiles square, cuBLASXt's blocks, where the model chooses */
		if (!p->deep_must && T < p->m && square_deep_may(p, dev, &e)) {
			pm_evaluate_deep(p, dev, ndev, db, T, T, e.subset, &x);
			if (!found_square || metric_of(&x, m) < metric_of(&square, m))
				square = x, found_square = 1;
		}
		/* ties (within a part in a million) go to the larger tile: fewer tasks, fewer copies */
		if (!found || metric_of(&e, m) <= metric_of(out, m) * (1 + 1e-6)) {
			*out = e;
			found = 1;
		}
	}
	/* tall tiles where they beat the best square ones by the margin */
	if (found && found_tall && metric_of(&tall, m) < metric_of(out, m) * (1 - TALL_MARGIN))
		*out = tall;
	/* deep products where they beat those by their margin, or wherever they can when forced */
	if (found && found_deep &&
	    (p->deep_must || metric_of(&deep, m) < metric_of(out, m) * (1 - DEEP_MARGIN)))
		*out = deep;
	/* square C tiles over the whole k where they beat all of those by theirs */
	if (found && found_square && metric_of(&square, m) < metric_of(out, m) * (1 - SQUARE_DEEP_MARGIN))
		*out = square;
	if (found)
		return 0;
	/* Nothing fits: the smallest tile on the fastest allowed device, so the call still runs
	 * (StarPU evicts as it goes). */
	int T = o->fixed_T > 0 ? o->fixed_T : std[0];
	tune_subset(p, dev, ndev, db, T, allowed, PM_TIME, out);
	return -1;
}
