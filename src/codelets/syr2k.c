/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * syr2k tile kernel: C = alpha (op(A) op(B)^T + op(B) op(A)^T) + beta C on the uplo triangle of a
 * square tile C; op(X) = X (trans N, A and B are n x k) or X^T (trans T or C, k x n; C means T for
 * real types). Argument block (cl_arg): struct syr2k_args_{s,d} below.
 * Buffers: A (R), B (R), C (RW). C stays RW even when beta == 0: the kernel writes one triangle
 * only, and a W buffer on another node would come back whole, with the other triangle undefined.
 */
#ifndef PARALIA_PREC
#define PARALIA_SELF "codelets/syr2k.c"
#include "common/instantiate.h"
#else
#include "codelets/codelet.h"

struct LOCAL(syr2k_args) {
	char uplo, trans;
	real_t alpha, beta;
};

static void LOCAL(syr2k_cpu)(void *buffers[], void *cl_arg)
{
	const struct LOCAL(syr2k_args) *a = cl_arg;
	struct pl_tile A = pl_tile_of(buffers[0]), B = pl_tile_of(buffers[1]), C = pl_tile_of(buffers[2]);
	/* Normalised here too: the argument block may come from a user inserting the codelet. */
	char t = pl_upper(a->trans) == 'N' ? 'N' : 'T';
	int k = t == 'N' ? A.n : A.m;
	CBLAS(syr2k)(CblasColMajor, pl_cblas_uplo(a->uplo), pl_cblas_trans(t), C.n, k,
	             a->alpha, A.ptr, A.ld, B.ptr, B.ld, a->beta, C.ptr, C.ld);
}

#ifdef PARALIA_USE_CUDA
static void LOCAL(syr2k_cuda)(void *buffers[], void *cl_arg)
{
	const struct LOCAL(syr2k_args) *a = cl_arg;
	struct pl_tile A = pl_tile_of(buffers[0]), B = pl_tile_of(buffers[1]), C = pl_tile_of(buffers[2]);
	/* Normalised here too: the argument block may come from a user inserting the codelet. */
	char t = pl_upper(a->trans) == 'N' ? 'N' : 'T';
	int k = t == 'N' ? A.n : A.m;
	PL_CUBLAS(NAME_STR(syr2k),
	          CUBLAS(syr2k)(pl_cublas_handle(), pl_cublas_uplo(a->uplo),
	                        pl_cublas_trans(t), C.n, k, &a->alpha, A.ptr, A.ld, B.ptr, B.ld,
	                        &a->beta, C.ptr, C.ld));
}
#endif

static struct starpu_perfmodel LOCAL(syr2k_model) = {
	.type = STARPU_HISTORY_BASED,
	.symbol = NAME_STR(syr2k),
};

struct starpu_codelet CL(syr2k) = {
	.name = NAME_STR(syr2k),
	.cpu_funcs = { LOCAL(syr2k_cpu) },
	.cpu_funcs_name = { PARALIA_STR(LOCAL(syr2k_cpu)) },
	PL_CUDA_ENTRY(LOCAL(syr2k_cuda))
	.nbuffers = STARPU_VARIABLE_NBUFFERS,
	.model = &LOCAL(syr2k_model),
};

int TASK(syr2k)(paralia_uplo_t uplo, paralia_trans_t trans, real_t alpha, starpu_data_handle_t A,
                starpu_data_handle_t B, real_t beta, starpu_data_handle_t C,
                const struct paralia_task_opts *opts)
{
	const char *who = TASK_STR(syr2k);
	if (!pl_valid_uplo((char)uplo))
		return pl_arg_error(who, 1, "uplo", "'%c' is not U or L", (char)uplo);
	if (!pl_valid_trans((char)trans))
		return pl_arg_error(who, 2, "trans", "'%c' is not N, T or C", (char)trans);
	int r;
	if ((r = pl_check_tile(who, 4, "A", A, sizeof(real_t))) ||
	    (r = pl_check_tile(who, 5, "B", B, sizeof(real_t))) ||
	    (r = pl_check_tile(who, 7, "C", C, sizeof(real_t))))
		return r;
	/* Real types: op C is op T; normalised here so cuBLAS never sees CUBLAS_OP_C. */
	char t = pl_upper((char)trans) == 'N' ? 'N' : 'T';
	int n = t == 'N' ? pl_rows(A) : pl_cols(A), k = t == 'N' ? pl_cols(A) : pl_rows(A);
	if (pl_rows(B) != pl_rows(A) || pl_cols(B) != pl_cols(A))
		return pl_arg_error(who, 5, "B", "B is %dx%d but A is %dx%d", pl_rows(B), pl_cols(B),
		                    pl_rows(A), pl_cols(A));
	if (pl_rows(C) != n || pl_cols(C) != n)
		return pl_arg_error(who, 7, "C", "C is %dx%d but op(A) op(B)^T is %dx%d",
		                    pl_rows(C), pl_cols(C), n, n);

	struct LOCAL(syr2k_args) args = { pl_upper((char)uplo), t, alpha, beta };
	struct pl_submit s = {
		.cl = &CL(syr2k), .who = who, .args = &args, .args_size = sizeof args, .nbuf = 3,
		.handles = { A, B, C },
		.modes = { STARPU_R, STARPU_R, STARPU_RW },
		.flops = 2.0 * k * n * (n + 1.0),
	};
	return pl_submit_task(&s, opts);
}
#endif
