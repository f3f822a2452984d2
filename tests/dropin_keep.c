/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The drop-in BLAS beside kept matrices (paralia_keep): a program that keeps A, B and C and
 * multiplies them with paralia_dgemm (which returns once its tasks are submitted: every operand
 * is kept), then hands C to the Fortran dgemm_ that libparalia_blas defines, in a call small
 * enough for the program's own BLAS (PARALIA_BLAS_MIN_FLOPS above it). That BLAS would read C's
 * memory while paralia's tasks still write it, or where StarPU's valid copy is elsewhere: the
 * drop-in must run every call on a kept matrix through paralia, which orders it after them.
 * Checked against CBLAS on the same inputs; then C itself, after paralia_release.
 *   dropin_keep [N]    (linked with libparalia_blas before the system BLAS; tests/local.mk)
 */
#include <paralia.h>
#include <cblas.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void dgemm_(const char *ta, const char *tb, const int *m, const int *n, const int *k,
            const double *alpha, const double *A, const int *lda, const double *B, const int *ldb,
            const double *beta, double *C, const int *ldc, size_t lta, size_t ltb);

static double max_err(const double *x, const double *ref, size_t len)
{
	double e = 0, scale = 1e-300;
	for (size_t i = 0; i < len; i++) {
		e = fmax(e, fabs(x[i] - ref[i]));
		scale = fmax(scale, fabs(ref[i]));
	}
	return e / scale;
}

int main(int argc, char **argv)
{
	/* the drop-in reads its rules at its first call: the program's BLAS for any size */
	setenv("PARALIA_BLAS_MIN_FLOPS", "1e15", 1);
	int n = argc > 1 ? atoi(argv[1]) : 768, fail = 0;
	if (n < 2 || n > 8192) {
		fprintf(stderr, "dropin_keep: N from 2 to 8192\n");
		return 2;
	}
	size_t len = (size_t)n * n;
	double *A = malloc(len * sizeof *A), *B = malloc(len * sizeof *B), *C = calloc(len, sizeof *C);
	double *eye = calloc(len, sizeof *eye), *D = calloc(len, sizeof *D), *ref = malloc(len * sizeof *ref);
	if (!A || !B || !C || !eye || !D || !ref)
		return 99;
	srand(7);
	for (size_t i = 0; i < len; i++) {
		A[i] = rand() / (double)RAND_MAX - 0.5;
		B[i] = rand() / (double)RAND_MAX - 0.5;
	}
	for (int i = 0; i < n; i++)
		eye[(size_t)i * n + i] = 1;
	cblas_dgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, n, n, n, 1, A, n, B, n, 0, ref, n);
	if (paralia_init() != 0) {
		fprintf(stderr, "dropin_keep: paralia did not start: skipped\n");
		return 77;
	}
	if (paralia_keep(A, n, n, n, sizeof *A) || paralia_keep(B, n, n, n, sizeof *B) ||
	    paralia_keep(C, n, n, n, sizeof *C)) {
		fprintf(stderr, "dropin_keep: paralia_keep refused\n");
		return 1;
	}
	int ret = paralia_dgemm(ParaliaNoTrans, ParaliaNoTrans, n, n, n, 1.0, A, n, B, n, 0.0, C, n);
	if (ret != 0) {
		fprintf(stderr, "dropin_keep: paralia_dgemm: %s\n", paralia_strerror(ret));
		return 1;
	}
	/* D = C eye (the identity) through the drop-in, at once: C is still being computed */
	double one = 1, zero = 0;
	dgemm_("N", "N", &n, &n, &n, &one, C, &n, eye, &n, &zero, D, &n, 1, 1);
	double e = max_err(D, ref, len);
	printf("dropin_keep: dgemm_ on the kept C right after paralia_dgemm: error %.2e\n", e);
	fail += !(e < 1e-12);
	paralia_release(A);
	paralia_release(B);
	paralia_release(C);
	e = max_err(C, ref, len);
	printf("dropin_keep: C after paralia_release: error %.2e\n", e);
	fail += !(e < 1e-12);
	paralia_shutdown();
	printf("dropin_keep: %s\n", fail ? "FAILED" : "all ok");
	free(A), free(B), free(C), free(eye), free(D), free(ref);
	return fail ? 1 : 0;
}
