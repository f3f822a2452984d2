/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Whether two column-major matrices share an element, decided on the bytes each one touches: two
 * blocks of one array with the same leading dimension are disjoint when their rows (or their
 * columns) do not meet, although their spans interleave. Kept matrices (keep.c) must not share
 * one: StarPU would hold two handles on one element, and a copy written on a GPU through one
 * handle would be invisible to the other.
 *
 * Column i of X covers bytes [a_i, a_i + LX) with a_i = d + i SX (d: X's address minus Y's, SX and
 * LX: X's column stride and column length in bytes); column j of Y covers [j SY, j SY + LY). The
 * columns j in [0, nY) that meet column i number
 *     clamp(ceil((a_i + LX) / SY), 0, nY) - clamp(floor((a_i - LY) / SY) + 1, 0, nY),
 * so the pairs that meet are a difference of two sums over i of clamp(floor((SX i + b) / SY)).
 * Inside the clamp those are floor sums, which Euclid's reduction gives in O(log) steps (AtCoder
 * Library's floor_sum): exact for any sizes, without a loop over columns.
 */
#include "config.h"
#include "blas/tiled.h"

typedef __int128 i128; /* byte offsets up to 2^64 times column counts up to 2^31 */

/* sum over i in [0, n) of floor((a i + b) / m), for n >= 0, m > 0, a >= 0, b >= 0. */
static i128 floor_sum(i128 n, i128 m, i128 a, i128 b)
{
	i128 sum = 0;
	while (n > 0) {
		if (a >= m) {
			sum += n * (n - 1) / 2 * (a / m);
			a %= m;
		}
		if (b >= m) {
			sum += n * (b / m);
			b %= m;
		}
		i128 y = a * n + b;
		if (y < m)
			break;
		n = y / m;
		b = y % m;
		i128 t = m;
		m = a;
		a = t;
	}
	return sum;
}

/* ceil(x / y) for x >= 0, y > 0. */
static i128 ceil_div(i128 x, i128 y) { return (x + y - 1) / y; }

/* sum over i in [0, n) of clamp(floor((s i + b) / d), 0, top), for s, d > 0, top >= 0: 0 before
 * the first i where s i + b >= 0, top from the first where it reaches top d, floor sums between. */
static i128 clamped_floor_sum(i128 n, i128 s, i128 b, i128 d, i128 top)
{
	i128 lo = b >= 0 ? 0 : ceil_div(-b, s);
	i128 hi = b >= top * d ? 0 : ceil_div(top * d - b, s);
	lo = lo > n ? n : lo;
	hi = hi > n ? n : hi < lo ? lo : hi;
	return floor_sum(hi - lo, d, s, s * lo + b) + top * (n - hi);
}

int pl_extents_overlap(const struct pl_extent *x, const struct pl_extent *y)
{
	if (x->m <= 0 || x->n <= 0 || y->m <= 0 || y->n <= 0)
		return 0;
	i128 d = (i128)x->addr - (i128)y->addr;
	i128 LX = (i128)x->m * x->elem, SX = (i128)x->ld * x->elem;
	i128 LY = (i128)y->m * y->elem, SY = (i128)y->ld * y->elem;
	i128 meets = clamped_floor_sum(x->n, SX, d + LX + SY - 1, SY, y->n) -
	             clamped_floor_sum(x->n, SX, d - LY + SY, SY, y->n);
	return meets > 0;
}
