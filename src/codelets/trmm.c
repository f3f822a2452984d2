/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * trmm tile kernel: B = alpha op(A) B (side L) or alpha B op(A) (side R), A triangular in uplo,
 * unit diagonal when diag is 'U' (then A's diagonal is not read).
 * Argument block (cl_arg): struct trmm_args_{s,d} below. Buffers: A (R), B (RW).
 */
#ifndef PARALIA_PREC
#define PARALIA_SELF "codelets/trmm.c"
#include "common/instantiate.h"
#else
#include "codelets/codelet.h"

struct LOCAL(trmm_args) {
	char side, uplo, transA, diag;
	real_t alpha;
};

static void LOCAL(trmm_cpu)(void *buffers[], void *cl_arg)
{
	const struct LOCAL(trmm_args) *a = cl_arg;
	struct pl_tile A = pl_tile_of(buffers[0]), B = pl_tile_of(buffers[1]);
	CBLAS(trmm)(CblasColMajor, pl_cblas_side(a->side), pl_cblas_uplo(a->uplo),
	            pl_cblas_trans(a->transA), pl_cblas_diag(a->diag), B.m, B.n, a->alpha, A.ptr, A.ld,
	            B.ptr, B.ld);
}

#ifdef PARALIA_USE_CUDA
/* cuBLAS's trmm is out of place (C = alpha op(A) B); it documents C == B as supported, which gives
 * BLAS's in-place semantics without a scratch tile. */
static void LOCAL(trmm_cuda)(void *buffers[], void *cl_arg)
{
	const struct LOCAL(trmm_args) *a = cl_arg;
	struct pl_tile A = pl_tile_of(buffers[0]), B = pl_tile_of(buffers[1]);
	PL_CUBLAS(NAME_STR(trmm),
	          CUBLAS(trmm)(pl_cublas_handle(), pl_cublas_side(a->side),
	                       pl_cublas_uplo(a->uplo), pl_cublas_trans(a->transA),
	                       pl_cublas_diag(a->diag), B.m, B.n, &a->alpha, A.ptr, A.ld, B.ptr, B.ld,
	                       B.ptr, B.ld));
}
#endif

static struct starpu_perfmodel LOCAL(trmm_model) = {
	.type = STARPU_HISTORY_BASED,
	.symbol = NAME_STR(trmm),
};

struct starpu_codelet CL(trmm) = {
	.name = NAME_STR(trmm),
	.cpu_funcs = { LOCAL(trmm_cpu) },
	.cpu_funcs_name = { PARALIA_STR(LOCAL(trmm_cpu)) },
	PL_CUDA_ENTRY(LOCAL(trmm_cuda))
	.nbuffers = STARPU_VARIABLE_NBUFFERS,
	.model = &LOCAL(trmm_model),
};

int TASK(trmm)(paralia_side_t side, paralia_uplo_t uplo, paralia_trans_t transA,
               paralia_diag_t diag, real_t alpha, starpu_data_handle_t A, starpu_data_handle_t B,
               const struct paralia_task_opts *opts)
{
	const char *who = TASK_STR(trmm);
	int ret = pl_check_triangular_task(who, (char)side, (char)uplo, (char)transA, (char)diag, A, B,
	                                   sizeof(real_t));
	if (ret)
		return ret;
	struct LOCAL(trmm_args) args = { pl_upper((char)side), pl_upper((char)uplo),
	                                 pl_upper((char)transA), pl_upper((char)diag), alpha };
	double m = pl_rows(B), n = pl_cols(B);
	struct pl_submit s = {
		.cl = &CL(trmm), .who = who, .args = &args, .args_size = sizeof args, .nbuf = 2,
		.handles = { A, B },
		.modes = { STARPU_R, STARPU_RW },
		.flops = args.side == 'L' ? m * m * n : m * n * n,
	};
	return pl_submit_task(&s, opts);
}
#endif
