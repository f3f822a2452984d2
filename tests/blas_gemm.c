/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * paralia_{s,d}gemm against CBLAS on the same random inputs: every transA x transB, shapes with
 * ragged edge tiles and non-square blocks, several alpha and beta, every placement of A, B and C
 * (host or GPU) the machine has; then every bad-argument class.
 * Bound: |C - C_ref| <= 4 (k + 2) eps (|alpha| k max|A| max|B| + |beta| max|C0|), elementwise.
 */
#include "tests/testing.h"
#ifndef PARALIA_PREC
#define PARALIA_SELF "tests/blas_gemm.c"
#include "common/instantiate.h"

int main(void)
{
	t_begin("blas_gemm");
	paralia_set_tile_size(T_TILE);
	run_gemm_s();
	run_gemm_d();
	bad_args_gemm_s();
	bad_args_gemm_d();
	return t_end();
}
#else
#include <cblas.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static void LOCAL(one_case)(char tA, char tB, int m, int n, int k, real_t alpha, real_t beta,
                            int wa, int wb, int wc, unsigned *seed)
{
	int ra = tA == 'N' ? m : k, ca = tA == 'N' ? k : m;
	int rb = tB == 'N' ? k : n, cb = tB == 'N' ? n : k;
	int lda = ra + 3, ldb = rb + 1, ldc = m + 2;
	real_t *A = malloc(sizeof(real_t) * lda * (ca ? ca : 1));
	real_t *B = malloc(sizeof(real_t) * ldb * (cb ? cb : 1));
	real_t *C = malloc(sizeof(real_t) * ldc * (n ? n : 1));
	real_t *R = malloc(sizeof(real_t) * ldc * (n ? n : 1));
	LOCAL(t_fill)(A, lda, ca, lda, seed);
	LOCAL(t_fill)(B, ldb, cb, ldb, seed);
	LOCAL(t_fill)(C, ldc, n, ldc, seed);
	if (beta == 0) /* BLAS: C is not read when beta is 0, so NaNs there must not survive */
		LOCAL(t_poison)(C, m, n, ldc, (real_t)NAN);
	memcpy(R, C, sizeof(real_t) * ldc * (n ? n : 1));
	double c0 = beta == 0 ? 0 : LOCAL(t_maxabs)(C, m, n, ldc);

	CBLAS(gemm)(CblasColMajor, pl_cblas_trans_t(tA), pl_cblas_trans_t(tB), m, n, k, alpha, A, lda,
	            B, ldb, beta, R, ldc);
	real_t *dA = t_place(A, ra, ca, lda, sizeof(real_t), wa);
	real_t *dB = t_place(B, rb, cb, ldb, sizeof(real_t), wb);
	real_t *dC = t_place(C, m, n, ldc, sizeof(real_t), wc);
	int ret = FN(gemm)(tA, tB, m, n, k, alpha, dA, lda, dB, ldb, beta, dC, ldc);
	t_fetch(C, dC, m, n, ldc, sizeof(real_t), wc);

	double bound = 4.0 * (k + 2) * PREC_EPS *
	               (fabs((double)alpha) * k * LOCAL(t_maxabs)(A, lda, ca, lda) * LOCAL(t_maxabs)(B, ldb, cb, ldb) +
	                fabs((double)beta) * c0) + 1e-300;
	/* Compare the whole ldc x n block: padding rows must be untouched, equal to R's. */
	double err = LOCAL(t_maxdiff)(C, ldc, R, ldc, ldc, n);
	t_check(ret == 0 && err <= bound,
	        "%s %c%c m=%d n=%d k=%d alpha=%g beta=%g A@%s B@%s C@%s: ret=%d err/bound=%.2e",
	        NAME_STR(gemm), tA, tB, m, n, k, (double)alpha, (double)beta, t_placement_name(wa),
	        t_placement_name(wb), t_placement_name(wc), ret, err / bound);
	t_release(dA, wa); t_release(dB, wb); t_release(dC, wc);
	free(A); free(B); free(C); free(R);
}

static void LOCAL(run_gemm)(void)
{
	static const int shapes[][3] = { {1, 1, 1}, {37, 23, 19}, {64, 48, 32}, {17, 70, 45},
	                                 {50, 9, 80}, {0, 5, 3}, {5, 0, 3}, {6, 5, 0} };
	static const char trans[] = { 'N', 'T', 'C' };
	static const real_t alphas[] = { 1.5, -0.7, 0 };
	static const real_t betas[] = { 0, 1, 0.3 };
	unsigned seed = 12345;
	int ns = sizeof shapes / sizeof shapes[0];
	for (int s = 0; s < ns; s++)
		for (int a = 0; a < 3; a++)
			for (int b = 0; b < 3; b++)
				for (int ab = 0; ab < 3; ab++)
					for (int be = 0; be < 3; be++)
						LOCAL(one_case)(trans[a], trans[b], shapes[s][0], shapes[s][1], shapes[s][2],
						                alphas[ab], betas[be], PARALIA_HOST, PARALIA_HOST,
						                PARALIA_HOST, &seed);
	/* Every placement of the three operands (host, first GPU, last GPU). */
	int np = t_placement_count();
	/* All three on the first GPU with tiles larger than the matrices: one tile there, which
	 * paralia runs as one cuBLAS call from this thread (blas/direct.c; tests/gemm_direct.sh
	 * checks that it did), every transposition, alpha and beta, leading dimensions past the
	 * rows (one_case pads them) and the empty shapes. */
	if (np > 1) {
		/* and shapes wider than 4096 (one tile of 16384) */
		static const int wide[][3] = { {64, 4100, 32}, {3, 8200, 5} };
		paralia_set_tile_size(16384);
		for (int s = 0; s < 2; s++)
			for (int a = 0; a < 3; a++)
				for (int b = 0; b < 3; b++)
					for (int be = 0; be < 3; be++)
						LOCAL(one_case)(trans[a], trans[b], wide[s][0], wide[s][1], wide[s][2],
						                alphas[0], betas[be], t_placement(1), t_placement(1),
						                t_placement(1), &seed);
		paralia_set_tile_size(512);
		for (int s = 0; s < ns; s++)
			for (int a = 0; a < 3; a++)
				for (int b = 0; b < 3; b++)
					for (int ab = 0; ab < 3; ab += 2)
						for (int be = 0; be < 3; be++)
							LOCAL(one_case)(trans[a], trans[b], shapes[s][0], shapes[s][1],
							                shapes[s][2], alphas[ab], betas[be], t_placement(1),
							                t_placement(1), t_placement(1), &seed);
		/* while a matrix is kept (here a host one the call does not use), StarPU may hold the
		 * valid copy of GPU memory: the same call goes through StarPU (gemm_direct.sh counts) */
		real_t K[16] = { 0 };
		t_check(paralia_keep(K, 4, 4, 4, sizeof(real_t)) == 0, "keep a 4 x 4 host matrix");
		LOCAL(one_case)('N', 'T', 37, 23, 19, 1.5, 0.3, t_placement(1), t_placement(1),
		                t_placement(1), &seed);
		t_check(paralia_release(K) == 0, "release it");
		paralia_set_tile_size(T_TILE);
	}
	for (int pa = 0; pa < np; pa++)
		for (int pb = 0; pb < np; pb++)
			for (int pc = 0; pc < np; pc++)
				if (pa || pb || pc)
					LOCAL(one_case)('N', 'T', 45, 38, 29, 0.9, 0.4, t_placement(pa),
					                t_placement(pb), t_placement(pc), &seed);
}

static void LOCAL(bad_args_gemm)(void)
{
	real_t A[16] = {0}, B[16] = {0}, C[16] = {0};
	struct { int expect; int ret; } cases[] = {
		{ -1, FN(gemm)('X', 'N', 2, 2, 2, 1, A, 2, B, 2, 0, C, 2) },
		{ -2, FN(gemm)('N', 'q', 2, 2, 2, 1, A, 2, B, 2, 0, C, 2) },
		{ -3, FN(gemm)('N', 'N', -1, 2, 2, 1, A, 2, B, 2, 0, C, 2) },
		{ -4, FN(gemm)('N', 'N', 2, -1, 2, 1, A, 2, B, 2, 0, C, 2) },
		{ -5, FN(gemm)('N', 'N', 2, 2, -3, 1, A, 2, B, 2, 0, C, 2) },
		{ -7, FN(gemm)('N', 'N', 2, 2, 2, 1, NULL, 2, B, 2, 0, C, 2) },
		{ -8, FN(gemm)('N', 'N', 3, 2, 2, 1, A, 2, B, 2, 0, C, 3) },
		{ -8, FN(gemm)('T', 'N', 2, 2, 3, 1, A, 2, B, 3, 0, C, 2) },
		{ -9, FN(gemm)('N', 'N', 2, 2, 2, 1, A, 2, NULL, 2, 0, C, 2) },
		{ -10, FN(gemm)('N', 'N', 2, 2, 3, 1, A, 2, B, 2, 0, C, 2) },
		{ -10, FN(gemm)('N', 'T', 2, 3, 2, 1, A, 2, B, 2, 0, C, 2) },
		{ -12, FN(gemm)('N', 'N', 2, 2, 2, 1, A, 2, B, 2, 0, NULL, 2) },
		{ -13, FN(gemm)('N', 'N', 2, 2, 2, 1, A, 2, B, 2, 0, C, 1) },
		{ -13, FN(gemm)('N', 'N', 0, 2, 2, 1, A, 1, B, 2, 0, C, 0) },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
		t_check(cases[i].ret == cases[i].expect, "%s bad argument case %zu: returned %d, expected %d",
		        NAME_STR(gemm), i, cases[i].ret, cases[i].expect);
	int nonzero = 0;
	for (int i = 0; i < 16; i++)
		nonzero |= C[i] != 0;
	t_check(!nonzero, "%s: rejected calls left C untouched", NAME_STR(gemm));
}
#endif
