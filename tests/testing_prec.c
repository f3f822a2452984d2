/* SPDX-License-Identifier: LGPL-2.1-or-later */
#ifndef PARALIA_PREC
#define PARALIA_SELF "tests/testing_prec.c"
#include "common/instantiate.h"
#else
#include "tests/testing.h"
#include <math.h>
#include <stdlib.h>

void LOCAL(t_fill)(real_t *a, int m, int n, int ld, unsigned *seed)
{
	for (int j = 0; j < n; j++)
		for (int i = 0; i < m; i++)
			a[i + (size_t)j * ld] = (real_t)(rand_r(seed) / (double)RAND_MAX - 0.5);
}

void LOCAL(t_poison)(real_t *a, int m, int n, int ld, real_t value)
{
	for (int j = 0; j < n; j++)
		for (int i = 0; i < m; i++)
			a[i + (size_t)j * ld] = value;
}

double LOCAL(t_maxabs)(const real_t *a, int m, int n, int ld)
{
	double mx = 0;
	for (int j = 0; j < n; j++)
		for (int i = 0; i < m; i++)
			mx = fmax(mx, fabs((double)a[i + (size_t)j * ld]));
	return mx;
}

/* NaN anywhere makes the difference infinite, so a NaN never passes a bound. */
double LOCAL(t_maxdiff)(const real_t *a, int lda, const real_t *b, int ldb, int m, int n)
{
	double mx = 0;
	for (int j = 0; j < n; j++)
		for (int i = 0; i < m; i++) {
			double d = fabs((double)a[i + (size_t)j * lda] - (double)b[i + (size_t)j * ldb]);
			if (d != d)
				return INFINITY;
			mx = fmax(mx, d);
		}
	return mx;
}

int LOCAL(t_has_nan)(const real_t *a, int m, int n, int ld)
{
	for (int j = 0; j < n; j++)
		for (int i = 0; i < m; i++)
			if (a[i + (size_t)j * ld] != a[i + (size_t)j * ld])
				return 1;
	return 0;
}

/* Adds n to the diagonal: well-conditioned triangular solves, LU without pivoting, SPD after
 * symmetrisation. */
void LOCAL(t_make_dominant)(real_t *a, int n, int ld)
{
	for (int i = 0; i < n; i++)
		a[i + (size_t)i * ld] += (real_t)n;
}

/* Sets what BLAS never reads of an n x n triangular matrix (the other strict triangle, and the
 * diagonal when diag is 'U') to value: a NaN there shows any read, and any write shows too. */
void LOCAL(t_poison_unreferenced)(real_t *a, int n, int ld, char uplo, char diag, real_t value)
{
	for (int j = 0; j < n; j++)
		for (int i = 0; i < n; i++)
			if ((uplo == 'U' ? i > j : i < j) || (i == j && diag == 'U'))
				a[i + (size_t)j * ld] = value;
}
#endif
