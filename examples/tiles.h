/*
 * What examples/cholesky.c and examples/lu.c share: the command line, a user matrix cut into
 * StarPU tile handles the application registers itself (paralia's codelets then work on them),
 * precision dispatch of paralia's insert helpers, and the report and residual norm.
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

struct ex_opts {
	int n, nb;    /* order of the matrix, tile size */
	int single;   /* -s: float instead of double */
	int check;    /* -check: compute the scaled residual */
};

/* Parses "-n N -nb NB [-s] [-check]" (also "-b NB"). Returns 0, or prints the usage line (with
 * the reason) on stderr and returns 2, the exit status for a bad command line. */
int ex_parse(int argc, char **argv, struct ex_opts *o);

struct ex_matrix {
	int n, nb, nt;                 /* order, tile size, tiles per side */
	int single;
	size_t elem;                   /* sizeof(float) or sizeof(double) */
	void *a;                       /* n x n, leading dimension n (starpu_malloc: pinned with GPUs) */
	starpu_data_handle_t *tiles;   /* nt x nt, tile (i, j) at i + j nt */
};

/* Allocates the matrix (after paralia_init, so it can be pinned) and fills it with a random
 * matrix, deterministic for a given n: entries in [-0.5, 0.5], plus n on the diagonal (diagonally
 * dominant, so LU needs no pivoting), symmetric when `symmetric` (then also positive definite).
 * Returns 0 or -1 (message printed). */
int ex_matrix_init(struct ex_matrix *m, const struct ex_opts *o, int symmetric);
/* Registers every tile as a StarPU matrix handle / unregisters them (the data comes home). */
void ex_register(struct ex_matrix *m);
void ex_unregister(struct ex_matrix *m);
static inline starpu_data_handle_t ex_tile(const struct ex_matrix *m, int i, int j)
{
	return m->tiles[i + (size_t)j * m->nt];
}
/* The matrix in double precision (a new malloc'ed n x n array, NULL if out of memory). */
double *ex_to_double(const struct ex_matrix *m);
void ex_matrix_free(struct ex_matrix *m);

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

/* Prints "<name> n=.. nb=.. <precision>: time .. s, .. GFLOP/s" and the workers used. */
void ex_report(const char *name, const struct ex_opts *o, double seconds, double flops);
/* After the graph: 1 (with a message) when a task failed, else 0. */
int ex_failed(const char *name);
/* Lets OpenBLAS use every core again for the host-side check (paralia_init set it to one). */
void ex_host_threads(void);
/* Frobenius norm of an n x n double matrix (leading dimension n). */
double ex_norm_fro(const double *a, int n);
/* Prints the scaled residual r against the bound 10; returns 0 if r <= 10, else 1. */
int ex_verdict(const char *name, double r);
#endif
