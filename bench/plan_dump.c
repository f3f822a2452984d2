/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Every field of the autotuner's plans over a grid of problems, to show that a change to the model
 * which should not change a plan does not (a refactor of src/perfmodel): run it on the tree before
 * and after, on the same tables, and compare the outputs (cmp, diff). It printed the same 796,000
 * plans before and after the split of autotune.c into a file per step (2026-11-27).
 *
 *   plan_dump KERNELS LINKMAP NGPU > plans.txt
 *
 * NGPU GPUs (nodes 1..NGPU of the link map, 141e9 bytes each, KERNELS's gpu lines) and 14 CPU cores
 * (node 0). The grid: the six routines, fourteen shapes (the dataset's, edge shapes, m at INT_MAX),
 * A, B and C each on the host or on GPU 0 or 1, both precisions, C read or not, and the switches
 * (C added at home may or must, leading dimensions off 128 bytes, A and B transposed, deep products
 * forced with rows, A's panels and B's cut forced). For each: pm_tune for time and for EDP, and at
 * some shapes pm_evaluate, pm_evaluate_tiles and pm_evaluate_deep at four tiles on the first GPU,
 * the CPUs and all devices; each line with every field of its struct pm_eval and pm_fetch_ahead's
 * answer for a block of 3 x 3 tiles over k = 40000.
 */
#include "perfmodel/perfmodel.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void print_eval(const char *tag, const struct pm_eval *e, double ret)
{
	printf("%s r=%.9g T=%d R=%d D=%d s=%u t=%.9g c=%.9g x=%.9g l=%.9g en=%.9g wl=%d pad=%.9g "
	       "pn=%u cl=%d ch=%d bc=%d L=%d,%.9g,%.9g,%d", tag, ret, e->T, e->R, e->D, e->subset,
	       e->time_ms, e->compute_ms, e->transfer_ms, e->latency_ms, e->energy_j, e->wr_lazy,
	       e->padding, e->panels, e->c_late, e->c_home, e->b_cut, e->layer.T, e->layer.a_us,
	       e->layer.b_us, e->layer.R);
	for (int d = 0; d < 8; d++)
		printf(" %.6g/%.6g", e->share[d], e->busy_ms[d]);
	printf(" fa=%d\n", pm_fetch_ahead(&e->layer, 3 * (int64_t)e->T, 3 * (int64_t)e->T, 40000));
}

static const long sizes[][3] = { { 4096, 4096, 4096 }, { 8192, 8192, 8192 }, { 16384, 16384, 16384 },
                                 { 20000, 17000, 9000 }, { 27000, 9500, 14500 }, { 12000, 30000, 7000 },
                                 { 4096, 4096, 32768 }, { 32768, 32768, 4096 }, { 37, 50, 45 },
                                 { 1000, 3000, 77 }, { 100000, 300, 5000 }, { 2147483647L, 2, 3 },
                                 { 6000, 6000, 100000 }, { 32768, 32768, 32768 } };

/* One problem's plans: pm_tune for time and for EDP, and where asked (evals) every tile of four
 * on the first GPU, the CPUs and all devices, square, tall (4T rows) and deep. */
static void dump_problem(const struct pm_problem *p, const struct pm_device *dev, int nd,
                         const struct lm_db *db, int ngpu, int evals)
{
	struct pm_tune_opts o = { 0 };
	struct pm_eval e;
	for (int metric = 0; metric < 2; metric++) {
		o.metric = metric ? PM_EDP : PM_TIME;
		memset(&e, 0, sizeof e);
		int ret = pm_tune(p, dev, nd, db, &o, &e);
		print_eval(metric ? "edp" : "tune", &e, ret);
	}
	const int Ts[] = { 512, 2048, 3072, 6144 };
	const unsigned subsets[] = { 1, 1u << ngpu, (1u << nd) - 1 };
	for (int ti = 0; evals && ti < 4; ti++)
		for (int s = 0; s < 3; s++) {
			memset(&e, 0, sizeof e);
			print_eval("ev", &e, pm_evaluate(p, dev, nd, db, Ts[ti], subsets[s], &e));
			memset(&e, 0, sizeof e);
			print_eval("evt", &e, pm_evaluate_tiles(p, dev, nd, db, Ts[ti], 4 * Ts[ti], subsets[s], &e));
			memset(&e, 0, sizeof e);
			print_eval("evd", &e, pm_evaluate_deep(p, dev, nd, db, Ts[ti], 0, subsets[s], &e));
		}
}

/* The switches of grid column `knob` (0: the model's choices only). */
static void set_knob(struct pm_problem *p, int knob)
{
	p->ld[0] = knob == 3 ? p->m + 13 : p->m;
	p->ld[1] = knob == 3 ? p->k + 7 : p->k;
	p->ld[2] = p->m;
	p->trans = knob == 4 ? 3 : knob == 5 ? 2 : 0;
	p->panels_may = 3, p->c_late_may = 1, p->tall_may = 1, p->deep_may = 1, p->b_cut_may = 1;
	p->layers_may = 1;
	if (knob == 1)
		p->c_home_may = 1;
	if (knob == 2)
		p->c_home_must = 1, p->c_late_must = 1;
	if (knob == 6)
		p->deep_must = 1, p->tall_rows = 2048;
	if (knob == 7)
		p->panels_must = 1, p->panels_may = 0, p->b_cut_must = 1;
}

int main(int argc, char **argv)
{
	if (argc != 4 || atoi(argv[3]) < 1 || atoi(argv[3]) > 8) {
		fprintf(stderr, "usage: %s KERNELS LINKMAP NGPU (1 to 8)\n", argv[0]);
		return 2;
	}
	char err[512];
	struct lm_db db;
	if (lm_load(&db, argv[2], err, sizeof err)) {
		fprintf(stderr, "plan_dump: %s\n", err);
		return 1;
	}
	int ngpu = atoi(argv[3]), nd = ngpu + 1;
	if (db.nnodes < nd) {
		fprintf(stderr, "plan_dump: %s has %d nodes, not the host and %d GPUs\n", argv[2], db.nnodes, ngpu);
		return 1;
	}
	struct pm_device dev[9];
	memset(dev, 0, sizeof dev);
	for (int g = 0; g < ngpu; g++) {
		dev[g] = (struct pm_device){ .kind = PM_GPU, .node = g + 1, .devid = g, .nworkers = 1, .mem_bytes = 141e9 };
		if (pm_rates_load(&dev[g].rates, argv[1], "gpu", err, sizeof err) != 1 ||
		    pm_xfer_load(&dev[g].xfer, argv[1], err, sizeof err) < 0) {
			fprintf(stderr, "plan_dump: %s: no usable gpu lines (%s)\n", argv[1], err);
			return 1;
		}
	}
	dev[ngpu] = (struct pm_device){ .kind = PM_CPU, .node = 0, .devid = -1, .nworkers = 14 };
	if (pm_rates_load(&dev[ngpu].rates, argv[1], "cpu", err, sizeof err) != 1) {
		fprintf(stderr, "plan_dump: %s: no usable cpu lines (%s)\n", argv[1], err);
		return 1;
	}
	const char routines[] = "gsymtr";
	const int nsz = (int)(sizeof sizes / sizeof sizes[0]);
	/* every (routine, shape, placement, precision, C read, switches) in that order */
	for (long c = 0; c < 6L * nsz * 27 * 2 * 2 * 8; c++) {
		long x = c;
		int knob = (int)(x % 8), rc = (int)(x / 8 % 2), dbl = (int)(x / 16 % 2), pl = (int)(x / 32 % 27);
		int si = (int)(x / 864 % nsz), ri = (int)(x / 864 / nsz);
		char r = routines[ri];
		int loc[3] = { pl % 3, pl / 3 % 3, pl / 9 };
		if (loc[0] > ngpu || loc[1] > ngpu || loc[2] > ngpu || (r != 'g' && knob > 1))
			continue;
		struct pm_problem p = { .routine = r, .dbl = dbl, .m = sizes[si][0], .n = sizes[si][1],
		                        .k = sizes[si][2], .reads_c = rc,
		                        .tile_frac = r == 's' || r == 'y' ? 0.5 : 1.0 };
		if (r == 's' || r == 'y')
			p.n = p.m;
		set_knob(&p, knob);
		memcpy(p.loc, loc, sizeof loc);
		if (r == 's')
			p.loc[1] = -1;
		printf("# %c %d %ld %ld %ld pl%d rc%d k%d\n", r, dbl, (long)p.m, (long)p.n, (long)p.k, pl, rc, knob);
		dump_problem(&p, dev, nd, &db, ngpu, si % 3 == 0 || knob == 0);
	}
	return 0;
}
