/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * paralia_{s,d}syr2k: C = alpha (op(A) op(B)^T + op(B) op(A)^T) + beta C on the uplo triangle of
 * the n x n matrix C; the other triangle is not referenced (BLAS) and its tiles never registered.
 * Tile algorithm: for every C tile of the triangle, a chain over k of tile syr2ks (diagonal
 * tiles) or pairs of tile gemms (off-diagonal tiles); StarPU orders each chain.
 */
#ifndef PARALIA_PREC
#define PARALIA_SELF "blas/syr2k.c"
#include "common/instantiate.h"
#else
#include "blas/tiled.h"

static int LOCAL(syr2k_check)(char uplo, char trans, int n, int k, real_t alpha, const real_t *A,
                              int lda, const real_t *B, int ldb, const real_t *C, int ldc)
{
	const char *who = NAME_STR(syr2k);
	int nt = pl_upper(trans) == 'N';
	int used = alpha != (real_t)0 && k > 0 && n > 0;
	int r;
	if ((r = pl_check_uplo(who, 1, uplo)) || (r = pl_check_trans(who, 2, "trans", trans)) ||
	    (r = pl_check_dim(who, 3, "n", n)) || (r = pl_check_dim(who, 4, "k", k)) ||
	    (r = pl_check_ptr(who, 6, "A", A, used)) || (r = pl_check_ld(who, 7, "lda", lda, nt ? n : k)) ||
	    (r = pl_check_ptr(who, 8, "B", B, used)) || (r = pl_check_ld(who, 9, "ldb", ldb, nt ? n : k)) ||
	    (r = pl_check_ptr(who, 11, "C", C, n > 0)) || (r = pl_check_ld(who, 12, "ldc", ldc, n)))
		return r;
	return 0;
}

/* C(i,j) (i != j) += alpha (op(A)_i op(B)_j^T + op(B)_i op(A)_j^T) over k-block l. */
static int LOCAL(offdiag)(char t, real_t alpha, struct pl_matrix *mA, struct pl_matrix *mB,
                          int i, int j, int l, real_t beta, starpu_data_handle_t c)
{
	char ga = t == 'N' ? 'N' : 'T', gb = t == 'N' ? 'T' : 'N';
	int ret = TASK(gemm)(ga, gb, alpha, pl_trans_tile(mA, t, i, l), pl_trans_tile(mB, t, j, l),
	                     beta, c, NULL);
	if (!ret)
		ret = TASK(gemm)(ga, gb, alpha, pl_trans_tile(mB, t, i, l), pl_trans_tile(mA, t, j, l),
		                 (real_t)1, c, NULL);
	return ret;
}

int FN(syr2k)(paralia_uplo_t uplo, paralia_trans_t trans, int n, int k, real_t alpha,
              const real_t *A, int lda, const real_t *B, int ldb, real_t beta, real_t *C, int ldc)
{
	const char *who = NAME_STR(syr2k);
	char u = pl_upper((char)uplo), t = pl_upper((char)trans);
	int ret = LOCAL(syr2k_check)(u, t, n, k, alpha, A, lda, B, ldb, C, ldc);
	if (ret)
		return ret;
	if (n == 0 || ((alpha == (real_t)0 || k == 0) && beta == (real_t)1))
		return 0; /* BLAS quick return */
	if ((ret = pl_routine_begin(who)))
		return ret;
	t = t == 'N' ? 'N' : 'T'; /* real types: C is T */

	struct pl_call call;
	int used = alpha != (real_t)0 && k != 0, rows = t == 'N' ? n : k;
	const struct pm_operand op[3] = { { used ? A : NULL, lda, rows, 0 }, { used ? B : NULL, ldb, rows, 0 },
	                                  { C, ldc, n, 0 } };
	if ((ret = pl_call_begin(&call, who, 'y', sizeof(real_t) == sizeof(double), n, n, k, op, beta != (real_t)0)))
		return ret;
	int nb = call.nb;
	int scale_only = alpha == (real_t)0 || k == 0;
	int ra = t == 'N' ? n : k, ca = t == 'N' ? k : n;
	struct pl_matrix mA = {0}, mB = {0}, mC = {0};
	if ((ret = pl_matrix_init(&mC, who, "C", C, n, n, ldc, sizeof(real_t), nb)))
		goto done;
	if (!scale_only &&
	    ((ret = pl_matrix_init(&mA, who, "A", A, ra, ca, lda, sizeof(real_t), nb)) ||
	     (ret = pl_matrix_init(&mB, who, "B", B, ra, ca, ldb, sizeof(real_t), nb))))
		goto done;

	int kt = pl_tile_count(k, nb);
	for (int j = 0; j < mC.nt && !ret; j++)
		for (int i = (u == 'L' ? j : 0); i < (u == 'L' ? mC.mt : j + 1) && !ret; i++) {
			starpu_data_handle_t c = pl_matrix_tile(&mC, i, j);
			if (scale_only) {
				ret = TASK(lascal)(i == j ? u : 'G', beta, c, NULL);
				continue;
			}
			for (int l = 0; l < kt && !ret; l++) {
				real_t b = l == 0 ? beta : (real_t)1;
				if (i == j)
					ret = TASK(syr2k)(u, t, alpha, pl_trans_tile(&mA, t, i, l),
					                  pl_trans_tile(&mB, t, i, l), b, c, NULL);
				else
					ret = LOCAL(offdiag)(t, alpha, &mA, &mB, i, j, l, b, c);
			}
		}
done:
	pl_matrix_finish(&mC, 1);
	pl_matrix_finish(&mA, 0);
	pl_matrix_finish(&mB, 0);
	pl_call_end(&call);
	return ret;
}
#endif
