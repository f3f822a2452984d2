/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * symm tile kernel: C = alpha A B + beta C (side L, A is m x m) or C = alpha B A + beta C (side R,
 * A is n x n); A symmetric, only its uplo triangle is read; B and C are m x n.
 * Argument block (cl_arg): struct symm_args_{s,d} below. Buffers: A (R), B (R), C (RW, or W when
 * beta == 0: the kernel then writes all of C without reading it, so StarPU need not fetch it).
 */
#ifndef PARALIA_PREC
#define PARALIA_SELF "codelets/symm.c"
#include "common/instantiate.h"
#else
#include "codelets/codelet.h"

struct LOCAL(symm_args) {
	char side, uplo;
	real_t alpha, beta;
};

static void LOCAL(symm_cpu)(void *buffers[], void *cl_arg)
{
	const struct LOCAL(symm_args) *a = cl_arg;
	struct pl_tile A = pl_tile_of(buffers[0]), B = pl_tile_of(buffers[1]), C = pl_tile_of(buffers[2]);
	CBLAS(symm)(CblasColMajor, pl_cblas_side(a->side), pl_cblas_uplo(a->uplo), C.m, C.n,
	            a->alpha, A.ptr, A.ld, B.ptr, B.ld, a->beta, C.ptr, C.ld);
}

#ifdef PARALIA_USE_CUDA
static void LOCAL(symm_cuda)(void *buffers[], void *cl_arg)
{
	const struct LOCAL(symm_args) *a = cl_arg;
	struct pl_tile A = pl_tile_of(buffers[0]), B = pl_tile_of(buffers[1]), C = pl_tile_of(buffers[2]);
	PL_CUBLAS(NAME_STR(symm),
	          CUBLAS(symm)(pl_cublas_handle(), pl_cublas_side(a->side),
	                       pl_cublas_uplo(a->uplo), C.m, C.n, &a->alpha, A.ptr, A.ld, B.ptr, B.ld,
	                       &a->beta, C.ptr, C.ld));
}
#endif

static struct starpu_perfmodel LOCAL(symm_model) = {
	.type = STARPU_HISTORY_BASED,
	.symbol = NAME_STR(symm),
};

struct starpu_codelet CL(symm) = {
	.name = NAME_STR(symm),
	.cpu_funcs = { LOCAL(symm_cpu) },
	.cpu_funcs_name = { PARALIA_STR(LOCAL(symm_cpu)) },
	PL_CUDA_ENTRY(LOCAL(symm_cuda))
	.nbuffers = STARPU_VARIABLE_NBUFFERS,
	.model = &LOCAL(symm_model),
};

int TASK(symm)(paralia_side_t side, paralia_uplo_t uplo, real_t alpha, starpu_data_handle_t A,
               starpu_data_handle_t B, real_t beta, starpu_data_handle_t C,
               const struct paralia_task_opts *opts)
{
	const char *who = TASK_STR(symm);
	if (!pl_valid_side((char)side))
		return pl_arg_error(who, 1, "side", "'%c' is not L or R", (char)side);
	if (!pl_valid_uplo((char)uplo))
		return pl_arg_error(who, 2, "uplo", "'%c' is not U or L", (char)uplo);
	int r;
	if ((r = pl_check_tile(who, 4, "A", A, sizeof(real_t))) ||
	    (r = pl_check_tile(who, 5, "B", B, sizeof(real_t))) ||
	    (r = pl_check_tile(who, 7, "C", C, sizeof(real_t))))
		return r;
	char sd = pl_upper((char)side);
	int ka = pl_rows(A), m = pl_rows(B), n = pl_cols(B);
	if (pl_cols(A) != ka)
		return pl_arg_error(who, 4, "A", "A is %dx%d, not square", ka, pl_cols(A));
	if ((sd == 'L' ? m : n) != ka)
		return pl_arg_error(who, 5, "B", "B is %dx%d but A is %dx%d on side %c", m, n, ka, ka, sd);
	if (pl_rows(C) != m || pl_cols(C) != n)
		return pl_arg_error(who, 7, "C", "C is %dx%d but B is %dx%d", pl_rows(C), pl_cols(C), m, n);

	struct LOCAL(symm_args) args = { sd, pl_upper((char)uplo), alpha, beta };
	struct pl_submit s = {
		.cl = &CL(symm), .who = who, .args = &args, .args_size = sizeof args, .nbuf = 3,
		.handles = { A, B, C },
		.modes = { STARPU_R, STARPU_R, beta == (real_t)0 ? STARPU_W : STARPU_RW },
		.flops = 2.0 * m * n * ka,
	};
	return pl_submit_task(&s, opts);
}
#endif
