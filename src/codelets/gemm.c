/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * gemm tile kernel: C = alpha op(A) op(B) + beta C.
 * Argument block (cl_arg): struct gemm_args_{s,d} below. Buffers: A (R), B (R), C (RW, or W when
 * beta == 0: BLAS does not read C then, so StarPU need not fetch it: the WR-lazy C fetch).
 */
#ifndef PARALIA_PREC
#define PARALIA_SELF "codelets/gemm.c"
#include "common/instantiate.h"
#else
#include "codelets/codelet.h"

struct LOCAL(gemm_args) {
	char transA, transB;
	real_t alpha, beta;
};

static void LOCAL(gemm_cpu)(void *buffers[], void *cl_arg)
{
	const struct LOCAL(gemm_args) *a = cl_arg;
	struct pl_tile A = pl_tile_of(buffers[0]), B = pl_tile_of(buffers[1]), C = pl_tile_of(buffers[2]);
	int k = pl_upper(a->transA) == 'N' ? A.n : A.m;
	CBLAS(gemm)(CblasColMajor, pl_cblas_trans(a->transA), pl_cblas_trans(a->transB), C.m, C.n, k,
	            a->alpha, A.ptr, A.ld, B.ptr, B.ld, a->beta, C.ptr, C.ld);
}

#ifdef PARALIA_USE_CUDA
static void LOCAL(gemm_cuda)(void *buffers[], void *cl_arg)
{
	const struct LOCAL(gemm_args) *a = cl_arg;
	struct pl_tile A = pl_tile_of(buffers[0]), B = pl_tile_of(buffers[1]), C = pl_tile_of(buffers[2]);
	int k = pl_upper(a->transA) == 'N' ? A.n : A.m;
	/* on one of the worker's lanes (cublas<t>gemm), or deep on its stream through the tuner
	 * (cublas<t>gemm or another algorithm where timing found one faster at this shape) */
	struct pl_gemm_lane l = pl_gemm_lane(C.n, k);
	PL_CUBLAS(NAME_STR(gemm),
	          pl_gemm_tuned(l.tuner, l.blas, l.stream, sizeof(real_t) == 8, a->transA, a->transB, C.m,
	                        C.n, k, &a->alpha, A.ptr, A.ld, B.ptr, B.ld, &a->beta, C.ptr, C.ld));
	PL_CUDA(NAME_STR(gemm), pl_gemm_lane_join(&l));
}
#endif

static struct starpu_perfmodel LOCAL(gemm_model) = {
	.type = STARPU_HISTORY_BASED,
	.symbol = NAME_STR(gemm),
};

struct starpu_codelet CL(gemm) = {
	.name = NAME_STR(gemm),
	.cpu_funcs = { LOCAL(gemm_cpu) },
	.cpu_funcs_name = { PARALIA_STR(LOCAL(gemm_cpu)) },
	PL_CUDA_ENTRY(LOCAL(gemm_cuda))
	.nbuffers = STARPU_VARIABLE_NBUFFERS,
	.model = &LOCAL(gemm_model),
};

/* The product a task of this codelet computes: C's rows and columns, and the depth from A, which
 * is m x k or, transposed, k x m (both read k alike where m == k). For the policy's kernel times
 * from the kernel table (sched_policy/candidates.c). 0: a task of another codelet. */
int LOCAL(pl_gemm_shape)(const struct starpu_task *t, int *m, int *n, int *k)
{
	if (t->cl != &CL(gemm) || t->nbuffers != 3)
		return 0;
	starpu_data_handle_t A = STARPU_TASK_GET_HANDLE(t, 0), C = STARPU_TASK_GET_HANDLE(t, 2);
	*m = pl_rows(C);
	*n = pl_cols(C);
	*k = pl_rows(A) == *m ? pl_cols(A) : pl_rows(A);
	return 1;
}

int TASK(gemm)(paralia_trans_t transA, paralia_trans_t transB, real_t alpha,
               starpu_data_handle_t A, starpu_data_handle_t B, real_t beta,
               starpu_data_handle_t C, const struct paralia_task_opts *opts)
{
	const char *who = TASK_STR(gemm);
	if (!pl_valid_trans((char)transA))
		return pl_arg_error(who, 1, "transA", "'%c' is not N, T or C", (char)transA);
	if (!pl_valid_trans((char)transB))
		return pl_arg_error(who, 2, "transB", "'%c' is not N, T or C", (char)transB);
	int r;
	if ((r = pl_check_tile(who, 4, "A", A, sizeof(real_t))) ||
	    (r = pl_check_tile(who, 5, "B", B, sizeof(real_t))) ||
	    (r = pl_check_tile(who, 7, "C", C, sizeof(real_t))))
		return r;
	int na = pl_upper((char)transA) == 'N';
	int nb = pl_upper((char)transB) == 'N';
	int m = na ? pl_rows(A) : pl_cols(A), k = na ? pl_cols(A) : pl_rows(A);
	int kb = nb ? pl_rows(B) : pl_cols(B), n = nb ? pl_cols(B) : pl_rows(B);
	if (kb != k)
		return pl_arg_error(who, 5, "B", "op(B) has %d rows but op(A) has %d columns", kb, k);
	if (pl_rows(C) != m || pl_cols(C) != n)
		return pl_arg_error(who, 7, "C", "C is %dx%d but op(A) op(B) is %dx%d",
		                    pl_rows(C), pl_cols(C), m, n);

	struct LOCAL(gemm_args) args = { pl_upper((char)transA), pl_upper((char)transB), alpha, beta };
	struct pl_submit s = {
		.cl = &CL(gemm), .who = who, .args = &args, .args_size = sizeof args, .nbuf = 3,
		.handles = { A, B, C },
		.modes = { STARPU_R, STARPU_R, beta == (real_t)0 ? STARPU_W : STARPU_RW },
		.flops = 2.0 * m * n * k,
	};
	return pl_submit_task(&s, opts);
}
#endif
