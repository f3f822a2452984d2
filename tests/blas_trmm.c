/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * paralia_{s,d}trmm against CBLAS on the same random inputs: every side x uplo x transA x diag,
 * shapes with ragged edge tiles (T_TILE 16), alpha in {1.5, -0.7, 0}, every placement of A and B
 * (host or GPU) the machine has; then every bad-argument class, of the routine and of the insert
 * helper. The part of A that BLAS never reads (the other triangle; the diagonal when diag is 'U')
 * holds NaNs, so reading it fails the comparison; A, padding included, must come back bit for bit
 * (A is input only), wherever it lives. Padding rows of B below m must stay as they were.
 * Bound: |B - B_ref| <= 4 (k + 2) eps |alpha| k max(1, max|A|) max|B0|, k the order of A.
 */
#include "tests/testing.h"
#ifndef PARALIA_PREC
#define PARALIA_SELF "tests/blas_trmm.c"
#include "common/instantiate.h"

int main(void)
{
	t_begin("blas_trmm");
	paralia_set_tile_size(T_TILE);
	run_cases_s();
	run_cases_d();
	bad_args_s();
	bad_args_d();
	return t_end();
}
#else
#include <cblas.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static void LOCAL(one_case)(char side, char uplo, char tA, char diag, int m, int n, real_t alpha,
                            int wa, int wb, unsigned *seed)
{
	int ka = side == 'L' ? m : n, lda = ka + 3, ldb = m + 2;
	size_t sa = sizeof(real_t) * lda * (ka ? ka : 1), sb = sizeof(real_t) * ldb * (n ? n : 1);
	real_t *A = malloc(sa), *A0 = malloc(sa), *B = malloc(sb), *R = malloc(sb);
	LOCAL(t_fill)(A, lda, ka, lda, seed);
	LOCAL(t_poison_unreferenced)(A, ka, lda, uplo, diag, (real_t)NAN);
	memcpy(A0, A, sa);
	LOCAL(t_fill)(B, ldb, n, ldb, seed);
	if (alpha == 0) /* BLAS: B is not read when alpha is 0, so NaNs there must not survive */
		LOCAL(t_poison)(B, m, n, ldb, (real_t)NAN);
	memcpy(R, B, sb);
	double b0 = alpha == 0 ? 0 : LOCAL(t_maxabs)(B, m, n, ldb);
	double a0 = fmax(1.0, LOCAL(t_maxabs)(A, ka, ka, lda)); /* t_maxabs skips the NaNs */

	CBLAS(trmm)(CblasColMajor, pl_cblas_side_t(side), pl_cblas_uplo_t(uplo), pl_cblas_trans_t(tA),
	            pl_cblas_diag_t(diag), m, n, alpha, A, lda, R, ldb);
	real_t *dA = t_place(A, ka, ka, lda, sizeof(real_t), wa);
	real_t *dB = t_place(B, m, n, ldb, sizeof(real_t), wb);
	int ret = FN(trmm)(side, uplo, tA, diag, m, n, alpha, dA, lda, dB, ldb);
	t_fetch(B, dB, m, n, ldb, sizeof(real_t), wb);
	t_fetch(A, dA, ka, ka, lda, sizeof(real_t), wa);

	double bound = 4.0 * (ka + 2) * PREC_EPS * fabs((double)alpha) * ka * a0 * b0 + 1e-300;
	double err = LOCAL(t_maxdiff)(B, ldb, R, ldb, ldb, n); /* padding rows too */
	int a_kept = memcmp(A, A0, sa) == 0;
	t_check(ret == 0 && err <= bound && a_kept,
	        "%s %c%c%c%c m=%d n=%d alpha=%g A@%s B@%s: ret=%d err/bound=%.2e A %s",
	        NAME_STR(trmm), side, uplo, tA, diag, m, n, (double)alpha, t_placement_name(wa),
	        t_placement_name(wb), ret, err / bound, a_kept ? "unchanged" : "MODIFIED");
	t_release(dA, wa); t_release(dB, wb);
	free(A); free(A0); free(B); free(R);
}

#define TRI_OP trmm
#include "tests/triangular_cases.h"
#endif
