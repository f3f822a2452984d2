/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Chains of calls on kept matrices (paralia_keep / paralia_sync / paralia_release) against the
 * same chain in CBLAS: gemm into a kept C, syrk reading that result, a gemm on the syrk output,
 * with a fixed and with a tuned tile size; calls on a kept pointer with other dimensions, leading
 * dimension or tile size fail with PARALIA_ERR_KEPT_MISMATCH and leave the data alone; one-off
 * calls leave no stale copies (the host memory may change between calls, and a released matrix
 * may be used again as a one-off); argument errors of the three functions.
 */
#include "tests/testing.h"
#include <cblas.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static double *filled(int m, int n, int ld, unsigned *seed)
{
	double *a = malloc(sizeof(double) * (size_t)ld * n);
	t_fill_d(a, ld, n, ld, seed);
	return a;
}

static double rel_err(const double *x, const double *r, int m, int n, int ld)
{
	double d = t_maxdiff_d(x, ld, r, ld, m, n), s = t_maxabs_d(r, m, n, ld);
	return d / (s > 0 ? s : 1);
}

/* X = A B + 0.5 X (kept X), S = 0.3 X X^T + S (syrk, lower, kept S), Y = S(:, :) X + Y. */
static void chain(int tile, unsigned *seed)
{
	const int m = 37, k = 23, n = 29;
	paralia_set_tile_size(tile);
	double *A = filled(m, k, m, seed), *B = filled(k, n, k, seed), *X = filled(m, n, m, seed);
	double *S = filled(m, m, m, seed), *Y = filled(m, n, m, seed);
	double *rX = malloc(sizeof(double) * m * n), *rS = malloc(sizeof(double) * m * m);
	double *rY = malloc(sizeof(double) * m * n);
	memcpy(rX, X, sizeof(double) * m * n);
	memcpy(rS, S, sizeof(double) * m * m);
	memcpy(rY, Y, sizeof(double) * m * n);
	cblas_dgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, m, n, k, 1, A, m, B, k, 0.5, rX, m);
	cblas_dsyrk(CblasColMajor, CblasLower, CblasNoTrans, m, n, 0.3, rX, m, 1, rS, m);
	/* make S symmetric for the last product, as the chain below does with symm */
	cblas_dsymm(CblasColMajor, CblasLeft, CblasLower, m, n, 1, rS, m, rX, m, 1, rY, m);

	int r0 = paralia_keep(X, m, n, m, sizeof(double));
	int r1 = paralia_keep(S, m, m, m, sizeof(double));
	int r2 = paralia_keep(Y, m, n, m, sizeof(double));
	int r3 = paralia_keep(X, m, n, m, sizeof(double)); /* twice: harmless */
	int c1 = paralia_dgemm('N', 'N', m, n, k, 1, A, m, B, k, 0.5, X, m);
	int c2 = paralia_dsyrk('L', 'N', m, n, 0.3, X, m, 1, S, m);
	int c3 = paralia_dsymm('L', 'L', m, n, 1, S, m, X, m, 1, Y, m);
	t_check(!r0 && !r1 && !r2 && !r3 && !c1 && !c2 && !c3,
	        "tile %d: keep x3 (+1 again), gemm, syrk, symm on kept matrices return 0 (%d %d %d %d %d %d %d)",
	        tile, r0, r1, r2, r3, c1, c2, c3);
	int s1 = paralia_sync(X), s2 = paralia_sync(S), s3 = paralia_sync(Y);
	double eX = rel_err(X, rX, m, n, m), eY = rel_err(Y, rY, m, n, m);
	double eS = 0;
	for (int j = 0; j < m; j++) /* syrk's lower triangle */
		for (int i = j; i < m; i++)
			eS = fmax(eS, fabs(S[i + j * m] - rS[i + j * m]) / (1 + fabs(rS[i + j * m])));
	t_check(!s1 && !s2 && !s3 && eX < 1e-12 && eS < 1e-12 && eY < 1e-12,
	        "tile %d: after paralia_sync the chain matches CBLAS (X %.1e, S %.1e, Y %.1e)", tile, eX,
	        eS, eY);

	/* Misuse of a kept matrix: other dims, other ld, a pointer inside it, another tile size. */
	double save = X[0];
	int e1 = paralia_dgemm('N', 'N', m - 1, n, k, 1, A, m, B, k, 0, X, m);
	int e2 = paralia_dgemm('N', 'N', m, n, k, 1, A, m, B, k, 0, X, m + 1);
	int e3 = paralia_dgemm('N', 'N', m - 1, n, k, 1, A, m, B, k, 0, X + 1, m);
	paralia_set_tile_size(tile == 16 ? 8 : 16);
	int e4 = paralia_dgemm('N', 'N', m, n, k, 1, A, m, B, k, 0, X, m);
	paralia_set_tile_size(tile);
	int e5 = paralia_keep(X, m, n - 1, m, sizeof(double));
	paralia_sync(X);
	t_check(e1 == PARALIA_ERR_KEPT_MISMATCH && e2 == PARALIA_ERR_KEPT_MISMATCH &&
	        e3 == PARALIA_ERR_KEPT_MISMATCH && e4 == PARALIA_ERR_KEPT_MISMATCH &&
	        e5 == PARALIA_ERR_KEPT_MISMATCH && X[0] == save,
	        "tile %d: kept X with other m / ld / inner pointer / tile size / keep dims: "
	        "PARALIA_ERR_KEPT_MISMATCH (%d %d %d %d %d), X untouched", tile, e1, e2, e3, e4, e5);

	/* Released: the host memory is the matrix again; a one-off call on it sees host changes. */
	int l1 = paralia_release(X), l2 = paralia_release(S), l3 = paralia_release(Y);
	for (int i = 0; i < m * n; i++)
		X[i] = rX[i] = (double)(i % 7) - 3;
	paralia_dgemm('N', 'N', m, n, k, 1, A, m, B, k, 1, X, m);
	for (int i = 0; i < m * n; i++) /* changed between two one-off calls */
		X[i] += 1, rX[i] += 0;
	cblas_dgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, m, n, k, 1, A, m, B, k, 1, rX, m);
	for (int i = 0; i < m * n; i++)
		rX[i] += 1;
	paralia_dgemm('N', 'N', m, n, k, -1, A, m, B, k, 1, X, m);
	cblas_dgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, m, n, k, -1, A, m, B, k, 1, rX, m);
	double eo = rel_err(X, rX, m, n, m);
	t_check(!l1 && !l2 && !l3 && eo < 1e-12,
	        "tile %d: release, then one-off calls with host changes between them: no stale copy "
	        "(err %.1e)", tile, eo);
	free(A); free(B); free(X); free(S); free(Y); free(rX); free(rS); free(rY);
}

static void bad_args(void)
{
	double x[16];
	t_check(paralia_keep(NULL, 2, 2, 2, 8) == -1, "keep NULL: -1");
	t_check(paralia_keep(x, 0, 2, 2, 8) == -2, "keep m = 0: -2");
	t_check(paralia_keep(x, 2, -1, 2, 8) == -3, "keep n < 0: -3");
	t_check(paralia_keep(x, 4, 2, 2, 8) == -4, "keep ld < m: -4");
	t_check(paralia_keep(x, 2, 2, 2, 3) == -5, "keep elem_size 3: -5");
	t_check(paralia_sync(x) == -1, "sync of a matrix not kept: -1");
	t_check(paralia_release(x) == -1, "release of a matrix not kept: -1");
}

int main(void)
{
	t_begin("blas_chain");
	unsigned seed = 4242;
	chain(16, &seed); /* fixed tile size, ragged edges */
	chain(0, &seed);  /* tuned: the first call fixes the kept matrices' tile size */
	bad_args();
	paralia_set_tile_size(T_TILE);
	return t_end();
}
