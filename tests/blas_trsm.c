/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * paralia_{s,d}trsm against CBLAS on the same random inputs: every side x uplo x transA x diag,
 * shapes with ragged edge tiles (T_TILE 16), alpha in {1.5, -0.7, 0}, every placement of A and B
 * (host or GPU) the machine has; then every bad-argument class, of the routine and of the insert
 * helper. A is diagonally dominant (t_make_dominant; for diag 'U', whose diagonal is 1, the
 * off-diagonal part is scaled by 1/k instead), so ||op(A)^-1|| <= 2 and the solve is well
 * conditioned. The part of A that BLAS never reads holds NaNs, so reading it fails the checks;
 * A, padding included, must come back bit for bit wherever it lives; padding rows of B below m
 * must stay as they were. k is the order of A. Bounds:
 *   forward: |X - X_ref| <= 8 (k + 2) eps max|X_ref|
 *   residual: |op(A) X - alpha B| <= 8 (k + 2) eps (k max(1, max|A|) max|X| + |alpha| max|B|).
 */
#include "tests/testing.h"
#ifndef PARALIA_PREC
#define PARALIA_SELF "tests/blas_trsm.c"
#include "common/instantiate.h"

int main(void)
{
	t_begin("blas_trsm");
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

/* Well-conditioned triangular A of order k (see the header). */
static void LOCAL(make_solvable)(real_t *A, int k, int lda, char diag)
{
	if (diag == 'N') {
		LOCAL(t_make_dominant)(A, k, lda);
		return;
	}
	for (int j = 0; j < k; j++)
		for (int i = 0; i < k; i++)
			A[i + (size_t)j * lda] /= (real_t)k;
}

/* max|op(A) X - alpha B0| over the bound, op(A) X computed by CBLAS trmm on a copy of X. */
static double LOCAL(residual)(char side, char uplo, char tA, char diag, int m, int n, real_t alpha,
                             const real_t *A, int lda, const real_t *X, const real_t *B0, int ldb,
                             double a0, double b0)
{
	int ka = side == 'L' ? m : n;
	size_t sb = sizeof(real_t) * ldb * (n ? n : 1);
	real_t *W = malloc(sb), *S = malloc(sb);
	memcpy(W, X, sb);
	memcpy(S, B0, sb);
	CBLAS(trmm)(CblasColMajor, pl_cblas_side_t(side), pl_cblas_uplo_t(uplo), pl_cblas_trans_t(tA),
	            pl_cblas_diag_t(diag), m, n, 1, A, lda, W, ldb);
	for (int j = 0; j < n; j++)
		for (int i = 0; i < m; i++)
			S[i + (size_t)j * ldb] *= alpha;
	double r = LOCAL(t_maxdiff)(W, ldb, S, ldb, m, n);
	double bound = 8.0 * (ka + 2) * PREC_EPS *
	               (ka * a0 * LOCAL(t_maxabs)(X, m, n, ldb) + fabs((double)alpha) * b0) + 1e-300;
	free(W); free(S);
	return r / bound;
}

static void LOCAL(one_case)(char side, char uplo, char tA, char diag, int m, int n, real_t alpha,
                            int wa, int wb, unsigned *seed)
{
	int ka = side == 'L' ? m : n, lda = ka + 3, ldb = m + 2;
	size_t sa = sizeof(real_t) * lda * (ka ? ka : 1), sb = sizeof(real_t) * ldb * (n ? n : 1);
	real_t *A = malloc(sa), *A0 = malloc(sa), *B = malloc(sb), *B0 = malloc(sb), *R = malloc(sb);
	LOCAL(t_fill)(A, lda, ka, lda, seed);
	LOCAL(make_solvable)(A, ka, lda, diag);
	LOCAL(t_poison_unreferenced)(A, ka, lda, uplo, diag, (real_t)NAN);
	memcpy(A0, A, sa);
	LOCAL(t_fill)(B, ldb, n, ldb, seed);
	if (alpha == 0) /* BLAS: B is not read when alpha is 0, so NaNs there must not survive */
		LOCAL(t_poison)(B, m, n, ldb, (real_t)NAN);
	memcpy(R, B, sb);
	memcpy(B0, B, sb);
	double b0 = alpha == 0 ? 0 : LOCAL(t_maxabs)(B, m, n, ldb);
	double a0 = fmax(1.0, LOCAL(t_maxabs)(A, ka, ka, lda)); /* t_maxabs skips the NaNs */

	CBLAS(trsm)(CblasColMajor, pl_cblas_side_t(side), pl_cblas_uplo_t(uplo), pl_cblas_trans_t(tA),
	            pl_cblas_diag_t(diag), m, n, alpha, A, lda, R, ldb);
	real_t *dA = t_place(A, ka, ka, lda, sizeof(real_t), wa);
	real_t *dB = t_place(B, m, n, ldb, sizeof(real_t), wb);
	int ret = FN(trsm)(side, uplo, tA, diag, m, n, alpha, dA, lda, dB, ldb);
	t_fetch(B, dB, m, n, ldb, sizeof(real_t), wb);
	t_fetch(A, dA, ka, ka, lda, sizeof(real_t), wa);

	double fwd = LOCAL(t_maxdiff)(B, ldb, R, ldb, ldb, n) /* padding rows too */
	             / (8.0 * (ka + 2) * PREC_EPS * LOCAL(t_maxabs)(R, m, n, ldb) + 1e-300);
	double res = alpha == 0 ? 0 : LOCAL(residual)(side, uplo, tA, diag, m, n, alpha, A, lda, B, B0,
	                                              ldb, a0, b0);
	int a_kept = memcmp(A, A0, sa) == 0;
	t_check(ret == 0 && fwd <= 1 && res <= 1 && a_kept,
	        "%s %c%c%c%c m=%d n=%d alpha=%g A@%s B@%s: ret=%d forward err/bound=%.2e "
	        "residual/bound=%.2e A %s", NAME_STR(trsm), side, uplo, tA, diag, m, n, (double)alpha,
	        t_placement_name(wa), t_placement_name(wb), ret, fwd, res, a_kept ? "unchanged" : "MODIFIED");
	t_release(dA, wa); t_release(dB, wb);
	free(A); free(A0); free(B); free(B0); free(R);
}

#define TRI_OP trsm
#include "tests/triangular_cases.h"
#endif
