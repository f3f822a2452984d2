/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Planning cost against problem size: issue 13 asks for paralia_plan_query under 1 ms at any size
 * up to INT_MAX (the autotuner used to hand C tiles out one by one: 3.9 s at m = n = 1e6, a hang
 * at INT_MAX). Two parts:
 *   1. paralia_plan_query on this machine's StarPU workers, each query a new shape (m, n, k one
 *      less each time, so the plan cache never answers), and a repeated one (the cache answers);
 *   2. the autotuner alone (pm_tune) on synthetic machines with more devices than this one has:
 *      the 4xH200 and the 8xA100 link maps of tests/data/linkmap with a CPU device beside the
 *      GPUs, and 16 devices (8 A100 with half the rates beside them, 16 lanes).
 * Prints one line per (case, size): microseconds per plan, median, min and max over the reps.
 * Usage: plan_query [reps] [linkmap folder]   (folder default: tests/data/linkmap)
 */
#include <paralia.h>
#include "perfmodel/perfmodel.h"
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAXREPS 1000

static double now_us(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e6 + ts.tv_nsec * 1e-3;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

static void report(const char *what, long size, double *us, int reps)
{
	qsort(us, (size_t)reps, sizeof *us, cmp_double);
	printf("%-34s %11ld  %9.2f %9.2f %9.2f\n", what, size, us[reps / 2], us[0], us[reps - 1]);
}

static const long sizes[] = { 1000, 10000, 100000, 1000000, 2000000, 100000000, INT_MAX };
#define NSIZES (int)(sizeof sizes / sizeof sizes[0])

static int public_query(int reps)
{
	static char a, b, c; /* host pointers: only their placement matters to the plan */
	double us[MAXREPS];
	for (int r = 0; r < 2; r++) {
		char routine = "gy"[r];
		for (int s = 0; s < NSIZES; s++) {
			struct paralia_plan plan;
			for (int i = 0; i < reps; i++) {
				int n = (int)(sizes[s] - i);
				double t0 = now_us();
				int ret = paralia_plan_query(routine, 'd', n, n, n, &a, &b, &c, 1.0, &plan);
				us[i] = now_us() - t0;
				if (ret != 0) {
					fprintf(stderr, "plan_query: paralia_plan_query(%c, %d) returned %d\n", routine, n, ret);
					return 1;
				}
			}
			char what[64];
			snprintf(what, sizeof what, "paralia_plan_query %s, new shape", r ? "dsyr2k" : "dgemm");
			report(what, sizes[s], us, reps);
			for (int i = 0; i < reps; i++) {
				double t0 = now_us();
				paralia_plan_query(routine, 'd', (int)sizes[s], (int)sizes[s], (int)sizes[s], &a, &b, &c,
				                   1.0, &plan);
				us[i] = now_us() - t0;
			}
			snprintf(what, sizeof what, "paralia_plan_query %s, cached", r ? "dsyr2k" : "dgemm");
			report(what, sizes[s], us, reps);
		}
	}
	return 0;
}

/* The GPUs of a link map (nodes 1..) with the default H200 rates scaled by scale, plus extra
 * copies at half the rates and a 64-lane CPU device on node 0. Returns the device count. */
static int machine(const struct lm_db *db, struct pm_device *dev, int copies)
{
	int n = 0;
	for (int c = 0; c <= copies; c++)
		for (int i = 1; i < db->nnodes && n < PM_MAX_DEVS - 1; i++) {
			memset(&dev[n], 0, sizeof dev[n]);
			dev[n].kind = PM_GPU;
			dev[n].node = i;
			dev[n].devid = n;
			dev[n].nworkers = 1;
			dev[n].mem_bytes = 80e9;
			pm_rates_default(&dev[n].rates, PM_GPU);
			for (int j = 0; j < dev[n].rates.n; j++)
				for (int p = 0; p < 2; p++)
					dev[n].rates.gflops[p][j] *= c ? 0.5 : 1.0;
			n++;
		}
	memset(&dev[n], 0, sizeof dev[n]);
	dev[n].kind = PM_CPU;
	dev[n].devid = -1;
	dev[n].nworkers = 64;
	pm_rates_default(&dev[n].rates, PM_CPU);
	return n + 1;
}

static int model_only(int reps, const char *folder)
{
	static const struct { const char *file; int copies; } cases[] = {
		{ "h200x4.txt", 0 }, { "a100-nvswitch-8.txt", 0 }, { "a100-nvswitch-8.txt", 1 },
	};
	double us[MAXREPS];
	for (size_t c = 0; c < sizeof cases / sizeof *cases; c++) {
		static struct lm_db db;
		char path[1024], err[512];
		snprintf(path, sizeof path, "%s/%s", folder, cases[c].file);
		if (lm_load(&db, path, err, sizeof err) != 0) {
			fprintf(stderr, "plan_query: %s\n", err);
			return 1;
		}
		struct pm_device dev[PM_MAX_DEVS];
		int nd = machine(&db, dev, cases[c].copies);
		for (int s = 0; s < NSIZES; s++) {
			for (int i = 0; i < reps; i++) {
				int64_t n = sizes[s] - i;
				struct pm_problem p = { .routine = 'g', .dbl = 1, .m = n, .n = n, .k = n, .reads_c = 1,
				                        .tile_frac = 1.0, .ld = { n, n, n }, .c_late_may = 1,
				                        .c_home_may = 1, .tall_may = 1, .deep_may = 1, .b_cut_may = 1,
				                        .layers_may = 1 };
				struct pm_tune_opts o = { 0, PM_TIME, 0 };
				struct pm_eval e;
				double t0 = now_us();
				pm_tune(&p, dev, nd, &db, &o, &e);
				us[i] = now_us() - t0;
			}
			char what[64];
			snprintf(what, sizeof what, "pm_tune dgemm, %d devices (%s)", nd, cases[c].file);
			report(what, sizes[s], us, reps);
		}
	}
	return 0;
}

int main(int argc, char **argv)
{
	int reps = argc > 1 ? atoi(argv[1]) : 50;
	const char *folder = argc > 2 ? argv[2] : "tests/data/linkmap";
	if (reps < 1 || reps > MAXREPS) {
		fprintf(stderr, "plan_query: argument 1 (reps) must be 1..%d\n", MAXREPS);
		return 1;
	}
	int ret = paralia_init();
	if (ret != 0) {
		fprintf(stderr, "plan_query: paralia_init: %s\n", paralia_strerror(ret));
		return 1;
	}
	printf("%-34s %11s  %9s %9s %9s\n", "case (microseconds per plan)", "m = n = k", "median",
	       "min", "max");
	ret = public_query(reps) || model_only(reps, folder);
	paralia_shutdown();
	return ret;
}
