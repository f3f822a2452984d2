/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The kernel table's "sum" line: how fast the CPU workers of the host's main memory add a tile
 * into C all at once, which is what gemm's C added at home costs (step 3 of docs/AUTOTUNER.md:
 * a chain's scratch tile comes home and the CPU workers add it into C, one column slice each).
 * Timed as it runs there: paralia's geadd kernel on StarPU's CPU workers, one slice per worker,
 * SUM_PAIRS pairs of FP64 tiles of SUM_T in turn (256 MB in all: a call's tiles are not in the
 * caches; one pair of 64 MB read 218 GB/s on one H100's 16-core host, where 16 threads streaming
 * through 768 MB get 126, bench/host_sum.c), the best of SUM_REPS rounds after one untimed.
 * GB/s count the three streams: both tiles read, C written. Then what gemm's calling thread spends
 * submitting one tile's sums (pl_home_sum: C's tile partitioned, a task per slice, the partition
 * cleaned up), the mean over SUM_SUBMITS tiles: about 150 us on one H100's host, against a few
 * for a product, which is what C added at home costs with small tiles (step 3).
 */
#include "config.h"
#include "perfmodel/plan.h"
#include "blas/tiled.h"
#include "core/core.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SUM_T 2048
#define SUM_PAIRS 4
#define SUM_REPS 4
#define SUM_SUBMITS 16

/* us per tile to submit pl_home_sum on s (scratch) and c, main RAM's CPU workers adding, as
 * gemm's plans have them. */
static double submit_us(starpu_data_handle_t s, starpu_data_handle_t c)
{
	struct pm_plan plan;
	memset(&plan, 0, sizeof plan);
	pm_plan_home_workers(&plan, STARPU_MAIN_RAM);
	double t0 = starpu_timing_now();
	int ret = 0;
	for (int r = 0; r < SUM_SUBMITS && !ret; r++)
		ret = pl_home_sum_d(s, 0.5, c, &plan, 0);
	double us = (starpu_timing_now() - t0) / SUM_SUBMITS;
	pl_submit_scope(NULL, 0); /* pl_home_sum restored the plan's: none */
	starpu_task_wait_for_all();
	return ret ? 0 : us;
}

double pm_measure_sum(double *submit)
{
	/* one slice per worker, as many as a tile's sum has at most (pl_home_sum) */
	int ids[PL_HOME_MAX_PARTS], n = pm_node_cpu_workers(STARPU_MAIN_RAM, ids, PL_HOME_MAX_PARTS);
	int ok = n > 0;
	size_t bytes = (size_t)SUM_T * SUM_T * sizeof(double);
	double *tile[2 * SUM_PAIRS] = { NULL }, best = 0;
	starpu_data_handle_t h[2 * SUM_PAIRS];
	struct starpu_data_filter by_columns = {
		.filter_func = starpu_matrix_filter_vertical_block, .nchildren = (unsigned)n,
	};
	int got = 0;
	for (; ok && got < 2 * SUM_PAIRS; got++) {
		if (starpu_malloc((void **)&tile[got], bytes) != 0) {
			ok = 0;
			break;
		}
		memset(tile[got], 0, bytes); /* touched: no page faults timed */
		starpu_matrix_data_register(&h[got], STARPU_MAIN_RAM, (uintptr_t)tile[got], SUM_T, SUM_T,
		                            SUM_T, sizeof(double));
		starpu_data_partition(h[got], &by_columns);
	}
	for (int rep = 0; ok && rep <= SUM_REPS; rep++) {
		double t0 = starpu_timing_now();
		int ret = 0;
		for (int pair = 0; pair < SUM_PAIRS; pair++)
			for (int x = 0; x < n && !ret; x++) {
				struct paralia_task_opts on = { 0, ids[x] };
				ret = paralia_task_dgeadd(1.0, starpu_data_get_sub_data(h[2 * pair], 1, x), 0.5,
				                          starpu_data_get_sub_data(h[2 * pair + 1], 1, x), &on);
			}
		starpu_task_wait_for_all();
		double us = starpu_timing_now() - t0, gbs = 3.0 * SUM_PAIRS * (double)bytes / (us * 1e3);
		if (ret) {
			ok = 0;
			best = 0;
		} else if (rep > 0 && us > 0 && gbs > best) {
			best = gbs;
		}
	}
	for (int i = 0; i < got; i++)
		starpu_data_unpartition(h[i], STARPU_MAIN_RAM);
	*submit = ok ? submit_us(h[0], h[1]) : 0;
	for (int i = 0; i < got; i++) {
		starpu_data_unregister(h[i]);
		starpu_free_noflag(tile[i], bytes);
	}
	return ok ? best : 0;
}

#define SUM_COMMENT "# sum GB/s: the CPU workers adding FP64 tiles of"
#define SUM_COMMENT_2 "# each (both tiles read, C written), and us to submit one tile's"

/* The sum line and its comment into f, and what was measured said as `who`. */
static void write_sum(const char *who, FILE *f, double gbs, double us)
{
	fprintf(f, SUM_COMMENT " %d into C at once, a column slice\n"
	        SUM_COMMENT_2 ": gemm's C added at home\nsum %.2f %.1f\n", SUM_T, gbs, us);
	fprintf(stderr, "paralia: %s: CPU workers adding tiles at once: %.1f GB/s, %.1f us to submit a "
	        "tile's\n", who, gbs, us);
}

int pm_calibrate_sum(FILE *f)
{
	double us, gbs = pm_measure_sum(&us);
	if (!(gbs > 0))
		return 0;
	write_sum("paralia_calibrate_kernels", f, gbs, us);
	return 1;
}

int paralia_calibrate_sum(const char *path)
{
	const char *who = "paralia_calibrate_sum";
	char def[512], tmp[600];
	int ret = pm_table_path(who, &path, def, sizeof def);
	if (ret)
		return ret;
	/* the table as it was, less an older sum line and its comment's two lines */
	FILE *out = pm_table_rewrite(who, path, "sum", SUM_COMMENT, SUM_COMMENT_2, tmp, sizeof tmp);
	if (!out)
		return PARALIA_ERR_RUNTIME;
	double us, gbs = pm_measure_sum(&us);
	if (!(gbs > 0)) {
		pm_table_discard(out, tmp);
		fprintf(stderr, "paralia: %s: no CPU worker on main RAM could add tiles\n", who);
		return PARALIA_ERR_RUNTIME;
	}
	write_sum(who, out, gbs, us);
	return pm_table_commit(who, out, tmp, path);
}
