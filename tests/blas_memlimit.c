/*
 * Bigger than the GPUs: with each GPU's memory capped by STARPU_LIMIT_CUDA_MEM far below what a
 * DGEMM/SGEMM needs (three 72 MB matrices against a 48 MB cap), the routines still give the CBLAS
 * result (StarPU evicts tiles as it goes), for C on the host and C on a GPU, and the autotuner
 * picks tiles whose working set fits the cap. Needs a GPU: exits 77 (skip) without one.
 */
#include "tests/testing.h"
#include <cblas.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <starpu.h>

#define CAP_MB 48

static void one(int n, int where_c, unsigned *seed)
{
	double *A = malloc(sizeof(double) * (size_t)n * n), *B = malloc(sizeof(double) * (size_t)n * n);
	double *C = malloc(sizeof(double) * (size_t)n * n), *R = malloc(sizeof(double) * (size_t)n * n);
	t_fill_d(A, n, n, n, seed);
	t_fill_d(B, n, n, n, seed);
	t_fill_d(C, n, n, n, seed);
	memcpy(R, C, sizeof(double) * (size_t)n * n);
	cblas_dgemm(CblasColMajor, CblasNoTrans, CblasTrans, n, n, n, 1.1, A, n, B, n, 0.7, R, n);
	double *dC = t_place(C, n, n, n, sizeof(double), where_c);
	struct paralia_plan plan;
	int q = paralia_plan_query('g', 'd', n, n, n, A, B, dC, 0.7, &plan);
	int ret = paralia_dgemm('N', 'T', n, n, n, 1.1, A, n, B, n, 0.7, dC, n);
	t_fetch(C, dC, n, n, n, sizeof(double), where_c);
	t_release(dC, where_c);
	double bound = 4.0 * (n + 2) * 2.3e-16 *
	               (1.1 * n * t_maxabs_d(A, n, n, n) * t_maxabs_d(B, n, n, n) + 0.7 * t_maxabs_d(R, n, n, n));
	double err = t_maxdiff_d(C, n, R, n, n, n);
	t_check(q == 0 && 8.0 * plan.tile * plan.tile * sizeof(double) <= CAP_MB * 1048576.0,
	        "cap %d MB: plan tile %d keeps 8 tiles within the cap", CAP_MB, plan.tile);
	t_check(ret == 0 && err <= bound, "dgemm N=%d C@%s under a %d MB GPU cap: ret %d, err/bound %.2e",
	        n, t_placement_name(where_c), CAP_MB, ret, err / bound);
	free(A); free(B); free(C); free(R);
}

int main(void)
{
	char cap[16];
	snprintf(cap, sizeof cap, "%d", CAP_MB);
	setenv("STARPU_LIMIT_CUDA_MEM", cap, 1);
	t_begin("blas_memlimit");
	if (starpu_cuda_worker_get_count() == 0) {
		printf("blas_memlimit: no CUDA worker, skipped\n");
		paralia_shutdown();
		return 77;
	}
	paralia_set_tile_size(0);
	unsigned seed = 31;
	for (int p = 0; p < t_placement_count() && p < 2; p++)
		one(3072, t_placement(p), &seed);
	return t_end();
}
