/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * gemm's CUDA kernel with its algorithm chosen per shape by timing (src/codelets/gemm_algo.c)
 * against CBLAS: products large enough to be timed (tiles of 1024, 2 GFLOP a product), A
 * transposed or not (N, T, C), B too, leading dimensions off 128 bytes and on (beta = 0 there,
 * C first filled with NaN, which must not survive), every operand on the GPU or on the host, four
 * calls of each (a tile shape's first runs take the candidates: cuBLASLt's kernels run there, on
 * real data; later ones the chosen algorithm), every call's C checked (the host's reference in one
 * thread: about 25 s of the GPU suite by estimate, not measured yet); and that cuBLASLt's
 * algorithms did run (unless PARALIA_GEMM_ALGO=cublas, several workers share a GPU, or
 * PARALIA_GEMM_STREAMS is other than 1: the test sets it to 1, the tuner's, where unset). A GPU
 * is needed: without one the kernel is the CPU's and the test is skipped.
 * Bound: |C - C_ref| <= 4 (k + 2) eps (|alpha| k max|A| max|B| + |beta| max|C0|), elementwise.
 */
#include "config.h"
#include "tests/testing.h"
#ifndef PARALIA_PREC
#define PARALIA_SELF "tests/gemm_tuned.c"
#include "common/instantiate.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef PARALIA_USE_CUDA
unsigned long pl_gemm_lt_runs(void); /* src/codelets/gemm_algo.c */
#endif

int main(void)
{
	/* the tuner times products on the worker's stream: this test's square ones go there only
	 * with PARALIA_GEMM_STREAMS=1 (with the lanes, the default, deep products alone do) */
	setenv("PARALIA_GEMM_STREAMS", "1", 0);
	t_begin("gemm_tuned");
	if (t_placement_count() < 2) {
		printf("gemm_tuned: no GPU: skipped\n");
		paralia_shutdown();
		return 77;
	}
	paralia_set_tile_size(1024);
	run_tuned_s();
	run_tuned_d();
#ifdef PARALIA_USE_CUDA
	const char *algo = getenv("PARALIA_GEMM_ALGO"), *per = getenv("STARPU_NWORKER_PER_CUDA");
	const char *lanes = getenv("PARALIA_GEMM_STREAMS");
	int one_stream = lanes && !strcmp(lanes, "1");
	if (!(algo && !strcmp(algo, "cublas")) && !(per && atoi(per) > 1) && one_stream)
		t_check(pl_gemm_lt_runs() > 0, "the tuner ran cuBLASLt's algorithms: %lu products",
		        pl_gemm_lt_runs());
#endif
	return t_end();
}
#else
#include <cblas.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define CALLS 4

static void LOCAL(one_case)(char tA, char tB, int odd, int where, unsigned *seed)
{
	const int m = 2048, n = 2048, k = 1024; /* four products of 1024^3 a call */
	const real_t alpha = 0.75, beta = odd ? 0 : 0.5;
	int ra = tA == 'N' ? m : k, ca = tA == 'N' ? k : m;
	int rb = tB == 'N' ? k : n, cb = tB == 'N' ? n : k;
	int lda = ra + 3 * odd, ldb = rb + odd, ldc = m + 2 * odd;
	real_t *A = malloc(sizeof(real_t) * lda * ca), *B = malloc(sizeof(real_t) * ldb * cb);
	real_t *C = malloc(sizeof(real_t) * ldc * n), *R = malloc(sizeof(real_t) * ldc * n);
	LOCAL(t_fill)(A, lda, ca, lda, seed);
	LOCAL(t_fill)(B, ldb, cb, ldb, seed);
	LOCAL(t_fill)(C, ldc, n, ldc, seed);
	if (beta == 0) /* BLAS: C is not read when beta is 0, so NaNs there must not survive */
		LOCAL(t_poison)(C, m, n, ldc, (real_t)NAN);
	memcpy(R, C, sizeof(real_t) * ldc * n);
	real_t *dA = t_place(A, ra, ca, lda, sizeof(real_t), where);
	real_t *dB = t_place(B, rb, cb, ldb, sizeof(real_t), where);
	real_t *dC = t_place(C, m, n, ldc, sizeof(real_t), where);
	double ab = fabs((double)alpha) * k * LOCAL(t_maxabs)(A, lda, ca, lda) * LOCAL(t_maxabs)(B, ldb, cb, ldb);
	for (int call = 0; call < CALLS; call++) {
		/* each call on the result of the one before, on the GPU and in the reference alike */
		double c0 = beta == 0 ? 0 : LOCAL(t_maxabs)(R, m, n, ldc);
		CBLAS(gemm)(CblasColMajor, pl_cblas_trans_t(tA), pl_cblas_trans_t(tB), m, n, k, alpha, A, lda,
		            B, ldb, beta, R, ldc);
		int ret = FN(gemm)(tA, tB, m, n, k, alpha, dA, lda, dB, ldb, beta, dC, ldc);
		t_fetch(C, dC, m, n, ldc, sizeof(real_t), where);
		double bound = 4.0 * (k + 2) * PREC_EPS * (ab + fabs((double)beta) * c0) * (call + 1) + 1e-300;
		double err = LOCAL(t_maxdiff)(C, ldc, R, ldc, ldc, n);
		t_check(ret == 0 && err <= bound, "%s %c%c lds %s A, B, C@%s call %d: ret=%d err/bound=%.2e",
		        NAME_STR(gemm), tA, tB, odd ? "odd" : "aligned", t_placement_name(where), call + 1, ret,
		        err / bound);
		memcpy(R, C, sizeof(real_t) * ldc * n); /* the next call from this one's result */
	}
	t_release(dA, where); t_release(dB, where); t_release(dC, where);
	free(A); free(B); free(C); free(R);
}

static void LOCAL(run_tuned)(void)
{
	static const char trans[] = { 'N', 'T', 'C' };
	unsigned seed = 4321;
	for (int w = 0; w < t_placement_count() && w < 2; w++)
		for (int a = 0; a < 3; a++)
			for (int b = 0; b < 2; b++)
				for (int odd = 0; odd < 2; odd++)
					LOCAL(one_case)(trans[a], trans[b], odd, t_placement(w), &seed);
}
#endif
