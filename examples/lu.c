/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Tiled LU factorisation without pivoting, A = L U (L unit lower), as a StarPU task graph built
 * from paralia's codelets on tile handles the application registers itself (examples/tiles.c).
 * The input is diagonally dominant, so no pivoting is needed.
 *   paralia-lu -n N -nb NB [-s] [-check]
 * Right-looking: for each step k, factor the diagonal tile (getrf), solve the tiles right of it
 * for U (trsm with unit L) and below it for L (trsm with U), and update the trailing matrix (gemm).
 * StarPU infers the dependencies from the handles' access modes; the scheduler (STARPU_SCHED,
 * e.g. paralia's own policy) decides where each task runs. Tasks on the path to the next panel
 * get the highest priority. Prints time and GFLOP/s; -check prints ||A - L U||_F /
 * (||A||_F n eps). Exit status: 0; 1 when a task failed or the residual exceeds 10; 2 for a bad
 * command line.
 */
#include "examples/tiles.h"
#include <paralia.h>
#include <stdlib.h>
#include <string.h>

static int submit_lu(const struct ex_matrix *m)
{
	struct paralia_task_opts hi = ex_urgent();
	int nt = m->nt, ret = 0;
	for (int k = 0; k < nt && !ret; k++) {
		starpu_data_handle_t Akk = ex_tile(m, k, k);
		ret = ex_getrf(m, Akk, &hi);
		for (int j = k + 1; j < nt && !ret; j++)
			ret = ex_trsm(m, 'L', 'L', 'N', 'U', 1.0, Akk, ex_tile(m, k, j), &hi);
		for (int i = k + 1; i < nt && !ret; i++)
			ret = ex_trsm(m, 'R', 'U', 'N', 'N', 1.0, Akk, ex_tile(m, i, k), &hi);
		for (int j = k + 1; j < nt && !ret; j++)
			for (int i = k + 1; i < nt && !ret; i++) {
				/* Row and column k + 1 form the next step's panels: on the critical path. */
				const struct paralia_task_opts *o = (i == k + 1 || j == k + 1) ? &hi : NULL;
				ret = ex_gemm(m, 'N', 'N', -1.0, ex_tile(m, i, k), ex_tile(m, k, j), 1.0,
				              ex_tile(m, i, j), o);
			}
	}
	return ret;
}

/* L U, L unit lower and U upper both held in F. */
static double *product(const double *F, int n)
{
	double *W = ex_triangle(F, n, 0);
	if (!W)
		return NULL;
	/* paralia's own trmm, on the GPUs: n = 30720 is n^3 = 2.9e13 flops, about a second at
	 * the tile GEMM rates measured on one H200, against ~a minute for 16 cores (not timed) */
	if (paralia_dtrmm(ParaliaLeft, ParaliaLower, ParaliaNoTrans, ParaliaUnit, n, n, 1.0, F, n, W, n)) {
		free(W);
		return NULL;
	}
	return W;
}

/* LAPACK Working Note 41 flop count of getrf (m = n), as the codelet counts it. */
static double flops(double n)
{
	return 2 * n * n * n / 3 - n * n / 2 + 5 * n / 6;
}

int main(int argc, char **argv)
{
	static const struct ex_factorization f = { "lu", 0, submit_lu, flops, product };
	return ex_main(&f, argc, argv);
}
