/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * gemm_bench's operand values, which bench/direct_probe fills too: deterministic, in [-0.5, 0.5)
 * with full mantissas, the same for every system. Not constant: under the power cap a DGEMM on
 * constant bytes ran 1.2-1.4x faster than on these (one H200, bench/results/gemm-2026-11-27z.md).
 * The generator restarts every HOST_FILL_BLOCK elements (so blocks fill in parallel, with OpenMP
 * where the program is built with it), so a matrix can be filled a range at a time.
 */
#ifndef PARALIA_BENCH_HOST_FILL_H
#define PARALIA_BENCH_HOST_FILL_H
#include <stddef.h>

#define HOST_FILL_BLOCK 4096

/* Elements [at, at + count) of the matrix seeded seed, into a[0 .. count); at a multiple of
 * HOST_FILL_BLOCK. */
static inline void host_fill_range(void *a, size_t at, size_t count, int single, unsigned seed)
{
#pragma omp parallel for schedule(static)
	for (size_t blk = 0; blk < (count + HOST_FILL_BLOCK - 1) / HOST_FILL_BLOCK; blk++) {
		unsigned long long s = (at / HOST_FILL_BLOCK + blk + 1) * 0x9E3779B97F4A7C15ull ^ seed;
		size_t end = (blk + 1) * HOST_FILL_BLOCK < count ? (blk + 1) * HOST_FILL_BLOCK : count;
		for (size_t i = blk * HOST_FILL_BLOCK; i < end; i++) {
			s = s * 6364136223846793005ull + 1442695040888963407ull;
			double v = (double)(s >> 11) / 9007199254740992.0 - 0.5;
			if (single) ((float *)a)[i] = (float)v; else ((double *)a)[i] = v;
		}
	}
}
#endif
