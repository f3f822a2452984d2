/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * What the triangular routines (trmm, trsm) share: their BLAS argument checks, and access to the
 * tiles of op(A) so that each routine is written for "effectively lower/upper" once instead of
 * once per (uplo, transA) pair.
 */
#ifndef PARALIA_TRIANGULAR_H
#define PARALIA_TRIANGULAR_H
#include "blas/tiled.h"

/* Reference-BLAS checks and numbering of ?trmm/?trsm: 1 side, 2 uplo, 3 transA, 4 diag, 5 m,
 * 6 n, 8 A, 9 lda, 10 B, 11 ldb (alpha, 7, cannot be illegal). A must be non-NULL only when it
 * is read (alpha != 0, m, n > 0). Returns 0 or -pos with one line on stderr. */
int pl_check_triangular(const char *routine, char side, char uplo, char transA, char diag, int m,
                        int n, int alpha_zero, const void *A, int lda, const void *B, int ldb);

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
