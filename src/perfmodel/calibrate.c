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

/* The rate of T^3 products on worker w, in GFLOP/s, 0 on failure. The products write NC different
 * C tiles in turn, so consecutive tasks do not wait for each other's C: the worker pipelines them
 * as it does in a real call, and the rate is the kernel's, not the kernel's plus a round trip.
 * A CPU core runs `reps` of them. A GPU rests REST_S first (its power cap acts on the power it drew
 * lately), then computes for RUN_S in chunks of ~CHUNK_S: gflops is its rate over the first FRESH_S,
 * sustained its rate from SETTLED_S on (one H200's DGEMM: 61 TFLOP/s, then the 700 W cap takes it
 * to ~53 within 0.1-0.8 s), after_s how long it ran at the first rate, counted by the work it did
 * over the run (so a noisy chunk cannot place it); where the later rate is within CAPPED of the
 * first, there is no cap and gflops is the run's. watts: the GPU's mean power over its run (NVML's
 * energy counter; 0 when the worker is no GPU or NVML cannot tell). */
enum { NC = 4, NBUF = 2 + NC, MAX_CHUNKS = 256 };
#define REST_S 2.0
#define RUN_S 1.6
#define CHUNK_S 0.02
#define FRESH_S 0.04
#define SETTLED_S 0.6
#define CAPPED 0.95
struct kernel_rates {
	double gflops, sustained, after_s, watts;
};

/* The GPU's run from rest: chunk c ran n[c] products ending at end[c] us after the start. */
static struct kernel_rates read_run(double flops, const int *n, const double *end, int nch)
{
	struct kernel_rates k = { 0, 0, 0, 0 };
	double work = 0, first = 0, first_t = 0, late = 0, late_t = 0, t = 0;
	for (int c = 0; c < nch; c++) {
		double w = flops * n[c], dt = end[c] - t;
		if (t < FRESH_S * 1e6)
			first += w, first_t += dt;
		if (t >= SETTLED_S * 1e6)
			late += w, late_t += dt;
		work += w;
		t = end[c];
	}
	if (t <= 0 || first_t <= 0)
		return k;
	double F = first / first_t, S = late_t > 0 ? late / late_t : 0; /* flops per us */
	if (!(S > 0) || S >= CAPPED * F) {
		k.gflops = work / t / 1e3;
		return k;
	}
	/* work = F a + S (t - a) */
	double a = (work - S * t) / (F - S);
	k.gflops = F / 1e3;
	k.sustained = S / 1e3;
	k.after_s = (a < 0 ? 0 : a > t ? t : a) * 1e-6;
	return k;
}

static int submit_products(int dbl, int w, starpu_data_handle_t *h, int from, int to)
{
	struct paralia_task_opts o = { 0, w };
	int ret = 0;
	for (int r = from; r < to && !ret; r++) {
		starpu_data_handle_t c = h[2 + r % NC];
		ret = dbl ? paralia_task_dgemm('N', 'N', 1.0, h[0], h[1], 0.5, c, &o)
		          : paralia_task_sgemm('N', 'N', 1.0f, h[0], h[1], 0.5f, c, &o);
	}
	starpu_task_wait_for_all();
	return ret;
}

static struct kernel_rates time_gemm(int dbl, int w, int T, int reps)
{
	struct kernel_rates k = { 0, 0, 0, 0 };
	size_t elem = dbl ? sizeof(double) : sizeof(float), count = (size_t)T * T;
	void *buf[NBUF];
	starpu_data_handle_t h[NBUF];
	for (int i = 0; i < NBUF; i++) {
		if (starpu_malloc(&buf[i], elem * count) != 0) {
			for (int j = 0; j < i; j++) {
				starpu_data_unregister(h[j]);
				starpu_free_noflag(buf[j], elem * count);
			}
			return k;
		}
		/* Values in [-0.5, 0.5) with full mantissas, as real data has: a GPU runs faster on
		 * zeros, and draws less power on short mantissas (one H200 under its 700 W cap: DGEMM
		 * held 57-59 TFLOP/s on 24-bit mantissas, 52-53 on full ones). */
		unsigned long long s = 0x9E3779B97F4A7C15ull * (1u + (unsigned)i);
		for (size_t x = 0; x < count; x++) {
			s = s * 6364136223846793005ull + 1442695040888963407ull;
			double v = (double)(s >> 11) / 9007199254740992.0 - 0.5;
			if (dbl) ((double *)buf[i])[x] = v; else ((float *)buf[i])[x] = (float)v;
		}
		starpu_matrix_data_register(&h[i], STARPU_MAIN_RAM, (uintptr_t)buf[i], (uint32_t)T,
		                            (uint32_t)T, (uint32_t)T, elem);
	}
	int gpu = starpu_worker_get_type(w) == STARPU_CUDA_WORKER;
	double flops = 2.0 * T * T * (double)T;
	/* The first NC products bring A, B and every C to the worker and are not timed. */
	int ret = submit_products(dbl, w, h, 0, NC), r = NC;
	if (!ret && !gpu) {
		double t0 = starpu_timing_now();
		ret = submit_products(dbl, w, h, r, r + reps);
		double us = starpu_timing_now() - t0;
		k.gflops = us > 0 ? flops * reps / (us * 1e3) : 0;
	} else if (!ret) {
		/* products per chunk from the first ones' time */
		double t0 = starpu_timing_now();
		ret = submit_products(dbl, w, h, r, r + NC);
		r += NC;
		double per = (starpu_timing_now() - t0) / NC;
		int chunk = per > 0 ? (int)fmin(2e4, fmax(1.0, CHUNK_S * 1e6 / per)) : 1;
		starpu_sleep((float)REST_S);
		int n[MAX_CHUNKS], nch = 0;
		double end[MAX_CHUNKS];
		double e0 = pm_gpu_energy_mj(starpu_worker_get_devid(w));
		t0 = starpu_timing_now();
		while (!ret && nch < MAX_CHUNKS && (nch == 0 || end[nch - 1] < RUN_S * 1e6)) {
			ret = submit_products(dbl, w, h, r, r + chunk);
			r += chunk;
			n[nch] = chunk;
			end[nch++] = starpu_timing_now() - t0;
		}
		double e1 = pm_gpu_energy_mj(starpu_worker_get_devid(w));
		if (!ret && nch > 0) {
			k = read_run(flops, n, end, nch);
			if (e1 > e0) /* NAN compares false: no watts */
				k.watts = (e1 - e0) * 1e-3 / (end[nch - 1] * 1e-6);
		}
	}
	for (int i = 0; i < NBUF; i++) {
		starpu_data_unregister(h[i]);
		starpu_free_noflag(buf[i], elem * count);
	}
	if (ret)
		k.gflops = k.sustained = 0;
	return k;
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
	/* GPUs: every tile size the autotuner tries from 512 on (kernels are not smooth in the size:
	 * one H200's SGEMM ran 7-9% slower at 3072 than at 2048), and 16384, for the one kernel of a
	 * whole GPU-resident call */
	if (starpu_worker_get_by_type(STARPU_CUDA_WORKER, 0) >= 0)
		fprintf(f, "# the GPU rested this long before each size: its rates are read as measured\n"
		        "rest %.1f\n", REST_S);
	static const int gpuT[] = { 512, 1024, 1536, 2048, 3072, 4096, 6144, 8192, 16384 },
	                 cpuT[] = { 64, 128, 256, 512 };
	struct { const char *kind; enum starpu_worker_archtype t; const int *T; int n; } k[2] = {
		{ "cpu", STARPU_CPU_WORKER, cpuT, 4 }, { "gpu", STARPU_CUDA_WORKER, gpuT, 9 } };
	/* the GPU's rates it holds under its power cap, written after the table */
	char sustain[2 * 8][96];
	int nsus = 0;
	for (int i = 0; i < 2; i++) {
		int w = starpu_worker_get_by_type(k[i].t, 0);
		if (w < 0)
			continue;
		for (int p = 1; p >= 0; p--)
			for (int j = 0; j < k[i].n; j++) {
				/* CPU cores: a few products, they are slow; GPUs: a run from rest */
				int T = k[i].T[j];
				struct kernel_rates r = time_gemm(p, w, T, 3);
				fprintf(stderr, "paralia: %s: %s %cgemm tile %d: %.1f GFLOP/s", who, k[i].kind,
				        p ? 'd' : 's', T, r.gflops);
				if (r.watts > 0)
					fprintf(stderr, ", %.0f W", r.watts);
				if (r.sustained > 0)
					fprintf(stderr, " for %.2f s, then %.1f GFLOP/s", r.after_s, r.sustained);
				fprintf(stderr, "\n");
				if (r.gflops > 0 && r.watts > 0)
					fprintf(f, "%s %c %d %.3f %.1f\n", k[i].kind, p ? 'd' : 's', T, r.gflops, r.watts);
				else if (r.gflops > 0)
					fprintf(f, "%s %c %d %.3f\n", k[i].kind, p ? 'd' : 's', T, r.gflops);
				if (r.gflops > 0 && r.sustained > 0 && nsus < 16)
					snprintf(sustain[nsus++], sizeof sustain[0], "sustain %c %d %.3f %.3f\n",
					         p ? 'd' : 's', T, r.sustained, r.after_s);
			}
	}
	if (nsus > 0)
		fprintf(f, "# sustain prec tile GFLOP/s after-seconds: the rate the GPU holds under its power\n"
		        "# cap, which engaged after computing that long from rest (the rate above: before)\n");
	for (int i = 0; i < nsus; i++)
		fputs(sustain[i], f);
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
