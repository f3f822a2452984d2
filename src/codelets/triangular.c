/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Argument checks shared by the triangular tile kernels (trmm, trsm): same parameters, same rules. */
#include "codelets/codelet.h"

int pl_check_triangular_task(const char *who, char side, char uplo, char transA, char diag,
                             starpu_data_handle_t A, starpu_data_handle_t B, size_t elem)
{
	if (!pl_valid_side(side))
		return pl_arg_error(who, 1, "side", "'%c' is not L or R", side);
	if (!pl_valid_uplo(uplo))
		return pl_arg_error(who, 2, "uplo", "'%c' is not U or L", uplo);
	if (!pl_valid_trans(transA))
		return pl_arg_error(who, 3, "transA", "'%c' is not N, T or C", transA);
	if (!pl_valid_diag(diag))
		return pl_arg_error(who, 4, "diag", "'%c' is not N or U", diag);
	int r;
	if ((r = pl_check_tile(who, 6, "A", A, elem)) || (r = pl_check_tile(who, 7, "B", B, elem)))
		return r;
	if (pl_rows(A) != pl_cols(A))
		return pl_arg_error(who, 6, "A", "A is %dx%d, not square", pl_rows(A), pl_cols(A));
	int left = pl_upper(side) == 'L';
	int k = left ? pl_rows(B) : pl_cols(B);
	if (pl_rows(A) != k)
		return pl_arg_error(who, 7, "B", "B has %d %s but A is %dx%d", k, left ? "rows" : "columns",
		                    pl_rows(A), pl_rows(A));
	return 0;
}
