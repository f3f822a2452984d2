/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * paralia_{s,d}trsm: solves op(A) X = alpha B (side L) or X op(A) = alpha B (side R) in place on
 * B, A triangular; each matrix on the host or on any GPU.
 * Tile algorithm (Chameleon's pztrsm): a sweep over the tile rows (side L) or columns (side R) of
 * B in the order in which op(A)'s triangle lets the unknowns be found (forward when op(A) is lower
 * for side L, upper for side R): solve the diagonal block with the trsm kernel, then subtract its
 * contribution from every block still to come with gemm. alpha is applied once per B tile, by the
 * first task that writes it (the first sweep step's trsm or gemm's beta); later steps use 1.
 * Submission order is the algorithm's order: StarPU's sequential consistency derives every
 * dependency from it (each gemm reads the solved tile after the trsm that wrote it).
 */
#ifndef PARALIA_PREC
#define PARALIA_SELF "blas/trsm.c"
#include "common/instantiate.h"
#else
#include "blas/triangular.h"

/* op(A) X = alpha B: B has mt tile rows; step s solves tile row k and updates the rows after it. */
static int LOCAL(trsm_left)(struct pl_matrix *mA, struct pl_matrix *mB, char uplo, char tA,
                            char diag, real_t alpha)
{
	int fwd = pl_op_lower(uplo, tA), mt = mB->mt, nt = mB->nt, ret = 0;
	for (int s = 0; s < mt && !ret; s++) {
		int k = fwd ? s : mt - 1 - s;
		real_t a = s == 0 ? alpha : (real_t)1;
		starpu_data_handle_t akk = pl_matrix_tile(mA, k, k);
		for (int j = 0; j < nt && !ret; j++)
			ret = TASK(trsm)('L', uplo, tA, diag, a, akk, pl_matrix_tile(mB, k, j), NULL);
		for (int r = s + 1; r < mt && !ret; r++) {
			int i = fwd ? r : mt - 1 - r;
			char t;
			starpu_data_handle_t aik = pl_op_tile(mA, tA, i, k, &t);
			for (int j = 0; j < nt && !ret; j++) /* B(i,j) = a B(i,j) - op(A)(i,k) X(k,j) */
				ret = TASK(gemm)(t, 'N', -1, aik, pl_matrix_tile(mB, k, j), a,
				                 pl_matrix_tile(mB, i, j), NULL);
		}
	}
	return ret;
}

/* X op(A) = alpha B: B has nt tile columns; step s solves tile column k, updates the later ones. */
static int LOCAL(trsm_right)(struct pl_matrix *mA, struct pl_matrix *mB, char uplo, char tA,
                             char diag, real_t alpha)
{
	int fwd = !pl_op_lower(uplo, tA), mt = mB->mt, nt = mB->nt, ret = 0;
	for (int s = 0; s < nt && !ret; s++) {
		int k = fwd ? s : nt - 1 - s;
		real_t a = s == 0 ? alpha : (real_t)1;
		starpu_data_handle_t akk = pl_matrix_tile(mA, k, k);
		for (int i = 0; i < mt && !ret; i++)
			ret = TASK(trsm)('R', uplo, tA, diag, a, akk, pl_matrix_tile(mB, i, k), NULL);
		for (int r = s + 1; r < nt && !ret; r++) {
			int j = fwd ? r : nt - 1 - r;
			char t;
			starpu_data_handle_t akj = pl_op_tile(mA, tA, k, j, &t);
			for (int i = 0; i < mt && !ret; i++) /* B(i,j) = a B(i,j) - X(i,k) op(A)(k,j) */
				ret = TASK(gemm)('N', t, -1, pl_matrix_tile(mB, i, k), akj, a,
				                 pl_matrix_tile(mB, i, j), NULL);
		}
	}
	return ret;
}

/* The checks, alpha == 0 and call set-up are trmm's too: triangular_call.c. */
int FN(trsm)(paralia_side_t side, paralia_uplo_t uplo, paralia_trans_t transA, paralia_diag_t diag,
             int m, int n, real_t alpha, const real_t *A, int lda, real_t *B, int ldb)
{
	return LOCAL(pl_triangular_call)(NAME_STR(trsm), 'r', LOCAL(trsm_left), LOCAL(trsm_right),
	                                 side, uplo, transA, diag, m, n, alpha, A, lda, B, ldb);
}
#endif
