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
#include <cblas.h>
#include <float.h>
#include <stdio.h>
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

/* ||A0 - L U||_F / (||A0||_F n eps), L unit lower and U upper both held in F. */
static double residual(const double *A0, const double *F, int n, double eps)
{
	size_t nn = (size_t)n * n;
	double *W = calloc(nn, sizeof(double));
	if (!W)
		return -1;
	for (int j = 0; j < n; j++)
		memcpy(W + (size_t)j * n, F + (size_t)j * n, sizeof(double) * (size_t)(j + 1));
	cblas_dtrmm(CblasColMajor, CblasLeft, CblasLower, CblasNoTrans, CblasUnit, n, n, 1.0, F, n, W, n);
	for (size_t x = 0; x < nn; x++)
		W[x] = A0[x] - W[x];
	double r = ex_norm_fro(W, n) / (ex_norm_fro(A0, n) * n * eps);
	free(W);
	return r;
}

int main(int argc, char **argv)
{
	const char *name = "lu";
	struct ex_opts o;
	int status = ex_parse(argc, argv, &o);
	if (status)
		return status;
	int ret = paralia_init();
	if (ret) {
		fprintf(stderr, "%s: paralia_init failed: %s\n", name, paralia_strerror(ret));
		return 1;
	}
	struct ex_matrix m;
	if (ex_matrix_init(&m, &o, 0)) {
		paralia_shutdown();
		return 1;
	}
	double *A0 = o.check ? ex_to_double(&m) : NULL;
	if (o.check && !A0) {
		fprintf(stderr, "%s: out of memory for the check's copy of A\n", name);
		ex_matrix_free(&m);
		paralia_shutdown();
		return 1;
	}
	paralia_task_failures_reset();
	ex_register(&m);
	double t0 = starpu_timing_now();
	ret = submit_lu(&m);
	starpu_task_wait_for_all();
	ex_unregister(&m); /* the tiles come back to the matrix: part of the measured time */
	double seconds = (starpu_timing_now() - t0) * 1e-6;
	double n = o.n;
	/* LAPACK Working Note 41 flop count of getrf (m = n), as the codelet counts it. */
	ex_report(name, &o, seconds, 2 * n * n * n / 3 - n * n / 2 + 5 * n / 6);
	if (ret)
		fprintf(stderr, "%s: FAILED: a task could not be submitted (%s)\n", name, paralia_strerror(ret));
	status = ret ? 1 : ex_failed(name);
	double *F = o.check && !status ? ex_to_double(&m) : NULL;
	ex_matrix_free(&m);
	paralia_shutdown();
	if (o.check && !status) {
		ex_host_threads();
		double r = F ? residual(A0, F, o.n, o.single ? FLT_EPSILON : DBL_EPSILON) : -1;
		if (r < 0) {
			fprintf(stderr, "%s: out of memory for the check\n", name);
			status = 1;
		} else {
			status = ex_verdict(name, r);
		}
	}
	free(A0);
	free(F);
	return status;
}
