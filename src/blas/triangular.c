/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Argument checks shared by paralia_?trmm and paralia_?trsm (same BLAS signature). */
#include "config.h"
#include "blas/triangular.h"

int pl_check_triangular(const char *who, char side, char uplo, char transA, char diag, int m,
                        int n, int alpha_zero, const void *A, int lda, const void *B, int ldb)
{
	int ka = pl_upper(side) == 'L' ? m : n; /* order of A */
	int used = !alpha_zero && m > 0 && n > 0;
	int r;
	if ((r = pl_check_side(who, 1, side)) || (r = pl_check_uplo(who, 2, uplo)) ||
	    (r = pl_check_trans(who, 3, "transA", transA)) || (r = pl_check_diag(who, 4, diag)) ||
	    (r = pl_check_dim(who, 5, "m", m)) || (r = pl_check_dim(who, 6, "n", n)) ||
	    (r = pl_check_ptr(who, 8, "A", A, used)) || (r = pl_check_ld(who, 9, "lda", lda, ka)) ||
	    (r = pl_check_ptr(who, 10, "B", B, m > 0 && n > 0)) || (r = pl_check_ld(who, 11, "ldb", ldb, m)))
		return r;
	return 0;
}
