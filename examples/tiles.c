/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Shared parts of the tiled factorisation examples (see tiles.h). */
#include "config.h"
#include "examples/tiles.h"
#include <float.h>
#include <limits.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define EX_MAX_THREADS 64

struct ex_part {
	size_t lo, hi;
	void (*body)(size_t, size_t, void *, double *);
	void *arg;
	double acc[2];
};

static void *ex_part_run(void *p)
{
	struct ex_part *r = p;
	r->body(r->lo, r->hi, r->arg, r->acc);
	return NULL;
}

void ex_parallel(size_t n, void (*body)(size_t lo, size_t hi, void *arg, double acc[2]), void *arg,
                 double acc[2])
{
	long nt = sysconf(_SC_NPROCESSORS_ONLN);
	nt = nt < 1 ? 1 : nt > EX_MAX_THREADS ? EX_MAX_THREADS : nt;
	if ((size_t)nt > n)
		nt = n > 0 ? (long)n : 1;
	struct ex_part part[EX_MAX_THREADS];
	pthread_t th[EX_MAX_THREADS];
	int started[EX_MAX_THREADS];
	for (long i = 0; i < nt; i++) {
		part[i] = (struct ex_part){ n * (size_t)i / (size_t)nt, n * (size_t)(i + 1) / (size_t)nt, body, arg,
		                            { 0, 0 } };
		started[i] = i > 0 && pthread_create(&th[i], NULL, ex_part_run, &part[i]) == 0;
		if (i > 0 && !started[i])
			ex_part_run(&part[i]); /* no thread: this one does it */
	}
	ex_part_run(&part[0]);
	acc[0] = acc[1] = 0;
	for (long i = 0; i < nt; i++) {
		if (started[i])
			pthread_join(th[i], NULL);
		acc[0] += part[i].acc[0];
		acc[1] += part[i].acc[1];
	}
}

struct ex_tri {
	const double *F;
	double *W;
	int n, lower;
};

static void ex_triangle_cols(size_t lo, size_t hi, void *arg, double acc[2])
{
	(void)acc;
	const struct ex_tri *t = arg;
	size_t n = (size_t)t->n;
	for (size_t j = lo; j < hi; j++) {
		double *w = t->W + j * n;
		const double *f = t->F + j * n;
		size_t a = t->lower ? j : 0, b = t->lower ? n : j + 1; /* the kept rows [a, b) */
		memset(w, 0, a * sizeof(double));
		memcpy(w + a, f + a, (b - a) * sizeof(double));
		memset(w + b, 0, (n - b) * sizeof(double));
	}
}

double *ex_triangle(const double *F, int n, int lower)
{
	double *W = malloc((size_t)n * n * sizeof(double));
	if (!W)
		return NULL;
	struct ex_tri t = { F, W, n, lower };
	double acc[2];
	ex_parallel((size_t)n, ex_triangle_cols, &t, acc);
	return W;
}

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
struct ex_widen {
	const struct ex_matrix *m;
	double *d;
};

static void ex_widen_range(size_t lo, size_t hi, void *arg, double acc[2])
{
	(void)acc;
	const struct ex_widen *w = arg;
	if (w->m->single)
		for (size_t x = lo; x < hi; x++)
			w->d[x] = (double)((const float *)w->m->a)[x];
	else
		memcpy(w->d + lo, (const double *)w->m->a + lo, (hi - lo) * sizeof(double));
}

static double *ex_to_double(const struct ex_matrix *m)
{
	size_t nn = (size_t)m->n * m->n;
	double *d = malloc(nn * sizeof(double));
	if (!d)
		return NULL;
	struct ex_widen w = { m, d };
	double acc[2];
	ex_parallel(nn, ex_widen_range, &w, acc);
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
/* acc[0] += sum (A0 - W)^2, acc[1] += sum A0^2 over [lo, hi): both norms in one pass. */
static void ex_residual_range(size_t lo, size_t hi, void *arg, double acc[2])
{
	const double *const *aw = arg;
	double r = 0, a = 0;
	for (size_t x = lo; x < hi; x++) {
		double d = aw[0][x] - aw[1][x];
		r += d * d;
		a += aw[0][x] * aw[0][x];
	}
	acc[0] += r;
	acc[1] += a;
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

/* ||A0 - product(F)||_F / (||A0||_F n eps); -1 when out of memory. Prints how long the
 * product and the norms took. */
static double scaled_residual(const struct ex_factorization *f, const double *A0, const double *F,
                              int n, double eps)
{
	double t0 = starpu_timing_now();
	double *W = f->product(F, n);
	if (!W)
		return -1;
	double t1 = starpu_timing_now();
	const double *aw[2] = { A0, W };
	double acc[2];
	ex_parallel((size_t)n * n, ex_residual_range, aw, acc);
	double r = sqrt(acc[0]) / (sqrt(acc[1]) * n * eps);
	printf("%s: check: product of the factors %.2f s, norms %.2f s\n", f->name, (t1 - t0) * 1e-6,
	       (starpu_timing_now() - t1) * 1e-6);
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
