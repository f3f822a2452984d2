/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Triangle-aware checks for the symmetric routines' tests (syrk, syr2k, symm). Included inside a
 * test's precision pass (after `#else` of the instantiate pattern), so each pass gets its own
 * LOCAL() copies; deliberately no include guard.
 */
#include <math.h>
#include <string.h>

/* (i, j) lies in the uplo triangle ('U', 'L'), or anywhere for 'G'. */
static int LOCAL(t_in_tri)(char uplo, int i, int j)
{
	return uplo == 'U' ? i <= j : (uplo == 'L' ? i >= j : 1);
}

/* Largest |a - b| over the uplo triangle of the leading m x n block; NaN gives infinity. */
static double LOCAL(t_maxdiff_tri)(const real_t *a, const real_t *b, int m, int n, int ld, char uplo)
{
	double mx = 0;
	for (int j = 0; j < n; j++)
		for (int i = 0; i < m; i++) {
			if (!LOCAL(t_in_tri)(uplo, i, j))
				continue;
			double d = fabs((double)a[i + (size_t)j * ld] - (double)b[i + (size_t)j * ld]);
			if (d != d)
				return INFINITY;
			mx = fmax(mx, d);
		}
	return mx;
}

/* Elements of the ld x n array that are outside the uplo triangle of the leading m x n block
 * (the other triangle, and padding rows m..ld-1) and whose bits changed from a0. */
static int LOCAL(t_changed_outside)(const real_t *a, const real_t *a0, int m, int n, int ld, char uplo)
{
	int changed = 0;
	for (int j = 0; j < n; j++)
		for (int i = 0; i < ld; i++) {
			size_t p = i + (size_t)j * ld;
			if ((i >= m || !LOCAL(t_in_tri)(uplo, i, j)) && memcmp(&a[p], &a0[p], sizeof(real_t)))
				changed++;
		}
	return changed;
}

/* NaN in the strict triangle opposite to uplo of the n x n block: BLAS must never read it. */
static void LOCAL(t_poison_other_tri)(real_t *a, int n, int ld, char uplo)
{
	for (int j = 0; j < n; j++)
		for (int i = 0; i < n; i++)
			if (!LOCAL(t_in_tri)(uplo, i, j))
				a[i + (size_t)j * ld] = (real_t)NAN;
}
