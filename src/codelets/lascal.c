/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * lascal tile kernel: A = beta A on the upper ('U') or lower ('L') triangle, or the whole tile
 * ('G'). beta == 0 stores exact zeros without reading A (so NaNs in A do not survive, as BLAS
 * specifies for beta == 0). The routines use it for their alpha == 0 / k == 0 quick paths.
 * Argument block: struct lascal_args_{s,d}. Buffer: A (RW, or W when beta == 0 on the whole tile).
 */
#ifndef PARALIA_PREC
#define PARALIA_SELF "codelets/lascal.c"
#include "common/instantiate.h"
#else
#include "codelets/codelet.h"
#include <string.h>

struct LOCAL(lascal_args) {
	char uplo;
	real_t beta;
};

/* Rows [lo, hi) of column j that the uplo part covers. */
static inline void LOCAL(lascal_rows)(char uplo, int m, int j, int *lo, int *hi)
{
	*lo = uplo == 'L' ? (j < m ? j : m) : 0;
	*hi = uplo == 'U' ? (j + 1 < m ? j + 1 : m) : m;
}

static void LOCAL(lascal_cpu)(void *buffers[], void *cl_arg)
{
	const struct LOCAL(lascal_args) *a = cl_arg;
	struct pl_tile A = pl_tile_of(buffers[0]);
	real_t *p = A.ptr;
	for (int j = 0; j < A.n; j++) {
		int lo, hi;
		LOCAL(lascal_rows)(a->uplo, A.m, j, &lo, &hi);
		real_t *col = p + (size_t)j * A.ld;
		if (a->beta == (real_t)0)
			memset(col + lo, 0, sizeof(real_t) * (size_t)(hi > lo ? hi - lo : 0));
		else
			for (int i = lo; i < hi; i++)
				col[i] *= a->beta;
	}
}

#ifdef PARALIA_USE_CUDA
static void LOCAL(lascal_cuda)(void *buffers[], void *cl_arg)
{
	const struct LOCAL(lascal_args) *a = cl_arg;
	struct pl_tile A = pl_tile_of(buffers[0]);
	cudaStream_t stream = starpu_cuda_get_local_stream();
	cublasHandle_t h = pl_cublas_handle();
	real_t *p = A.ptr;
	if (a->uplo == 'G') {
		if (a->beta == (real_t)0)
			PL_CUDA(NAME_STR(lascal), cudaMemset2DAsync(p, sizeof(real_t) * (size_t)A.ld, 0,
			                                            sizeof(real_t) * (size_t)A.m, A.n, stream));
		else { /* geam in place (C = beta C + 0 C) is supported by cuBLAS for transa = N */
			const real_t zero = 0;
			PL_CUBLAS(NAME_STR(lascal), CUBLAS(geam)(h, CUBLAS_OP_N, CUBLAS_OP_N, A.m, A.n, &a->beta,
			                                        p, A.ld, &zero, p, A.ld, p, A.ld));
		}
		return;
	}
	/* Triangles only occur on diagonal tiles of quick paths: one call per column is enough. */
	for (int j = 0; j < A.n; j++) {
		int lo, hi;
		LOCAL(lascal_rows)(a->uplo, A.m, j, &lo, &hi);
		if (hi <= lo)
			continue;
		real_t *col = p + (size_t)j * A.ld + lo;
		if (a->beta == (real_t)0)
			PL_CUDA(NAME_STR(lascal), cudaMemsetAsync(col, 0, sizeof(real_t) * (size_t)(hi - lo), stream));
		else
			PL_CUBLAS(NAME_STR(lascal), CUBLAS(scal)(h, hi - lo, &a->beta, col, 1));
	}
}
#endif

static struct starpu_perfmodel LOCAL(lascal_model) = {
	.type = STARPU_HISTORY_BASED,
	.symbol = NAME_STR(lascal),
};

struct starpu_codelet CL(lascal) = {
	.name = NAME_STR(lascal),
	.cpu_funcs = { LOCAL(lascal_cpu) },
	.cpu_funcs_name = { PARALIA_STR(LOCAL(lascal_cpu)) },
	PL_CUDA_ENTRY(LOCAL(lascal_cuda))
	.nbuffers = STARPU_VARIABLE_NBUFFERS,
	.model = &LOCAL(lascal_model),
};

int TASK(lascal)(char uplo, real_t beta, starpu_data_handle_t A, const struct paralia_task_opts *opts)
{
	const char *who = TASK_STR(lascal);
	char u = pl_upper(uplo);
	if (u != 'U' && u != 'L' && u != 'G')
		return pl_arg_error(who, 1, "uplo", "'%c' is not U, L or G", uplo);
	int r = pl_check_tile(who, 3, "A", A, sizeof(real_t));
	if (r)
		return r;
	struct LOCAL(lascal_args) args = { u, beta };
	struct pl_submit s = {
		.cl = &CL(lascal), .who = who, .args = &args, .args_size = sizeof args, .nbuf = 1,
		.handles = { A },
		.modes = { (beta == (real_t)0 && u == 'G') ? STARPU_W : STARPU_RW },
		.flops = (double)pl_rows(A) * pl_cols(A),
	};
	return pl_submit_task(&s, opts);
}
#endif
