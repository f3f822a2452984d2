/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * geadd tile kernel: B = alpha A + beta B (same shape). The WR-lazy gemm multiplies into scratch
 * tiles with beta = 0 on the devices that do not hold C, then accumulates them into C with this
 * kernel where C lives (Uncut-GEMMs' lazy C write-back), so C crosses no link before the end.
 * Internally also from columns col0... of a wider A (pl_task_geadd_cols: gemm's C added at home,
 * a slice of C per CPU worker from one scratch tile that comes home whole).
 * Argument block: struct geadd_args_{s,d}. Buffers: A (R), B (RW, or W when beta == 0).
 */
#ifndef PARALIA_PREC
#define PARALIA_SELF "codelets/geadd.c"
#include "common/instantiate.h"
#else
#include "codelets/codelet.h"

struct LOCAL(geadd_args) {
	real_t alpha, beta;
	int col0; /* B's first column is A's column col0 */
};

static void LOCAL(geadd_cpu)(void *buffers[], void *cl_arg)
{
	const struct LOCAL(geadd_args) *a = cl_arg;
	struct pl_tile A = pl_tile_of(buffers[0]), B = pl_tile_of(buffers[1]);
	const real_t *pa = (const real_t *)A.ptr + (size_t)a->col0 * A.ld;
	real_t *pb = B.ptr;
	for (int j = 0; j < B.n; j++) {
		const real_t *ca = pa + (size_t)j * A.ld;
		real_t *cb = pb + (size_t)j * B.ld;
		if (a->beta == (real_t)0) /* BLAS: B is not read, NaNs there do not survive */
			for (int i = 0; i < B.m; i++)
				cb[i] = a->alpha * ca[i];
		else
			for (int i = 0; i < B.m; i++)
				cb[i] = a->alpha * ca[i] + a->beta * cb[i];
	}
}

#ifdef PARALIA_USE_CUDA
static void LOCAL(geadd_cuda)(void *buffers[], void *cl_arg)
{
	const struct LOCAL(geadd_args) *a = cl_arg;
	struct pl_tile A = pl_tile_of(buffers[0]), B = pl_tile_of(buffers[1]);
	/* geam with C == B in place is allowed when B is not transposed (cuBLAS documentation). */
	PL_CUBLAS(NAME_STR(geadd),
	          CUBLAS(geam)(pl_cublas_handle(), CUBLAS_OP_N, CUBLAS_OP_N, B.m, B.n,
	                       &a->alpha, (const real_t *)A.ptr + (size_t)a->col0 * A.ld, A.ld,
	                       &a->beta, B.ptr, B.ld, B.ptr, B.ld));
}
#endif

static struct starpu_perfmodel LOCAL(geadd_model) = {
	.type = STARPU_HISTORY_BASED,
	.symbol = NAME_STR(geadd),
};

struct starpu_codelet CL(geadd) = {
	.name = NAME_STR(geadd),
	.cpu_funcs = { LOCAL(geadd_cpu) },
	.cpu_funcs_name = { PARALIA_STR(LOCAL(geadd_cpu)) },
	PL_CUDA_ENTRY(LOCAL(geadd_cuda))
	.nbuffers = STARPU_VARIABLE_NBUFFERS,
	.model = &LOCAL(geadd_model),
};

static int LOCAL(geadd_from)(const char *who, real_t alpha, starpu_data_handle_t A, int col0,
                             real_t beta, starpu_data_handle_t B, const struct paralia_task_opts *opts)
{
	struct LOCAL(geadd_args) args = { alpha, beta, col0 };
	struct pl_submit s = {
		.cl = &CL(geadd), .who = who, .args = &args, .args_size = sizeof args, .nbuf = 2,
		.handles = { A, B },
		.modes = { STARPU_R, beta == (real_t)0 ? STARPU_W : STARPU_RW },
		.flops = 2.0 * pl_rows(B) * pl_cols(B),
	};
	return pl_submit_task(&s, opts);
}

int TASK(geadd)(real_t alpha, starpu_data_handle_t A, real_t beta, starpu_data_handle_t B,
                const struct paralia_task_opts *opts)
{
	const char *who = TASK_STR(geadd);
	int r;
	if ((r = pl_check_tile(who, 2, "A", A, sizeof(real_t))) ||
	    (r = pl_check_tile(who, 4, "B", B, sizeof(real_t))))
		return r;
	if (pl_rows(A) != pl_rows(B) || pl_cols(A) != pl_cols(B))
		return pl_arg_error(who, 4, "B", "B is %dx%d but A is %dx%d", pl_rows(B), pl_cols(B),
		                    pl_rows(A), pl_cols(A));
	return LOCAL(geadd_from)(who, alpha, A, 0, beta, B, opts);
}

int LOCAL(pl_task_geadd_cols)(real_t alpha, starpu_data_handle_t A, int col0, real_t beta,
                              starpu_data_handle_t B, const struct paralia_task_opts *opts)
{
	const char *who = "pl_task_geadd_cols";
	int r;
	if ((r = pl_check_tile(who, 2, "A", A, sizeof(real_t))) ||
	    (r = pl_check_tile(who, 5, "B", B, sizeof(real_t))))
		return r;
	if (col0 < 0 || pl_rows(A) != pl_rows(B) || pl_cols(B) > pl_cols(A) - col0)
		return pl_arg_error(who, 3, "col0", "B (%dx%d) is not A (%dx%d) from column %d",
		                    pl_rows(B), pl_cols(B), pl_rows(A), pl_cols(A), col0);
	return LOCAL(geadd_from)(who, alpha, A, col0, beta, B, opts);
}
#endif
