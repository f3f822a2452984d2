/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Shared parts of the tiled factorisation examples (see tiles.h). */
#include "config.h"
#include "examples/tiles.h"
#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int usage(const char *prog, const char *why, const char *arg)
{
	fprintf(stderr, "%s: %s%s%s\nusage: %s -n N -nb NB [-s] [-check]   (N >= 1 order, NB >= 1 tile "
	        "size, -s single precision, -check scaled residual)\n", prog, why, arg ? ": " : "",
	        arg ? arg : "", prog);
	return 2;
}

static int parse_int(const char *s, int *v)
{
	char *end = NULL;
	long x = s ? strtol(s, &end, 10) : 0;
	if (!s || *s == '\0' || *end != '\0' || x < 1 || x > INT_MAX / 2)
		return -1;
	*v = (int)x;
	return 0;
}

struct ex_opts {
	int n, nb;    /* order of the matrix, tile size */
	int single;   /* -s: float instead of double */
	int check;    /* -check: compute the scaled residual */
};

/* Parses the command line. Returns 0, or prints the usage line (with the reason) on stderr and
 * returns 2, the exit status for a bad command line. */
static int ex_parse(int argc, char **argv, struct ex_opts *o)
{
	const char *prog = strrchr(argv[0], '/') ? strrchr(argv[0], '/') + 1 : argv[0];
	*o = (struct ex_opts){ 4096, 512, 0, 0 };
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (!strcmp(a, "-n") || !strcmp(a, "-nb") || !strcmp(a, "-b")) {
			int is_n = !strcmp(a, "-n");
			const char *v = i + 1 < argc ? argv[++i] : NULL;
			if (parse_int(v, is_n ? &o->n : &o->nb))
				return usage(prog, is_n ? "-n needs a positive integer" : "-nb needs a positive integer",
				             v ? v : "(missing)");
		} else if (!strcmp(a, "-s")) {
			o->single = 1;
		} else if (!strcmp(a, "-check")) {
			o->check = 1;
		} else {
			return usage(prog, "unknown argument", a);
		}
	}
	if (o->nb > o->n)
		o->nb = o->n;
#ifdef PARALIA_SIMULATION
	if (o->check)
		return usage(prog, "-check is not available in a simulation build", "no kernel runs there");
#endif
	return 0;
}

#ifdef PARALIA_SIMULATION
/* Simulated runs: the matrix is folded (address space without memory: StarPU on SimGrid copies
 * nothing and runs no kernel), pinned as on the real machine. */
#define EX_MALLOC_FLAGS (STARPU_MALLOC_PINNED | STARPU_MALLOC_SIMULATION_FOLDED)
#else
#define EX_MALLOC_FLAGS STARPU_MALLOC_PINNED
#endif

/* Allocates the matrix (after paralia_init, so it can be pinned) and fills it with a random
 * matrix, deterministic for a given n: entries in [-0.5, 0.5], plus n on the diagonal (diagonally
 * dominant, so LU needs no pivoting), symmetric when `symmetric` (then also positive definite).
 * Returns 0 or -1 (message printed). */
static int ex_matrix_init(struct ex_matrix *m, const struct ex_opts *o, int symmetric)
{
	*m = (struct ex_matrix){ o->n, o->nb, (o->n + o->nb - 1) / o->nb, o->single,
	                         o->single ? sizeof(float) : sizeof(double), NULL, NULL };
	size_t n = (size_t)m->n;
	m->tiles = calloc((size_t)m->nt * m->nt, sizeof *m->tiles);
	if (!m->tiles || starpu_malloc_flags(&m->a, n * n * m->elem, EX_MALLOC_FLAGS) != 0) {
		fprintf(stderr, "out of memory for a %dx%d matrix\n", m->n, m->n);
		free(m->tiles);
		return -1;
	}
#ifdef PARALIA_SIMULATION
	(void)symmetric; /* nothing reads the values */
	return 0;
#endif
	/* 64-bit LCG, 53-bit mantissas; column by column, the upper triangle mirrored when symmetric. */
	unsigned long long s = 0x9E3779B97F4A7C15ull ^ n;
	for (size_t j = 0; j < n; j++)
		for (size_t i = 0; i < n; i++) {
			double v;
			if (symmetric && i < j) {
				v = m->single ? ((float *)m->a)[j + i * n] : ((double *)m->a)[j + i * n];
			} else {
				s = s * 6364136223846793005ull + 1442695040888963407ull;
				v = (double)(s >> 11) / 9007199254740992.0 - 0.5 + (i == j ? (double)n : 0);
			}
			if (m->single)
				((float *)m->a)[i + j * n] = (float)v;
			else
				((double *)m->a)[i + j * n] = v;
		}
	return 0;
}

/* Registers every tile as a StarPU matrix handle / unregisters them (the data comes home). */
static void ex_register(struct ex_matrix *m)
{
	for (int j = 0; j < m->nt; j++)
		for (int i = 0; i < m->nt; i++) {
			int rows = i == m->nt - 1 ? m->n - i * m->nb : m->nb;
			int cols = j == m->nt - 1 ? m->n - j * m->nb : m->nb;
			char *p = (char *)m->a + m->elem * ((size_t)i * m->nb + (size_t)j * m->nb * m->n);
			starpu_matrix_data_register(&m->tiles[i + (size_t)j * m->nt], STARPU_MAIN_RAM,
			                            (uintptr_t)p, (uint32_t)m->n, (uint32_t)rows, (uint32_t)cols,
			                            m->elem);
		}
}

static void ex_unregister(struct ex_matrix *m)
{
	for (size_t t = 0; t < (size_t)m->nt * m->nt; t++)
		starpu_data_unregister(m->tiles[t]);
}

/* The matrix in double precision (a new malloc'ed n x n array, NULL if out of memory). */
static double *ex_to_double(const struct ex_matrix *m)
{
	size_t nn = (size_t)m->n * m->n;
	double *d = malloc(nn * sizeof(double));
	if (!d)
		return NULL;
	for (size_t x = 0; x < nn; x++)
		d[x] = m->single ? (double)((const float *)m->a)[x] : ((const double *)m->a)[x];
	return d;
}

static void ex_matrix_free(struct ex_matrix *m)
{
	starpu_free_flags(m->a, (size_t)m->n * m->n * m->elem, EX_MALLOC_FLAGS);
	free(m->tiles);
	m->a = NULL;
	m->tiles = NULL;
}

struct paralia_task_opts ex_urgent(void)
{
	struct paralia_task_opts o = { starpu_sched_get_max_priority(), -1 };
	return o;
}

/* Prints "<name> n=.. nb=.. <precision>: time .. s, .. GFLOP/s" and the workers used. */
static void ex_report(const char *name, const struct ex_opts *o, double seconds, double flops)
{
	printf("%s: n=%d nb=%d %s, %u CPU + %u CUDA workers: time %.3f s, %.2f GFLOP/s\n", name, o->n,
	       o->nb, o->single ? "single" : "double", starpu_cpu_worker_get_count(),
	       starpu_cuda_worker_get_count(), seconds, seconds > 0 ? flops / seconds * 1e-9 : 0.0);
}

/* After the graph: 1 (with a message) when a task failed, else 0. */
static int ex_failed(const char *name)
{
	int nf = paralia_task_failures();
	if (nf == 0)
		return 0;
	const char *kernel = NULL;
	int info = paralia_task_failure_info(&kernel);
	fprintf(stderr, "%s: FAILED: %d task(s) failed; first: %s, info %d\n", name, nf,
	        kernel ? kernel : "?", info);
	return 1;
}

/* Frobenius norm of an n x n double matrix (leading dimension n). */
static double ex_norm_fro(const double *a, int n)
{
	double s = 0;
	for (size_t x = 0; x < (size_t)n * n; x++)
		s += a[x] * a[x];
	return sqrt(s);
}

/* Prints the scaled residual r against the bound 10 and the seconds the check took; returns 0
 * if r <= 10, else 1. */
static int ex_verdict(const char *name, double r, double seconds)
{
	int ok = r <= 10; /* also false for NaN */
	printf("%s: check: scaled residual ||A - F|| / (||A|| n eps) = %.3g (bound 10): %s (%.2f s)\n",
	       name, r, ok ? "ok" : "FAILED", seconds);
	if (!ok)
		fprintf(stderr, "%s: FAILED: scaled residual %.3g exceeds 10\n", name, r);
	return ok ? 0 : 1;
}

/* ||A0 - product(F)||_F / (||A0||_F n eps); -1 when out of memory. */
static double scaled_residual(const struct ex_factorization *f, const double *A0, const double *F,
                              int n, double eps)
{
	double *W = f->product(F, n);
	if (!W)
		return -1;
	for (size_t x = 0; x < (size_t)n * n; x++)
		W[x] = A0[x] - W[x];
	double r = ex_norm_fro(W, n) / (ex_norm_fro(A0, n) * n * eps);
	free(W);
	return r;
}

int ex_main(const struct ex_factorization *f, int argc, char **argv)
{
	const char *name = f->name;
	struct ex_opts o;
	int status = ex_parse(argc, argv, &o);
	if (status)
		return status;
	int ret = paralia_init();
	if (ret) {
		fprintf(stderr, "%s: paralia_init failed: %s\n", name, paralia_strerror(ret));
		return 1;
	}
	struct ex_matrix m;
	if (ex_matrix_init(&m, &o, f->symmetric)) {
		paralia_shutdown();
		return 1;
	}
	double *A0 = o.check ? ex_to_double(&m) : NULL;
	if (o.check && !A0) {
		fprintf(stderr, "%s: out of memory for the check's copy of A\n", name);
		ex_matrix_free(&m);
		paralia_shutdown();
		return 1;
	}
	paralia_task_failures_reset();
	ex_register(&m);
	double t0 = starpu_timing_now();
	ret = f->submit(&m);
	starpu_task_wait_for_all();
	ex_unregister(&m); /* the tiles come back to the matrix: part of the measured time */
	double seconds = (starpu_timing_now() - t0) * 1e-6;
	ex_report(name, &o, seconds, f->flops(o.n));
	if (ret)
		fprintf(stderr, "%s: FAILED: a task could not be submitted (%s)\n", name, paralia_strerror(ret));
	status = ret ? 1 : ex_failed(name);
	double *F = o.check && !status ? ex_to_double(&m) : NULL;
	ex_matrix_free(&m);
	if (o.check && !status) {
		/* The product of the factors by paralia (still running), the norms on the host. */
		double c0 = starpu_timing_now();
		double r = F ? scaled_residual(f, A0, F, o.n, o.single ? FLT_EPSILON : DBL_EPSILON) : -1;
		double check_s = (starpu_timing_now() - c0) * 1e-6;
		if (r < 0) {
			fprintf(stderr, "%s: the check could not be computed (out of memory, or paralia_dtrmm "
			        "failed)\n", name);
			status = 1;
		} else {
			status = ex_verdict(name, r, check_s);
		}
	}
	paralia_shutdown();
	free(A0);
	free(F);
	return status;
}
