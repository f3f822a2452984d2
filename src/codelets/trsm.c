/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * trsm tile kernel: solves op(A) X = alpha B (side L) or X op(A) = alpha B (side R) and writes X
 * over B; A triangular in uplo, unit diagonal when diag is 'U' (then A's diagonal is not read).
 * Argument block (cl_arg): struct trsm_args_{s,d} below. Buffers: A (R), B (RW).
 */
#ifndef PARALIA_PREC
#define PARALIA_SELF "codelets/trsm.c"
#include "common/instantiate.h"
#else
#include "codelets/codelet.h"

struct LOCAL(trsm_args) {
	char side, uplo, transA, diag;
	real_t alpha;
};

static void LOCAL(trsm_cpu)(void *buffers[], void *cl_arg)
{
	const struct LOCAL(trsm_args) *a = cl_arg;
	struct pl_tile A = pl_tile_of(buffers[0]), B = pl_tile_of(buffers[1]);
	CBLAS(trsm)(CblasColMajor, pl_cblas_side(a->side), pl_cblas_uplo(a->uplo),
	            pl_cblas_trans(a->transA), pl_cblas_diag(a->diag), B.m, B.n, a->alpha, A.ptr, A.ld,
	            B.ptr, B.ld);
}

#ifdef PARALIA_USE_CUDA
static void LOCAL(trsm_cuda)(void *buffers[], void *cl_arg)
{
	const struct LOCAL(trsm_args) *a = cl_arg;
	struct pl_tile A = pl_tile_of(buffers[0]), B = pl_tile_of(buffers[1]);
	PL_CUBLAS(NAME_STR(trsm),
	          CUBLAS(trsm)(pl_cublas_handle(), pl_cublas_side(a->side),
	                       pl_cublas_uplo(a->uplo), pl_cublas_trans(a->transA),
	                       pl_cublas_diag(a->diag), B.m, B.n, &a->alpha, A.ptr, A.ld, B.ptr, B.ld));
}
#endif

static struct starpu_perfmodel LOCAL(trsm_model) = {
	.type = STARPU_HISTORY_BASED,
	.symbol = NAME_STR(trsm),
};

struct starpu_codelet CL(trsm) = {
	.name = NAME_STR(trsm),
	.cpu_funcs = { LOCAL(trsm_cpu) },
	.cpu_funcs_name = { PARALIA_STR(LOCAL(trsm_cpu)) },
	PL_CUDA_ENTRY(LOCAL(trsm_cuda))
	.nbuffers = STARPU_VARIABLE_NBUFFERS,
	.model = &LOCAL(trsm_model),
};

int TASK(trsm)(paralia_side_t side, paralia_uplo_t uplo, paralia_trans_t transA,
               paralia_diag_t diag, real_t alpha, starpu_data_handle_t A, starpu_data_handle_t B,
               const struct paralia_task_opts *opts)
{
	const char *who = TASK_STR(trsm);
	int ret = pl_check_triangular_task(who, (char)side, (char)uplo, (char)transA, (char)diag, A, B,
	                                   sizeof(real_t));
	if (ret)
		return ret;
	struct LOCAL(trsm_args) args = { pl_upper((char)side), pl_upper((char)uplo),
	                                 pl_upper((char)transA), pl_upper((char)diag), alpha };
	double m = pl_rows(B), n = pl_cols(B);
	struct pl_submit s = {
		.cl = &CL(trsm), .who = who, .args = &args, .args_size = sizeof args, .nbuf = 2,
		.handles = { A, B },
		.modes = { STARPU_R, STARPU_RW },
		.flops = args.side == 'L' ? m * m * n : m * n * n,
	};
	return pl_submit_task(&s, opts);
}
#endif
