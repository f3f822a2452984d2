/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Kept matrices that share elements are refused, and only those, whichever comes first:
 *   - pl_extents_overlap (src/blas/overlap.c) against a byte-by-byte comparison of the two
 *     element sets on random small matrices (both orders, equal and unequal leading dimensions
 *     and element sizes), and on huge ones whose answer number theory gives (interleaved columns
 *     of 2^30 matrices, blocks of INT_MAX leading dimension);
 *   - paralia_keep in both orders: two row blocks, two column blocks of one array (same ld) are
 *     both kept, and a chain of dgemm calls on them matches CBLAS; overlapping blocks are refused
 *     with PARALIA_ERR_KEPT_MISMATCH, also the order the old check (start pointer inside the other's
 *     span) let through; a one-off operand sharing elements with a kept matrix is refused, one
 *     interleaved with it but disjoint runs and is right.
 */
#include "tests/testing.h"
#include "blas/tiled.h"
#include <cblas.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* Byte-by-byte: mark x's element bytes, look for one of y's. Offsets are below `room`. */
static int brute_overlap(const struct pl_extent *x, const struct pl_extent *y, unsigned char *mark,
                         size_t room)
{
	memset(mark, 0, room);
	for (int j = 0; j < x->n; j++)
		memset(mark + x->addr + (size_t)j * x->ld * x->elem, 1, (size_t)x->m * x->elem);
	for (int j = 0; j < y->n; j++)
		for (size_t b = 0; b < (size_t)y->m * y->elem; b++)
			if (mark[y->addr + (size_t)j * y->ld * y->elem + b])
				return 1;
	return 0;
}

static struct pl_extent random_extent(unsigned *seed)
{
	struct pl_extent e;
	e.elem = rand_r(seed) % 2 ? 8 : 4;
	e.m = 1 + rand_r(seed) % 7;
	e.ld = e.m + rand_r(seed) % 6;
	e.n = 1 + rand_r(seed) % 9;
	e.addr = (uintptr_t)(rand_r(seed) % 200);
	return e;
}

static void formula_against_bytes(void)
{
	enum { ROOM = 200 + 13 * 9 * 8 + 64 };
	static unsigned char mark[ROOM];
	unsigned seed = 13;
	int wrong = 0, meets = 0, trials = 20000;
	for (int t = 0; t < trials; t++) {
		struct pl_extent x = random_extent(&seed), y = random_extent(&seed);
		if (t % 3 == 0) /* same leading dimension and element size: blocks of one array */
			y.ld = x.ld > y.m ? x.ld : y.m, y.elem = x.elem;
		int want = brute_overlap(&x, &y, mark, ROOM);
		int got = pl_extents_overlap(&x, &y), back = pl_extents_overlap(&y, &x);
		meets += want;
		if ((got != want || back != want) && wrong++ < 3)
			printf("blas_keep_overlap: x (%zu+, %dx%d ld %d, %zu B) y (%zu+, %dx%d ld %d, %zu B): "
			       "bytes say %d, formula %d / %d\n", (size_t)x.addr, x.m, x.n, x.ld, x.elem,
			       (size_t)y.addr, y.m, y.n, y.ld, y.elem, want, got, back);
	}
	t_check(wrong == 0 && meets > trials / 10 && meets < trials * 9 / 10,
	        "pl_extents_overlap equals the byte-by-byte answer in both orders on %d random pairs "
	        "(%d overlap, %d wrong)", trials, meets, wrong);
}

static int ov(uintptr_t a, int m, int n, int ld, uintptr_t b, int m2, int n2, int ld2, size_t elem)
{
	struct pl_extent x = { a, m, n, ld, elem }, y = { b, m2, n2, ld2, elem };
	return pl_extents_overlap(&x, &y) + 2 * pl_extents_overlap(&y, &x);
}

static void huge_extents(void)
{
	const uintptr_t base = (uintptr_t)1 << 40;
	const int big = 1 << 30;
	/* one row each, columns every 2 and every 3 elements: 1 + 2i = 3j has solutions */
	t_check(ov(base, 1, big, 2, base + 8, 1, big, 3, 8) == 3, "2^30 columns every 2 vs every 3 "
	        "elements, one apart: they meet");
	/* every 2 elements, one apart: odd against even, never */
	t_check(ov(base, 1, big, 2, base + 8, 1, big, 2, 8) == 0, "2^30 columns every 2 elements, one "
	        "apart: disjoint");
	/* every 4 and every 6 elements, offset 1: 4i + 1 = 6j is odd = even, never */
	t_check(ov(base, 1, big, 4, base + 8, 1, big, 6, 8) == 0, "2^30 columns every 4 vs every 6, "
	        "offset 1: disjoint");
	/* ... offset 2: 4i + 2 = 6j for i = 2, j = 1 */
	t_check(ov(base, 1, big, 4, base + 16, 1, big, 6, 8) == 3, "every 4 vs every 6, offset 2: they "
	        "meet");
	/* the only meeting is the very last pair: X's last column against Y's only column */
	t_check(ov(base, 1, big, 3, base + (uint64_t)3 * (big - 1) * 8, 1, 1, 1, 8) == 3 &&
	        ov(base, 1, big - 1, 3, base + (uint64_t)3 * (big - 1) * 8, 1, 1, 1, 8) == 0,
	        "a single element at X's last column meets it, not X without that column");
	/* rows [0, 1000) and [1000, 2000) of INT_MAX-leading-dimension blocks of 4096 columns */
	t_check(ov(base, 1000, 4096, INT_MAX, base + 1000 * 8, 1000, 4096, INT_MAX, 8) == 0 &&
	        ov(base, 1000, 4096, INT_MAX, base + 999 * 8, 1000, 4096, INT_MAX, 8) == 3,
	        "row blocks of ld INT_MAX: [0,1000) and [1000,2000) disjoint, [999,1999) meets");
	/* float elements against double ones */
	struct pl_extent d0 = { base, 1, 1, 1, 8 }, f1 = { base + 4, 1, 1, 1, 4 };
	struct pl_extent d1 = { base + 8, 1, 1, 1, 8 }, f01 = { base, 2, 1, 2, 4 };
	t_check(pl_extents_overlap(&d0, &f1) && pl_extents_overlap(&f1, &d0) &&
	        !pl_extents_overlap(&d1, &f01) && !pl_extents_overlap(&f01, &d1),
	        "a double against the float in its upper half meets; the double after two floats does not");
}

/* C(r0:r0+m, c0:c0+n) of a column-major array with leading dimension ld. */
static double *at(double *a, int ld, int r0, int c0) { return a + r0 + (size_t)c0 * ld; }

static void keep_both_orders(void)
{
	enum { LD = 40, N = 30 };
	unsigned seed = 5;
	double *Z = malloc(sizeof(double) * LD * N), *R = malloc(sizeof(double) * LD * N);
	double *A = malloc(sizeof(double) * LD * 8), *B = malloc(sizeof(double) * 8 * N);
	t_fill_d(Z, LD, N, LD, &seed);
	t_fill_d(A, LD, 8, LD, &seed);
	t_fill_d(B, 8, N, 8, &seed);
	memcpy(R, Z, sizeof(double) * LD * N);
	paralia_set_tile_size(8);

	/* rows 0..19 and 20..39: disjoint, their spans interleave (the old check refused the second) */
	double *top = at(Z, LD, 0, 0), *bot = at(Z, LD, 20, 0);
	for (int order = 0; order < 2; order++) {
		int r1 = paralia_keep(order ? bot : top, 20, N, LD, sizeof(double));
		int r2 = paralia_keep(order ? top : bot, 20, N, LD, sizeof(double));
		t_check(r1 == 0 && r2 == 0, "row blocks 0..19 and 20..39 of one array, %s first: both kept "
		        "(%d %d)", order ? "bottom" : "top", r1, r2);
		paralia_release(top);
		paralia_release(bot);
	}
	/* columns 0..14 and 15..29 */
	double *left = at(Z, LD, 0, 0), *right = at(Z, LD, 0, 15);
	for (int order = 0; order < 2; order++) {
		int r1 = paralia_keep(order ? right : left, LD, 15, LD, sizeof(double));
		int r2 = paralia_keep(order ? left : right, LD, 15, LD, sizeof(double));
		t_check(r1 == 0 && r2 == 0, "column blocks 0..14 and 15..29, %s first: both kept (%d %d)",
		        order ? "right" : "left", r1, r2);
		paralia_release(left);
		paralia_release(right);
	}
	/* rows 0..19 and 10..29 overlap: refused in both orders (the old check let the one starting
	 * before the other through) */
	double *mid = at(Z, LD, 10, 0);
	for (int order = 0; order < 2; order++) {
		int r1 = paralia_keep(order ? mid : top, 20, N, LD, sizeof(double));
		int r2 = paralia_keep(order ? top : mid, 20, N, LD, sizeof(double));
		t_check(r1 == 0 && r2 == PARALIA_ERR_KEPT_MISMATCH, "rows 0..19 and 10..29, %s first: the "
		        "second refused (%d %d)", order ? "10..29" : "0..19", r1, r2);
		paralia_release(top);
		paralia_release(mid);
	}
	/* a 1 x 1 matrix on the last element of a kept block; the element after it */
	paralia_keep(top, 20, N, LD, sizeof(double));
	t_check(paralia_keep(at(Z, LD, 19, N - 1), 1, 1, 1, sizeof(double)) == PARALIA_ERR_KEPT_MISMATCH,
	        "the last element of a kept block: refused");
	t_check(paralia_keep(at(Z, LD, 20, N - 1), 1, 1, 1, sizeof(double)) == 0,
	        "the element below a kept block's last one: kept");
	paralia_release(at(Z, LD, 20, N - 1));

	/* Calls: both blocks kept, gemm into each, then a one-off operand interleaved with them. */
	paralia_keep(bot, 20, N, LD, sizeof(double));
	int g1 = paralia_dgemm('N', 'N', 20, N, 8, 1.5, A, LD, B, 8, 0.5, top, LD);
	int g2 = paralia_dgemm('N', 'N', 20, N, 8, -1.0, at(A, LD, 20, 0), LD, B, 8, 2.0, bot, LD);
	cblas_dgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, 20, N, 8, 1.5, A, LD, B, 8, 0.5, R, LD);
	cblas_dgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, 20, N, 8, -1.0, A + 20, LD, B, 8, 2.0,
	            R + 20, LD);
	/* overlapping a kept block without being it: refused, nothing written */
	int g3 = paralia_dgemm('N', 'N', 10, N, 8, 1.0, A, LD, B, 8, 0.0, at(Z, LD, 15, 0), LD);
	paralia_sync(top);
	paralia_sync(bot);
	double err = t_maxdiff_d(Z, LD, R, LD, LD, N) / (1 + t_maxabs_d(R, LD, N, LD));
	t_check(g1 == 0 && g2 == 0 && g3 == PARALIA_ERR_KEPT_MISMATCH && err < 1e-13,
	        "gemm into two kept row blocks of one array matches CBLAS (%d %d, err %.1e); a one-off C "
	        "over rows 15..24 refused (%d)", g1, g2, err, g3);
	paralia_release(top);
	paralia_release(bot);

	/* A kept column block and a one-off operand interleaved with it, disjoint: rows 0..19 kept,
	 * A read from rows 20..39 of the same array. */
	memcpy(R, Z, sizeof(double) * LD * N);
	paralia_keep(top, 20, N, LD, sizeof(double));
	int g4 = paralia_dgemm('N', 'N', 20, N, 8, 1.0, at(Z, LD, 20, 0), LD, B, 8, 1.0, top, LD);
	cblas_dgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, 20, N, 8, 1.0, R + 20, LD, B, 8, 1.0, R, LD);
	paralia_release(top);
	err = t_maxdiff_d(Z, LD, R, LD, LD, N) / (1 + t_maxabs_d(R, LD, N, LD));
	t_check(g4 == 0 && err < 1e-13, "kept rows 0..19 updated from rows 20..39 of the same array "
	        "(one-off A, disjoint): matches CBLAS (%d, err %.1e)", g4, err);
	paralia_set_tile_size(0);
	free(Z); free(R); free(A); free(B);
}

int main(void)
{
	t_begin("blas_keep_overlap");
	formula_against_bytes();
	huge_extents();
	keep_both_orders();
	return t_end();
}
