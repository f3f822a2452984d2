/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * getrf tile kernel: LU factorisation of a square tile in place WITHOUT pivoting, A = L U with L
 * unit lower (stored below the diagonal) and U upper. Meant for tiles that need no pivoting
 * (diagonally dominant matrices, the tile LU of examples/lu.c); LAPACKE has no such routine, so
 * the CPU side is a blocked right-looking LU on CBLAS, and the CUDA side is cuSOLVER's getrf with
 * no pivot array (devIpiv = NULL means no pivoting).
 * Argument block: none. Buffer: A (RW).
 * An exactly zero pivot U(i,i) is recorded (paralia_task_failures(), first one on stderr) with
 * info = i (1-based); the CPU kernel stops there, as dividing by it would only spread Inf/NaN.
 */
#ifndef PARALIA_PREC
#define PARALIA_SELF "codelets/getrf.c"
#include "common/instantiate.h"
#else
#include "codelets/codelet.h"
#include <math.h>

#ifndef PL_GETRF_DEFS
#define PL_GETRF_DEFS
#define PL_GETRF_WHY "U(i,i) is exactly zero for i = %d (no pivoting)"
/* Panel width of the CPU kernel: the unblocked panel is Level-2 work, the rest goes to gemm. */
#define PL_GETRF_PANEL 32
static inline int pl_min(int a, int b) { return a < b ? a : b; }
#endif

/* Unblocked LU without pivoting of an m x n panel (m >= n). Returns 0 or the 1-based column of
 * the first zero pivot. */
static int LOCAL(getf2_nopiv)(int m, int n, real_t *a, int lda)
{
	for (int j = 0; j < n; j++) {
		real_t *ajj = a + j + (size_t)j * lda;
		if (*ajj == (real_t)0)
			return j + 1;
		CBLAS(scal)(m - j - 1, (real_t)1 / *ajj, ajj + 1, 1);
		if (j + 1 < n)
			CBLAS(ger)(CblasColMajor, m - j - 1, n - j - 1, (real_t)-1, ajj + 1, 1, ajj + lda, lda,
			           ajj + lda + 1, lda);
	}
	return 0;
}

/* Blocked right-looking LU without pivoting of an m x n tile: per panel of PL_GETRF_PANEL columns,
 * factor the panel, solve for the block row of U (trsm), update the trailing matrix (gemm). */
static int LOCAL(getrf_nopiv)(int m, int n, real_t *a, int lda)
{
	int k = pl_min(m, n);
	for (int j = 0; j < k; j += PL_GETRF_PANEL) {
		int jb = pl_min(PL_GETRF_PANEL, k - j);
		real_t *ajj = a + j + (size_t)j * lda;
		int info = LOCAL(getf2_nopiv)(m - j, jb, ajj, lda);
		if (info)
			return j + info;
		int rest = n - j - jb;
		if (rest <= 0)
			continue;
		real_t *a12 = ajj + (size_t)jb * lda;
		CBLAS(trsm)(CblasColMajor, CblasLeft, CblasLower, CblasNoTrans, CblasUnit, jb, rest,
		            (real_t)1, ajj, lda, a12, lda);
		if (m - j - jb > 0)
			CBLAS(gemm)(CblasColMajor, CblasNoTrans, CblasNoTrans, m - j - jb, rest, jb, (real_t)-1,
			            ajj + jb, lda, a12, lda, (real_t)1, a12 + jb, lda);
	}
	return 0;
}

static void LOCAL(getrf_cpu)(void *buffers[], void *cl_arg)
{
	(void)cl_arg;
	struct pl_tile A = pl_tile_of(buffers[0]);
	int info = LOCAL(getrf_nopiv)(A.m, A.n, A.ptr, A.ld);
	if (info != 0)
		pl_task_failed(NAME_STR(getrf), starpu_worker_get_id(), info, PL_GETRF_WHY, info);
}

#ifdef PARALIA_USE_CUDA
static void LOCAL(getrf_cuda)(void *buffers[], void *cl_arg)
{
	(void)cl_arg;
	struct pl_tile A = pl_tile_of(buffers[0]);
	cusolverDnHandle_t h = pl_cusolver_handle();
	int lwork = 0;
	cusolverStatus_t st = CUSOLVER(getrf_bufferSize)(h, A.m, A.n, A.ptr, A.ld, &lwork);
	if (st != CUSOLVER_STATUS_SUCCESS) {
		pl_cuda_report(NAME_STR(getrf), PARALIA_STR(CUSOLVER(getrf_bufferSize)), (int)st);
		return;
	}
	struct pl_cuda_scratch *s = pl_cuda_scratch_get(NAME_STR(getrf), sizeof(real_t) * (size_t)lwork);
	if (!s)
		return;
	st = CUSOLVER(getrf)(h, A.m, A.n, A.ptr, A.ld, s->work, NULL, s->dev_info);
	if (st != CUSOLVER_STATUS_SUCCESS) {
		pl_cuda_report(NAME_STR(getrf), PARALIA_STR(CUSOLVER(getrf)), (int)st);
		return;
	}
	/* cuSOLVER's info is the 1-based index of the first zero U(i,i), as the CPU kernel's. */
	pl_cuda_scratch_check_info(s, NAME_STR(getrf), PL_GETRF_WHY);
}
#endif

static struct starpu_perfmodel LOCAL(getrf_model) = {
	.type = STARPU_HISTORY_BASED,
	.symbol = NAME_STR(getrf),
};

struct starpu_codelet CL(getrf) = {
	.name = NAME_STR(getrf),
	.cpu_funcs = { LOCAL(getrf_cpu) },
	.cpu_funcs_name = { PARALIA_STR(LOCAL(getrf_cpu)) },
	PL_CUDA_ENTRY(LOCAL(getrf_cuda))
	.nbuffers = 1,
	.modes = { STARPU_RW },
	.model = &LOCAL(getrf_model),
};

int TASK(getrf)(starpu_data_handle_t A, const struct paralia_task_opts *opts)
{
	const char *who = TASK_STR(getrf);
	int r = pl_check_tile(who, 1, "A", A, sizeof(real_t));
	if (r)
		return r;
	if (pl_rows(A) != pl_cols(A))
		return pl_arg_error(who, 1, "A", "the tile is %dx%d, not square", pl_rows(A), pl_cols(A));
	double n = pl_rows(A);
	struct pl_submit s = {
		.cl = &CL(getrf), .who = who, .nbuf = 1,
		.handles = { A },
		.modes = { STARPU_RW },
		/* LAPACK Working Note 41, m = n: n^3/3 + 2n/3 multiplications, n^3/3 - n^2/2 + n/6
		 * additions. */
		.flops = fmax(0.0, 2 * n * n * n / 3 - n * n / 2 + 5 * n / 6),
	};
	return pl_submit_task(&s, opts);
}
#endif
