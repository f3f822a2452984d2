/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * paralia-simmodels: completes StarPU's history models of paralia's codelets for a simulated
 * machine (scripts/simulate.sh prepares every machine with it; docs/SIMULATION.md).
 *
 * StarPU on SimGrid takes each task's duration from the codelet's performance model and stops
 * when a task has none. The models measured on the real H200 know only the tile shapes that ran
 * there. This tool runs StarPU (the normal build; StarPU on SimGrid refuses new samples) on the
 * STARPU_HOME and STARPU_HOSTNAME of the simulated machine, whose models start as the measured
 * ones (scaled to the machine's GPU by the caller), and adds, for the CPU and the GPU
 * architectures, an entry for every tile shape built from the --dims list that has none:
 *   compute kernels   flops / (rate x efficiency): the gemm rate at that size interpolated
 *                     (pm_rate_gflops) from the square gemm tiles of the history (GPU, already
 *                     scaled) or from the kernel table (--cpu-table, CPU), times the kernel's
 *                     efficiency relative to gemm (struct kernel below: assumptions, until
 *                     measured models replace them);
 *   memory kernels    (geadd, lascal) a launch overhead plus bytes at an assumed bandwidth.
 * Measured entries are never changed. StarPU writes the models back at exit (paralia_<k>.<host>).
 *   paralia-simmodels --cpu-table FILE [--dims N,N,...]      (--dims default: 512, 1024, ... 8192)
 * The environment says where (STARPU_HOME, STARPU_HOSTNAME); run it with STARPU_NCUDA=0 and
 * STARPU_CALIBRATE_MINIMUM=1 (one sample is an entry), as simulate.sh does.
 */
#include "config.h"
#include "perfmodel/perfmodel.h"
#include <paralia.h>
#include <starpu.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_DIMS 64

enum shape { SH_GEMM, SH_SYRK, SH_SYR2K, SH_SYMM, SH_TRI, SH_FACTOR, SH_ADD, SH_SCALE };

/* One kernel: its codelets, how its tiles are shaped, its speed relative to gemm's at the same
 * size. Compute kernels: GPU / CPU efficiency; memory kernels (0): bytes at gpu_gbs / cpu_gbs. */
struct kernel {
	const char *name;
	struct starpu_codelet *cl[2]; /* single, double */
	enum shape shape;
	double eff_gpu, eff_cpu;
};

/* Assumed efficiencies (no measurement of these kernels at tile sizes yet): cuBLAS's Level-3
 * routines other than gemm at 80-90% of its rate, cuSOLVER's one-tile potrf/getrf at 5% (they
 * are latency-bound sequences of small steps), LAPACK's on one core at 70%. */
static const struct kernel kernels[] = {
	{ "gemm", { &paralia_cl_sgemm, &paralia_cl_dgemm }, SH_GEMM, 1.0, 1.0 },
	{ "syrk", { &paralia_cl_ssyrk, &paralia_cl_dsyrk }, SH_SYRK, 0.85, 0.9 },
	{ "syr2k", { &paralia_cl_ssyr2k, &paralia_cl_dsyr2k }, SH_SYR2K, 0.85, 0.9 },
	{ "symm", { &paralia_cl_ssymm, &paralia_cl_dsymm }, SH_SYMM, 0.9, 0.9 },
	{ "trmm", { &paralia_cl_strmm, &paralia_cl_dtrmm }, SH_TRI, 0.8, 0.85 },
	{ "trsm", { &paralia_cl_strsm, &paralia_cl_dtrsm }, SH_TRI, 0.8, 0.85 },
	{ "potrf", { &paralia_cl_spotrf, &paralia_cl_dpotrf }, SH_FACTOR, 0.05, 0.7 },
	{ "getrf", { &paralia_cl_sgetrf, &paralia_cl_dgetrf }, SH_FACTOR, 0.05, 0.7 },
	{ "geadd", { &paralia_cl_sgeadd, &paralia_cl_dgeadd }, SH_ADD, 0, 0 },
	{ "lascal", { &paralia_cl_slascal, &paralia_cl_dlascal }, SH_SCALE, 0, 0 },
};
/* Memory kernels: HBM at ~3 TB/s after a 5 us launch; one core at ~10 GB/s after 1 us. */
#define GPU_GBS 3000.0
#define GPU_LAUNCH_US 5.0
#define CPU_GBS 10.0
#define CPU_CALL_US 1.0

/* One task's tiles: handles' rows x columns, and what the kernel does with them. */
struct task_shape {
	int nbuf;
	int rows[3], cols[3];
	double flops;     /* compute kernels */
	int m, n, k;      /* the gemm of the same size, for the rate */
	double bytes;     /* memory kernels: read + written */
};

struct arch {
	struct starpu_perfmodel_arch *a;
	int gpu;
	struct pm_rates rates;
};

/* Expected time of cl on tiles of this shape under arch (NAN when the model has no entry), and
 * the task for a new sample (*keep, to destroy with its handles), from shapes without data. */
static double lookup(struct starpu_codelet *cl, const struct task_shape *ts, size_t elem,
                     struct starpu_perfmodel_arch *arch, struct starpu_task **keep,
                     starpu_data_handle_t *h)
{
	for (int i = 0; i < ts->nbuf; i++) /* home node -1: a shape without data, for the footprint */
		starpu_matrix_data_register(&h[i], -1, 0, (uint32_t)ts->rows[i], (uint32_t)ts->rows[i],
		                            (uint32_t)ts->cols[i], elem);
	struct starpu_task *t = starpu_task_create();
	t->cl = cl;
	t->nbuffers = ts->nbuf;
	for (int i = 0; i < ts->nbuf; i++) {
		STARPU_TASK_SET_HANDLE(t, h[i], i);
		enum starpu_data_access_mode mode = i == ts->nbuf - 1 ? STARPU_RW : STARPU_R;
		STARPU_TASK_SET_MODE(t, mode, i);
	}
	t->destroy = 0;
	*keep = t;
	return starpu_task_expected_length(t, arch, 0);
}

static void release(struct starpu_task *t, starpu_data_handle_t *h, int nbuf)
{
	starpu_task_destroy(t);
	for (int i = 0; i < nbuf; i++)
		starpu_data_unregister(h[i]);
}

static double synthetic_us(const struct kernel *k, const struct task_shape *ts, int dbl,
                           const struct arch *ar)
{
	if (k->eff_gpu == 0) /* memory kernel */
		return ar->gpu ? GPU_LAUNCH_US + ts->bytes / (GPU_GBS * 1e3)
		               : CPU_CALL_US + ts->bytes / (CPU_GBS * 1e3);
	double gflops = pm_rate_gflops(&ar->rates, dbl, ts->m, ts->n, ts->k) *
	                (ar->gpu ? k->eff_gpu : k->eff_cpu);
	return ts->flops / (gflops * 1e3);
}

/* Every task shape of kernel k whose dimensions come from dims (sizes of tiles and edge tiles). */
static int shapes(const struct kernel *k, const int *dims, int nd, size_t elem,
                  struct task_shape *out, int max)
{
	int n = 0;
#define ADD(...) do { if (n < max) out[n++] = (struct task_shape){ __VA_ARGS__ }; } while (0)
	for (int a = 0; a < nd; a++)
		for (int b = 0; b < nd; b++)
			for (int c = 0; c < (k->shape == SH_GEMM ? nd : 1); c++) {
				int x = dims[a], y = dims[b], z = dims[c];
				switch (k->shape) {
				case SH_GEMM: /* m = x, n = y, k = z; A and B in each transposition */
					for (int t = 0; t < 4; t++)
						ADD(3, { t & 1 ? z : x, t & 2 ? y : z, x }, { t & 1 ? x : z, t & 2 ? z : y, y },
						    2.0 * x * y * z, x, y, z, 0);
					break;
				case SH_SYRK: /* n = x, k = y, A n x k or k x n */
					ADD(2, { x, x }, { y, x }, (double)y * x * (x + 1), x, x, y, 0);
					ADD(2, { y, x }, { x, x }, (double)y * x * (x + 1), x, x, y, 0);
					break;
				case SH_SYR2K:
					ADD(3, { x, x, x }, { y, y, x }, 2.0 * y * x * (x + 1), x, x, y, 0);
					ADD(3, { y, y, x }, { x, x, x }, 2.0 * y * x * (x + 1), x, x, y, 0);
					break;
				case SH_SYMM: /* B and C m x n, A m x m (left) or n x n (right) */
					ADD(3, { x, x, x }, { x, y, y }, 2.0 * x * y * x, x, y, x, 0);
					ADD(3, { y, x, x }, { y, y, y }, 2.0 * x * y * y, x, y, y, 0);
					break;
				case SH_TRI: /* B m x n, A m x m (left) or n x n (right) */
					ADD(2, { x, x }, { x, y }, (double)x * x * y, x, y, x, 0);
					ADD(2, { y, x }, { y, y }, (double)x * y * y, x, y, y, 0);
					break;
				case SH_FACTOR:
					if (a == b) {
						double f = (double)x * x * x;
						ADD(1, { x }, { x }, strcmp(k->name, "potrf") ? 2 * f / 3 : f / 3, x, x, x, 0);
					}
					break;
				case SH_ADD:
					ADD(2, { x, x }, { y, y }, 0, x, y, 1, 3.0 * x * y * elem);
					break;
				case SH_SCALE:
					ADD(1, { x }, { y }, 0, x, y, 1, 2.0 * x * y * elem);
					break;
				}
			}
#undef ADD
	return n;
}

/* The GPU's gemm rates from the history's square tiles (already scaled to the machine's GPU);
 * sizes the history lacks take the default curve. */
static void gpu_rates(struct pm_rates *r, struct starpu_perfmodel_arch *gpu)
{
	static const int T[] = { 512, 1024, 2048, 4096, 8192 };
	struct pm_rates def;
	pm_rates_default(&def, PM_GPU);
	memset(r, 0, sizeof *r);
	r->n = 5;
	for (int i = 0; i < r->n; i++) {
		r->T[i] = T[i];
		for (int dbl = 0; dbl < 2; dbl++) {
			struct task_shape sq = { 3, { T[i], T[i], T[i] }, { T[i], T[i], T[i] }, 0, 0, 0, 0, 0 };
			struct starpu_task *t;
			starpu_data_handle_t h[3];
			double us = lookup(kernels[0].cl[dbl], &sq, dbl ? 8 : 4, gpu, &t, h);
			release(t, h, 3);
			double f = 2.0 * T[i] * T[i] * T[i];
			r->gflops[dbl][i] = isfinite(us) && us > 0 ? f / (us * 1e3) : pm_rate_gflops(&def, dbl, T[i], T[i], T[i]);
			printf("gpu %s gemm %5d: %8.1f GFLOP/s (%s)\n", dbl ? "d" : "s", T[i], r->gflops[dbl][i],
			       isfinite(us) && us > 0 ? "history" : "default curve, not in the history");
		}
	}
}

static int parse_args(int argc, char **argv, const char **table, int *dims, int *nd)
{
	*table = NULL;
	*nd = 0;
	for (int d = 512; d <= 8192; d += 512)
		dims[(*nd)++] = d;
	for (int i = 1; i < argc; i++) {
		const char *v = i + 1 < argc ? argv[i + 1] : NULL;
		if (!strcmp(argv[i], "--cpu-table") && v) {
			*table = v;
		} else if (!strcmp(argv[i], "--dims") && v) {
			char buf[1024], *tok;
			snprintf(buf, sizeof buf, "%s", v);
			*nd = 0;
			for (tok = strtok(buf, ","); tok && *nd < MAX_DIMS; tok = strtok(NULL, ","))
				if ((dims[(*nd)++] = atoi(tok)) <= 0)
					return fprintf(stderr, "paralia-simmodels: --dims '%s': '%s' is not a positive size\n", v, tok), -1;
		} else {
			return fprintf(stderr, "usage: paralia-simmodels --cpu-table FILE [--dims N,N,...]\n"), -1;
		}
		i++;
	}
	if (!*table)
		return fprintf(stderr, "paralia-simmodels: --cpu-table FILE is needed (the CPU's gemm rates)\n"), -1;
	return 0;
}

/* Adds the missing entries of one kernel in one precision, for the CPU and the GPU. */
static int complete_kernel(const struct kernel *k, int dbl, const int *dims, int nd, const struct arch *ar)
{
	size_t elem = dbl ? sizeof(double) : sizeof(float), max = (size_t)nd * nd * nd * 4;
	struct task_shape *ts = malloc(max * sizeof *ts);
	if (!ts)
		return -1;
	int n = shapes(k, dims, nd, elem, ts, (int)max), present[2] = { 0, 0 }, added[2] = { 0, 0 };
	for (int i = 0; i < n; i++)
		for (int g = 0; g < 2; g++) {
			struct starpu_task *t;
			starpu_data_handle_t h[3];
			double us = lookup(k->cl[dbl], &ts[i], elem, ar[g].a, &t, h);
			if (isfinite(us) && us > 0) {
				present[g]++; /* measured, or added for an earlier shape with the same footprint */
			} else {
				/* As ten samples: StarPU drops an entry's first sample, and a model needs
				 * STARPU_CALIBRATE_MINIMUM (10) of them before schedulers trust it. */
				starpu_perfmodel_update_history_n(k->cl[dbl]->model, t, ar[g].a, 0, 0,
				                                  synthetic_us(k, &ts[i], dbl, &ar[g]), 10);
				added[g]++;
			}
			release(t, h, ts[i].nbuf);
		}
	printf("paralia_%c%s: %d shapes; cpu %d present, %d added; gpu %d present, %d added\n",
	       dbl ? 'd' : 's', k->name, n, present[0], added[0], present[1], added[1]);
	free(ts);
	return 0;
}

int main(int argc, char **argv)
{
	const char *table;
	int dims[MAX_DIMS], nd;
	if (parse_args(argc, argv, &table, dims, &nd))
		return 2;
	struct arch ar[2] = { { .gpu = 0 }, { .gpu = 1 } };
	char err[600] = "";
	if (pm_rates_load(&ar[0].rates, table, "cpu", err, sizeof err) != 1) {
		fprintf(stderr, "paralia-simmodels: %s: %s\n", table, err[0] ? err : "no CPU rates");
		return 1;
	}
	if (starpu_init(NULL) != 0 || starpu_cpu_worker_get_count() < 1) {
		fprintf(stderr, "paralia-simmodels: StarPU did not start with a CPU worker\n");
		return 1;
	}
	ar[0].a = starpu_worker_get_perf_archtype(starpu_worker_get_by_type(STARPU_CPU_WORKER, 0), 0);
	/* The simulated GPUs' architecture: CUDA device 0 (simulate.sh makes StarPU treat all GPUs
	 * of a machine as one, STARPU_PERF_MODEL_HOMOGENEOUS_CUDA=1). */
	struct starpu_perfmodel_device cuda = { .type = STARPU_CUDA_WORKER, .devid = 0, .ncores = 1 };
	int comb = starpu_perfmodel_arch_comb_get(1, &cuda);
	ar[1].a = starpu_perfmodel_arch_comb_fetch(comb >= 0 ? comb : starpu_perfmodel_arch_comb_add(1, &cuda));
	gpu_rates(&ar[1].rates, ar[1].a);
	int ret = 0;
	for (size_t k = 0; k < sizeof kernels / sizeof kernels[0] && !ret; k++)
		for (int dbl = 0; dbl < 2 && !ret; dbl++)
			ret = complete_kernel(&kernels[k], dbl, dims, nd, ar);
	starpu_shutdown(); /* writes the models */
	if (ret)
		fprintf(stderr, "paralia-simmodels: out of memory\n");
	return ret ? 1 : 0;
}
