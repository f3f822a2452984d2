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

int FN(trsm)(paralia_side_t side, paralia_uplo_t uplo, paralia_trans_t transA, paralia_diag_t diag,
             int m, int n, real_t alpha, const real_t *A, int lda, real_t *B, int ldb)
{
	const char *who = NAME_STR(trsm);
	char sd = pl_upper((char)side), ul = pl_upper((char)uplo), dg = pl_upper((char)diag);
	char tA = pl_upper((char)transA) == 'C' ? 'T' : pl_upper((char)transA); /* real: C == T */
	int ret = pl_check_triangular(who, sd, ul, tA, dg, m, n, alpha == (real_t)0, A, lda, B, ldb);
	if (ret)
		return ret;
	if (m == 0 || n == 0)
		return 0; /* BLAS quick return */
	if ((ret = pl_routine_begin(who)))
		return ret;

	int ka = sd == 'L' ? m : n;
	struct pl_call call;
	const struct pm_operand op[3] = { { alpha == (real_t)0 ? NULL : A, lda, ka, 0 }, { NULL, 0, 0, 0 },
	                                  { B, ldb, m, 0 } };
	if ((ret = pl_call_begin(&call, who, 'r', sizeof(real_t) == sizeof(double), m, n, ka, op, 1)))
		return ret;
	int nb = call.nb;
	struct pl_matrix mA = {0}, mB = {0};
	if ((ret = pl_matrix_init(&mB, who, "B", B, m, n, ldb, sizeof(real_t), nb)))
		goto done;
	if (alpha == (real_t)0) { /* BLAS: B = 0, A not read */
		for (int j = 0; j < mB.nt && !ret; j++)
			for (int i = 0; i < mB.mt && !ret; i++)
				ret = TASK(lascal)('G', 0, pl_matrix_tile(&mB, i, j), NULL);
		goto done;
	}
	if ((ret = pl_matrix_init(&mA, who, "A", A, ka, ka, lda, sizeof(real_t), nb)))
		goto done;
	ret = sd == 'L' ? LOCAL(trsm_left)(&mA, &mB, ul, tA, dg, alpha)
	                : LOCAL(trsm_right)(&mA, &mB, ul, tA, dg, alpha);
done:
	pl_matrix_finish(&mB, 1);
	pl_matrix_finish(&mA, 0);
	pl_call_end(&call);
	return ret;
}
#endif
