/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The whole-matrix entry point of paralia_{s,d}trmm and paralia_{s,d}trsm: the two routines have
 * the same BLAS signature, checks, quick returns, alpha == 0 case (B = 0, A not read) and call
 * set-up, and differ only in their tile sweeps (trmm.c, trsm.c) and in the routine letter by which
 * the plan knows them; so that part is written once here and given the sweeps to run.
 */
#ifndef PARALIA_PREC
#define PARALIA_SELF "blas/triangular_call.c"
#include "common/instantiate.h"
#else
#include "blas/triangular.h"

int LOCAL(pl_triangular_call)(const char *who, char letter, LOCAL(pl_tri_sweep) *left,
                              LOCAL(pl_tri_sweep) *right, paralia_side_t side, paralia_uplo_t uplo,
                              paralia_trans_t transA, paralia_diag_t diag, int m, int n,
                              real_t alpha, const real_t *A, int lda, real_t *B, int ldb)
{
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
	if ((ret = pl_call_begin(&call, who, letter, sizeof(real_t) == sizeof(double), m, n, ka, op, 1)))
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
	ret = (sd == 'L' ? left : right)(&mA, &mB, ul, tA, dg, alpha);
done:
	pl_matrix_finish(&mB, 1);
	pl_matrix_finish(&mA, 0);
	pl_call_end(&call);
	return ret;
}
#endif
