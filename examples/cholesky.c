/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Tiled Cholesky factorisation A = L L^T as a StarPU task graph built from paralia's codelets on
 * tile handles the application registers itself (examples/tiles.c).
 *   paralia-cholesky -n N -nb NB [-s] [-check]
 * Right-looking, lower: for each tile column k, factor the diagonal tile (potrf), solve the tiles
 * below it (trsm), and update the trailing matrix (syrk on diagonal tiles, gemm below them).
 * StarPU infers the dependencies from the handles' access modes; the scheduler (STARPU_SCHED,
 * e.g. paralia's own policy) decides where each task runs. Tasks on the path to the next panel
 * get the highest priority. Prints time and GFLOP/s; -check prints ||A - L L^T||_F /
 * (||A||_F n eps). Exit status: 0; 1 when a task failed or the residual exceeds 10; 2 for a bad
 * command line.
 */
#include "examples/tiles.h"
#include <paralia.h>
#include <stdlib.h>
#include <string.h>

static int submit_cholesky(const struct ex_matrix *m)
{
	struct paralia_task_opts hi = ex_urgent();
	int nt = m->nt, ret = 0;
	for (int k = 0; k < nt && !ret; k++) {
		starpu_data_handle_t Akk = ex_tile(m, k, k);
		ret = ex_potrf(m, 'L', Akk, &hi);
		for (int i = k + 1; i < nt && !ret; i++)
			ret = ex_trsm(m, 'R', 'L', 'T', 'N', 1.0, Akk, ex_tile(m, i, k), &hi);
		for (int i = k + 1; i < nt && !ret; i++) {
			/* Column k + 1 is the next panel: its updates are on the critical path. */
			const struct paralia_task_opts *o = i == k + 1 ? &hi : NULL;
			ret = ex_syrk(m, 'L', 'N', -1.0, ex_tile(m, i, k), 1.0, ex_tile(m, i, i), o);
			for (int j = k + 1; j < i && !ret; j++)
				ret = ex_gemm(m, 'N', 'T', -1.0, ex_tile(m, i, k), ex_tile(m, j, k), 1.0,
				              ex_tile(m, i, j), j == k + 1 ? &hi : NULL);
		}
	}
	return ret;
}

/* L L^T, L the lower triangle of F. */
static double *product(const double *F, int n)
{
	double *W = ex_triangle(F, n, 1);
	if (!W)
		return NULL;
	/* paralia's own trmm, on the GPUs: n = 30720 is n^3 = 2.9e13 flops, about a second at
	 * the tile GEMM rates measured on one H200, against ~a minute for 16 cores (not timed) */
	if (paralia_dtrmm(ParaliaRight, ParaliaLower, ParaliaTrans, ParaliaNonUnit, n, n, 1.0, F, n, W, n)) {
		free(W);
		return NULL;
	}
	return W;
}

/* LAPACK Working Note 41 flop count of potrf, as the codelet counts it. */
static double flops(double n)
{
	return n * n * n / 3 + n * n / 2 + n / 6;
}

int main(int argc, char **argv)
{
	static const struct ex_factorization f = { "cholesky", 1, submit_cholesky, flops, product };
	return ex_main(&f, argc, argv);
}
