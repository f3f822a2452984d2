/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Size arithmetic that cannot overflow. BLAS sizes are ints up to INT_MAX, so tile counts, element
 * offsets, bytes and flops are computed in 64 bits (or doubles), never in int: the usual
 * (n + nb - 1) / nb already overflows for n within one tile of INT_MAX, and a leading dimension
 * times a column count overflows long before that.
 */
#ifndef PARALIA_SIZES_H
#define PARALIA_SIZES_H
#include <stddef.h>
#include <stdint.h>

/* ceil(a / b) for a >= 0 and b > 0, without forming a + b - 1. */
static inline int64_t pl_ceil_div(int64_t a, int64_t b)
{
	return a / b + (a % b != 0);
}

/* Tiles of nb (> 0) elements along a dimension of n >= 0 elements: never more than n, so an int. */
static inline int pl_tile_count(int n, int nb)
{
	return (int)pl_ceil_div(n, nb);
}

/* Bytes from the first to past the last element of an m x n column-major matrix with leading
 * dimension ld >= m and elem-byte elements at ptr: ((n - 1) ld + m) elem, 0 when m or n is 0.
 * Returns 0, or -1 when no array can hold it: more than PTRDIFF_MAX bytes (C's limit on an
 * object's size), or ptr + bytes past the end of the address space. */
static inline int pl_span_bytes(const void *ptr, int m, int n, int ld, size_t elem, uint64_t *bytes)
{
	*bytes = 0;
	if (m <= 0 || n <= 0 || elem == 0)
		return 0;
	/* at most (2^31 - 2)(2^31 - 1) + 2^31 - 1 < 2^62 elements: exact in 64 bits */
	uint64_t elems = (uint64_t)(n - 1) * (uint64_t)ld + (uint64_t)m;
	if (elems > (uint64_t)PTRDIFF_MAX / elem)
		return -1;
	*bytes = elems * elem;
	return (uintptr_t)ptr > UINTPTR_MAX - *bytes ? -1 : 0;
}
#endif
