/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * What the triangular routines (trmm, trsm) share: their BLAS argument checks, their whole-matrix
 * entry point (triangular_call.c), and access to the tiles of op(A) so that each routine is written
 * for "effectively lower/upper" once instead of once per (uplo, transA) pair.
 */
#ifndef PARALIA_TRIANGULAR_H
#define PARALIA_TRIANGULAR_H
#include "blas/tiled.h"

/* Reference-BLAS checks and numbering of ?trmm/?trsm: 1 side, 2 uplo, 3 transA, 4 diag, 5 m,
 * 6 n, 8 A, 9 lda, 10 B, 11 ldb (alpha, 7, cannot be illegal). A must be non-NULL only when it
 * is read (alpha != 0, m, n > 0). Returns 0 or -pos with one line on stderr. */
int pl_check_triangular(const char *routine, char side, char uplo, char transA, char diag, int m,
                        int n, int alpha_zero, const void *A, int lda, const void *B, int ldb);

/* A tile sweep of trmm or trsm for one side: submits the tasks of B = alpha op(A) B (or its
 * solve) over A's and B's tiles, in the order that makes StarPU's sequential consistency derive
 * the dependencies. uplo, tA ('N' or 'T') and diag are upper case. Returns 0 or the first task
 * submission's error. One type per precision, as alpha's type differs. */
typedef int pl_tri_sweep_s(struct pl_matrix *A, struct pl_matrix *B, char uplo, char tA, char diag,
                           float alpha);
typedef int pl_tri_sweep_d(struct pl_matrix *A, struct pl_matrix *B, char uplo, char tA, char diag,
                           double alpha);

/* triangular_call.c: the whole of paralia_?trmm or paralia_?trsm (same BLAS signature) around
 * its sweeps: argument checks (messages name routine), quick return, the call's plan (letter is
 * the routine's letter for pl_call_begin: 't' trmm, 'r' trsm), B = 0 when alpha == 0 (A not
 * read), else left or right by side on A's and B's tiles, then B back home. Returns what the
 * public routine returns. */
int pl_triangular_call_s(const char *routine, char letter, pl_tri_sweep_s *left,
                         pl_tri_sweep_s *right, paralia_side_t side, paralia_uplo_t uplo,
                         paralia_trans_t transA, paralia_diag_t diag, int m, int n, float alpha,
                         const float *A, int lda, float *B, int ldb);
int pl_triangular_call_d(const char *routine, char letter, pl_tri_sweep_d *left,
                         pl_tri_sweep_d *right, paralia_side_t side, paralia_uplo_t uplo,
                         paralia_trans_t transA, paralia_diag_t diag, int m, int n, double alpha,
                         const double *A, int lda, double *B, int ldb);

/* op(A)'s tile (i, l): A's tile (i, l) as is when trans is 'N', else A's tile (l, i) transposed.
 * *t receives the trans character to give the kernel that uses the tile. */
static inline starpu_data_handle_t pl_op_tile(struct pl_matrix *A, char trans, int i, int l, char *t)
{
	*t = trans == 'N' ? 'N' : 'T';
	return pl_trans_tile(A, trans, i, l);
}

/* Whether op(A) is lower triangular: transposing swaps the triangle. trans is 'N', 'T' or 'C'. */
static inline int pl_op_lower(char uplo, char trans) { return (uplo == 'L') != (trans != 'N'); }
#endif
