/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The autotuner's model against a recorded tile sweep, without the machine (issue 14): reads the
 * kernel table and the link map a sweep ran with (bench/results/gemm-tiles-*), and the sweep's
 * CSV (bench/tile_sweep.sh: one line per point and fixed tile, "T=<tile>,paralia,prec,m,n,k,
 * place,config,median_ms,..."), and prints for every point and tile the measured time, the
 * model's prediction for that tile on the GPU, the error, and the model's pick (pm_tune over the
 * GPU and the CPU cores) with its measured time against the best fixed tile; "T3072^": gemm's
 * first block of C tiles fetches ahead at that tile (pm_fetch_ahead); "pA", "pB", "pAB": A, B or
 * both cross the host link in column panels (PARALIA_PANELS as the sweep ran: sweeps before
 * 2026-11-26f ran tiles only, replay them with PARALIA_PANELS=none); "L": C read late, "H": C
 * added at home (PARALIA_C_LATE and PARALIA_C_HOME as the sweep ran); "D": deep products, one
 * per C tile of R rows over the whole k (a sweep's "T=<tile>:R=<rows>:D" cell, R 0 or at least
 * m for all of its rows, as bench/tile_sweep.sh's SWEEP_DEEP writes them; PARALIA_DEEP as the sweep
 * ran, which before 2026-11-27w had none: replay those with PARALIA_DEEP=none); "K<depth>": products
 * that deep in layers (a "T=<tile>:R=<rows>:K=<depth>" cell, PARALIA_DEPTH; bench/tile_sweep.sh's
 * SWEEP_DEPTH; their way "K" where deep products say "D"). So a change to the
 * model is checked against measurements before any GPU time is spent on it. A pick at a tile the
 * fixed sweep left out is read from the sweep's own pick (its T=0 line) when that ran at the same
 * tile.
 *
 *   model_replay KERNELS LINKMAP SWEEP.csv [CPU_CORES (14)]
 *
 * CPU_CORES: StarPU's CPU workers in the sweep: 14 on the 16-core H200 machine since paralia
 * leaves a core to the calling thread (2026-11-26e); sweeps before ran 15.
 *
 * One GPU (node 1 of the link map, 141e9 bytes) and the host's cores (node 0), placements made of
 * 'h' and '0' (the one-GPU dataset); beta != 0 (gemm_bench reads C), unless REPLAY_BETA=0 (that
 * string) says the sweep ran with BENCH_BETA=0 (C not read). REPLAY_TERMS (set) prints each cell's
 * compute and transfer terms (its critical device's) before it.
 */
#include "perfmodel/perfmodel.h"
#include "common/order.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXPT 128
#define MAXT 16

struct point {
	char prec, place[4];
	long m, n, k;
	int nt, tile[MAXT], rows[MAXT]; /* rows: of C's and A's tiles (tall), the tile when square */
	int deep[MAXT]; /* 1: deep products (pm_evaluate_deep) */
	int depth[MAXT]; /* > 0: products this deep in layers (pm_evaluate_depth) */
	double ms[MAXT];
	int run_pick;   /* the tile the sweep's own pick (T=0 line) ran at, 0: none */
	int run_rows;   /* and its rows (tall tiles), 0: square */
	int run_deep;   /* and whether deep */
	int run_layers; /* and its layers' depth (0: none) */
	int run_devs;   /* on that many devices */
	double pick_ms; /* and its time */
};

static struct point pts[MAXPT];
static int npts;

static struct point *point_of(char prec, long m, long n, long k, const char *place)
{
	for (int i = 0; i < npts; i++)
		if (pts[i].prec == prec && pts[i].m == m && pts[i].n == n && pts[i].k == k &&
		    !strcmp(pts[i].place, place))
			return &pts[i];
	if (npts == MAXPT)
		return NULL;
	struct point *p = &pts[npts++];
	memset(p, 0, sizeof *p);
	p->prec = prec, p->m = m, p->n = n, p->k = k;
	snprintf(p->place, sizeof p->place, "%s", place);
	return p;
}

static int read_sweep(const char *path)
{
	FILE *f = fopen(path, "r");
	if (!f)
		return -1;
	char line[512];
	while (fgets(line, sizeof line, f)) {
		int T, R = 0, at, more = 0, deep = 0, depth = 0;
		char sys[32], prec, place[8], config[64];
		long m, n, k;
		double med;
		/* "T=<tile>," or, tall, "T=<tile>:R=<rows>,", and deep "T=<tile>:R=<rows>:D," */
		if (sscanf(line, "T=%d%n", &T, &at) != 1 ||
		    (line[at] == ':' && sscanf(line + at, ":R=%d%n", &R, &more) != 1))
			continue;
		at += more;
		if (!strncmp(line + at, ":D", 2))
			deep = 1, at += 2;
		else if (sscanf(line + at, ":K=%d%n", &depth, &more) == 1) /* layers that deep */
			at += more;
		if (sscanf(line + at, ",%31[^,],%c,%ld,%ld,%ld,%7[^,],%63[^,],%lf", sys, &prec, &m, &n, &k,
		           place, config, &med) != 8 || strcmp(sys, "paralia") || T < 0 || med <= 0)
			continue;
		if (strspn(place, "h0") != strlen(place) || strlen(place) != 3)
			continue;
		struct point *p = point_of(prec, m, n, k, place);
		int picked, devs;
		if (p && T == 0 && sscanf(config, "tile %d on %d dev", &picked, &devs) == 2) {
			const char *r = strstr(config, " rows ");
			p->run_pick = picked, p->run_devs = devs, p->pick_ms = med;
			p->run_rows = r ? atoi(r + 6) : 0;
			p->run_deep = strstr(config, " depth ") != NULL;
			const char *ly = strstr(config, " layers ");
			p->run_layers = ly ? atoi(ly + 8) : 0;
		}
		if (!p || T == 0 || p->nt == MAXT)
			continue;
		p->tile[p->nt] = T;
		p->rows[p->nt] = deep && R == 0 ? (int)m : R > T ? R : T; /* deep, R=0: all of m's rows */
		p->deep[p->nt] = deep;
		p->depth[p->nt] = depth > T && depth < k ? depth : 0; /* gemm runs no layers as deep as k */
		p->ms[p->nt++] = med;
	}
	fclose(f);
	return 0;
}

/* How a plan (a cell's or the pick's) runs gemm over inner dimension k: A, B or both in column
 * panels (pA, pB, pAB), C read late (L) or added at home (H), deep products (D) or products in
 * deeper layers (K); "" for tiles with C read with the products. */
static const char *way_of(const struct pm_eval *e, long k, char *buf, size_t len)
{
	snprintf(buf, len, "%s%s%s", (const char *[]){ "", "pA", "pB", "pAB" }[e->panels & 3],
	         e->c_home ? "H" : e->c_late ? "L" : "", e->D > e->T ? (e->D < k ? "K" : "D") : "");
	return buf;
}

int main(int argc, char **argv)
{
	if (argc < 4) {
		fprintf(stderr, "usage: %s KERNELS LINKMAP SWEEP.csv [CPU_CORES]\n", argv[0]);
		return 2;
	}
	char err[512];
	struct lm_db db;
	if (lm_load(&db, argv[2], err, sizeof err)) {
		fprintf(stderr, "model_replay: %s\n", err);
		return 1;
	}
	struct pm_device dev[2];
	memset(dev, 0, sizeof dev);
	dev[0].kind = PM_GPU, dev[0].node = 1, dev[0].devid = 0, dev[0].nworkers = 1;
	dev[0].mem_bytes = 141e9;
	dev[1].kind = PM_CPU, dev[1].node = 0, dev[1].devid = -1;
	dev[1].nworkers = argc > 4 ? atoi(argv[4]) : 14;
	if (pm_rates_load(&dev[0].rates, argv[1], "gpu", err, sizeof err) != 1 ||
	    pm_rates_load(&dev[1].rates, argv[1], "cpu", err, sizeof err) != 1 ||
	    pm_xfer_load(&dev[0].xfer, argv[1], err, sizeof err) < 0) {
		fprintf(stderr, "model_replay: %s: no usable gpu/cpu lines (%s)\n", argv[1], err);
		return 1;
	}
	if (read_sweep(argv[3]) != 0 || npts == 0) {
		fprintf(stderr, "model_replay: no paralia lines with a fixed tile in %s\n", argv[3]);
		return 1;
	}
	const char *beta = getenv("REPLAY_BETA");
	int terms = getenv("REPLAY_TERMS") != NULL;
	int reads_c = !(beta && !strcmp(beta, "0"));
	int within = 0, cells = 0, good_picks = 0, compared = 0;
	for (int i = 0; i < npts; i++) {
		struct point *p = &pts[i];
		if (p->nt == 0) /* only the pick's run: nothing to compare it with */
			continue;
		compared++;
		/* gemm_bench's operands: A m x k, B k x n, C m x n, each with its rows as leading
		 * dimension */
		struct pm_problem pb = { .routine = 'g', .dbl = p->prec == 'd', .m = p->m, .n = p->n, .k = p->k,
		                         .reads_c = reads_c, .tile_frac = 1.0, .ld = { p->m, p->k, p->m } };
		pm_panels_env(&pb.panels_may, &pb.panels_must); /* as the sweep ran: PARALIA_PANELS */
		pm_c_late_env(&pb.c_late_may, &pb.c_late_must); /* and PARALIA_C_LATE */
		pm_c_home_env(&pb.c_home_may, &pb.c_home_must); /* and PARALIA_C_HOME */
		pm_tall_env(&pb.tall_may, &pb.tall_rows);       /* and the pick's PARALIA_TALL */
		pm_deep_env(&pb.deep_may, &pb.deep_must);       /* and PARALIA_DEEP */
		pm_cut_b_env(&pb.b_cut_may, &pb.b_cut_must);    /* and PARALIA_CUT_B */
		pm_depth_env(&pb.layers_may, &pb.depth);        /* and PARALIA_DEPTH */
		for (int x = 0; x < 3; x++)
			pb.loc[x] = p->place[x] == 'h' ? 0 : 1;
		printf("%c %ldx%ldx%ld %s:", p->prec, p->m, p->n, p->k, p->place);
		int best = 0;
		for (int t = 0; t < p->nt; t++) {
			struct pm_eval ev;
			double pred = p->deep[t]    ? pm_evaluate_deep(&pb, dev, 2, &db, p->tile[t], p->rows[t], 1u, &ev)
			              : p->depth[t] ? pm_evaluate_depth(&pb, dev, 2, &db, p->tile[t], p->rows[t],
			                                                p->depth[t], 1u, &ev)
			                            : pm_evaluate_tiles(&pb, dev, 2, &db, p->tile[t], p->rows[t], 1u, &ev);
			double e = (pred - p->ms[t]) / p->ms[t];
			if (terms) /* REPLAY_TERMS: the cell's terms, before it */
				printf(" [compute %.1f transfer %.1f ms]", ev.compute_ms, ev.transfer_ms);
			long span = (long)PL_BLOCK * p->tile[t]; /* the first block's side */
			within += fabs(e) <= 0.15;
			cells++;
			if (p->ms[t] < p->ms[best])
				best = t;
			char tall[32] = "";
			if (p->deep[t] ? p->rows[t] < p->m : p->rows[t] > p->tile[t]) /* (deep: but all m's) */
				snprintf(tall, sizeof tall, ":R%d", p->rows[t]);
			if (p->depth[t])
				snprintf(tall + strlen(tall), sizeof tall - strlen(tall), ":K%d", p->depth[t]);
			char way[8];
			printf(" T%d%s%s%s %.1f/%.1f(%+.0f%%)", p->tile[t], tall,
			       !ev.panels && pm_fetch_ahead(&ev.layer, p->m < span ? p->m : span, p->n < span ? p->n : span, p->k) ? "^" : "",
			       way_of(&ev, p->k, way, sizeof way), p->ms[t], pred, 100 * e);
		}
		struct pm_tune_opts o = { 0 };
		struct pm_eval e;
		pm_tune(&pb, dev, 2, &db, &o, &e);
		int at = -1, rows = e.R > e.T ? e.R : e.T;
		char best_k[16] = ""; /* the best cell's layers, where it ran in layers */
		if (p->depth[best])
			snprintf(best_k, sizeof best_k, ":K%d", p->depth[best]);
		char way[8];
		way_of(&e, p->k, way, sizeof way);
		int deep = e.D > e.T && e.D >= p->k, layers = e.D > e.T && !deep ? e.D : 0;
		for (int t = 0; t < p->nt; t++)
			if (p->tile[t] == e.T && p->deep[t] == deep && p->depth[t] == layers &&
			    (deep && rows >= p->m ? p->rows[t] >= p->m : p->rows[t] == rows))
				at = t;
		if (at >= 0) {
			double r = p->ms[at] / p->ms[best];
			good_picks += r <= 1.05;
			printf(" | pick %d:R%d%s (devices %#x, predicted %.1f) %.2f of best %d:R%d%s\n", e.T, rows,
			       way, e.subset, e.time_ms, r, p->tile[best], p->rows[best], best_k);
		} else if (e.T == p->run_pick && p->run_deep == deep && p->run_layers == layers &&
		           (deep || (p->run_rows ? p->run_rows : e.T) == rows) &&
		           __builtin_popcount(e.subset) == p->run_devs) {
			/* a tile the fixed sweep left out, which the sweep's own pick ran at */
			double r = p->pick_ms / p->ms[best];
			good_picks += r <= 1.05;
			printf(" | pick %d:R%d%s (devices %#x, predicted %.1f) %.2f of best %d:R%d%s (the pick's "
			       "own run)\n", e.T, rows, way, e.subset, e.time_ms, r, p->tile[best], p->rows[best], best_k);
		} else {
			printf(" | pick %d:R%d%s (devices %#x, predicted %.1f): not in the sweep; best %d:R%d%s\n",
			       e.T, rows, way, e.subset, e.time_ms, p->tile[best], p->rows[best], best_k);
		}
	}
	printf("predictions within 15%%: %d of %d; picks within 5%% of the best fixed tile: %d of %d\n",
	       within, cells, good_picks, compared);
	return 0;
}
