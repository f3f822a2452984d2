/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * paralia_calibrate_kernels: measures the gemm tile kernel on one worker of each device kind
 * (CPU core, GPU) at the autotuner's tile sizes and writes the kernel table the autotuner reads
 * (format in docs/AUTOTUNER.md). Data stays on the worker's node between repetitions (the first
 * run, which fetches it, is not timed), so the numbers are kernel rates, as the model wants.
 */
#include "config.h"
#include "perfmodel/plan.h"
#include "core/core.h"
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* GFLOP/s of `reps` T^3 products on worker w, or 0 on failure. The products write NC different
 * C tiles in turn, so consecutive tasks do not wait for each other's C: the worker pipelines them
 * as it does in a real call, and the rate is the kernel's, not the kernel's plus a round trip.
 * *watts gets the GPU's mean power over the timed products (NVML's energy counter; 0 when the
 * worker is no GPU or NVML cannot tell). */
enum { NC = 4, NBUF = 2 + NC };
static double time_gemm(int dbl, int w, int T, int reps, double *watts)
{
	*watts = 0;
	size_t elem = dbl ? sizeof(double) : sizeof(float), count = (size_t)T * T;
	void *buf[NBUF];
	starpu_data_handle_t h[NBUF];
	for (int i = 0; i < NBUF; i++) {
		if (starpu_malloc(&buf[i], elem * count) != 0) {
			for (int j = 0; j < i; j++) {
				starpu_data_unregister(h[j]);
				starpu_free_noflag(buf[j], elem * count);
			}
			return 0;
		}
		/* Not zeros: some units run faster on them than on real data. */
		unsigned s = 1u + (unsigned)i;
		for (size_t x = 0; x < count; x++) {
			s = s * 1103515245u + 12345u;
			double v = (double)(s >> 8) / 16777216.0 - 0.5;
			if (dbl) ((double *)buf[i])[x] = v; else ((float *)buf[i])[x] = (float)v;
		}
		starpu_matrix_data_register(&h[i], STARPU_MAIN_RAM, (uintptr_t)buf[i], (uint32_t)T,
		                            (uint32_t)T, (uint32_t)T, elem);
	}
	struct paralia_task_opts o = { 0, w };
	int gpu = starpu_worker_get_type(w) == STARPU_CUDA_WORKER;
	double t0 = 0, e0 = NAN;
	int ret = 0;
	/* The first NC products bring A, B and every C to the worker and are not timed. */
	for (int r = 0; r < reps + NC && !ret; r++) {
		if (r == NC) {
			starpu_task_wait_for_all();
			t0 = starpu_timing_now();
			e0 = gpu ? pm_gpu_energy_mj(starpu_worker_get_devid(w)) : NAN;
		}
		starpu_data_handle_t c = h[2 + r % NC];
		ret = dbl ? paralia_task_dgemm('N', 'N', 1.0, h[0], h[1], 0.5, c, &o)
		          : paralia_task_sgemm('N', 'N', 1.0f, h[0], h[1], 0.5f, c, &o);
	}
	starpu_task_wait_for_all();
	double us = starpu_timing_now() - t0;
	if (gpu && !ret && us > 0) {
		double e1 = pm_gpu_energy_mj(starpu_worker_get_devid(w));
		if (e1 > e0) /* NAN compares false: no watts */
			*watts = (e1 - e0) * 1e-3 / (us * 1e-6);
	}
	for (int i = 0; i < NBUF; i++) {
		starpu_data_unregister(h[i]);
		starpu_free_noflag(buf[i], elem * count);
	}
	return ret || us <= 0 ? 0 : 2.0 * T * T * (double)T * reps / (us * 1e3);
}

int paralia_calibrate_kernels(const char *path)
{
	const char *who = "paralia_calibrate_kernels";
	if (!paralia_is_initialized()) {
		fprintf(stderr, "paralia: %s: call paralia_init() first\n", who);
		return PARALIA_ERR_NOT_INITIALIZED;
	}
	char def[512];
	if (!path) {
		pm_kernel_table_path(def, sizeof def);
		path = def;
	}
	char tmp[600];
	snprintf(tmp, sizeof tmp, "%s.tmp", path);
	FILE *f = fopen(tmp, "w");
	if (!f) {
		fprintf(stderr, "paralia: %s: cannot write %s: %s\n", who, tmp, strerror(errno));
		return PARALIA_ERR_RUNTIME;
	}
	fprintf(f, "# paralia kernel table: gemm tile kernel, one worker, data resident; watts: the\n"
	        "# GPU's mean power over the products (NVML energy counter), when it could be read\n"
	        "# kind prec tile GFLOP/s [watts]\n");
	static const int gpuT[] = { 512, 1024, 2048, 4096, 8192 }, cpuT[] = { 64, 128, 256, 512 };
	struct { const char *kind; enum starpu_worker_archtype t; const int *T; int n; } k[2] = {
		{ "cpu", STARPU_CPU_WORKER, cpuT, 4 }, { "gpu", STARPU_CUDA_WORKER, gpuT, 5 } };
	for (int i = 0; i < 2; i++) {
		int w = starpu_worker_get_by_type(k[i].t, 0);
		if (w < 0)
			continue;
		struct pm_rates guess;
		pm_rates_default(&guess, i ? PM_GPU : PM_CPU);
		for (int p = 1; p >= 0; p--)
			for (int j = 0; j < k[i].n; j++) {
				/* GPUs: enough products for ~0.3 s by the default rates, so that the energy
				 * counter and the clock resolve; CPU cores: a few, they are slow. */
				int T = k[i].T[j], reps = 3;
				if (i) {
					double n = 0.3e6 / pm_tile_us(&guess, p, T, T, T);
					reps = n < 10 ? 10 : n > 20000 ? 20000 : (int)n;
				}
				double watts, g = time_gemm(p, w, T, reps, &watts);
				fprintf(stderr, "paralia: %s: %s %cgemm tile %d: %.1f GFLOP/s", who, k[i].kind,
				        p ? 'd' : 's', T, g);
				if (watts > 0)
					fprintf(stderr, ", %.0f W", watts);
				fprintf(stderr, "\n");
				if (g > 0 && watts > 0)
					fprintf(f, "%s %c %d %.3f %.1f\n", k[i].kind, p ? 'd' : 's', T, g, watts);
				else if (g > 0)
					fprintf(f, "%s %c %d %.3f\n", k[i].kind, p ? 'd' : 's', T, g);
			}
	}
	int cw = starpu_worker_get_by_type(STARPU_CUDA_WORKER, 0);
	if (cw >= 0 && pm_calibrate_xfer(f, cw) == 0) /* xfer_calibrate.c */
		fprintf(stderr, "paralia: %s: no tile copy rates measured: the autotuner will take host "
		        "copies at the link map's bandwidths, which small tiles do not reach\n", who);
	if (fclose(f) != 0 || rename(tmp, path) != 0) {
		fprintf(stderr, "paralia: %s: cannot write %s: %s\n", who, path, strerror(errno));
		remove(tmp);
		return PARALIA_ERR_RUNTIME;
	}
	starpu_task_wait_for_all(); /* running tasks may point at a cached plan's worker mask */
	pm_plan_shutdown(); /* plans and rates are rebuilt from the new table on the next call */
	return 0;
}
