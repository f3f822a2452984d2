/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * paralia_{s,d}trmm: B = alpha op(A) B (side L) or alpha B op(A) (side R) in place on B, A
 * triangular; each matrix on the host or on any GPU.
 * Tile algorithm: B(i,j) = alpha (op(A)(i,i) B(i,j) + sum over l != i in op(A)'s triangle of
 * op(A)(i,l) B(l,j)) for side L (transposed roles for side R): the trmm kernel on the diagonal
 * block, then gemm accumulations with beta 1. Being in place, a tile row (column) may be
 * overwritten only once every task reading its old value has been submitted, so the sweep runs
 * away from the triangle: top-down when op(A) is upper (row i reads rows below it), bottom-up when
 * lower; for side R, right-to-left when op(A) is upper, left-to-right when lower. StarPU's
 * sequential consistency then orders each write after the earlier-submitted reads (WAR).
 */
#ifndef PARALIA_PREC
#define PARALIA_SELF "blas/trmm.c"
#include "common/instantiate.h"
#else
#include "blas/triangular.h"

/* B = alpha op(A) B: step s finishes tile row i from the rows l not yet overwritten. */
static int LOCAL(trmm_left)(struct pl_matrix *mA, struct pl_matrix *mB, char uplo, char tA,
                            char diag, real_t alpha)
{
	int down = !pl_op_lower(uplo, tA), mt = mB->mt, nt = mB->nt, ret = 0;
	for (int s = 0; s < mt && !ret; s++) {
		int i = down ? s : mt - 1 - s;
		starpu_data_handle_t aii = pl_matrix_tile(mA, i, i);
		for (int j = 0; j < nt && !ret; j++) {
			starpu_data_handle_t bij = pl_matrix_tile(mB, i, j);
			ret = TASK(trmm)('L', uplo, tA, diag, alpha, aii, bij, NULL);
			for (int r = s + 1; r < mt && !ret; r++) {
				int l = down ? r : mt - 1 - r;
				char t;
				starpu_data_handle_t ail = pl_op_tile(mA, tA, i, l, &t);
				ret = TASK(gemm)(t, 'N', alpha, ail, pl_matrix_tile(mB, l, j), 1, bij, NULL);
			}
		}
	}
	return ret;
}

/* B = alpha B op(A): step s finishes tile column j from the columns l not yet overwritten. */
static int LOCAL(trmm_right)(struct pl_matrix *mA, struct pl_matrix *mB, char uplo, char tA,
                             char diag, real_t alpha)
{
	int rtl = !pl_op_lower(uplo, tA), mt = mB->mt, nt = mB->nt, ret = 0;
	for (int s = 0; s < nt && !ret; s++) {
		int j = rtl ? nt - 1 - s : s;
		starpu_data_handle_t ajj = pl_matrix_tile(mA, j, j);
		for (int i = 0; i < mt && !ret; i++) {
			starpu_data_handle_t bij = pl_matrix_tile(mB, i, j);
			ret = TASK(trmm)('R', uplo, tA, diag, alpha, ajj, bij, NULL);
			for (int r = s + 1; r < nt && !ret; r++) {
				int l = rtl ? nt - 1 - r : r;
				char t;
				starpu_data_handle_t alj = pl_op_tile(mA, tA, l, j, &t);
				ret = TASK(gemm)('N', t, alpha, pl_matrix_tile(mB, i, l), alj, 1, bij, NULL);
			}
		}
	}
	return ret;
}

/* The checks, alpha == 0 and call set-up are trsm's too: triangular_call.c. */
int FN(trmm)(paralia_side_t side, paralia_uplo_t uplo, paralia_trans_t transA, paralia_diag_t diag,
             int m, int n, real_t alpha, const real_t *A, int lda, real_t *B, int ldb)
{
	return LOCAL(pl_triangular_call)(NAME_STR(trmm), 't', LOCAL(trmm_left), LOCAL(trmm_right),
	                                 side, uplo, transA, diag, m, n, alpha, A, lda, B, ldb);
}
#endif
