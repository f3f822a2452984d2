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
#include "perfmodel/model.h"
#include "perfmodel/plan.h" /* pm_lookahead */
#include "common/order.h"
#include "common/sizes.h"
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define PM_SUBMIT_US 2.0   /* submitting one task from the calling thread */

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

/* ---- step 1: the tile schedule ------------------------------------------------------------- */

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


/* Step 1: C's tiles of tiling t handed out to the devices sel[0..ns) as list scheduling would,
 * class by class (full tiles first, then edge rows, edge columns, the corner), each tile to the
 * device that finishes it first: each device's lane (ld) and its share of the tiles. */
static void schedule_tiles(const struct pm_problem *p, const struct pm_device *dev, const int *sel,
                           int ns, const struct tiling *t, struct pm_lane *ld, double *share)
{
	double lanes[PM_MAX_DEVS], chain[PM_MAX_DEVS][2][2];
	memset(ld, 0, PM_MAX_DEVS * sizeof *ld);
	for (int i = 0; i < ns; i++) {
		const struct pm_device *d = &dev[sel[i]];
		lanes[i] = d->nworkers > 0 ? d->nworkers : 1;
		for (int a = 0; a < 2; a++)
			for (int b = 0; b < 2; b++)
				chain[i][a][b] = chain_us(p, d, t, a ? t->mr : t->R, b ? t->nr : t->T);
	}
	for (int cls = 0; cls < 4; cls++) {
		double cost[PM_MAX_DEVS];
		for (int i = 0; i < ns; i++)
			cost[i] = chain[i][cls & 1][cls >> 1];
		pm_schedule_class(ns, cost, lanes, t->count[cls & 1][cls >> 1], ld);
	}
	for (int i = 0; i < ns; i++)
		share[i] = t->total ? (double)ld[i].tiles / (double)t->total : 0;
}

/* ---- step 2: the data flows (flows.c), and without C where it is added at home ------------- */

/* Step 2's flows, and, where C may be added at home (the call's one device: `home`, whose CPU
 * workers add it), the flows without C's inbound bytes (home_f). */
struct call_flows {
	struct device_flows f, home_f;
	struct busy_links busy, home_busy;
	const struct pm_device *home;
};

static void call_flows(const struct pm_problem *p, const struct pm_device *dev, int ndev,
                       const int *sel, int ns, const struct lm_db *db, const struct tiling *t,
                       const double *share, struct call_flows *cf)
{
	pm_data_flows(p, dev, sel, ns, db, t, share, 0, &cf->f);
	pm_busy_links_of(&cf->f, &cf->busy);
	cf->home = ns == 1 ? pm_c_home_choice(p, &dev[sel[0]], dev, ndev, db) : NULL;
	if (cf->home) {
		pm_data_flows(p, dev, sel, ns, db, t, share, 1, &cf->home_f);
		pm_busy_links_of(&cf->home_f, &cf->home_busy);
	}
}

/* ---- steps 3 and 4: each device's way (link_rates.c, ways.c, flow_shop.c) ------------------ */

/* Products of other chains a GPU's worker holds ahead of a chain's next step: StarPU's CUDA
 * driver keeps STARPU_CUDA_PIPELINE tasks (2 unless set) in flight, popping the next while one
 * runs, before the running one's successor is ready. */
static int held_products(void)
{
	const char *v = getenv("STARPU_CUDA_PIPELINE");
	int tasks = v && *v ? atoi(v) : 2;
	return tasks > 1 ? tasks - 1 : 0;
}

/* What device d's products take (us): its lane's chains (ld->finish) back to back under its power
 * cap (the kernel table's sustained rates; a tall tile's products as square ones or at their
 * measured tall rate, a deep one's at its volume's rate: pm_product_us), and with C read late one
 * geadd per tile (`geadd` us each; none when C is added at home). The cap is that of the size
 * whose kernel the products draw the power of: T's for square ones and for tall ones priced as
 * squares of T, the volume's for deep ones and for tall ones at their tall rate. A tall product
 * runs near the large kernels' rate, and so at their power: one H200, FP64 8192 x 1024 x 1024 at
 * 56.8 TFLOP/s from rest and 51-53 over 0.3 s (1024's cube has no cap in the table), and tiles of
 * 16384 x 1024 at 16384^3 with A on the GPU, priced uncapped at 162.0 ms, ran 190.7
 * (bench/results/gemm-2026-11-27f.md, calls 2 and 4). */
static double products_us(const struct pm_problem *p, const struct pm_device *d, const struct tiling *t,
                          const struct pm_lane *ld, double tm, double tn, double tk, double geadd)
{
	int volume = t->D > t->T || (t->R > t->T && pm_tall_gain(&d->rates, p->dbl, tm, t->T) > 1);
	int cap_T = volume ? (int)cbrt(tm * tn * tk) : t->T;
	return pm_capped_us(&d->rates, p->dbl, cap_T, ld->finish) + fmax(0, (double)ld->tiles) * geadd;
}

/* The bytes device i's first product brings in (flows f): its whole tiles of tm x tk (A), tk x tn
 * (B) and, unless C is read late, tm x tn (C), or the whole panels it needs (their columns are the
 * stored matrix's, as long as its rows; as many as a tile has along the other side).
 * A's panels cut on the GPU while B crosses in tiles: every panel's cut tasks are ready as soon
 * as they are submitted, all at once, and the policy requests the panels of as many as its
 * lookahead holds; a B tile is requested only once its product is ready, after its A tile's cut.
 * So the first product's B tile crosses behind those panels. One H200, FP32 4096^3 from the host
 * in tiles of 1024 (A in four panels of 16 MB, each cut in four): the first kernel started 1.57
 * ms into the call, after all four panels, where in tiles it started at 0.25 ms, and the call
 * took 6.0-6.1 ms against 4.9-5.2 in tiles (bench/results/gemm-2026-11-28p.md, calls 3 and 5).
 * Where B crosses in panels too, its first panel's cut is submitted with A's first, and FP64
 * 8192^3's panels of 1024 ran 1.29x faster than its tiles (call 5). */
static double first_product_bytes(const struct pm_problem *p, const struct device_flows *f, int i,
                                  unsigned panels, int late, double tm, double tn, double tk,
                                  const struct tiling *t)
{
	double el = pm_elem_of(p), a_tile = tm * tk * el, b_tile = tk * tn * el;
	if (panels & 1)
		a_tile = (double)pm_rows_of(p, 0) * ((p->trans & 1) ? tm : tk) * el;
	if (panels & 2)
		b_tile = (double)pm_rows_of(p, 1) * ((p->trans & 2) ? tk : tn) * el;
	double cuts = (panels & 1) ? ceil((double)pm_rows_of(p, 0) / ((p->trans & 1) ? tk : tm)) : 0;
	if (cuts > 1 && !(panels & 2) && f->B[i] > 0)
		a_tile *= fmax(1, fmin((double)t->Kt, floor(pm_lookahead() / cuts)));
	return (f->A[i] > 0 ? a_tile : 0) + (f->B[i] > 0 ? b_tile : 0) +
	       (f->Cin[i] > 0 && !late ? tm * tn * el : 0);
}

/* Step 4's flow shop over device part dp in its routine's order (gemm's blocks, the others'
 * columns), with its C tiles of c_tile bytes going home out_tile us each, inbound bytes at in_rate
 * us each, C read late done by late_in (0: read with the products), a sum at home of sum_last us
 * after the last tile's copy (0: none), and never less than floor_us. */
static double order_us(char routine, const struct device_part *dp, const struct device_links *L,
                       double in_rate, double late_in, double c_tile, double out_tile,
                       double sum_last, double floor_us)
{
	struct segment sg[PM_MAX_SEGMENTS];
	struct result_times r;
	int nsg = routine == 'g' ? pm_block_order_segments(dp, sg, &r)
	                         : pm_column_order_segments(dp, sg, &r);
	/* the last block's tiles finish one product apart, or read late one C tile's copy apart */
	struct last_tiles lt = { r.nlast, r.apart, out_tile, c_tile * in_rate, sum_last };
	/* the first tile's chain interleaved with the next one: that chain's products, and its first
	 * product's wait for its C tile beyond the first product of the call */
	double first_wait = r.interleaved + (r.next_c > 0 ? fmax(0, r.next_c * in_rate - sg[0].comp) : 0);
	return pm_device_time(sg, nsg, r.nfirst, r.early, first_wait, in_rate, dp->comp, late_in, L->tout,
	                      &lt, floor_us);
}

/* Whether the next chain may join gemm's first block on the call's one GPU (part dp). The policy
 * requests a product's tiles as it is pushed (within PARALIA_LOOKAHEAD of its queue's head), and
 * StarPU serves the copies waiting for the link by their task's priority: the first block's next
 * layer, asked for once its first product of this layer ends, overtakes the later blocks' tiles
 * still waiting, all but the one copy already under way, the next chain's. So the first block and
 * the next chain run layer by layer together, each filling the other's waits
 * (pm_policy_fills_waits), and the rest in the block order after them. The GPU's timeline on one
 * H200, FP64 8192^3 with C on the GPU in layers of 3072 in C tiles 8192 x 512 (16 chains): the
 * first layer's A and four chains' B tiles, then the second layer's A and the same four chains'
 * tiles before the twelve others' first; priced so, 28.9 ms where it ran 28.1-29.7 (23.4 with
 * every chain as one block; bench/results/gemm-2026-11-28v.md, docs/AUTOTUNER.md step 4). Only
 * where A and B both cross in tiles and C's tiles are one row (all of m's rows), so that the next
 * chain needs no A tile the first block did not bring. Joined, the first block's tiles are final
 * later, where in the block order they go home while the later blocks compute (FP64 4096^3 from
 * the host with beta = 0 in layers of 2048 in 4096 x 512 ran 6.14-6.16 ms, priced 6.14 in the
 * block order, 6.3 joined, 6.95 with every chain as one), so the device takes the lesser (device_us).
 * Two rows of C tiles stay in the block order: FP32 4096x4096x32768 in 2048 x 1024 in layers of
 * 8192 ran 28.0-28.4 ms, priced 25.7 so and 24.6 as one block (2026-11-28t, call 1). On one
 * device: several GPUs' copies share the host's link and cross between GPUs, unmeasured. */
static int next_chain_joins_may(const struct pm_problem *p, int ns, const struct device_part *dp,
                                unsigned panels)
{
	return p->routine == 'g' && ns == 1 && dp->fill_waits && dp->A > 0 && dp->B > 0 && panels == 0 &&
	       dp->rows <= 1 && dp->cols > dp->bs && dp->bs + 1 <= pm_lookahead();
}

/* Steps 3 and 4 for device sel[i] of ns (ld: its tile schedule): its links with `panels` crossing
 * in column panels and C read late or not, then its flow shop. Returns its time (us); *comp_us its
 * tasks' time. */
static double device_us(const struct pm_problem *p, const struct pm_device *d, int i, int ns,
                        const struct lm_db *db, const struct device_flows *f,
                        const struct busy_links *busy, const struct tiling *t,
                        const struct pm_lane *ld, int P, unsigned panels, int late,
                        const struct pm_device *home, double *comp_us, struct device_links *L)
{
	int T = t->T, R = t->R;
	pm_link_rates(p, d, i, db, f, busy, t, panels | (home ? XFER_C_WHOLE : 0), L);
	double n = (double)ld->tiles;
	double tm = (double)(p->m < R ? p->m : R), tn = (double)(p->n < T ? p->n : T);
	double tk = (double)(p->k < t->D ? p->k : t->D), el = pm_elem_of(p);
	/* with C read late a geadd per tile: two tiles read and one written through its memory */
	double geadd = late && !home ? PM_TASK_US + 3 * tm * tn * el / (PM_DEVICE_COPY_GBS * 1e3) : 0;
	double comp = products_us(p, d, t, ld, tm, tn, tk, geadd);
	double bytes_in = f->A[i] + f->B[i] + f->Cin[i];
	*comp_us = comp;
	if (ld->tiles <= 0 || (bytes_in <= 0 && f->Cout[i] <= 0))
		return comp;
	double rows = fmax(1.0, fmin(n, ceil((double)t->Mt / P)));
	double first = first_product_bytes(p, f, i, panels, late, tm, tn, tk, t);
	double whole = pm_product_us(&d->rates, p->dbl, tm, tn, tk, T) + PM_TASK_US;
	double last = pm_product_us(&d->rates, p->dbl, tm, tn, t->kr, T) + PM_TASK_US;
	int cross = 0; /* A or B crosses to some device of the call: gemm keeps its blocks */
	for (int x = 0; x < PM_MAX_DEVS; x++)
		cross |= f->A[x] + f->B[x] > 0;
	struct device_part dp = { n, (double)t->Kt, rows, fmax(1.0, n / rows), f->A[i], f->B[i], f->Cin[i],
	                          comp, first, last / whole, pm_panel_kind(p, panels, 0),
	                          pm_panel_kind(p, panels, 1), late, pl_block_side(cross),
	                          d->kind == PM_GPU ? held_products() : 0,
	                          d->kind == PM_GPU && pm_policy_fills_waits(), 0 };
	double in_rate = bytes_in > 0 ? L->tin / bytes_in : 0; /* us per byte */
	/* read late, C's tiles cross when the link has nothing else queued: every inbound byte is in
	 * after L->tin at the earliest, and the last geadd waits for its tile */
	double late_in = late && !home ? L->tin + geadd : 0;
	/* added at home: the last tile's sum follows its copy home (a task, then its three streams),
	 * and the call lasts no less than its bytes through the host's memory: the sums', and the copy
	 * engine's beside them (one H100, 32768x32768x4096 from the host: 8.6 GB of C, 36 GB through
	 * a memory whose cores add at 126 GB/s, took 409-509 ms added at home, 229-245 without) */
	double sum_last = home ? PM_TASK_US + pm_host_memory_us(home, 3 * tm * tn * el) : 0;
	double sum_all = home ? pm_host_memory_us(home, pm_home_memory_bytes(p, db, f, i)) : 0;
	/* and the calling thread submits each tile's sums between the products (with small tiles it
	 * falls behind the GPU: one H100, tiles of 1024 added at home ran 100-150 us per tile
	 * longer than read on the GPU, about what submitting them takes) */
	double submit = home ? n * home->rates.sum_submit_us : 0;
	double c_tile = tm * tn * el, out_tile = f->Cout[i] > 0 ? L->tout / n : 0;
	double floor_us = fmax(L->host_both_us, sum_all);
	double us = order_us(p->routine, &dp, L, in_rate, late_in, c_tile, out_tile, sum_last, floor_us);
	if (next_chain_joins_may(p, ns, &dp, panels)) {
		struct device_part joined = dp; /* the first block one chain wider */
		joined.joins = 1;
		us = fmin(us, order_us(p->routine, &joined, L, in_rate, late_in, c_tile, out_tile, sum_last,
		                       floor_us));
	}
	return us + submit;
}
/* The way one device's part of the call runs, and what it takes. */
struct device_way {
	double us, comp_us;  /* its time and its tasks' (us); HUGE_VAL: no way the rules admit */
	unsigned panels;     /* operands crossing in column panels */
	int late, home;      /* C read late; and added at home */
	int b_cut;           /* B's tiles cut where it lives */
	struct device_links L;
};

/* Steps 3 and 4 for device sel[i] of ns (ld: its lane of step 1; P: the grid's rows): alone on a
 * GPU, gemm's host operands in tiles or in column panels, C read with the products, late, or late
 * and added at home, each priced by device_us, and the fastest kept (panels and home, unless
 * forced, by their margins); then B's cut, where it is made. */
static void device_way(const struct pm_problem *p, const struct pm_device *d, int i, int ns,
                       const struct lm_db *db, const struct call_flows *cf, const struct tiling *t,
                       const struct pm_lane *ld, int P, struct device_way *w)
{
	/* (deep products' B tiles are its whole columns already: no panels beside them) */
	unsigned may = ns == 1 && t->D == t->T ? pm_panel_choices(p, d, db, t->T, t->R) : 0;
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
	unsigned a_is_panels = (may & 1) && t->R >= p->m && !(p->trans & 1);
	/* (not where the problem forces A's panels: PARALIA_PANELS=a, measuring) */
	int b_tiles_cross = pm_crosses_from_host(p, d, db, 1) && !(p->panels_must & 1);
	int late_may = ns == 1 && pm_c_late_choice(p, d, t);
	const struct pm_device *home = cf->home;
	double best_score = 0;
	int tried = 0;
	memset(w, 0, sizeof *w);
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
			struct device_links L;
			double c, x = device_us(p, d, i, ns, db, at_home ? &cf->home_f : &cf->f,
			                        at_home ? &cf->home_busy : &cf->busy, t, ld, P, set, late,
			                        at_home ? home : NULL, &c, &L);
			/* panels and home the problem does not force must win by their margins */
			double score = (set & ~p->panels_must) ? x / (1 - PANEL_MARGIN) : x;
			if (at_home && !p->c_home_must)
				score /= 1 - HOME_MARGIN;
			if (!tried++ || score < best_score)
				best_score = score, *w = (struct device_way){ x, c, set, late, at_home, 0, L };
		}
	if (!tried) /* no way the rules admit: never the pick, rather than a time of nothing */
		w->us = HUGE_VAL;
	/* B's tiles realigned: cut before their first products, on the device's own time */
	w->b_cut = ns == 1 && pm_b_cut_choice(p, d, t);
	if (w->b_cut) {
		double cut = pm_b_cut_us(p, t);
		w->us += cut;
		w->comp_us += cut;
	}
}

/* The plan's terms from its slowest device d (way w), and what step 6 needs of it. */
static void critical_device(const struct pm_problem *p, const struct pm_device *d,
                            const struct lm_db *db, const struct busy_links *busy, const struct tiling *t,
                            const struct device_way *w, struct pm_eval *e)
{
	/* fetching ahead brings no tile of an operand in panels (cut on the device), nor any along
	 * deep products over the whole k (one per chain) */
	int none = t->Kt <= 1;
	double a_us = none || (w->panels & 1) ? 0 : pm_operand_in_us(p, d, db, busy, t->T, t->R, t->D, 0);
	double b_us = none || (w->panels & 2) ? 0 : pm_operand_in_us(p, d, db, busy, t->T, t->R, t->D, 1);
	e->layer = (struct pm_layer){ t->T, p->dbl, a_us, b_us, d->rates, t->R, t->D };
	e->compute_ms = w->comp_us / 1e3;
	e->transfer_ms = fmax(w->L.tin, w->L.tout) / 1e3;
	e->latency_ms = w->L.lat / 1e3;
	e->panels = w->panels;
	e->c_late = w->late;
	e->c_home = w->home;
	e->b_cut = w->b_cut;
}

/* ---- step 6 (gemm), as the call pays it ---------------------------------------------------- */

/* Step 6 decides whether a block fetches ahead (pm_fetch_ahead, below). Where it does, step 4's
 * flow shop holds: each layer lasts the longer of its products and the next layer's copies.
 * Where it does not, each layer waits for a chain's round, which step 4 does not price; on a
 * device with several blocks the policy runs the other blocks' ready products meanwhile (a task
 * below the head's priority whose tiles are in: PARALIA_POP_READY), but a call of one block has
 * none to run. So a call on one device whose C tiles make one block (PL_BLOCK x PL_BLOCK or
 * fewer) pays what its rounds lose. One H200, FP32 4096x4096x32768 from the host in layers 8192
 * deep, C's tiles 4096 x 2048 (one block of two, four layers; not ahead: 3.8 ms lost against
 * 4.1 held): 30.4-30.7 ms, priced 26.5 without its rounds; 4096 x 1024 (two blocks): 25.5-25.7,
 * priced 25.8 (bench/results/gemm-2026-11-28t.md, calls 1 and 2). */
static double lone_block_rounds_us(const struct pm_problem *p, int ns, const struct tiling *t,
                                   const struct pm_layer *L)
{
	if (p->routine != 'g' || ns != 1 || t->Mt > PL_BLOCK || t->Nt > PL_BLOCK)
		return 0;
	return pm_rounds_lost_us(L, p->m, p->n, p->k);
}

/* ---- step 5: the call ---------------------------------------------------------------------- */

/* Step 5: the call lasts as long as its slowest device (worst_us), and never less than the
 * calling thread takes to submit its tasks; its energy is its devices' watts over their busy
 * time. */
static void call_time(const struct pm_problem *p, const struct pm_device *dev, int ndev,
                      unsigned subset, const int *sel, int ns, const struct tiling *t,
                      double worst_us, struct pm_eval *e)
{
	double tasks = (double)t->total * (double)t->Kt + (e->wr_lazy || e->c_late ? (double)t->total : 0);
	e->time_ms = fmax(worst_us, tasks * PM_SUBMIT_US) / 1e3;
	int pw = p->dbl ? 1 : 0;
	if (pm_has_power(dev, ndev, subset, p->dbl))
		for (int i = 0; i < ns; i++)
			e->energy_j += dev[sel[i]].rates.watts[pw] * e->busy_ms[sel[i]] / 1e3;
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

	/* 1. the tile schedule */
	struct tiling t;
	tiling_of(p, T, R, D, &t);
	struct pm_lane ld[PM_MAX_DEVS];
	double share[PM_MAX_DEVS];
	schedule_tiles(p, dev, sel, ns, &t, ld, share);
	double full = (double)t.Mt * R * (double)t.Nt * T * (double)t.Kt * D;
	e.padding = full > 0 ? 1.0 - (double)p->m * p->n * (p->k > 0 ? p->k : 1) / full : 0;

	/* 2. the data flows */
	struct call_flows cf;
	call_flows(p, dev, ndev, sel, ns, db, &t, share, &cf);
	e.wr_lazy = cf.f.wr_lazy;

	/* 3 and 4. each device's way (its links, then its flow shop); the slowest one's terms */
	double worst = 0;
	int P, Q;
	pm_grid(ns, t.Mt, t.Nt, &P, &Q);
	for (int i = 0; i < ns; i++) {
		struct device_way w;
		device_way(p, &dev[sel[i]], i, ns, db, &cf, &t, &ld[i], P, &w);
		e.share[sel[i]] = share[i];
		e.busy_ms[sel[i]] = w.comp_us / 1e3;
		if (w.us > worst || i == 0) {
			worst = w.us;
			critical_device(p, &dev[sel[i]], db, &cf.busy, &t, &w, &e);
		}
	}

	/* 6. (gemm) what a lone block's rounds lose where it does not fetch ahead */
	worst += lone_block_rounds_us(p, ns, &t, &e.layer);

	/* 5. the call */
	call_time(p, dev, ndev, subset, sel, ns, &t, worst, &e);
	if (out)
		*out = e;
	return e.time_ms;
}
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

double pm_evaluate_depth(const struct pm_problem *p, const struct pm_device *dev, int ndev,
                         const struct lm_db *db, int T, int R, int D, unsigned subset,
                         struct pm_eval *out)
{
	if (D > p->k) /* no deeper than k: the deep products' depth, or the tile's */
		D = p->k > T && p->k <= INT_MAX ? (int)p->k : T;
	return evaluate(p, dev, ndev, db, T, R, D, subset, out);
}
/* ---- step 6 (gemm): fetching ahead --------------------------------------------------------- */

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
 * held) 9.8 without, 10.2 with. rounds_of gives both (us): what the rounds lose and what such a
 * copy holds up; 0 where there are no rounds (nothing crosses, a single layer). */
static int rounds_of(const struct pm_layer *L, int64_t rows, int64_t cols, int64_t k, double *lost_us,
                     double *held_us)
{
	/* the layers' depth: T, or D where the products run deeper */
	int T = L ? L->T : 0, D = L && L->D > T ? L->D : T;
	if (!L || T <= 0 || rows <= 0 || cols <= 0 || k <= D || (L->a_us <= 0 && L->b_us <= 0))
		return 0;
	int R = L->R > T ? L->R : T;
	int h = (int)(rows < R ? rows : R), w = (int)(cols < T ? cols : T);
	int64_t kt = (k + D - 1) / D;
	int kr = (int)(k - (kt - 1) * D);
	double lost = (double)(kt - 2) * round_loss(L, rows, cols, h, w, D, D) +
	              round_loss(L, rows, cols, h, w, D, kr);
	double held = (h * L->a_us + w * L->b_us) * D;
	*lost_us = lost, *held_us = held;
	return 1;
}

int pm_fetch_ahead(const struct pm_layer *L, int64_t rows, int64_t cols, int64_t k)
{
	double lost, held;
	return rounds_of(L, rows, cols, k, &lost, &held) && lost > held;
}

double pm_rounds_lost_us(const struct pm_layer *L, int64_t rows, int64_t cols, int64_t k)
{
	double lost, held;
	return rounds_of(L, rows, cols, k, &lost, &held) && lost <= held ? lost : 0;
}
