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
	run_trsm_s();
	run_trsm_d();
	bad_args_trsm_s();
	bad_args_trsm_d();
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

static void LOCAL(run_trsm)(void)
{
	static const int dims[] = { 1, 37, 64, 50, 0 };
	static const char sides[] = { 'L', 'R' }, uplos[] = { 'U', 'L' }, diags[] = { 'N', 'U' };
	static const char trans[] = { 'N', 'T', 'C' };
	static const real_t alphas[] = { 1.5, -0.7, 0 };
	unsigned seed = 4321;
	for (int mi = 0; mi < 5; mi++)
		for (int ni = 0; ni < 5; ni++)
			for (int s = 0; s < 2; s++)
				for (int u = 0; u < 2; u++)
					for (int t = 0; t < 3; t++)
						for (int d = 0; d < 2; d++)
							for (int a = 0; a < 3; a++)
								LOCAL(one_case)(sides[s], uplos[u], trans[t], diags[d], dims[mi],
								                dims[ni], alphas[a], PARALIA_HOST, PARALIA_HOST, &seed);
	/* Every placement of A and B (host, first GPU, last GPU). */
	int np = t_placement_count();
	for (int pa = 0; pa < np; pa++)
		for (int pb = 0; pb < np; pb++) {
			if (!pa && !pb)
				continue;
			for (int c = 0; c < 16; c++)
				LOCAL(one_case)(sides[c & 1], uplos[(c >> 1) & 1], trans[(c >> 2) & 1],
				                diags[(c >> 3) & 1], 37, 50, -0.7, t_placement(pa), t_placement(pb),
				                &seed);
			LOCAL(one_case)('L', 'U', 'N', 'N', 50, 37, 0, t_placement(pa), t_placement(pb), &seed);
		}
}

/* The insert helper's own checks, on small host handles. */
static void LOCAL(bad_args_task)(void)
{
	real_t a[9] = {0}, b[4] = {0};
	starpu_data_handle_t A23, A33, B22;
	starpu_matrix_data_register(&A23, STARPU_MAIN_RAM, (uintptr_t)a, 2, 2, 3, sizeof(real_t));
	starpu_matrix_data_register(&A33, STARPU_MAIN_RAM, (uintptr_t)a, 3, 3, 3, sizeof(real_t));
	starpu_matrix_data_register(&B22, STARPU_MAIN_RAM, (uintptr_t)b, 2, 2, 2, sizeof(real_t));
	struct { int expect; int ret; } cases[] = {
		{ -1, TASK(trsm)('X', 'U', 'N', 'N', 1, A33, B22, NULL) },
		{ -2, TASK(trsm)('L', 'X', 'N', 'N', 1, A33, B22, NULL) },
		{ -3, TASK(trsm)('L', 'U', 'X', 'N', 1, A33, B22, NULL) },
		{ -4, TASK(trsm)('L', 'U', 'N', 'X', 1, A33, B22, NULL) },
		{ -6, TASK(trsm)('L', 'U', 'N', 'N', 1, NULL, B22, NULL) },
		{ -7, TASK(trsm)('L', 'U', 'N', 'N', 1, A33, NULL, NULL) },
		{ -6, TASK(trsm)('L', 'U', 'N', 'N', 1, A23, B22, NULL) },
		{ -7, TASK(trsm)('L', 'U', 'N', 'N', 1, A33, B22, NULL) },
		{ -7, TASK(trsm)('R', 'L', 'T', 'U', 1, A33, B22, NULL) },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
		t_check(cases[i].ret == cases[i].expect, "%s bad argument case %zu: returned %d, expected %d",
		        TASK_STR(trsm), i, cases[i].ret, cases[i].expect);
	starpu_data_unregister(A23);
	starpu_data_unregister(A33);
	starpu_data_unregister(B22);
}

static void LOCAL(bad_args_trsm)(void)
{
	real_t A[16] = {0}, B[16] = {0};
	struct { int expect; int ret; } cases[] = {
		{ -1, FN(trsm)('X', 'U', 'N', 'N', 2, 2, 1, A, 2, B, 2) },
		{ -1, FN(trsm)('X', 'U', 'N', 'N', -1, 2, 1, A, 2, B, 2) }, /* first illegal one wins */
		{ -2, FN(trsm)('L', 'q', 'N', 'N', 2, 2, 1, A, 2, B, 2) },
		{ -3, FN(trsm)('L', 'U', 'Z', 'N', 2, 2, 1, A, 2, B, 2) },
		{ -4, FN(trsm)('L', 'U', 'N', 'A', 2, 2, 1, A, 2, B, 2) },
		{ -5, FN(trsm)('L', 'U', 'N', 'N', -1, 2, 1, A, 2, B, 2) },
		{ -6, FN(trsm)('R', 'L', 'T', 'U', 2, -1, 1, A, 2, B, 2) },
		{ -8, FN(trsm)('L', 'U', 'N', 'N', 2, 2, 1, NULL, 2, B, 2) },
		{ -9, FN(trsm)('L', 'U', 'N', 'N', 3, 2, 1, A, 2, B, 3) },  /* side L: lda >= m */
		{ -9, FN(trsm)('R', 'U', 'N', 'N', 2, 3, 1, A, 2, B, 2) },  /* side R: lda >= n */
		{ -9, FN(trsm)('L', 'U', 'N', 'N', 0, 2, 1, A, 0, B, 1) },  /* lda >= 1 even when m = 0 */
		{ -10, FN(trsm)('L', 'U', 'N', 'N', 2, 2, 1, A, 2, NULL, 2) },
		{ -11, FN(trsm)('R', 'U', 'N', 'N', 3, 2, 1, A, 2, B, 2) },
		{ -11, FN(trsm)('R', 'U', 'N', 'N', 0, 2, 1, A, 2, B, 0) },
		/* legal: lda only needs the order of A; A unread when alpha is 0; nothing read when m is 0 */
		{ 0, FN(trsm)('R', 'L', 'C', 'U', 3, 2, 1, A, 2, B, 3) },
		{ 0, FN(trsm)('L', 'U', 'N', 'N', 2, 2, 0, NULL, 2, B, 2) },
		{ 0, FN(trsm)('L', 'U', 'N', 'N', 0, 2, 1, NULL, 1, NULL, 1) },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
		t_check(cases[i].ret == cases[i].expect, "%s bad argument case %zu: returned %d, expected %d",
		        NAME_STR(trsm), i, cases[i].ret, cases[i].expect);
	int nonzero = 0;
	for (int i = 0; i < 16; i++)
		nonzero |= B[i] != 0 || A[i] != 0;
	t_check(!nonzero, "%s: rejected calls left A and B untouched", NAME_STR(trsm));
	LOCAL(bad_args_task)();
}
#endif
