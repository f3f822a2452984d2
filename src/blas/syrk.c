/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * paralia_{s,d}syrk: C = alpha op(A) op(A)^T + beta C on the uplo triangle of the n x n matrix C;
 * the other triangle is not referenced (BLAS), so its tiles are never registered or touched.
 * Tile algorithm: for every C tile of the triangle, a chain over k of tile syrks (diagonal tiles)
 * or tile gemms (off-diagonal tiles); StarPU's sequential consistency orders each chain.
 */
#ifndef PARALIA_PREC
#define PARALIA_SELF "blas/syrk.c"
#include "common/instantiate.h"
#else
#include "blas/tiled.h"

static int LOCAL(syrk_check)(char uplo, char trans, int n, int k, real_t alpha, const real_t *A,
                             int lda, const real_t *C, int ldc)
{
	const char *who = NAME_STR(syrk);
	int nt = pl_upper(trans) == 'N';
	int used = alpha != (real_t)0 && k > 0 && n > 0;
	int r;
	if ((r = pl_check_uplo(who, 1, uplo)) || (r = pl_check_trans(who, 2, "trans", trans)) ||
	    (r = pl_check_dim(who, 3, "n", n)) || (r = pl_check_dim(who, 4, "k", k)) ||
	    (r = pl_check_ptr(who, 6, "A", A, used)) || (r = pl_check_ld(who, 7, "lda", lda, nt ? n : k)) ||
	    (r = pl_check_ptr(who, 9, "C", C, n > 0)) || (r = pl_check_ld(who, 10, "ldc", ldc, n)))
		return r;
	return 0;
}

int FN(syrk)(paralia_uplo_t uplo, paralia_trans_t trans, int n, int k, real_t alpha,
             const real_t *A, int lda, real_t beta, real_t *C, int ldc)
{
	const char *who = NAME_STR(syrk);
	char u = pl_upper((char)uplo), t = pl_upper((char)trans);
	int ret = LOCAL(syrk_check)(u, t, n, k, alpha, A, lda, C, ldc);
	if (ret)
		return ret;
	if (n == 0 || ((alpha == (real_t)0 || k == 0) && beta == (real_t)1))
		return 0; /* BLAS quick return */
	if ((ret = pl_routine_begin(who)))
		return ret;
	t = t == 'N' ? 'N' : 'T'; /* real types: C is T */

	struct pl_call call;
	const struct pm_operand op[3] = { { (alpha == (real_t)0 || k == 0) ? NULL : A, lda, t == 'N' ? n : k, 0 },
	                                  { NULL, 0, 0, 0 }, { C, ldc, n, 0 } };
	if ((ret = pl_call_begin(&call, who, 's', sizeof(real_t) == sizeof(double), n, n, k, op, beta != (real_t)0)))
		return ret;
	int nb = call.nb;
	int scale_only = alpha == (real_t)0 || k == 0;
	struct pl_matrix mA = {0}, mC = {0};
	if ((ret = pl_matrix_init(&mC, who, "C", C, n, n, ldc, sizeof(real_t), nb)))
		goto done;
	if (!scale_only && (ret = pl_matrix_init(&mA, who, "A", A, t == 'N' ? n : k, t == 'N' ? k : n,
	                                         lda, sizeof(real_t), nb)))
		goto done;

	int kt = pl_tile_count(k, nb);
	/* gemm ops giving op(A)(i,:) op(A)(j,:)^T from the tiles pl_trans_tile returns */
	char ga = t == 'N' ? 'N' : 'T', gb = t == 'N' ? 'T' : 'N';
	for (int j = 0; j < mC.nt && !ret; j++)
		for (int i = (u == 'L' ? j : 0); i < (u == 'L' ? mC.mt : j + 1) && !ret; i++) {
			starpu_data_handle_t c = pl_matrix_tile(&mC, i, j);
			const struct paralia_task_opts *own = pl_call_opts(&call, i, j);
			if (scale_only) {
				ret = TASK(lascal)(i == j ? u : 'G', beta, c, own);
				continue;
			}
			int in_order = pl_chain_in_order(n, n, k, &mC, own);
			for (int l = 0; l < kt && !ret; l++) {
				real_t b = l == 0 ? beta : (real_t)1;
				struct paralia_task_opts step = pl_chain_step(own, l, in_order);
				if (i == j)
					ret = TASK(syrk)(u, t, alpha, pl_trans_tile(&mA, t, i, l), b, c, &step);
				else
					ret = TASK(gemm)(ga, gb, alpha, pl_trans_tile(&mA, t, i, l),
					                 pl_trans_tile(&mA, t, j, l), b, c, &step);
			}
		}
done:
	pl_matrix_finish(&mC, 1);
	pl_matrix_finish(&mA, 0);
	pl_call_end(&call);
	return ret;
}
#endif
