/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * paralia_{s,d}symm against CBLAS on the same random inputs: every side x uplo, sizes with ragged
 * edge tiles (T_TILE = 16) and zero sizes, several alpha and beta, every placement of A, B and C.
 * A's other triangle and the padding rows of A and B hold NaN (BLAS never reads them, so a
 * result reading them fails); C's padding rows must come back bit-for-bit untouched, NaNs in C
 * must not survive beta == 0. Then the tile helper on its own and every bad-argument class.
 * Bound: |C - C_ref| <= 4 (ka + 2) eps (|alpha| ka max|A| max|B| + |beta| max|C0|), ka = order of A.
 */
#include "tests/testing.h"
#ifndef PARALIA_PREC
#define PARALIA_SELF "tests/blas_symm.c"
#include "common/instantiate.h"

int main(void)
{
	t_begin("blas_symm");
	paralia_set_tile_size(T_TILE);
	run_symm_s();
	run_symm_d();
	helper_symm_s();
	helper_symm_d();
	bad_args_symm_s();
	bad_args_symm_d();
	return t_end();
}
#else
#include <cblas.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "tests/testing_tri.h"

static void LOCAL(one_case)(char side, char uplo, int m, int n, real_t alpha, real_t beta,
                            int wa, int wb, int wc, unsigned *seed)
{
	int ka = side == 'L' ? m : n;
	int lda = ka + 3, ldb = m + 1, ldc = m + 2;
	size_t sa = (size_t)lda * (ka ? ka : 1), sb = (size_t)ldb * (n ? n : 1);
	size_t sc = (size_t)ldc * (n ? n : 1);
	real_t *A = malloc(sizeof(real_t) * sa), *B = malloc(sizeof(real_t) * sb);
	real_t *C = malloc(sizeof(real_t) * sc), *C0 = malloc(sizeof(real_t) * sc);
	real_t *R = malloc(sizeof(real_t) * sc);
	LOCAL(t_poison)(A, lda, ka, lda, (real_t)NAN); /* padding rows: never to be read */
	LOCAL(t_poison)(B, ldb, n, ldb, (real_t)NAN);
	LOCAL(t_fill)(A, ka, ka, lda, seed);
	double amax = LOCAL(t_maxabs)(A, ka, ka, lda);
	LOCAL(t_poison_other_tri)(A, ka, lda, uplo);
	LOCAL(t_fill)(B, m, n, ldb, seed);
	LOCAL(t_fill)(C, ldc, n, ldc, seed);
	if (beta == 0) /* BLAS: C is not read when beta is 0, so NaNs there must not survive */
		LOCAL(t_poison)(C, m, n, ldc, (real_t)NAN);
	memcpy(C0, C, sizeof(real_t) * sc);
	memcpy(R, C, sizeof(real_t) * sc);
	double c0 = beta == 0 ? 0 : LOCAL(t_maxabs)(C, m, n, ldc);

	CBLAS(symm)(CblasColMajor, pl_cblas_side_t(side), pl_cblas_uplo_t(uplo), m, n, alpha, A, lda,
	            B, ldb, beta, R, ldc);
	real_t *dA = t_place(A, ka, ka, lda, sizeof(real_t), wa);
	real_t *dB = t_place(B, m, n, ldb, sizeof(real_t), wb);
	real_t *dC = t_place(C, m, n, ldc, sizeof(real_t), wc);
	int ret = FN(symm)(side, uplo, m, n, alpha, dA, lda, dB, ldb, beta, dC, ldc);
	t_fetch(C, dC, m, n, ldc, sizeof(real_t), wc);

	double bound = 4.0 * (ka + 2) * PREC_EPS *
	               (fabs((double)alpha) * ka * amax * LOCAL(t_maxabs)(B, m, n, ldb) +
	                fabs((double)beta) * c0) + 1e-300;
	double err = LOCAL(t_maxdiff_tri)(C, R, m, n, ldc, 'G');
	int changed = LOCAL(t_changed_outside)(C, C0, m, n, ldc, 'G');
	t_check(ret == 0 && err <= bound && changed == 0,
	        "%s %c%c m=%d n=%d alpha=%g beta=%g A@%s B@%s C@%s: ret=%d err/bound=%.2e "
	        "changed padding=%d", NAME_STR(symm), side, uplo, m, n, (double)alpha, (double)beta,
	        t_placement_name(wa), t_placement_name(wb), t_placement_name(wc), ret, err / bound,
	        changed);
	t_release(dA, wa); t_release(dB, wb); t_release(dC, wc);
	free(A); free(B); free(C); free(C0); free(R);
}

static void LOCAL(run_symm)(void)
{
	static const int shapes[][2] = { {1, 1}, {1, 19}, {37, 1}, {37, 19}, {64, 45}, {50, 45},
	                                 {19, 64}, {45, 37}, {50, 50}, {0, 5}, {5, 0}, {0, 0} };
	static const char sides[] = { 'L', 'R' }, uplos[] = { 'U', 'L' };
	static const real_t alphas[] = { 1.5, -0.7, 0 };
	static const real_t betas[] = { 0, 1, 0.3 };
	unsigned seed = 777;
	for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++)
		for (int sd = 0; sd < 2; sd++)
			for (int u = 0; u < 2; u++)
				for (int a = 0; a < 3; a++)
					for (int b = 0; b < 3; b++)
						LOCAL(one_case)(sides[sd], uplos[u], shapes[s][0], shapes[s][1], alphas[a],
						                betas[b], PARALIA_HOST, PARALIA_HOST, PARALIA_HOST, &seed);
	/* Every placement of the three operands (host, first GPU, last GPU). */
	int np = t_placement_count();
	for (int pa = 0; pa < np; pa++)
		for (int pb = 0; pb < np; pb++)
			for (int pc = 0; pc < np; pc++)
				if (pa || pb || pc) {
					LOCAL(one_case)('L', 'U', 45, 38, 0.9, 0.4, t_placement(pa), t_placement(pb),
					                t_placement(pc), &seed);
					LOCAL(one_case)('R', 'L', 45, 38, -1.1, 0, t_placement(pa), t_placement(pb),
					                t_placement(pc), &seed);
				}
}

/* The insert helper alone on one tile triple, side R, A's lower triangle poisoned. */
static void LOCAL(helper_symm)(void)
{
	enum { M = 3, N = 4, LDC = 5 };
	real_t A[N * N], B[M * N], C[LDC * N], R[LDC * N];
	unsigned seed = 11;
	LOCAL(t_fill)(A, N, N, N, &seed);
	LOCAL(t_poison_other_tri)(A, N, N, 'U');
	LOCAL(t_fill)(B, M, N, M, &seed);
	LOCAL(t_fill)(C, LDC, N, LDC, &seed);
	memcpy(R, C, sizeof C);
	CBLAS(symm)(CblasColMajor, CblasRight, CblasUpper, M, N, 0.8, A, N, B, M, 0.5, R, LDC);
	starpu_data_handle_t hA, hB, hC;
	starpu_matrix_data_register(&hA, STARPU_MAIN_RAM, (uintptr_t)A, N, N, N, sizeof(real_t));
	starpu_matrix_data_register(&hB, STARPU_MAIN_RAM, (uintptr_t)B, M, M, N, sizeof(real_t));
	starpu_matrix_data_register(&hC, STARPU_MAIN_RAM, (uintptr_t)C, LDC, M, N, sizeof(real_t));
	int ret = TASK(symm)('R', 'U', 0.8, hA, hB, 0.5, hC, NULL);
	starpu_data_unregister(hA);
	starpu_data_unregister(hB);
	starpu_data_unregister(hC);
	double err = LOCAL(t_maxdiff)(C, LDC, R, LDC, LDC, N);
	t_check(ret == 0 && err <= 4.0 * (N + 2) * PREC_EPS * (N + 1),
	        "%s helper, side R: ret=%d err=%.2e", TASK_STR(symm), ret, err);
}

static void LOCAL(bad_args_symm)(void)
{
	real_t A[16] = {0}, B[16] = {0}, C[16] = {0};
	struct { int expect; int ret; } cases[] = {
		{ -1, FN(symm)('X', 'U', 2, 2, 1, A, 2, B, 2, 0, C, 2) },
		{ -1, FN(symm)('X', 'U', -1, 2, 1, A, 2, B, 2, 0, C, 2) }, /* first illegal wins */
		{ -2, FN(symm)('L', 'q', 2, 2, 1, A, 2, B, 2, 0, C, 2) },
		{ -3, FN(symm)('L', 'U', -1, 2, 1, A, 2, B, 2, 0, C, 2) },
		{ -4, FN(symm)('R', 'L', 2, -3, 1, A, 2, B, 2, 0, C, 2) },
		{ -6, FN(symm)('L', 'U', 2, 2, 1, NULL, 2, B, 2, 0, C, 2) },
		{ -7, FN(symm)('L', 'U', 3, 2, 1, A, 2, B, 3, 0, C, 3) },
		{ -7, FN(symm)('R', 'L', 2, 3, 1, A, 2, B, 2, 0, C, 2) },
		{ -8, FN(symm)('L', 'U', 2, 2, 1, A, 2, NULL, 2, 0, C, 2) },
		{ -9, FN(symm)('L', 'U', 3, 2, 1, A, 3, B, 2, 0, C, 3) },
		{ -9, FN(symm)('R', 'U', 3, 2, 1, A, 2, B, 2, 0, C, 3) },
		{ -11, FN(symm)('L', 'U', 2, 2, 1, A, 2, B, 2, 0, NULL, 2) },
		{ -12, FN(symm)('L', 'U', 2, 2, 1, A, 2, B, 2, 0, C, 1) },
		{ -12, FN(symm)('L', 'U', 0, 2, 1, A, 1, B, 1, 0, C, 0) },
		/* A and B are not referenced when alpha == 0, C not when m or n is 0: NULL is legal */
		{ 0, FN(symm)('L', 'U', 2, 2, 0, NULL, 2, NULL, 2, 1, C, 2) },
		{ 0, FN(symm)('r', 'l', 2, 0, 1, A, 1, B, 2, 0, NULL, 2) },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
		t_check(cases[i].ret == cases[i].expect, "%s bad argument case %zu: returned %d, expected %d",
		        NAME_STR(symm), i, cases[i].ret, cases[i].expect);
	int nonzero = 0;
	for (int i = 0; i < 16; i++)
		nonzero |= C[i] != 0;
	t_check(!nonzero, "%s: rejected calls left C untouched", NAME_STR(symm));

	/* The helper: A 3x3, B and C 3x2 fit side L; A 3x2 is not square, B 2x3 does not fit. */
	starpu_data_handle_t hA, hA2, hB, hB2, hC, hC2;
	starpu_matrix_data_register(&hA, STARPU_MAIN_RAM, (uintptr_t)A, 3, 3, 3, sizeof(real_t));
	starpu_matrix_data_register(&hA2, STARPU_MAIN_RAM, (uintptr_t)A, 3, 3, 2, sizeof(real_t));
	starpu_matrix_data_register(&hB, STARPU_MAIN_RAM, (uintptr_t)B, 3, 3, 2, sizeof(real_t));
	starpu_matrix_data_register(&hB2, STARPU_MAIN_RAM, (uintptr_t)B, 2, 2, 3, sizeof(real_t));
	starpu_matrix_data_register(&hC, STARPU_MAIN_RAM, (uintptr_t)C, 3, 3, 2, sizeof(real_t));
	starpu_matrix_data_register(&hC2, STARPU_MAIN_RAM, (uintptr_t)C, 3, 3, 3, sizeof(real_t));
	struct { int expect; int ret; } hcases[] = {
		{ -1, TASK(symm)('X', 'U', 1, hA, hB, 0, hC, NULL) },
		{ -2, TASK(symm)('L', 'X', 1, hA, hB, 0, hC, NULL) },
		{ -4, TASK(symm)('L', 'U', 1, NULL, hB, 0, hC, NULL) },
		{ -4, TASK(symm)('L', 'U', 1, hA2, hB, 0, hC, NULL) },
		{ -5, TASK(symm)('L', 'U', 1, hA, NULL, 0, hC, NULL) },
		{ -5, TASK(symm)('L', 'U', 1, hA, hB2, 0, hC, NULL) },
		{ -5, TASK(symm)('R', 'U', 1, hA, hB, 0, hC, NULL) }, /* B has 2 columns, A is 3x3 */
		{ -7, TASK(symm)('L', 'U', 1, hA, hB, 0, NULL, NULL) },
		{ -7, TASK(symm)('L', 'U', 1, hA, hB, 0, hC2, NULL) },
	};
	starpu_data_unregister(hA);
	starpu_data_unregister(hA2);
	starpu_data_unregister(hB);
	starpu_data_unregister(hB2);
	starpu_data_unregister(hC);
	starpu_data_unregister(hC2);
	for (size_t i = 0; i < sizeof hcases / sizeof hcases[0]; i++)
		t_check(hcases[i].ret == hcases[i].expect, "%s bad argument case %zu: returned %d, expected %d",
		        TASK_STR(symm), i, hcases[i].ret, hcases[i].expect);
}
#endif
