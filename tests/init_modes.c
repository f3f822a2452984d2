/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * paralia_init/paralia_shutdown in both modes the README promises:
 *   1. the application started StarPU: paralia joins it and leaves it running;
 *   2. paralia starts StarPU itself and stops it on the last shutdown;
 * plus the errors around them: a routine called before paralia_init, an illegal tile size.
 * Each mode runs one small dgemm against CBLAS so "joined" means "usable".
 */
#include "config.h"
#include "tests/testing.h"
#include "core/core.h"
#include <starpu.h>
#include <string.h>
#include <stdio.h>
#include <stdlib.h>

static int dgemm_matches_cblas(const char *mode)
{
	enum { M = 37, N = 29, K = 41 };
	static double A[M * K], B[K * N], C[M * N], R[M * N];
	unsigned seed = 7;
	t_fill_d(A, M, K, M, &seed);
	t_fill_d(B, K, N, K, &seed);
	t_fill_d(C, M, N, M, &seed);
	for (int i = 0; i < M * N; i++)
		R[i] = C[i];
	int ret = paralia_dgemm(ParaliaNoTrans, ParaliaNoTrans, M, N, K, 1.5, A, M, B, K, -0.5, C, M);
	cblas_dgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, M, N, K, 1.5, A, M, B, K, -0.5, R, M);
	double err = t_maxdiff_d(C, M, R, M, M, N) / (t_maxabs_d(R, M, N, M) * K);
	t_check(ret == 0 && err < 1e-14, "%s: dgemm returned %d, relative error %.2e", mode, ret, err);
	return ret;
}

/* Whether paralia_init leaves a core to the calling thread (pl_reserve_submit_core): only with a
 * GPU, enough cores, and no placement of StarPU's threads chosen by the user. The user's variables
 * are set aside for these checks and put back. */
static void reserve_rule(void)
{
	static const char *const vars[] = { "STARPU_NCPU", "STARPU_NCPUS", "STARPU_RESERVE_NCPU",
	                                    "STARPU_MAIN_THREAD_BIND", "STARPU_MAIN_THREAD_CPUID",
	                                    "STARPU_MAIN_THREAD_COREID", "STARPU_CUDA_THREAD_PER_WORKER",
	                                    "STARPU_NWORKER_PER_CUDA", "STARPU_NCUDA" };
	enum { NV = sizeof vars / sizeof *vars };
	char *saved[NV];
	for (int i = 0; i < NV; i++) {
		const char *v = getenv(vars[i]);
		saved[i] = v ? strdup(v) : NULL;
		unsetenv(vars[i]);
	}
	t_check(pl_reserve_submit_core(1, 16) == 1, "reserve: one GPU, 16 cores");
	t_check(pl_reserve_submit_core(8, 11) == 1, "reserve: 8 GPUs, 11 cores (2 CPU workers left)");
	t_check(pl_reserve_submit_core(8, 10) == 0, "reserve: 8 GPUs, 10 cores (1 CPU worker left)");
	t_check(pl_reserve_submit_core(0, 64) == 0, "reserve: no GPU");
	t_check(pl_reserve_submit_core(1, 0) == 0, "reserve: cores unknown");
	for (int i = 0; i < 6; i++) { /* the placements */
		setenv(vars[i], "2", 1);
		t_check(pl_reserve_submit_core(1, 16) == 0, "reserve: %s set by the user", vars[i]);
		unsetenv(vars[i]);
	}
	setenv("STARPU_MAIN_THREAD_BIND", "0", 1); /* StarPU's default said aloud */
	t_check(pl_reserve_submit_core(1, 16) == 1, "reserve: STARPU_MAIN_THREAD_BIND=0");
	unsetenv("STARPU_MAIN_THREAD_BIND");
	setenv("STARPU_NCUDA", "0", 1);
	t_check(pl_reserve_submit_core(1, 16) == 0, "reserve: STARPU_NCUDA=0");
	setenv("STARPU_NCUDA", "1", 1);
	t_check(pl_reserve_submit_core(1, 16) == 1, "reserve: STARPU_NCUDA=1");
	t_check(pl_reserve_submit_core(8, 4) == 1, "reserve: STARPU_NCUDA=1 of 8 GPUs, 4 cores");
	unsetenv("STARPU_NCUDA");
	/* a driver thread per worker: two workers on each of 4 GPUs take 8 cores */
	setenv("STARPU_CUDA_THREAD_PER_WORKER", "1", 1);
	setenv("STARPU_NWORKER_PER_CUDA", "2", 1);
	t_check(pl_reserve_submit_core(4, 10) == 0 && pl_reserve_submit_core(4, 11) == 1,
	        "reserve: 4 GPUs with a driver thread for each of their 2 workers: 11 cores needed");
	unsetenv("STARPU_CUDA_THREAD_PER_WORKER");
	unsetenv("STARPU_NWORKER_PER_CUDA");
	for (int i = 0; i < NV; i++) {
		if (saved[i])
			setenv(vars[i], saved[i], 1);
		else
			unsetenv(vars[i]);
		free(saved[i]);
	}
}

int main(void)
{
	/* t_begin would call paralia_init; this test drives init itself. */
	t_set_name("init_modes");
	paralia_set_tile_size(T_TILE);

	/* Before any init: a clear error, not a crash. */
	double x = 1, y = 1, z = 0;
	int ret = paralia_dgemm('N', 'N', 1, 1, 1, 1.0, &x, 1, &y, 1, 0.0, &z, 1);
	t_check(ret == PARALIA_ERR_NOT_INITIALIZED, "dgemm before paralia_init returned %d (%s)", ret,
	        paralia_strerror(ret));
	t_check(paralia_set_tile_size(-3) == -1, "paralia_set_tile_size(-3) names argument 1");

	/* Mode 1: the application owns StarPU. */
	if (starpu_init(NULL) != 0) {
		fprintf(stderr, "init_modes: starpu_init failed\n");
		return 77;
	}
	t_check(paralia_init() == 0, "joined: paralia_init");
	t_check(paralia_init() == 0, "joined: nested paralia_init");
	dgemm_matches_cblas("joined");
	paralia_shutdown();
	t_check(paralia_is_initialized(), "joined: still initialised after the inner shutdown");
	paralia_shutdown();
	t_check(!paralia_is_initialized(), "joined: not initialised after the outer shutdown");
	t_check(starpu_is_initialized(), "joined: paralia left the application's StarPU running");
	starpu_shutdown();

	reserve_rule();

	/* Mode 2: paralia owns StarPU. */
	t_check(paralia_init() == 0, "owned: paralia_init");
	t_check(starpu_is_initialized(), "owned: paralia started StarPU");
	/* With a GPU, the calling thread keeps a core: some core no StarPU thread is bound to. */
	if (pl_reserved_submit_core()) {
		long cores = pl_usable_cores();
		int nw = (int)starpu_worker_get_count(), distinct = 0, unbound = 0;
		for (int w = 0; w < nw; w++) {
			int b = starpu_worker_get_bindid(w), seen = 0;
			for (int v = 0; v < w; v++)
				seen |= starpu_worker_get_bindid(v) == b;
			unbound |= b < 0;
			distinct += !seen && b >= 0;
		}
		if (!unbound)
			t_check(distinct < cores, "owned: StarPU's %d workers are bound to %d of the %ld cores: "
			        "none left to the calling thread", nw, distinct, cores);
	}
	dgemm_matches_cblas("owned");
	paralia_shutdown();
	t_check(!starpu_is_initialized(), "owned: paralia stopped the StarPU it started");

	/* And again: a second start/stop cycle must work (no stale per-worker handles). */
	t_check(paralia_init() == 0, "owned again: paralia_init");
	dgemm_matches_cblas("owned again");
	paralia_shutdown();

	return t_summary();
}
