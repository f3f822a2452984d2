/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * paralia_{s,d}syrk against CBLAS on the same random inputs: every uplo x trans (N, T, C), sizes
 * with ragged edge tiles (T_TILE = 16) and zero sizes, several alpha and beta, every placement of
 * A and C; C's other triangle and its padding rows must come back bit-for-bit untouched, NaNs in
 * C must not survive beta == 0, NaNs in A's padding must never be read. Then the tile helper on
 * its own (incl. trans C) and every bad-argument class of the routine and the helper.
 * Bound: |C - C_ref| <= 4 (k + 2) eps (|alpha| k max|A|^2 + |beta| max|C0|), on the triangle.
 */
#include "tests/testing.h"
#ifndef PARALIA_PREC
#define PARALIA_SELF "tests/blas_syrk.c"
#include "common/instantiate.h"

int main(void)
{
	t_begin("blas_syrk");
	paralia_set_tile_size(T_TILE);
	run_syrk_s();
	run_syrk_d();
	helper_syrk_s();
	helper_syrk_d();
	bad_args_syrk_s();
	bad_args_syrk_d();
	return t_end();
}
#else
#include <cblas.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "tests/testing_tri.h"

static void LOCAL(one_case)(char uplo, char trans, int n, int k, real_t alpha, real_t beta,
                            int wa, int wc, unsigned *seed)
{
	int ra = trans == 'N' ? n : k, ca = trans == 'N' ? k : n;
	int lda = ra + 3, ldc = n + 2;
	size_t sa = (size_t)lda * (ca ? ca : 1), sc = (size_t)ldc * (n ? n : 1);
	real_t *A = malloc(sizeof(real_t) * sa);
	real_t *C = malloc(sizeof(real_t) * sc), *C0 = malloc(sizeof(real_t) * sc);
	real_t *R = malloc(sizeof(real_t) * sc);
	LOCAL(t_poison)(A, lda, ca, lda, (real_t)NAN); /* padding rows: never to be read */
	LOCAL(t_fill)(A, ra, ca, lda, seed);
	LOCAL(t_fill)(C, ldc, n, ldc, seed);
	if (beta == 0) /* BLAS: C is not read when beta is 0, so NaNs there must not survive */
		LOCAL(t_poison)(C, n, n, ldc, (real_t)NAN);
	memcpy(C0, C, sizeof(real_t) * sc);
	memcpy(R, C, sizeof(real_t) * sc);
	double c0 = beta == 0 ? 0 : LOCAL(t_maxabs)(C, n, n, ldc);

	CBLAS(syrk)(CblasColMajor, pl_cblas_uplo_t(uplo), pl_cblas_trans_t(trans), n, k, alpha, A, lda,
	            beta, R, ldc);
	real_t *dA = t_place(A, ra, ca, lda, sizeof(real_t), wa);
	real_t *dC = t_place(C, n, n, ldc, sizeof(real_t), wc);
	int ret = FN(syrk)(uplo, trans, n, k, alpha, dA, lda, beta, dC, ldc);
	t_fetch(C, dC, n, n, ldc, sizeof(real_t), wc);

	double amax = LOCAL(t_maxabs)(A, ra, ca, lda);
	double bound = 4.0 * (k + 2) * PREC_EPS *
	               (fabs((double)alpha) * k * amax * amax + fabs((double)beta) * c0) + 1e-300;
	double err = LOCAL(t_maxdiff_tri)(C, R, n, n, ldc, uplo);
	int changed = LOCAL(t_changed_outside)(C, C0, n, n, ldc, uplo);
	t_check(ret == 0 && err <= bound && changed == 0,
	        "%s %c%c n=%d k=%d alpha=%g beta=%g A@%s C@%s: ret=%d err/bound=%.2e "
	        "changed outside the triangle=%d", NAME_STR(syrk), uplo, trans, n, k, (double)alpha,
	        (double)beta, t_placement_name(wa), t_placement_name(wc), ret, err / bound, changed);
	t_release(dA, wa); t_release(dC, wc);
	free(A); free(C); free(C0); free(R);
}

static void LOCAL(run_syrk)(void)
{
	static const int shapes[][2] = { {1, 1}, {1, 19}, {1, 45}, {37, 1}, {37, 19}, {37, 45},
	                                 {64, 1}, {64, 19}, {64, 45}, {50, 1}, {50, 19}, {50, 45},
	                                 {0, 5}, {5, 0}, {0, 0} };
	static const char uplos[] = { 'U', 'L' }, trans[] = { 'N', 'T', 'C' };
	static const real_t alphas[] = { 1.5, -0.7, 0 };
	static const real_t betas[] = { 0, 1, 0.3 };
	unsigned seed = 2024;
	for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++)
		for (int u = 0; u < 2; u++)
			for (int t = 0; t < 3; t++)
				for (int a = 0; a < 3; a++)
					for (int b = 0; b < 3; b++)
						LOCAL(one_case)(uplos[u], trans[t], shapes[s][0], shapes[s][1], alphas[a],
						                betas[b], PARALIA_HOST, PARALIA_HOST, &seed);
	/* Every placement of the two operands (host, first GPU, last GPU); beta 0 on a GPU checks
	 * that the diagonal tiles' other triangle survives the trip. */
	int np = t_placement_count();
	for (int pa = 0; pa < np; pa++)
		for (int pc = 0; pc < np; pc++)
			if (pa || pc)
				for (int u = 0; u < 2; u++) {
					LOCAL(one_case)(uplos[u], 'N', 45, 29, 0.9, 0.4, t_placement(pa),
					                t_placement(pc), &seed);
					LOCAL(one_case)(uplos[u], 'T', 45, 29, -1.1, 0, t_placement(pa),
					                t_placement(pc), &seed);
				}
}

/* The insert helper alone on one tile pair, trans C (which it must read as T). */
static void LOCAL(helper_syrk)(void)
{
	enum { K = 5, N = 4, LDC = 6 };
	real_t A[K * N], C[LDC * N], R[LDC * N];
	unsigned seed = 7;
	LOCAL(t_fill)(A, K, N, K, &seed);
	LOCAL(t_fill)(C, LDC, N, LDC, &seed);
	memcpy(R, C, sizeof C);
	CBLAS(syrk)(CblasColMajor, CblasUpper, CblasTrans, N, K, 0.8, A, K, 0.5, R, LDC);
	starpu_data_handle_t hA, hC;
	starpu_matrix_data_register(&hA, STARPU_MAIN_RAM, (uintptr_t)A, K, K, N, sizeof(real_t));
	starpu_matrix_data_register(&hC, STARPU_MAIN_RAM, (uintptr_t)C, LDC, N, N, sizeof(real_t));
	int ret = TASK(syrk)('U', 'C', 0.8, hA, 0.5, hC, NULL);
	starpu_data_unregister(hA);
	starpu_data_unregister(hC);
	double err = LOCAL(t_maxdiff)(C, LDC, R, LDC, LDC, N);
	t_check(ret == 0 && err <= 4.0 * (K + 2) * PREC_EPS * (K + 1),
	        "%s helper, trans C: ret=%d err=%.2e", TASK_STR(syrk), ret, err);
}

static void LOCAL(bad_args_syrk)(void)
{
	real_t A[16] = {0}, C[16] = {0};
	struct { int expect; int ret; } cases[] = {
		{ -1, FN(syrk)('X', 'N', 2, 2, 1, A, 2, 0, C, 2) },
		{ -1, FN(syrk)('X', 'N', -1, 2, 1, A, 2, 0, C, 2) }, /* first illegal argument wins */
		{ -2, FN(syrk)('U', 'q', 2, 2, 1, A, 2, 0, C, 2) },
		{ -3, FN(syrk)('L', 'N', -1, 2, 1, A, 2, 0, C, 2) },
		{ -4, FN(syrk)('U', 'N', 2, -3, 1, A, 2, 0, C, 2) },
		{ -6, FN(syrk)('U', 'N', 2, 2, 1, NULL, 2, 0, C, 2) },
		{ -7, FN(syrk)('U', 'N', 3, 2, 1, A, 2, 0, C, 3) },
		{ -7, FN(syrk)('L', 'T', 2, 3, 1, A, 2, 0, C, 2) },
		{ -7, FN(syrk)('L', 'C', 2, 3, 1, A, 2, 0, C, 2) },
		{ -9, FN(syrk)('U', 'N', 2, 2, 1, A, 2, 0, NULL, 2) },
		{ -10, FN(syrk)('U', 'N', 2, 2, 1, A, 2, 0, C, 1) },
		{ -10, FN(syrk)('U', 'N', 0, 2, 1, A, 1, 0, C, 0) },
		/* A is not referenced when alpha == 0 or k == 0, C not when n == 0: NULL is legal */
		{ 0, FN(syrk)('U', 'N', 2, 2, 0, NULL, 2, 1, C, 2) },
		{ 0, FN(syrk)('l', 't', 2, 0, 1, NULL, 1, 1, C, 2) },
		{ 0, FN(syrk)('U', 'N', 0, 2, 1, A, 1, 0, NULL, 1) },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
		t_check(cases[i].ret == cases[i].expect, "%s bad argument case %zu: returned %d, expected %d",
		        NAME_STR(syrk), i, cases[i].ret, cases[i].expect);
	int nonzero = 0;
	for (int i = 0; i < 16; i++)
		nonzero |= C[i] != 0;
	t_check(!nonzero, "%s: rejected calls left C untouched", NAME_STR(syrk));

	/* The helper: A 4x3, C 4x4 fits trans N; C 3x3 does not. */
	starpu_data_handle_t hA, hC, hBad;
	starpu_matrix_data_register(&hA, STARPU_MAIN_RAM, (uintptr_t)A, 4, 4, 3, sizeof(real_t));
	starpu_matrix_data_register(&hC, STARPU_MAIN_RAM, (uintptr_t)C, 4, 4, 4, sizeof(real_t));
	starpu_matrix_data_register(&hBad, STARPU_MAIN_RAM, (uintptr_t)(C + 8), 3, 3, 2, sizeof(real_t));
	struct { int expect; int ret; } hcases[] = {
		{ -1, TASK(syrk)('X', 'N', 1, hA, 0, hC, NULL) },
		{ -2, TASK(syrk)('U', 'X', 1, hA, 0, hC, NULL) },
		{ -4, TASK(syrk)('U', 'N', 1, NULL, 0, hC, NULL) },
		{ -6, TASK(syrk)('U', 'N', 1, hA, 0, NULL, NULL) },
		{ -6, TASK(syrk)('U', 'T', 1, hA, 0, hC, NULL) },   /* op(A) op(A)^T is 3x3 */
		{ -6, TASK(syrk)('L', 'N', 1, hA, 0, hBad, NULL) }, /* C not square */
	};
	starpu_data_unregister(hA);
	starpu_data_unregister(hC);
	starpu_data_unregister(hBad);
	for (size_t i = 0; i < sizeof hcases / sizeof hcases[0]; i++)
		t_check(hcases[i].ret == hcases[i].expect, "%s bad argument case %zu: returned %d, expected %d",
		        TASK_STR(syrk), i, hcases[i].ret, hcases[i].expect);
}
#endif
