/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Every placement combination of a gemm's operands that CPU workers can exercise, against CBLAS:
 * each of A, B, C registered for one call or kept resident (paralia_keep), 8 combinations, each
 * with the direct tile chains and with the WR-lazy path forced on every other C tile
 * (PARALIA_WR_LAZY=force: products into scratch tiles with beta = 0, then geadd into C), for
 * beta = 0, 1 and 0.3 and both precisions' bounds. With GPUs, the host/GPU placements are covered
 * by blas_gemm and the others; here the code paths that decide them are. Then the same with
 * gemm's fetching ahead forced in every block and in none (PARALIA_FETCH_AHEAD=all|none: on CUDA
 * workers, copies requested ahead beside the ones the products wait for), and a value that is
 * neither: said once on stderr, the model's rule used, the result right.
 */
#include "tests/testing.h"
#include <cblas.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static void one(int kept_mask, int lazy, double beta, unsigned *seed)
{
	const int m = 45, n = 38, k = 29;
	double *A = malloc(sizeof(double) * m * k), *B = malloc(sizeof(double) * k * n);
	double *C = malloc(sizeof(double) * m * n), *R = malloc(sizeof(double) * m * n);
	t_fill_d(A, m, k, m, seed);
	t_fill_d(B, k, n, k, seed);
	t_fill_d(C, m, n, m, seed);
	if (beta == 0)
		t_poison_d(C, m, n, m, NAN);
	memcpy(R, C, sizeof(double) * m * n);
	cblas_dgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, m, n, k, 0.9, A, m, B, k, beta, R, m);
	if (beta == 0) /* reference BLAS with beta 0 ignores C, including its NaNs */
		for (int i = 0; i < m * n; i++)
			R[i] = isnan(R[i]) ? 0 : R[i];
	if (lazy)
		setenv("PARALIA_WR_LAZY", "force", 1);
	else
		unsetenv("PARALIA_WR_LAZY");
	if (kept_mask & 1) paralia_keep(A, m, k, m, sizeof(double));
	if (kept_mask & 2) paralia_keep(B, k, n, k, sizeof(double));
	if (kept_mask & 4) paralia_keep(C, m, n, m, sizeof(double));
	int ret = paralia_dgemm('N', 'N', m, n, k, 0.9, A, m, B, k, beta, C, m);
	/* a second call on the same operands: kept tiles are reused, one-off ones registered anew */
	int ret2 = paralia_dgemm('N', 'N', m, n, k, 0, A, m, B, k, 1, C, m);
	if (kept_mask & 4) paralia_sync(C);
	double err = t_maxdiff_d(C, m, R, m, m, n);
	double bound = 4.0 * (k + 2) * 2.3e-16 * (0.9 * k * t_maxabs_d(A, m, k, m) * t_maxabs_d(B, k, n, k) +
	                                      fabs(beta) * t_maxabs_d(R, m, n, m)) + 1e-300;
	t_check(ret == 0 && ret2 == 0 && !t_has_nan_d(C, m, n, m) && err <= bound,
	        "gemm A %s, B %s, C %s, %s, beta %g: ret %d/%d, err/bound %.2e",
	        kept_mask & 1 ? "kept" : "one-off", kept_mask & 2 ? "kept" : "one-off",
	        kept_mask & 4 ? "kept" : "one-off", lazy ? "WR-lazy" : "direct", beta, ret, ret2,
	        err / bound);
	if (kept_mask & 1) paralia_release(A);
	if (kept_mask & 2) paralia_release(B);
	if (kept_mask & 4) paralia_release(C);
	free(A); free(B); free(C); free(R);
}

struct bad_ahead { unsigned *seed; };
static int calls_with_bad_ahead(void *arg)
{
	struct bad_ahead *b = arg;
	one(0, 0, 0.3, b->seed);
	one(0, 1, 1, b->seed);
	return 0;
}

int main(void)
{
	t_begin("blas_placement");
	paralia_set_tile_size(T_TILE);
	unsigned seed = 99;
	static const double betas[] = { 0, 1, 0.3 };
	for (int kept = 0; kept < 8; kept++)
		for (int lazy = 0; lazy < 2; lazy++)
			for (int b = 0; b < 3; b++)
				one(kept, lazy, betas[b], &seed);
	unsetenv("PARALIA_WR_LAZY");
	static const char *modes[] = { "all", "none" };
	for (int f = 0; f < 2; f++) {
		setenv("PARALIA_FETCH_AHEAD", modes[f], 1);
		for (int lazy = 0; lazy < 2; lazy++)
			one(f ? 1 : 0, lazy, 0.3, &seed);
	}
	setenv("PARALIA_FETCH_AHEAD", "sometimes", 1);
	char err[4096];
	struct bad_ahead b = { &seed };
	t_capture_stderr(calls_with_bad_ahead, &b, err, sizeof err);
	/* Counted by its own text: StarPU may print its perf-model warnings on the same stderr (on
	 * CUDA workers it did, and a line count failed). */
	int said = 0;
	for (const char *x = err; (x = strstr(x, "PARALIA_FETCH_AHEAD=sometimes is not model, all or none")); x++)
		said++;
	t_check(said == 1, "a bad PARALIA_FETCH_AHEAD is said once over four calls (%d times)", said);
	unsetenv("PARALIA_FETCH_AHEAD");
	unsetenv("PARALIA_WR_LAZY");
	return t_end();
}
