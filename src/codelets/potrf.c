/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * potrf tile kernel: Cholesky factorisation of a square tile in place, A = L L^T (uplo 'L', the
 * lower triangle is read and overwritten by L) or A = U^T U (uplo 'U'); the other strict triangle
 * is neither read nor written.
 * Argument block (cl_arg): struct potrf_args_{s,d} below. Buffer: A (RW).
 * A tile that is not positive definite cannot be reported by the task itself: the kernel records
 * it (paralia_task_failures(), first one on stderr) with LAPACK's info, the order of the first
 * leading minor that is not positive definite.
 */
#ifndef PARALIA_PREC
#define PARALIA_SELF "codelets/potrf.c"
#include "common/instantiate.h"
#else
#include "codelets/codelet.h"
#include <math.h>

#ifndef PL_POTRF_WHY
#define PL_POTRF_WHY "the leading minor of order %d is not positive definite"
#endif

struct LOCAL(potrf_args) {
	char uplo;
};

static void LOCAL(potrf_cpu)(void *buffers[], void *cl_arg)
{
	const struct LOCAL(potrf_args) *a = cl_arg;
	struct pl_tile A = pl_tile_of(buffers[0]);
	/* _work: LAPACKE's plain entry point first scans the tile for NaNs, an O(n^2) pass per task. */
	int info = (int)LAPACKE(potrf_work)(LAPACK_COL_MAJOR, a->uplo, A.n, A.ptr, A.ld);
	if (info != 0)
		pl_task_failed(NAME_STR(potrf), starpu_worker_get_id(), info, PL_POTRF_WHY, info);
}

#ifdef PARALIA_USE_CUDA
static void LOCAL(potrf_cuda)(void *buffers[], void *cl_arg)
{
	const struct LOCAL(potrf_args) *a = cl_arg;
	struct pl_tile A = pl_tile_of(buffers[0]);
	cusolverDnHandle_t h = pl_cusolver_handle();
	int lwork = 0;
	cusolverStatus_t st = CUSOLVER(potrf_bufferSize)(h, pl_cublas_uplo(a->uplo), A.n, A.ptr, A.ld,
	                                                 &lwork);
	if (st != CUSOLVER_STATUS_SUCCESS) {
		pl_cuda_report(NAME_STR(potrf), PARALIA_STR(CUSOLVER(potrf_bufferSize)), (int)st);
		return;
	}
	struct pl_cuda_scratch *s = pl_cuda_scratch_get(NAME_STR(potrf), sizeof(real_t) * (size_t)lwork);
	if (!s)
		return;
	st = CUSOLVER(potrf)(h, pl_cublas_uplo(a->uplo), A.n, A.ptr, A.ld, s->work, lwork, s->dev_info);
	if (st != CUSOLVER_STATUS_SUCCESS) {
		pl_cuda_report(NAME_STR(potrf), PARALIA_STR(CUSOLVER(potrf)), (int)st);
		return;
	}
	pl_cuda_scratch_check_info(s, NAME_STR(potrf), PL_POTRF_WHY);
}
#endif

static struct starpu_perfmodel LOCAL(potrf_model) = {
	.type = STARPU_HISTORY_BASED,
	.symbol = NAME_STR(potrf),
};

struct starpu_codelet CL(potrf) = {
	.name = NAME_STR(potrf),
	.cpu_funcs = { LOCAL(potrf_cpu) },
	.cpu_funcs_name = { PARALIA_STR(LOCAL(potrf_cpu)) },
	PL_CUDA_ENTRY(LOCAL(potrf_cuda))
	.nbuffers = 1,
	.modes = { STARPU_RW },
	.model = &LOCAL(potrf_model),
};

int TASK(potrf)(paralia_uplo_t uplo, starpu_data_handle_t A, const struct paralia_task_opts *opts)
{
	const char *who = TASK_STR(potrf);
	if (!pl_valid_uplo((char)uplo))
		return pl_arg_error(who, 1, "uplo", "'%c' is not U or L", (char)uplo);
	int r = pl_check_tile(who, 2, "A", A, sizeof(real_t));
	if (r)
		return r;
	if (pl_rows(A) != pl_cols(A))
		return pl_arg_error(who, 2, "A", "the tile is %dx%d, not square", pl_rows(A), pl_cols(A));
	struct LOCAL(potrf_args) args = { pl_upper((char)uplo) };
	double n = pl_rows(A);
	struct pl_submit s = {
		.cl = &CL(potrf), .who = who, .args = &args, .args_size = sizeof args, .nbuf = 1,
		.handles = { A },
		.modes = { STARPU_RW },
		/* LAPACK Working Note 41: n^3/6 + n^2/2 + n/3 multiplications, n^3/6 - n/6 additions. */
		.flops = fmax(0.0, n * n * n / 3 + n * n / 2 + n / 6),
	};
	return pl_submit_task(&s, opts);
}
#endif
