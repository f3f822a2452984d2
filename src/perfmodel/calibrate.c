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
#include "codelets/codelet.h"
#include "codelets/algo_choice.h"
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The rate of T^3 products on worker w, in GFLOP/s, 0 on failure. The products write NC different
 * C tiles in turn, so consecutive tasks do not wait for each other's C: the worker pipelines them
 * as it does in a real call, and the rate is the kernel's, not the kernel's plus a round trip.
 * A CPU core runs `reps` of them. A GPU rests REST_S first (its power cap acts on the power it drew
 * lately), then computes for RUN_S in chunks of ~CHUNK_S, two queued at a time, each timed by its
 * last product's end and read by pm_read_rest_run (the rate from rest, the rate once the cap
 * engaged and once settled, and when each took over); a size whose product takes more than
 * MAX_PRODUCT_S is left out (a slow GPU's 16384). watts: the GPU's mean power over its run
 * (NVML's energy counter; 0 when the worker is no GPU or NVML cannot tell). */
enum { NC = 4, NBUF = 2 + NC, MAX_CHUNKS = 256 };
#define REST_S 2.0
#define RUN_S 1.6
#define CHUNK_S 0.02
#define MAX_PRODUCT_S 0.5
struct kernel_rates {
	struct pm_rest_run run;
	double watts;
};

static void note_end(void *slot)
{
	*(double *)slot = starpu_timing_now();
}

/* Products from..to-1 on worker w without waiting for them; with `ended`, the last one writes the
 * time it ended there (a task callback, on the worker's thread, so the measurement never waits
 * for the submitting thread to wake up). */
static int submit_chunk(int dbl, int w, starpu_data_handle_t *h, int from, int to, double *ended)
{
	struct paralia_task_opts o = { 0, w };
	int ret = 0;
	for (int r = from; r < to && !ret; r++) {
		starpu_data_handle_t c = h[2 + r % NC];
		if (r == to - 1 && ended)
			pl_submit_on_end(note_end, ended);
		ret = dbl ? paralia_task_dgemm('N', 'N', 1.0, h[0], h[1], 0.5, c, &o)
		          : paralia_task_sgemm('N', 'N', 1.0f, h[0], h[1], 0.5f, c, &o);
	}
	pl_submit_on_end(NULL, NULL);
	return ret;
}

/* Products from..to-1 on worker w, waited for. */
static int submit_products(int dbl, int w, starpu_data_handle_t *h, int from, int to)
{
	int ret = submit_chunk(dbl, w, h, from, to, NULL);
	starpu_task_wait_for_all();
	return ret;
}

/* ... of rows x T x T products (rows = T: square ones; more: tall ones, A's and the C tiles rows
 * high) */
static struct kernel_rates time_gemm(int dbl, int w, int T, int rows, int reps)
{
	struct kernel_rates k = { { 0, 0, 0, 0, 0 }, 0 };
	size_t elem = dbl ? sizeof(double) : sizeof(float);
	void *buf[NBUF];
	size_t count[NBUF];
	starpu_data_handle_t h[NBUF];
	for (int i = 0; i < NBUF; i++) {
		/* B (h[1]) T x T, A and the C tiles rows x T */
		uint32_t r = (uint32_t)(i == 1 ? T : rows);
		count[i] = (size_t)r * T;
		if (starpu_malloc(&buf[i], elem * count[i]) != 0) {
			for (int j = 0; j < i; j++) {
				starpu_data_unregister(h[j]);
				starpu_free_noflag(buf[j], elem * count[j]);
			}
			return k;
		}
		/* Values in [-0.5, 0.5) with full mantissas, as real data has: a GPU runs faster on
		 * zeros, and draws less power on short mantissas (one H200 under its 700 W cap: DGEMM
		 * held 57-59 TFLOP/s on 24-bit mantissas, 52-53 on full ones). */
		unsigned long long s = 0x9E3779B97F4A7C15ull * (1u + (unsigned)i);
		for (size_t x = 0; x < count[i]; x++) {
			s = s * 6364136223846793005ull + 1442695040888963407ull;
			double v = (double)(s >> 11) / 9007199254740992.0 - 0.5;
			if (dbl) ((double *)buf[i])[x] = v; else ((float *)buf[i])[x] = (float)v;
		}
		starpu_matrix_data_register(&h[i], STARPU_MAIN_RAM, (uintptr_t)buf[i], r, r, (uint32_t)T, elem);
	}
	int gpu = starpu_worker_get_type(w) == STARPU_CUDA_WORKER;
	double flops = 2.0 * rows * T * (double)T;
	/* The first products bring A, B and every C to the worker and are not timed: NC of them, and
	 * on a GPU as many more as gemm's kernel takes to choose its algorithm for the shape
	 * (gemm_algo.c), so that the table times the algorithm a call's tiles run and not the
	 * candidates tried on the way. */
	int warm = NC + (gpu ? ALGO_CHOOSING_RUNS : 0);
	int ret = submit_products(dbl, w, h, 0, warm), r = warm;
	if (!ret && !gpu) {
		double t0 = starpu_timing_now();
		ret = submit_products(dbl, w, h, r, r + reps);
		double us = starpu_timing_now() - t0;
		k.run.gflops = us > 0 ? flops * reps / (us * 1e3) : 0;
	} else if (!ret) {
		/* products per chunk from the first ones' time */
		double t0 = starpu_timing_now();
		ret = submit_products(dbl, w, h, r, r + NC);
		r += NC;
		double per = (starpu_timing_now() - t0) / NC;
		if (per > MAX_PRODUCT_S * 1e6)
			goto out;
		int chunk = per > 0 ? (int)fmin(2e4, fmax(1.0, CHUNK_S * 1e6 / per)) : 1;
		int n[MAX_CHUNKS], nch = 0;
		double end[MAX_CHUNKS];
		starpu_sleep((float)REST_S);
		double e0 = pm_gpu_energy_mj(starpu_worker_get_devid(w));
		t0 = starpu_timing_now();
		while (!ret && nch < MAX_CHUNKS) {
			ret = submit_chunk(dbl, w, h, r, r + chunk, &end[nch]);
			r += chunk;
			n[nch++] = chunk;
			/* at most two chunks queued, so the GPU never waits for this thread; the run ends
			 * on the clock (a chunk's length from the first products' round trips can be off) */
			if (nch > 1) {
				starpu_task_wait_for_n_submitted((unsigned)chunk); /* chunk nch - 2 ended */
				if (end[nch - 2] - t0 >= RUN_S * 1e6)
					break;
			}
		}
		starpu_task_wait_for_all();
		double e1 = pm_gpu_energy_mj(starpu_worker_get_devid(w));
		if (!ret) {
			for (int c = 0; c < nch; c++)
				end[c] -= t0;
			pm_read_rest_run(flops, n, end, nch, &k.run);
			if (e1 > e0) /* NAN compares false: no watts */
				k.watts = (e1 - e0) * 1e-3 / (end[nch - 1] * 1e-6);
		}
	}
out:
	for (int i = 0; i < NBUF; i++) {
		starpu_data_unregister(h[i]);
		starpu_free_noflag(buf[i], elem * count[i]);
	}
	if (ret)
		k.run = (struct pm_rest_run){ 0, 0, 0, 0, 0 };
	return k;
}

/* Tall products (gemm's tall tiles) are measured TALL_ROWS high: on one H200 their gain over the
 * square ones levels off there (FP64 8192 x 1024 x 1024 at 51-53 TFLOP/s, 20000 x 1024 x 1024 at
 * 50-52; bench/results/gemm-2026-11-27f.md) */
#define TALL_ROWS 8192
#define TALL_COMMENT "# tall prec tile rows GFLOP/s: the GPU's products of rows x tile x tile"
#define TALL_COMMENT_2 "# rows high), from rest"

/* The "tall" lines of GPU worker w into f: at every tile size the autotuner tries from 512 on
 * below TALL_ROWS, products TALL_ROWS x T x T from rest, as the square ones (time_gemm). Returns
 * how many were written. */
static int write_tall(const char *who, FILE *f, int w)
{
	const int *cand;
	int ncand = pm_tile_candidates(&cand), lines = 0;
	fprintf(f, TALL_COMMENT " (C's and A's tiles\n" TALL_COMMENT_2 ": what the model prices a tall "
	        "tile's product at\n");
	for (int p = 1; p >= 0; p--)
		for (int j = 0; j < ncand; j++) {
			int T = cand[j];
			if (T < 512 || T >= TALL_ROWS)
				continue;
			struct kernel_rates r = time_gemm(p, w, T, TALL_ROWS, 3);
			fprintf(stderr, "paralia: %s: gpu %cgemm %d x %d x %d: %.1f GFLOP/s%s\n", who, p ? 'd' : 's',
			        TALL_ROWS, T, T, r.run.gflops, r.run.gflops > 0 ? "" : " (left out)");
			if (r.run.gflops > 0) {
				fprintf(f, "tall %c %d %d %.3f\n", p ? 'd' : 's', T, TALL_ROWS, r.run.gflops);
				lines++;
			}
		}
	return lines;
}

int pm_calibrate_kernels(const char *path, unsigned kinds)
{
	const char *who = "paralia_calibrate_kernels";
	char def[512], tmp[600];
	int ret = pm_table_path(who, &path, def, sizeof def);
	if (ret)
		return ret;
	FILE *f = pm_table_open_tmp(who, path, tmp, sizeof tmp);
	if (!f)
		return PARALIA_ERR_RUNTIME;
	fprintf(f, "# paralia kernel table: gemm tile kernel, one worker, data resident; watts: the\n"
	        "# GPU's mean power over the products (NVML energy counter), when it could be read\n"
	        "# kind prec tile GFLOP/s [watts]\n");
	/* a table is read only on the GPU models it was measured on (plan.c) */
	char models[512];
	lm_device_models(models, sizeof models);
	fprintf(f, "devices %s\n", models);
	/* GPUs: every tile size the autotuner tries from 512 on (kernels are not smooth in the size:
	 * one H200's SGEMM ran 7-9% slower at 3072 than at 2048), and 16384, for the one kernel of a
	 * whole GPU-resident call */
	int cpuw = kinds & PM_CALIBRATE_CPU ? starpu_worker_get_by_type(STARPU_CPU_WORKER, 0) : -1;
	int gpuw = kinds & PM_CALIBRATE_GPU ? starpu_worker_get_by_type(STARPU_CUDA_WORKER, 0) : -1;
	if (gpuw >= 0)
		fprintf(f, "# the GPU rested this long before each size: its rates are read as measured\n"
		        "rest %.1f\n", REST_S);
	const int *cand;
	int ncand = pm_tile_candidates(&cand), gpuT[PM_MAX_RATES], ngpu = 0;
	for (int j = 0; j < ncand && ngpu < PM_MAX_RATES - 1; j++)
		if (cand[j] >= 512)
			gpuT[ngpu++] = cand[j];
	gpuT[ngpu++] = 16384;
	static const int cpuT[] = { 64, 128, 256, 512 };
	struct { const char *kind; int w; const int *T; int n; } k[2] = {
		{ "cpu", cpuw, cpuT, 4 }, { "gpu", gpuw, gpuT, ngpu } };
	/* the GPU's rates it holds under its power cap, written after the table */
	char sustain[2 * PM_MAX_RATES][96];
	int nsus = 0;
	for (int i = 0; i < 2; i++) {
		int w = k[i].w;
		if (w < 0)
			continue;
		for (int p = 1; p >= 0; p--)
			for (int j = 0; j < k[i].n; j++) {
				/* CPU cores: a few products, they are slow; GPUs: a run from rest */
				int T = k[i].T[j];
				struct kernel_rates r = time_gemm(p, w, T, T, 3);
				const struct pm_rest_run *u = &r.run;
				fprintf(stderr, "paralia: %s: %s %cgemm tile %d: %.1f GFLOP/s", who, k[i].kind,
				        p ? 'd' : 's', T, u->gflops);
				if (r.watts > 0)
					fprintf(stderr, ", %.0f W", r.watts);
				if (u->sustained > 0 && u->engaged_s < u->after_s && u->engaged < u->gflops)
					fprintf(stderr, " for %.2f s, then %.1f, after %.2f s %.1f GFLOP/s",
					        u->engaged_s, u->engaged, u->after_s, u->sustained);
				else if (u->sustained > 0)
					fprintf(stderr, " for %.2f s, then %.1f GFLOP/s", u->after_s, u->sustained);
				fprintf(stderr, u->gflops > 0 ? "\n" : " (left out)\n");
				if (u->gflops > 0 && r.watts > 0)
					fprintf(f, "%s %c %d %.3f %.1f\n", k[i].kind, p ? 'd' : 's', T, u->gflops, r.watts);
				else if (u->gflops > 0)
					fprintf(f, "%s %c %d %.3f\n", k[i].kind, p ? 'd' : 's', T, u->gflops);
				if (u->gflops > 0 && u->sustained > 0 && nsus < (int)(sizeof sustain / sizeof *sustain))
					snprintf(sustain[nsus++], sizeof sustain[0], "sustain %c %d %.3f %.4f %.3f %.4f\n",
					         p ? 'd' : 's', T, u->engaged, u->engaged_s, u->sustained, u->after_s);
			}
	}
	if (nsus > 0)
		fprintf(f, "# sustain prec tile GFLOP/s after-seconds GFLOP/s after-seconds: the rate the GPU\n"
		        "# has once its power cap engaged, after computing that long from rest (the rate\n"
		        "# above: before), and the rate it settles to, after that long\n");
	for (int i = 0; i < nsus; i++)
		fputs(sustain[i], f);
	if (gpuw >= 0)
		write_tall(who, f, gpuw);
	if (cpuw >= 0) /* sum_calibrate.c */
		pm_calibrate_sum(f);
	if (gpuw >= 0 && pm_calibrate_xfer(f, gpuw) == 0) /* xfer_calibrate.c */
		fprintf(stderr, "paralia: %s: no tile copy rates measured: the autotuner will take host "
		        "copies at the link map's bandwidths, which small tiles do not reach\n", who);
	return pm_table_commit(who, f, tmp, path);
}

int pm_table_path(const char *who, const char **path, char *def, size_t deflen)
{
	if (!paralia_is_initialized()) {
		fprintf(stderr, "paralia: %s: call paralia_init() first\n", who);
		return PARALIA_ERR_NOT_INITIALIZED;
	}
	if (!*path) {
		pm_kernel_table_path(def, deflen);
		*path = def;
	}
	return 0;
}

FILE *pm_table_open_tmp(const char *who, const char *path, char *tmp, size_t tmplen)
{
	FILE *f = NULL;
	if ((size_t)snprintf(tmp, tmplen, "%s.tmp", path) >= tmplen)
		errno = ENAMETOOLONG;
	else /* a fresh machine has no $PARALIA_HOME yet (as the link map's writer, make it) */
		f = lm_make_parent_dir(tmp) ? NULL : fopen(tmp, "w");
	if (!f)
		fprintf(stderr, "paralia: %s: cannot write %s.tmp: %s\n", who, path, strerror(errno));
	return f;
}

FILE *pm_table_rewrite(const char *who, const char *path, const char *word, const char *comment,
                       const char *comment_2, char *tmp, size_t tmplen)
{
	FILE *in = fopen(path, "r");
	if (!in) {
		fprintf(stderr, "paralia: %s: cannot read %s: %s (paralia-kernels writes the whole table)\n",
		        who, path, strerror(errno));
		return NULL;
	}
	FILE *out = pm_table_open_tmp(who, path, tmp, tmplen);
	char line[1024];
	size_t len = 0;
	while (out && fgets(line, sizeof line, in)) {
		const char *p = line + strspn(line, " \t");
		if (pm_table_line_is(p, word) || !strncmp(p, comment, strlen(comment)) ||
		    !strncmp(p, comment_2, strlen(comment_2)))
			continue;
		fputs(line, out);
		len = strlen(line);
	}
	fclose(in);
	if (out && len > 0 && line[len - 1] != '\n') /* a last line without its end */
		fputc('\n', out);
	return out;
}

void pm_table_discard(FILE *f, const char *tmp)
{
	fclose(f);
	remove(tmp);
}

int pm_table_commit(const char *who, FILE *f, const char *tmp, const char *path)
{
	if (fclose(f) != 0 || rename(tmp, path) != 0) {
		fprintf(stderr, "paralia: %s: cannot write %s: %s\n", who, path, strerror(errno));
		remove(tmp);
		return PARALIA_ERR_RUNTIME;
	}
	starpu_task_wait_for_all(); /* running tasks may point at a cached plan's worker mask */
	pm_plan_shutdown(); /* plans and rates are rebuilt from the new table on the next call */
	return 0;
}

int paralia_calibrate_kernels(const char *path)
{
	return pm_calibrate_kernels(path, PM_CALIBRATE_CPU | PM_CALIBRATE_GPU);
}

int paralia_calibrate_tall(const char *path)
{
	const char *who = "paralia_calibrate_tall";
	char def[512], tmp[600];
	int ret = pm_table_path(who, &path, def, sizeof def);
	if (ret)
		return ret;
	int w = starpu_worker_get_by_type(STARPU_CUDA_WORKER, 0);
	if (w < 0) {
		fprintf(stderr, "paralia: %s: no GPU worker to measure tall products on\n", who);
		return PARALIA_ERR_RUNTIME;
	}
	FILE *out = pm_table_rewrite(who, path, "tall", TALL_COMMENT, TALL_COMMENT_2, tmp, sizeof tmp);
	if (!out)
		return PARALIA_ERR_RUNTIME;
	if (write_tall(who, out, w) == 0) {
		pm_table_discard(out, tmp);
		fprintf(stderr, "paralia: %s: no tall product could be timed: %s unchanged\n", who, path);
		return PARALIA_ERR_RUNTIME;
	}
	return pm_table_commit(who, out, tmp, path);
}
