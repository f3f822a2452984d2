/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * paralia tile codelets: one StarPU codelet per kernel and precision, each with a CPU
 * implementation (CBLAS/LAPACKE), a CUDA one (cuBLAS/cuSOLVER, asynchronous on the worker's
 * stream) when paralia was built with CUDA, a history-based performance model and a flop count.
 *
 * Handles are StarPU matrix handles (starpu_matrix_data_register) of the element type; a tile's
 * rows are the interface's nx and its columns ny, column-major with leading dimension ld.
 * The insert helpers take the handles and every BLAS parameter, check that the tile shapes fit
 * together, set the access modes (C is write-only when beta == 0, so StarPU does not fetch it),
 * and submit one task. They return 0, -i when argument i is illegal (one line on stderr), or
 * PARALIA_ERR_NO_WORKER when no worker can run the codelet.
 *
 * The BLAS codelets use STARPU_VARIABLE_NBUFFERS because the access mode of C depends on beta;
 * when you insert them yourself, pass the modes the helper would (R for inputs, RW or W for the
 * output) and the argument block documented in the kernel's source file. potrf and getrf have one
 * fixed buffer, A in RW mode.
 */
#ifndef PARALIA_CODELETS_H
#define PARALIA_CODELETS_H

#include <starpu.h>

#ifdef __cplusplus
extern "C" {
#endif

#ifndef PARALIA_H
#error "include <paralia.h>, which includes this header"
#endif

/* Optional per-task settings; pass NULL for the defaults (priority 0, any worker). */
struct paralia_task_opts {
	int priority;  /* StarPU priority, STARPU_MIN_PRIO..STARPU_MAX_PRIO */
	int worker;    /* run on this worker id; -1 lets the scheduler choose */
};

#define PARALIA_CODELET_PAIR(op) \
	extern struct starpu_codelet paralia_cl_s##op; \
	extern struct starpu_codelet paralia_cl_d##op;
PARALIA_CODELET_PAIR(gemm)
PARALIA_CODELET_PAIR(syrk)
PARALIA_CODELET_PAIR(syr2k)
PARALIA_CODELET_PAIR(symm)
PARALIA_CODELET_PAIR(trmm)
PARALIA_CODELET_PAIR(trsm)
PARALIA_CODELET_PAIR(potrf)
PARALIA_CODELET_PAIR(getrf)
PARALIA_CODELET_PAIR(lascal)
PARALIA_CODELET_PAIR(geadd)
#undef PARALIA_CODELET_PAIR

/* C = alpha op(A) op(B) + beta C */
int paralia_task_sgemm(paralia_trans_t transA, paralia_trans_t transB, float alpha,
                       starpu_data_handle_t A, starpu_data_handle_t B, float beta,
                       starpu_data_handle_t C, const struct paralia_task_opts *opts);
int paralia_task_dgemm(paralia_trans_t transA, paralia_trans_t transB, double alpha,
                       starpu_data_handle_t A, starpu_data_handle_t B, double beta,
                       starpu_data_handle_t C, const struct paralia_task_opts *opts);

/* C = alpha op(A) op(A)^T + beta C, uplo triangle of C */
int paralia_task_ssyrk(paralia_uplo_t uplo, paralia_trans_t trans, float alpha,
                       starpu_data_handle_t A, float beta, starpu_data_handle_t C,
                       const struct paralia_task_opts *opts);
int paralia_task_dsyrk(paralia_uplo_t uplo, paralia_trans_t trans, double alpha,
                       starpu_data_handle_t A, double beta, starpu_data_handle_t C,
                       const struct paralia_task_opts *opts);

/* C = alpha (op(A) op(B)^T + op(B) op(A)^T) + beta C, uplo triangle of C */
int paralia_task_ssyr2k(paralia_uplo_t uplo, paralia_trans_t trans, float alpha,
                        starpu_data_handle_t A, starpu_data_handle_t B, float beta,
                        starpu_data_handle_t C, const struct paralia_task_opts *opts);
int paralia_task_dsyr2k(paralia_uplo_t uplo, paralia_trans_t trans, double alpha,
                        starpu_data_handle_t A, starpu_data_handle_t B, double beta,
                        starpu_data_handle_t C, const struct paralia_task_opts *opts);

/* C = alpha A B + beta C (side L) or alpha B A + beta C (side R), A symmetric in uplo */
int paralia_task_ssymm(paralia_side_t side, paralia_uplo_t uplo, float alpha,
                       starpu_data_handle_t A, starpu_data_handle_t B, float beta,
                       starpu_data_handle_t C, const struct paralia_task_opts *opts);
int paralia_task_dsymm(paralia_side_t side, paralia_uplo_t uplo, double alpha,
                       starpu_data_handle_t A, starpu_data_handle_t B, double beta,
                       starpu_data_handle_t C, const struct paralia_task_opts *opts);

/* B = alpha op(A) B (side L) or alpha B op(A) (side R), A triangular */
int paralia_task_strmm(paralia_side_t side, paralia_uplo_t uplo, paralia_trans_t transA,
                       paralia_diag_t diag, float alpha, starpu_data_handle_t A,
                       starpu_data_handle_t B, const struct paralia_task_opts *opts);
int paralia_task_dtrmm(paralia_side_t side, paralia_uplo_t uplo, paralia_trans_t transA,
                       paralia_diag_t diag, double alpha, starpu_data_handle_t A,
                       starpu_data_handle_t B, const struct paralia_task_opts *opts);

/* B = alpha op(A)^-1 B (side L) or alpha B op(A)^-1 (side R), A triangular */
int paralia_task_strsm(paralia_side_t side, paralia_uplo_t uplo, paralia_trans_t transA,
                       paralia_diag_t diag, float alpha, starpu_data_handle_t A,
                       starpu_data_handle_t B, const struct paralia_task_opts *opts);
int paralia_task_dtrsm(paralia_side_t side, paralia_uplo_t uplo, paralia_trans_t transA,
                       paralia_diag_t diag, double alpha, starpu_data_handle_t A,
                       starpu_data_handle_t B, const struct paralia_task_opts *opts);

/* Cholesky of a square tile, in place: A = L L^T (uplo L) or U^T U (uplo U); the other strict
 * triangle is left alone. The codelet has one buffer (RW) and the argument block { char uplo; }.
 * A tile that is not positive definite is a task failure (see paralia_task_failures). */
int paralia_task_spotrf(paralia_uplo_t uplo, starpu_data_handle_t A,
                        const struct paralia_task_opts *opts);
int paralia_task_dpotrf(paralia_uplo_t uplo, starpu_data_handle_t A,
                        const struct paralia_task_opts *opts);

/* LU of a square tile without pivoting, in place: A = L U, L unit lower (stored below the
 * diagonal). For tiles that need no pivoting, e.g. diagonally dominant ones. One buffer (RW), no
 * argument block. An exactly zero pivot is a task failure (see paralia_task_failures). */
int paralia_task_sgetrf(starpu_data_handle_t A, const struct paralia_task_opts *opts);
int paralia_task_dgetrf(starpu_data_handle_t A, const struct paralia_task_opts *opts);

/* A = beta A on the uplo triangle ('U', 'L') or the whole tile ('G'); beta == 0 writes exact zeros
 * without reading A (BLAS semantics). */
int paralia_task_slascal(char uplo, float beta, starpu_data_handle_t A,
                         const struct paralia_task_opts *opts);
int paralia_task_dlascal(char uplo, double beta, starpu_data_handle_t A,
                         const struct paralia_task_opts *opts);

/* B = alpha A + beta B (same shape; beta == 0 does not read B). */
int paralia_task_sgeadd(float alpha, starpu_data_handle_t A, float beta, starpu_data_handle_t B,
                        const struct paralia_task_opts *opts);
int paralia_task_dgeadd(double alpha, starpu_data_handle_t A, double beta, starpu_data_handle_t B,
                        const struct paralia_task_opts *opts);

/*
 * Failures inside tasks. A task cannot return an error, but a kernel can fail: potrf on a tile
 * that is not positive definite, getrf on a zero pivot, a refused cuBLAS/cuSOLVER call. Kernels
 * count them; read the count after starpu_task_wait_for_all(). The first failure since the last
 * reset also prints one line on stderr naming the kernel, the worker and the reason.
 */
int paralia_task_failures(void);          /* failures since start or the last reset */
void paralia_task_failures_reset(void);
/* LAPACK-style info of the first failure (order of the failing minor, index of the zero pivot;
 * a CUDA status for refused calls), 0 if none; *kernel (if not NULL) gets its codelet name. */
int paralia_task_failure_info(const char **kernel);

#ifdef __cplusplus
}
#endif

#endif /* PARALIA_CODELETS_H */
