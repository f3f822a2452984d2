/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The tile factorisation codelets, through their insert helpers, on user-registered tiles:
 *   potrf, uplo L and U, on SPD tiles (symmetric, diagonally dominant) of orders 1..100 (odd ones,
 *   and ones around the CPU kernel's panel width 32), against LAPACKE_potrf on the same input:
 *   |F - F_ref| <= 8 (n + 2) eps max|F_ref| on the uplo triangle; and the backward error
 *   |A - L L^T| <= 4 (n + 2) eps (|L| |L^T|) entrywise, computed here by plain loops;
 *   getrf (no pivoting) on diagonally dominant tiles: |A - L U| <= 4 (n + 2) eps (|L| |U|)
 *   entrywise, L and U taken from the result and multiplied here by plain loops (no reference LU
 *   exists in LAPACK: this check does not depend on how the kernel computes).
 * Each case runs on one CPU worker and on the first and last CUDA workers when there are any
 * (forced with paralia_task_opts.worker). The strict triangle potrf must not read holds NaNs
 * and must come back bit for bit; padding rows below the tile must stay as they were.
 * The codelets also run when inserted directly (documented argument block and mode).
 * Then failures: a tile that is not positive definite, and one with a zero pivot, make
 * paralia_task_failures() count one with the LAPACK info; reset clears it. Then bad arguments of
 * both helpers return -pos.
 */
#include "tests/testing.h"
#ifndef PARALIA_PREC
#define PARALIA_SELF "tests/codelets_factor.c"
#include "common/instantiate.h"

int main(void)
{
	t_begin("codelets_factor");
	run_factor_s();
	run_factor_d();
	return t_end();
}
#else
#include <starpu.h>
#include <lapacke.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#ifndef T_FACTOR_DEFS
#define T_FACTOR_DEFS
#define T_PAD 3 /* padding rows below each tile: ld = n + T_PAD */

/* Workers to force: one CPU worker, the first and the last CUDA worker (those that exist). */
static int t_factor_workers(int *ids, const char **names)
{
	/* (starpu_worker_get_ids_by_type answers -ERANGE when the array is shorter than the list.) */
	static int cpu[STARPU_NMAXWORKERS], cuda[STARPU_NMAXWORKERS];
	int n = 0;
	if (starpu_cpu_worker_get_count() > 0) {
		starpu_worker_get_ids_by_type(STARPU_CPU_WORKER, cpu, STARPU_NMAXWORKERS);
		ids[n] = cpu[0]; names[n++] = "cpu";
	}
	int ncuda = (int)starpu_cuda_worker_get_count();
	if (ncuda > 0) {
		starpu_worker_get_ids_by_type(STARPU_CUDA_WORKER, cuda, STARPU_NMAXWORKERS);
		ids[n] = cuda[0]; names[n++] = "cuda-first";
		if (ncuda > 1) {
			ids[n] = cuda[ncuda - 1]; names[n++] = "cuda-last";
		}
	}
	return n;
}
#endif

/* Registers the n x n tile at a (ld), submits the factorisation, waits, unregisters. */
static int LOCAL(factor_tile)(char op, char uplo, real_t *a, int n, int ld, int worker)
{
	starpu_data_handle_t h;
	starpu_matrix_data_register(&h, STARPU_MAIN_RAM, (uintptr_t)a, ld, n, n, sizeof(real_t));
	struct paralia_task_opts opts = { 0, worker };
	int ret = op == 'P' ? TASK(potrf)(uplo, h, &opts) : TASK(getrf)(h, &opts);
	starpu_task_wait_for_all();
	starpu_data_unregister(h);
	return ret;
}

/* Symmetric (both triangles) diagonally dominant, hence SPD; padding rows filled too. */
static void LOCAL(make_spd)(real_t *a, int n, int ld, unsigned *seed)
{
	LOCAL(t_fill)(a, ld, n, ld, seed);
	for (int j = 0; j < n; j++)
		for (int i = j + 1; i < n; i++)
			a[j + (size_t)i * ld] = a[i + (size_t)j * ld];
	LOCAL(t_make_dominant)(a, n, ld);
}

/* Entry (i, j) of the triangular factor T held in the uplo triangle of f (unit when `unit`). */
static double LOCAL(tri)(const real_t *f, int ld, char uplo, int unit, int i, int j)
{
	if (uplo == 'L' ? i < j : i > j)
		return 0;
	if (i == j && unit)
		return 1;
	return f[i + (size_t)j * ld];
}

/* max over entries of |A - P Q| / (4 (n + 2) eps (|P| |Q|) + tiny), P and Q triangular factors
 * read from f: potrf L: P = L, Q = L^T; potrf U: P = U^T, Q = U; getrf: P = unit L, Q = U. */
static double LOCAL(backward)(char op, char uplo, const real_t *a, const real_t *f, int n, int ld)
{
	double worst = 0, g = 4.0 * (n + 2) * PREC_EPS;
	for (int j = 0; j < n; j++)
		for (int i = 0; i < n; i++) {
			double s = 0, sa = 0;
			for (int k = 0; k < n; k++) {
				double p, q;
				if (op == 'G') {
					p = LOCAL(tri)(f, ld, 'L', 1, i, k);
					q = LOCAL(tri)(f, ld, 'U', 0, k, j);
				} else if (uplo == 'L') {
					p = LOCAL(tri)(f, ld, 'L', 0, i, k);
					q = LOCAL(tri)(f, ld, 'L', 0, j, k);
				} else {
					p = LOCAL(tri)(f, ld, 'U', 0, k, i);
					q = LOCAL(tri)(f, ld, 'U', 0, k, j);
				}
				s += p * q;
				sa += fabs(p * q);
			}
			double r = fabs((double)a[i + (size_t)j * ld] - s) / (g * sa + 1e-300);
			if (!(r <= worst)) /* NaN-proof max */
				worst = r;
		}
	return worst;
}

static void LOCAL(potrf_case)(char uplo, int n, int worker, const char *wname, unsigned *seed)
{
	int ld = n + T_PAD;
	size_t sz = sizeof(real_t) * (size_t)ld * n;
	real_t *a = malloc(sz), *f = malloc(sz), *ref = malloc(sz);
	LOCAL(make_spd)(a, n, ld, seed);
	memcpy(ref, a, sz);
	LAPACKE(potrf_work)(LAPACK_COL_MAJOR, uplo, n, ref, ld);
	memcpy(f, a, sz);
	/* The triangle potrf must neither read nor write: NaNs show a read, the bits a write. */
	LOCAL(t_poison_unreferenced)(f, n, ld, uplo, 'N', (real_t)NAN);
	real_t *f0 = malloc(sz);
	memcpy(f0, f, sz);
	int before = paralia_task_failures();
	int ret = LOCAL(factor_tile)('P', uplo, f, n, ld, worker);

	double fwd = 0, scale = 8.0 * (n + 2) * PREC_EPS * LOCAL(t_maxabs)(ref, n, n, ld) + 1e-300;
	int kept = 1;
	for (int j = 0; j < n; j++) {
		for (int i = 0; i < ld; i++) {
			size_t x = i + (size_t)j * ld;
			int in_tri = i < n && (uplo == 'L' ? i >= j : i <= j);
			if (in_tri) {
				double d = fabs((double)f[x] - (double)ref[x]) / scale;
				if (!(d <= fwd))
					fwd = d;
			} else if (memcmp(&f[x], &f0[x], sizeof(real_t)) != 0) {
				kept = 0;
			}
		}
	}
	double bwd = LOCAL(backward)('P', uplo, a, f, n, ld);
	int failed = paralia_task_failures() - before;
	t_check(ret == 0 && fwd <= 1 && bwd <= 1 && kept && failed == 0,
	        "%s %c n=%d on %s: ret=%d forward err/bound=%.2e backward err/bound=%.2e rest %s, "
	        "%d failures", NAME_STR(potrf), uplo, n, wname, ret, fwd, bwd,
	        kept ? "untouched" : "MODIFIED", failed);
	free(a); free(f); free(f0); free(ref);
}

static void LOCAL(getrf_case)(int n, int worker, const char *wname, unsigned *seed)
{
	int ld = n + T_PAD;
	size_t sz = sizeof(real_t) * (size_t)ld * n;
	real_t *a = malloc(sz), *f = malloc(sz);
	LOCAL(t_fill)(a, ld, n, ld, seed);
	LOCAL(t_make_dominant)(a, n, ld);
	memcpy(f, a, sz);
	int before = paralia_task_failures();
	int ret = LOCAL(factor_tile)('G', 'L', f, n, ld, worker);
	double bwd = LOCAL(backward)('G', 'L', a, f, n, ld);
	int pad_kept = 1;
	for (int j = 0; j < n; j++)
		pad_kept &= memcmp(&f[n + (size_t)j * ld], &a[n + (size_t)j * ld], sizeof(real_t) * T_PAD) == 0;
	int failed = paralia_task_failures() - before;
	t_check(ret == 0 && bwd <= 1 && pad_kept && failed == 0,
	        "%s n=%d on %s: ret=%d backward err/bound=%.2e padding %s, %d failures", NAME_STR(getrf),
	        n, wname, ret, bwd, pad_kept ? "untouched" : "MODIFIED", failed);
	free(a); free(f);
}

/* A tile whose factorisation must fail at step `at` (1-based): identity with a[at-1][at-1] = d. */
static void LOCAL(failure_case)(char op, int n, int at, real_t d, int worker, const char *wname)
{
	real_t *a = calloc((size_t)n * n, sizeof(real_t));
	for (int i = 0; i < n; i++)
		a[i + (size_t)i * n] = 1;
	a[(at - 1) + (size_t)(at - 1) * n] = d;
	paralia_task_failures_reset();
	int ret = LOCAL(factor_tile)(op, 'L', a, n, n, worker);
	const char *kernel = NULL;
	int info = paralia_task_failure_info(&kernel);
	const char *expect = op == 'P' ? NAME_STR(potrf) : NAME_STR(getrf);
	int named = kernel && strcmp(kernel, expect) == 0;
	t_check(ret == 0 && paralia_task_failures() == 1 && info == at && named,
	        "%s failure on %s (n=%d, bad step %d): ret=%d failures=%d info=%d kernel=%s", expect,
	        wname, n, at, ret, paralia_task_failures(), info, kernel ? kernel : "(none)");
	paralia_task_failures_reset();
	t_check(paralia_task_failures() == 0 && paralia_task_failure_info(NULL) == 0,
	        "%s: paralia_task_failures_reset clears the count and info", expect);
	free(a);
}

static void LOCAL(bad_args)(void)
{
	real_t a[9] = { 4, 0, 0, 0, 4, 0, 0, 0, 4 };
	starpu_data_handle_t A23, A33;
	starpu_matrix_data_register(&A23, STARPU_MAIN_RAM, (uintptr_t)a, 2, 2, 3, sizeof(real_t));
	starpu_matrix_data_register(&A33, STARPU_MAIN_RAM, (uintptr_t)a, 3, 3, 3, sizeof(real_t));
	struct { int expect; int ret; } cases[] = {
		{ -1, TASK(potrf)('X', A33, NULL) },
		{ -1, TASK(potrf)('X', NULL, NULL) }, /* first illegal one wins */
		{ -2, TASK(potrf)('L', NULL, NULL) },
		{ -2, TASK(potrf)('U', A23, NULL) },
		{ -1, TASK(getrf)(NULL, NULL) },
		{ -1, TASK(getrf)(A23, NULL) },
		{ 0, TASK(potrf)('l', A33, NULL) }, /* BLAS characters in either case */
	};
	starpu_task_wait_for_all();
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
		t_check(cases[i].ret == cases[i].expect, "%s/%s bad argument case %zu: returned %d, expected %d",
		        TASK_STR(potrf), TASK_STR(getrf), i, cases[i].ret, cases[i].expect);
	starpu_data_unregister(A23);
	starpu_data_unregister(A33);
	t_check(a[0] == 2 && a[4] == 2 && a[8] == 2 && a[3] == 0,
	        "%s: the legal lower-case call factored diag(4) into diag(2)", TASK_STR(potrf));
}

/* The codelets without the helpers, as paralia_codelets.h documents them: potrf with the argument
 * block { char uplo; }, getrf with none, one RW buffer each (a StarPU user's own insertion). */
static void LOCAL(raw_codelets)(void)
{
	real_t p[4] = { 4, 2, 2, 5 }, g[4] = { 4, 2, 2, 5 };
	starpu_data_handle_t hp, hg;
	starpu_matrix_data_register(&hp, STARPU_MAIN_RAM, (uintptr_t)p, 2, 2, 2, sizeof(real_t));
	starpu_matrix_data_register(&hg, STARPU_MAIN_RAM, (uintptr_t)g, 2, 2, 2, sizeof(real_t));
	struct starpu_task *t = starpu_task_create();
	static char uplo = 'L';
	t->cl = &CL(potrf);
	t->handles[0] = hp;
	t->cl_arg = &uplo;
	t->cl_arg_size = sizeof uplo;
	int r1 = starpu_task_submit(t);
	int r2 = starpu_task_insert(&CL(getrf), STARPU_RW, hg, 0);
	starpu_task_wait_for_all();
	starpu_data_unregister(hp);
	starpu_data_unregister(hg);
	/* [4 2; 2 5] = L L^T with L = [2 0; 1 2]; = L U with L = [1 0; .5 1], U = [4 2; 0 4]. */
	t_check(r1 == 0 && p[0] == 2 && p[1] == 1 && p[2] == 2 && p[3] == 2,
	        "%s inserted directly: ret=%d L = [%g %g; %g %g]", NAME_STR(potrf), r1, (double)p[0],
	        (double)p[2], (double)p[1], (double)p[3]);
	t_check(r2 == 0 && g[0] == 4 && g[1] == (real_t)0.5 && g[2] == 2 && g[3] == 4,
	        "%s inserted directly: ret=%d LU = [%g %g; %g %g]", NAME_STR(getrf), r2, (double)g[0],
	        (double)g[2], (double)g[1], (double)g[3]);
}

static void LOCAL(run_factor)(void)
{
	static const int orders[] = { 1, 2, 7, 31, 32, 33, 64, 100 };
	int ids[3];
	const char *names[3];
	int nw = t_factor_workers(ids, names);
	t_check(nw > 0, "%s: some worker to run on", NAME_STR(potrf));
	unsigned seed = 2024;
	paralia_task_failures_reset();
	for (int w = 0; w < nw; w++) {
		for (size_t k = 0; k < sizeof orders / sizeof orders[0]; k++) {
			LOCAL(potrf_case)('L', orders[k], ids[w], names[w], &seed);
			LOCAL(potrf_case)('U', orders[k], ids[w], names[w], &seed);
			LOCAL(getrf_case)(orders[k], ids[w], names[w], &seed);
		}
		LOCAL(failure_case)('P', 5, 3, -1, ids[w], names[w]);  /* not positive definite at 3 */
		LOCAL(failure_case)('P', 40, 37, 0, ids[w], names[w]); /* past the first panel */
		LOCAL(failure_case)('G', 5, 2, 0, ids[w], names[w]);   /* zero pivot at 2 */
		LOCAL(failure_case)('G', 70, 66, 0, ids[w], names[w]); /* in the third panel */
	}
	LOCAL(raw_codelets)();
	LOCAL(bad_args)();
}
#endif
