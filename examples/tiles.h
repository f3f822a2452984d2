/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * What examples/cholesky.c and examples/lu.c share: the command line, a user matrix cut into
 * StarPU tile handles the application registers itself (paralia's codelets then work on them),
 * precision dispatch of paralia's insert helpers, and the whole main around the task graph
 * (command line, timing, report, residual check): ex_main.
 *
 * The matrix is one column-major n x n array (leading dimension n); tile (i, j) is the nb x nb
 * block at rows i nb, columns j nb, smaller on the last row and column of tiles when nb does not
 * divide n. Each tile is a starpu_matrix handle over that block, so StarPU moves it to the GPUs
 * and back without copying the matrix.
 */
#ifndef PARALIA_EXAMPLES_TILES_H
#define PARALIA_EXAMPLES_TILES_H
#include <paralia.h>
#include <starpu.h>
#include <stddef.h>

struct ex_matrix {
	int n, nb, nt;                 /* order, tile size, tiles per side */
	int single;
	size_t elem;                   /* sizeof(float) or sizeof(double) */
	void *a;                       /* n x n, leading dimension n (starpu_malloc: pinned with GPUs) */
	starpu_data_handle_t *tiles;   /* nt x nt, tile (i, j) at i + j nt */
};

static inline starpu_data_handle_t ex_tile(const struct ex_matrix *m, int i, int j)
{
	return m->tiles[i + (size_t)j * m->nt];
}
/* Insert helpers of the matrix's precision (alpha, beta converted for single precision). */
static inline int ex_potrf(const struct ex_matrix *m, char uplo, starpu_data_handle_t A,
                           const struct paralia_task_opts *o)
{
	return m->single ? paralia_task_spotrf(uplo, A, o) : paralia_task_dpotrf(uplo, A, o);
}
static inline int ex_getrf(const struct ex_matrix *m, starpu_data_handle_t A,
                           const struct paralia_task_opts *o)
{
	return m->single ? paralia_task_sgetrf(A, o) : paralia_task_dgetrf(A, o);
}
static inline int ex_trsm(const struct ex_matrix *m, char side, char uplo, char trans, char diag,
                          double alpha, starpu_data_handle_t A, starpu_data_handle_t B,
                          const struct paralia_task_opts *o)
{
	return m->single ? paralia_task_strsm(side, uplo, trans, diag, (float)alpha, A, B, o)
	                 : paralia_task_dtrsm(side, uplo, trans, diag, alpha, A, B, o);
}
static inline int ex_syrk(const struct ex_matrix *m, char uplo, char trans, double alpha,
                          starpu_data_handle_t A, double beta, starpu_data_handle_t C,
                          const struct paralia_task_opts *o)
{
	return m->single ? paralia_task_ssyrk(uplo, trans, (float)alpha, A, (float)beta, C, o)
	                 : paralia_task_dsyrk(uplo, trans, alpha, A, beta, C, o);
}
static inline int ex_gemm(const struct ex_matrix *m, char transA, char transB, double alpha,
                          starpu_data_handle_t A, starpu_data_handle_t B, double beta,
                          starpu_data_handle_t C, const struct paralia_task_opts *o)
{
	return m->single ? paralia_task_sgemm(transA, transB, (float)alpha, A, B, (float)beta, C, o)
	                 : paralia_task_dgemm(transA, transB, alpha, A, B, beta, C, o);
}

/* Options for tasks on the critical path (highest priority the scheduler knows) and the rest. */
struct paralia_task_opts ex_urgent(void);

/* What one factorization example is; ex_main does the rest. */
struct ex_factorization {
	const char *name;
	int symmetric;                            /* input: symmetric positive definite, else only
	                                           * diagonally dominant (both need no pivoting) */
	int (*submit)(const struct ex_matrix *m); /* the task graph: 0 or a paralia error code */
	double (*flops)(double n);                /* LAPACK Working Note 41 count, as the codelets count */
	/* The factors held in F (n x n, double) multiplied back (by paralia_dtrmm, while paralia
	 * runs), in a new array from ex_triangle; NULL when out of memory or the call failed. The
	 * check compares it with the input. */
	double *(*product)(const double *F, int n);
};

/* A new n x n array holding F's lower (lower != 0: on and below the diagonal) or upper (on and
 * above) triangle and zeros elsewhere, written by all the cores (ex_parallel); NULL when out of
 * memory. */
double *ex_triangle(const double *F, int n, int lower);
/* Runs body(lo, hi, arg, acc) over [0, n) split between the machine's cores, acc (two sums per
 * part) added up into acc: the check's host passes are 7.5 GB each at n = 30720, minutes on one
 * core all told (issue 15), seconds on 16. */
void ex_parallel(size_t n, void (*body)(size_t lo, size_t hi, void *arg, double acc[2]), void *arg,
                 double acc[2]);

/* The examples' main: parses "-n N -nb NB [-s] [-check]" (also "-b NB"), starts paralia, builds
 * and registers the matrix, times the graph until the tiles are back in the matrix, prints time
 * and GFLOP/s, and with -check the scaled residual ||A - product(F)||_F / (||A||_F n eps).
 * Returns the exit status: 0; 1 when a task failed or the residual exceeds 10; 2 for a bad
 * command line. */
int ex_main(const struct ex_factorization *f, int argc, char **argv);
#endif
