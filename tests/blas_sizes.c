/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Sizes up to INT_MAX get a defined answer: right, or a clear error.
 *   - the size helpers (src/common/sizes.h) against 64-bit references at the edges of int;
 *   - paralia_set_tile_size and PARALIA_TILE take 0..PARALIA_TILE_MAX and refuse the rest with -1
 *     and one line (INT_MAX used to make every later call a silent no-op); a refused value leaves
 *     the tile size alone and the next gemm is still right;
 *   - a matrix no array can hold (INT_MAX x INT_MAX with leading dimension INT_MAX) gets
 *     PARALIA_ERR_TOO_LARGE with one line naming it, from every routine and from paralia_keep,
 *     promptly (not "out of memory", not a hang);
 *   - sgemm with k = INT_MAX (a k-tile count that used to overflow) gives the exact result on
 *     memory the kernel only reads as zero pages (MAP_NORESERVE), entries set in the first,
 *     middle and last k tiles; skipped with the reason when that memory cannot be mapped;
 *   - the tile insert helpers refuse handles a BLAS int or StarPU's 32-bit element count cannot
 *     describe, and handles of the other precision, naming the argument.
 */
#include "tests/testing.h"
#include "common/sizes.h"
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <starpu.h>

static void size_helpers(void)
{
	static const int ns[] = { 0, 1, 63, 64, 65, INT_MAX - 64, INT_MAX - 1, INT_MAX };
	static const int nbs[] = { 1, 2, 64, 65535, INT_MAX - 1, INT_MAX };
	int bad = 0;
	for (size_t i = 0; i < sizeof ns / sizeof *ns; i++)
		for (size_t j = 0; j < sizeof nbs / sizeof *nbs; j++) {
			long long want = ((long long)ns[i] + nbs[j] - 1) / nbs[j];
			bad += pl_tile_count(ns[i], nbs[j]) != want;
		}
	t_check(bad == 0 && pl_tile_count(INT_MAX, 64) == 33554432 && pl_tile_count(INT_MAX - 1, 65535) == 32769,
	        "pl_tile_count at the edges of int equals the 64-bit ceiling (%d wrong)", bad);
	uint64_t b;
	int r1 = pl_span_bytes((void *)64, INT_MAX, 1, INT_MAX, 8, &b);
	uint64_t b1 = b;
	int r2 = pl_span_bytes((void *)64, INT_MAX, INT_MAX, INT_MAX, 8, &b);
	int r3 = pl_span_bytes((void *)64, 1, INT_MAX, 1, 4, &b);
	int r4 = pl_span_bytes((void *)(UINTPTR_MAX - 100), 1, 2, 100, 1, &b);
	int r5 = pl_span_bytes((void *)64, 0, INT_MAX, INT_MAX, 8, &b);
	t_check(r1 == 0 && b1 == (uint64_t)INT_MAX * 8 && r2 == -1 && r3 == 0 && r4 == -1 && r5 == 0 && b == 0,
	        "pl_span_bytes: INT_MAX x 1 doubles is %llu bytes; INT_MAX^2 doubles and a span past the "
	        "address space refused; INT_MAX columns of one float fit (%d %d %d %d %d)",
	        (unsigned long long)b1, r1, r2, r3, r4, r5);
}

static int set_int_max(void *arg) { (void)arg; return paralia_set_tile_size(INT_MAX); }

static void tile_bounds(void)
{
	/* PARALIA_TILE beyond the bound: automatic choice, one warning (read on first use) */
	char out[2048];
	setenv("PARALIA_TILE", "70000", 1);
	int got = paralia_get_tile_size();
	t_check(got == 0, "PARALIA_TILE=70000 (above %d) is refused: automatic (got %d)", PARALIA_TILE_MAX, got);
	paralia_set_tile_size(24);
	int r = t_capture_stderr(set_int_max, NULL, out, sizeof out);
	t_check(r == -1 && paralia_get_tile_size() == 24 && t_lines(out) == 1 && strstr(out, "(nb)"),
	        "paralia_set_tile_size(INT_MAX): -1, one line naming nb, tile size still 24 (%d, '%s')", r, out);
	t_check(paralia_set_tile_size(PARALIA_TILE_MAX + 1) == -1 && paralia_set_tile_size(-1) == -1 &&
	        paralia_get_tile_size() == 24, "PARALIA_TILE_MAX + 1 and -1 refused");
	t_check(paralia_set_tile_size(PARALIA_TILE_MAX) == 0 && paralia_get_tile_size() == PARALIA_TILE_MAX &&
	        paralia_set_tile_size(1) == 0 && paralia_get_tile_size() == 1,
	        "PARALIA_TILE_MAX and 1 accepted");
	/* defect 2 of issue 13: after the refused INT_MAX, a gemm still computes C */
	paralia_set_tile_size(24);
	paralia_set_tile_size(INT_MAX);
	enum { M = 50, N = 40, K = 30 };
	static double A[M * K], B[K * N], C[M * N], R[M * N];
	unsigned seed = 3;
	t_fill_d(A, M, K, M, &seed);
	t_fill_d(B, K, N, K, &seed);
	t_fill_d(C, M, N, M, &seed);
	memcpy(R, C, sizeof C);
	cblas_dgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, M, N, K, 2, A, M, B, K, -1, R, M);
	r = paralia_dgemm('N', 'N', M, N, K, 2, A, M, B, K, -1, C, M);
	double err = t_maxdiff_d(C, M, R, M, M, N) / t_maxabs_d(R, M, N, M);
	t_check(r == 0 && err < 1e-13, "gemm after the refused tile size: ret %d, err %.1e", r, err);
	paralia_set_tile_size(0);
}

/* One call on INT_MAX x INT_MAX matrices of leading dimension INT_MAX over a small real buffer:
 * refused before anything touches it. */
struct huge { int which; double *p; };
static int huge_call(void *arg)
{
	const struct huge *h = arg;
	const int X = INT_MAX;
	double *p = h->p;
	switch (h->which) {
	case 0: return paralia_dgemm('N', 'N', X, X, X, 1, p, X, p, X, 1, p, X);
	case 1: return paralia_dsyrk('L', 'N', X, X, 1, p, X, 1, p, X);
	case 2: return paralia_dsyr2k('U', 'T', X, X, 1, p, X, p, X, 1, p, X);
	case 3: return paralia_dsymm('L', 'U', X, X, 1, p, X, p, X, 1, p, X);
	case 4: return paralia_dtrmm('L', 'L', 'N', 'N', X, X, 1, p, X, p, X);
	case 5: return paralia_dtrsm('R', 'U', 'T', 'U', X, X, 1, p, X, p, X);
	case 6: return paralia_dgemm('N', 'N', 1, 1, X, 1, p, X, p, X, 0, p, 1); /* A: 1 x k, lda X */
	default: return paralia_keep(p, X, X, X, sizeof(double));
	}
}

static void too_large(void)
{
	static double buf[16];
	static const char *what[] = { "dgemm", "dsyrk", "dsyr2k", "dsymm", "dtrmm", "dtrsm",
	                              "dgemm k = INT_MAX, lda = INT_MAX", "paralia_keep" };
	static const char *names[] = { "matrix C", "matrix C", "matrix C", "matrix C", "matrix B",
	                               "matrix B", "matrix A", "the matrix" };
	for (int w = 0; w < 8; w++) {
		struct huge h = { w, buf };
		char out[2048];
		int r = t_capture_stderr(huge_call, &h, out, sizeof out);
		t_check(r == PARALIA_ERR_TOO_LARGE && t_lines(out) == 1 && strstr(out, names[w]) &&
		        strstr(out, "address space"), "%s on INT_MAX x INT_MAX, ld INT_MAX: "
		        "PARALIA_ERR_TOO_LARGE naming %s (%d, '%s')", what[w], names[w], r, out);
	}
	t_check(strstr(paralia_strerror(PARALIA_ERR_TOO_LARGE), "address space") != NULL,
	        "paralia_strerror(PARALIA_ERR_TOO_LARGE): %s", paralia_strerror(PARALIA_ERR_TOO_LARGE));
}

/* C (1 x 1) = A (1 x k) B (k x 1) + C for k = INT_MAX on mappings the kernel reads as zero pages,
 * with a few entries set: the k tiles, their offsets and the last, short tile must all be right. */
static void k_int_max(void)
{
	const int k = INT_MAX;
	size_t bytes = (size_t)k * sizeof(float);
	float *A = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	float *B = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (A == MAP_FAILED || B == MAP_FAILED) {
		printf("blas_sizes: SKIP sgemm with k = INT_MAX: cannot map 2 x %zu bytes (%s)\n", bytes,
		       "MAP_NORESERVE refused; strict overcommit?");
		if (A != MAP_FAILED)
			munmap(A, bytes);
		if (B != MAP_FAILED)
			munmap(B, bytes);
		return;
	}
	/* read faults on huge pages map the huge zero page: 2 x 4096 faults instead of 2 x 2^21 */
	madvise(A, bytes, MADV_HUGEPAGE);
	madvise(B, bytes, MADV_HUGEPAGE);
	/* entries in the first tile, at a tile boundary, and the very last one (a short last tile) */
	const size_t at[] = { 0, (size_t)PARALIA_TILE_MAX, (size_t)PARALIA_TILE_MAX * 16384 + 7, (size_t)k - 1 };
	float want = 5;
	for (int i = 0; i < 4; i++) {
		A[at[i]] = (float)(i + 1);
		B[at[i]] = (float)(2 * i + 3);
		want += (float)(i + 1) * (float)(2 * i + 3);
	}
	float C = 5;
	paralia_set_tile_size(PARALIA_TILE_MAX); /* the fewest tasks: 32769 tile products */
	int r = paralia_sgemm('N', 'N', 1, 1, k, 1, A, 1, B, k, 1, &C, 1);
	paralia_set_tile_size(0);
	t_check(r == 0 && C == want, "sgemm 1 x 1 x INT_MAX with tile %d: C = %g (want %g), ret %d",
	        PARALIA_TILE_MAX, C, want, r);
	munmap(A, bytes);
	munmap(B, bytes);
}

static void hostile_handles(void)
{
	starpu_data_handle_t wide, dbl, flt, vec;
	static double d[4];
	static float f[4];
	/* home node -1: a shape without data, never run */
	starpu_matrix_data_register(&wide, -1, 0, 3000000000u, 3000000000u, 1, sizeof(float));
	starpu_matrix_data_register(&dbl, STARPU_MAIN_RAM, (uintptr_t)d, 2, 2, 2, sizeof(double));
	starpu_matrix_data_register(&flt, STARPU_MAIN_RAM, (uintptr_t)f, 2, 2, 2, sizeof(float));
	starpu_vector_data_register(&vec, STARPU_MAIN_RAM, (uintptr_t)f, 4, sizeof(float));
	t_check(paralia_task_sgemm('N', 'N', 1, wide, flt, 0, flt, NULL) == -4,
	        "sgemm helper: A of 3e9 rows refused as argument 4");
	t_check(paralia_task_dgemm('N', 'N', 1, dbl, flt, 0, dbl, NULL) == -5,
	        "dgemm helper: a float B refused as argument 5");
	t_check(paralia_task_slascal('G', 0, vec, NULL) == -3, "lascal helper: a vector handle refused");
	t_check(paralia_task_spotrf('L', dbl, NULL) == -2, "potrf helper: a double tile to spotrf refused");
	starpu_data_unregister(wide);
	starpu_data_unregister(dbl);
	starpu_data_unregister(flt);
	starpu_data_unregister(vec);
}

int main(void)
{
	t_begin("blas_sizes");
	size_helpers();
	tile_bounds();
	too_large();
	hostile_handles();
	k_int_max();
	return t_end();
}
