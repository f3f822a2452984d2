/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The geadd tile kernel (B = alpha A + beta B) against a plain loop reference, on every worker
 * kind StarPU has, for ragged tile shapes and leading dimensions larger than the rows; beta == 0
 * must not read B (NaNs there do not survive); bad handles are rejected with -pos.
 */
#include "tests/testing.h"
#ifndef PARALIA_PREC
#define PARALIA_SELF "tests/codelet_geadd.c"
#include "common/instantiate.h"

int main(void)
{
	t_begin("codelet_geadd");
	run_geadd_s();
	run_geadd_d();
	return t_end();
}
#else
#include <math.h>
#include <stdlib.h>
#include <string.h>

static void LOCAL(one_case)(int m, int n, real_t alpha, real_t beta, int worker, unsigned *seed)
{
	int lda = m + 2, ldb = m + 5;
	real_t *A = malloc(sizeof(real_t) * lda * n), *B = malloc(sizeof(real_t) * ldb * n);
	real_t *R = malloc(sizeof(real_t) * ldb * n);
	LOCAL(t_fill)(A, lda, n, lda, seed);
	LOCAL(t_fill)(B, ldb, n, ldb, seed);
	if (beta == 0)
		LOCAL(t_poison)(B, m, n, ldb, (real_t)NAN);
	memcpy(R, B, sizeof(real_t) * ldb * n);
	for (int j = 0; j < n; j++)
		for (int i = 0; i < m; i++)
			R[i + (size_t)j * ldb] = alpha * A[i + (size_t)j * lda] +
			                         (beta == 0 ? 0 : beta * R[i + (size_t)j * ldb]);
	starpu_data_handle_t hA, hB;
	starpu_matrix_data_register(&hA, STARPU_MAIN_RAM, (uintptr_t)A, lda, m, n, sizeof(real_t));
	starpu_matrix_data_register(&hB, STARPU_MAIN_RAM, (uintptr_t)B, ldb, m, n, sizeof(real_t));
	struct paralia_task_opts o = { 0, worker };
	int ret = TASK(geadd)(alpha, hA, beta, hB, &o);
	starpu_data_unregister(hA);
	starpu_data_unregister(hB);
	double err = LOCAL(t_maxdiff)(B, ldb, R, ldb, ldb, n);
	double bound = 4 * PREC_EPS * (fabs((double)alpha) + fabs((double)beta)) + 1e-300;
	t_check(ret == 0 && err <= bound, "%s m=%d n=%d alpha=%g beta=%g worker %d: ret=%d err=%.2e",
	        TASK_STR(geadd), m, n, (double)alpha, (double)beta, worker, ret, err);
	free(A); free(B); free(R);
}

static void LOCAL(run_geadd)(void)
{
	static const int shapes[][2] = { {1, 1}, {16, 16}, {37, 23}, {5, 40} };
	static const real_t alphas[] = { 1, -0.5 }, betas[] = { 0, 1, 0.3 };
	unsigned seed = 777;
	/* One CPU worker and the first CUDA worker (if any): each implementation is checked. */
	int workers[2] = { starpu_worker_get_by_type(STARPU_CPU_WORKER, 0),
	                   starpu_worker_get_by_type(STARPU_CUDA_WORKER, 0) };
	for (int w = 0; w < 2; w++) {
		if (workers[w] < 0)
			continue;
		for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++)
			for (int a = 0; a < 2; a++)
				for (int b = 0; b < 3; b++)
					LOCAL(one_case)(shapes[s][0], shapes[s][1], alphas[a], betas[b], workers[w], &seed);
	}
	/* Bad arguments: NULL handles and mismatched shapes. */
	real_t x[64] = {0};
	starpu_data_handle_t h4, h8;
	starpu_matrix_data_register(&h4, STARPU_MAIN_RAM, (uintptr_t)x, 4, 4, 4, sizeof(real_t));
	starpu_matrix_data_register(&h8, STARPU_MAIN_RAM, (uintptr_t)x, 8, 8, 8, sizeof(real_t));
	t_check(TASK(geadd)(1, NULL, 1, h4, NULL) == -2, "%s NULL A gives -2", TASK_STR(geadd));
	t_check(TASK(geadd)(1, h4, 1, NULL, NULL) == -4, "%s NULL B gives -4", TASK_STR(geadd));
	t_check(TASK(geadd)(1, h4, 1, h8, NULL) == -4, "%s 4x4 into 8x8 gives -4", TASK_STR(geadd));
	starpu_data_unregister(h4);
	starpu_data_unregister(h8);
}
#endif
