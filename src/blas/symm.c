/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * paralia_{s,d}symm: C = alpha A B + beta C (side L, A is m x m) or alpha B A + beta C (side R,
 * A is n x n), A symmetric with only its uplo triangle referenced: tiles of the other triangle
 * are never registered; their contribution is the mirrored stored tile, transposed in the gemm.
 * Tile algorithm: for every C tile, a chain over the tiles of A's row (side L) or column
 * (side R): the diagonal tile with the symm kernel, the others with gemm.
 */
#ifndef PARALIA_PREC
#define PARALIA_SELF "blas/symm.c"
#include "common/instantiate.h"
#else
#include "blas/tiled.h"

static int LOCAL(symm_check)(char side, char uplo, int m, int n, real_t alpha, const real_t *A,
                             int lda, const real_t *B, int ldb, const real_t *C, int ldc)
{
	const char *who = NAME_STR(symm);
	int ka = pl_upper(side) == 'L' ? m : n;
	int used = alpha != (real_t)0 && m > 0 && n > 0;
	int r;
	if ((r = pl_check_side(who, 1, side)) || (r = pl_check_uplo(who, 2, uplo)) ||
	    (r = pl_check_dim(who, 3, "m", m)) || (r = pl_check_dim(who, 4, "n", n)) ||
	    (r = pl_check_ptr(who, 6, "A", A, used)) || (r = pl_check_ld(who, 7, "lda", lda, ka)) ||
	    (r = pl_check_ptr(who, 8, "B", B, used)) || (r = pl_check_ld(who, 9, "ldb", ldb, m)) ||
	    (r = pl_check_ptr(who, 11, "C", C, m > 0 && n > 0)) || (r = pl_check_ld(who, 12, "ldc", ldc, m)))
		return r;
	return 0;
}

/* Off-diagonal block (r, c) of the full symmetric A: the stored tile itself (op N), or its mirror
 * A(c, r) from the stored triangle (op T). */
static starpu_data_handle_t LOCAL(sym_tile)(struct pl_matrix *M, char uplo, int r, int c, char *op)
{
	int stored = uplo == 'L' ? r > c : r < c;
	*op = stored ? 'N' : 'T';
	return pl_trans_tile(M, *op, r, c);
}

/* One term of C(i,j)'s chain: A-block l of row i (side L) or column j (side R). */
static int LOCAL(term)(char side, char uplo, real_t alpha, struct pl_matrix *mA,
                       struct pl_matrix *mB, int i, int j, int l, real_t beta,
                       starpu_data_handle_t c)
{
	char op;
	if (side == 'L') {
		if (l == i)
			return TASK(symm)('L', uplo, alpha, pl_matrix_tile(mA, i, i), pl_matrix_tile(mB, i, j),
			                  beta, c, NULL);
		starpu_data_handle_t a = LOCAL(sym_tile)(mA, uplo, i, l, &op);
		return TASK(gemm)(op, 'N', alpha, a, pl_matrix_tile(mB, l, j), beta, c, NULL);
	}
	if (l == j)
		return TASK(symm)('R', uplo, alpha, pl_matrix_tile(mA, j, j), pl_matrix_tile(mB, i, j),
		                  beta, c, NULL);
	starpu_data_handle_t a = LOCAL(sym_tile)(mA, uplo, l, j, &op);
	return TASK(gemm)('N', op, alpha, pl_matrix_tile(mB, i, l), a, beta, c, NULL);
}

int FN(symm)(paralia_side_t side, paralia_uplo_t uplo, int m, int n, real_t alpha,
             const real_t *A, int lda, const real_t *B, int ldb, real_t beta, real_t *C, int ldc)
{
	const char *who = NAME_STR(symm);
	char s = pl_upper((char)side), u = pl_upper((char)uplo);
	int ret = LOCAL(symm_check)(s, u, m, n, alpha, A, lda, B, ldb, C, ldc);
	if (ret)
		return ret;
	if (m == 0 || n == 0 || (alpha == (real_t)0 && beta == (real_t)1))
		return 0; /* BLAS quick return */
	if ((ret = pl_routine_begin(who)))
		return ret;

	int ka = s == 'L' ? m : n;
	struct pl_call call;
	const struct pm_operand op[3] = { { alpha == (real_t)0 ? NULL : A, lda, ka, 0 },
	                                  { alpha == (real_t)0 ? NULL : B, ldb, m, 0 }, { C, ldc, m, 0 } };
	if ((ret = pl_call_begin(&call, who, 'm', sizeof(real_t) == sizeof(double), m, n, ka, op, beta != (real_t)0)))
		return ret;
	int nb = call.nb;
	int scale_only = alpha == (real_t)0;
	struct pl_matrix mA = {0}, mB = {0}, mC = {0};
	if ((ret = pl_matrix_init(&mC, who, "C", C, m, n, ldc, sizeof(real_t), nb)))
		goto done;
	if (!scale_only &&
	    ((ret = pl_matrix_init(&mA, who, "A", A, ka, ka, lda, sizeof(real_t), nb)) ||
	     (ret = pl_matrix_init(&mB, who, "B", B, m, n, ldb, sizeof(real_t), nb))))
		goto done;

	for (int j = 0; j < mC.nt && !ret; j++)
		for (int i = 0; i < mC.mt && !ret; i++) {
			starpu_data_handle_t c = pl_matrix_tile(&mC, i, j);
			if (scale_only) {
				ret = TASK(lascal)('G', beta, c, NULL);
				continue;
			}
			for (int l = 0; l < mA.mt && !ret; l++)
				ret = LOCAL(term)(s, u, alpha, &mA, &mB, i, j, l, l == 0 ? beta : (real_t)1, c);
		}
done:
	pl_matrix_finish(&mC, 1);
	pl_matrix_finish(&mA, 0);
	pl_matrix_finish(&mB, 0);
	pl_call_end(&call);
	return ret;
}
#endif
