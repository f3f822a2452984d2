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

/* ---- tile transfers through StarPU, while the GPU computes -------------------------------- */

struct xfer_wait {
	int pending;
};

static void xfer_home(void *arg)
{
	void **a = arg;
	starpu_data_release_on_node((starpu_data_handle_t)a[0], STARPU_MAIN_RAM);
	__atomic_sub_fetch(&((struct xfer_wait *)a[1])->pending, 1, __ATOMIC_RELEASE);
	free(a);
}

/* GB/s at which StarPU moves T x T tiles between the host and GPU worker w's memory while that
 * GPU runs gemm kernels: dir 0 host to GPU (prefetches), 1 GPU to host (write-backs of tiles the
 * GPU owns), 2 both at once (bytes of both directions counted). Measured, not taken from the
 * link map, because a routine's copies are StarPU's requests, issued and completed by the CUDA
 * driver between kernels: with small tiles they move well below the link's bandwidth (issue 14:
 * bench/starpu_xfer, 46 GB/s both ways for 2048 tiles under kernel load against 97 idle). The
 * tiles are sub-blocks of a pinned matrix (leading dimension 4T), so they travel as 2D copies, as
 * a routine's do; one T x T x T/4 product per tile keeps the GPU busy without outlasting the
 * copy. A first, untimed round allocates the GPU's copies (a routine's calls reuse StarPU's
 * allocation cache the same way); the median of three timed rounds is kept. 0 on failure. */
struct xfer_set {
	void *host[2];
	starpu_data_handle_t tile[2][64], load[3];
	int nt, T, dbl, w;
	unsigned node;
	size_t tb;
};

static double xfer_round(struct xfer_set *x, int dir)
{
	struct paralia_task_opts o = { 0, x->w };
	/* set 0 valid on the host only, set 1 owned by the GPU */
	for (int i = 0; i < x->nt; i++) {
		starpu_data_acquire_on_node(x->tile[0][i], STARPU_MAIN_RAM, STARPU_RW);
		starpu_data_release_on_node(x->tile[0][i], STARPU_MAIN_RAM);
		if (x->dbl)
			paralia_task_dlascal('G', 1.0, x->tile[1][i], &o);
		else
			paralia_task_slascal('G', 1.0f, x->tile[1][i], &o);
	}
	starpu_task_wait_for_all();
	struct xfer_wait wt = { dir != 0 ? x->nt : 0 };
	double t0 = starpu_timing_now();
	for (int i = 0; i < x->nt; i++) {
		if (x->dbl)
			paralia_task_dgemm('N', 'N', 1.0, x->load[0], x->load[1], 1.0, x->load[2], &o);
		else
			paralia_task_sgemm('N', 'N', 1.0f, x->load[0], x->load[1], 1.0f, x->load[2], &o);
		if (dir != 1)
			starpu_data_prefetch_on_node(x->tile[0][i], x->node, 1);
		if (dir != 0) {
			void **a = malloc(2 * sizeof *a);
			a[0] = x->tile[1][i];
			a[1] = &wt;
			starpu_data_acquire_on_node_cb(x->tile[1][i], STARPU_MAIN_RAM, STARPU_R, xfer_home, a);
		}
	}
	for (int i = 0; dir != 1 && i < x->nt; i++) {
		starpu_data_acquire_on_node(x->tile[0][i], (int)x->node, STARPU_R);
		starpu_data_release_on_node(x->tile[0][i], (int)x->node);
	}
	while (__atomic_load_n(&wt.pending, __ATOMIC_ACQUIRE) > 0)
		starpu_sleep(10e-6);
	double us = starpu_timing_now() - t0;
	starpu_task_wait_for_all();
	double bytes = (double)x->tb * x->nt * (dir == 2 ? 2 : 1);
	return us > 0 ? bytes / (us * 1e3) : 0;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

/* Rates of the three directions (g[0..2]) for tile size T; returns 0, or -1 when memory fails. */
static int time_xfer(int dbl, int w, int T, double g[3])
{
	struct xfer_set x = { .T = T, .dbl = dbl, .w = w };
	size_t elem = dbl ? sizeof(double) : sizeof(float);
	x.tb = (size_t)T * T * elem;
	x.nt = (int)((256u << 20) / x.tb);
	x.nt = x.nt < 4 ? 4 : x.nt > 64 ? 64 : x.nt - x.nt % 4;
	x.node = starpu_worker_get_memory_node((unsigned)w);
	/* The tiles are sub-blocks of a matrix of leading dimension 4T, or PARALIA_XFER_LD elements
	 * (at least T): the copy rate beside kernels depends on the host pitch as well as the
	 * column's length (bench/results/gemm-timeline-2026-11-26.md); the variable lets a
	 * calibration be taken at a matrix's own leading dimension, to compare. */
	const char *env = getenv("PARALIA_XFER_LD");
	long want = env ? atol(env) : 0;
	uint32_t ld = 4u * (uint32_t)T;
	if (want >= T && want <= (1L << 20))
		ld = (uint32_t)want;
	size_t per = ld / (uint32_t)T, cols = ((size_t)x.nt + per - 1) / per;
	size_t bytes = (size_t)ld * T * cols * elem;
	for (int s = 0; s < 2; s++)
		if (starpu_malloc(&x.host[s], bytes) != 0) {
			if (s)
				starpu_free_noflag(x.host[0], bytes);
			return -1;
		}
	for (int s = 0; s < 2; s++) {
		memset(x.host[s], 0, bytes);
		for (int i = 0; i < x.nt; i++) /* tile i: rows (i % per) T, columns (i / per) T */
			starpu_matrix_data_register(&x.tile[s][i], STARPU_MAIN_RAM,
			                            (uintptr_t)((char *)x.host[s] + ((size_t)i % per * T +
			                                        (size_t)i / per * T * ld) * elem),
			                            ld, (uint32_t)T, (uint32_t)T, elem);
	}
	uint32_t q = (uint32_t)(T / 4 > 0 ? T / 4 : 1);
	starpu_matrix_data_register(&x.load[0], -1, 0, (uint32_t)T, (uint32_t)T, q, elem);
	starpu_matrix_data_register(&x.load[1], -1, 0, q, q, (uint32_t)T, elem);
	starpu_matrix_data_register(&x.load[2], -1, 0, (uint32_t)T, (uint32_t)T, (uint32_t)T, elem);
	struct paralia_task_opts o = { 0, w };
	for (int i = 0; i < 3; i++) /* the load's operands, initialised on the GPU */
		dbl ? paralia_task_dlascal('G', 0.0, x.load[i], &o) : paralia_task_slascal('G', 0.0f, x.load[i], &o);
	xfer_round(&x, 2); /* allocates every copy once, untimed */
	for (int dir = 0; dir < 3; dir++) {
		double r[3];
		for (int k = 0; k < 3; k++)
			r[k] = xfer_round(&x, dir);
		qsort(r, 3, sizeof *r, cmp_double);
		g[dir] = r[1];
	}
	for (int s = 0; s < 2; s++) {
		for (int i = 0; i < x.nt; i++)
			starpu_data_unregister(x.tile[s][i]);
		starpu_free_noflag(x.host[s], bytes);
	}
	for (int i = 0; i < 3; i++)
		starpu_data_unregister(x.load[i]);
	return 0;
}

/* The "xfer" lines of the kernel table: per precision and tile size, GB/s host to GPU, GPU to
 * host and both directions at once, through StarPU while the GPU computes. */
static void calibrate_xfer(FILE *f, const char *who)
{
	int w = starpu_worker_get_by_type(STARPU_CUDA_WORKER, 0);
	if (w < 0)
		return;
	const int *T;
	int nc = pm_tile_candidates(&T);
	fprintf(f, "# xfer prec tile GB/s-host-to-gpu GB/s-gpu-to-host GB/s-both: tile copies through\n"
	        "# StarPU while the GPU computes (2D copies of T x T sub-blocks, pinned host memory)\n");
	for (int p = 1; p >= 0; p--)
		for (int i = 0; i < nc; i++) {
			if (T[i] < 1024)
				continue; /* below, per-copy costs dominate: pm_xfer_gbs scales the 1024 rate */
			double g[3] = { 0, 0, 0 };
			if (time_xfer(p, w, T[i], g) != 0)
				continue;
			fprintf(stderr, "paralia: %s: %c tile %d copies through StarPU: %.1f GB/s to the GPU, "
			        "%.1f back, %.1f both ways\n", who, p ? 'd' : 's', T[i], g[0], g[1], g[2]);
			if (g[0] > 0 && g[1] > 0 && g[2] > 0)
				fprintf(f, "xfer %c %d %.2f %.2f %.2f\n", p ? 'd' : 's', T[i], g[0], g[1], g[2]);
		}
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
	calibrate_xfer(f, who);
	if (fclose(f) != 0 || rename(tmp, path) != 0) {
		fprintf(stderr, "paralia: %s: cannot write %s: %s\n", who, path, strerror(errno));
		remove(tmp);
		return PARALIA_ERR_RUNTIME;
	}
	starpu_task_wait_for_all(); /* running tasks may point at a cached plan's worker mask */
	pm_plan_shutdown(); /* plans and rates are rebuilt from the new table on the next call */
	return 0;
}
