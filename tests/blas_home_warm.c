/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * C added at home: the host copies of the scratch tiles pinned before a call (pl_home_warm,
 * src/blas/home_sum.c). Its count: for each size, how many more copies than those already held,
 * never fewer than none; a size known again keeps its count, eight sizes at most (a ninth forgets
 * the oldest), and all are forgotten at paralia_shutdown. With StarPU: no copy pinned without a
 * CUDA worker (StarPU keeps no unpinned copy), and where one is, the asked number once, then none.
 * A gemm adding C at home after that is tests/gemm_home.sh's.
 */
#include "tests/testing.h"
#include "blas/tiled.h"

static void counts(void)
{
	pl_home_warm_forget();
	t_check(pl_home_warm_more(1000, 5) == 5, "first 5 copies of a size: 5 more");
	t_check(pl_home_warm_more(1000, 5) == 0, "the same 5 again: none");
	t_check(pl_home_warm_more(1000, 7) == 2, "7 with 5 held: 2 more");
	t_check(pl_home_warm_more(1000, 3) == 0, "3 with 7 held: none");
	t_check(pl_home_warm_more(2000, 4) == 4, "another size: its own count");
	t_check(pl_home_warm_more(1000, 8) == 1, "the first size kept its 7");
	for (size_t b = 3000; b < 3000 + 6 * 1000; b += 1000) /* sizes 3 to 8 */
		pl_home_warm_more(b, 1);
	t_check(pl_home_warm_more(2000, 4) == 0, "eight sizes known: the second still holds 4");
	t_check(pl_home_warm_more(9000, 1) == 1, "a ninth size");
	t_check(pl_home_warm_more(1000, 8) == 8, "which forgot the oldest");
	t_check(pl_home_warm_more(2000, 4) == 4, "then the next oldest");
	t_check(pl_home_warm_more(9000, 1) == 0, "the ninth is known");
	pl_home_warm_forget();
	t_check(pl_home_warm_more(9000, 1) == 1, "forgotten: counted again");
	pl_home_warm_forget();
}

int main(void)
{
	t_begin("blas_home_warm");
	counts();
	int gpu = starpu_cuda_worker_get_count() > 0;
	unsigned got = pl_home_warm(96, 40, sizeof(double), 3);
	t_check(got == (gpu ? 3u : 0u), "pinned %u copies of 96 x 40 (%s a CUDA worker)", got, gpu ? "with" : "without");
	got = pl_home_warm(96, 40, sizeof(double), 3);
	t_check(got == 0, "then %u more", got);
	got = pl_home_warm(96, 40, sizeof(double), 1000);
	t_check(got == (gpu ? PL_HOME_WARM_MAX - 3u : 0u), "at most %d of a size: %u more", PL_HOME_WARM_MAX, got);
	t_check(pl_home_warm(0, 40, sizeof(double), 3) == 0, "an empty tile: none");
	return t_end();
}
