/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Internal header shared by the tile kernels (one file per kernel in this folder).
 * Holds what every kernel file needs: the tile view of a StarPU matrix buffer, the mapping of
 * paralia's BLAS characters onto CBLAS and cuBLAS enums, and the common task submission.
 */
#ifndef PARALIA_CODELET_H
#define PARALIA_CODELET_H

#include "config.h"
#include <paralia.h>
#include <starpu.h>
#include <cblas.h>
#include <lapacke.h>
#ifdef PARALIA_USE_CUDA
#include <cuda_runtime.h>
#include <cublas_v2.h>
#include <cusolverDn.h>
#endif

/* A tile as a kernel sees it: rows m (StarPU's nx), columns n (ny), leading dimension ld. */
struct pl_tile {
	void *ptr;
	int m, n, ld;
};

static inline struct pl_tile pl_tile_of(void *buffer)
{
	struct pl_tile t = {
		(void *)STARPU_MATRIX_GET_PTR(buffer), (int)STARPU_MATRIX_GET_NX(buffer),
		(int)STARPU_MATRIX_GET_NY(buffer), (int)STARPU_MATRIX_GET_LD(buffer)
	};
	return t;
}

/* Rows and columns of a registered tile handle. */
static inline int pl_rows(starpu_data_handle_t h) { return (int)starpu_matrix_get_nx(h); }
static inline int pl_cols(starpu_data_handle_t h) { return (int)starpu_matrix_get_ny(h); }

/* BLAS characters are accepted in either case, as BLAS's LSAME does. */
static inline char pl_upper(char c) { return (c >= 'a' && c <= 'z') ? (char)(c - 'a' + 'A') : c; }
int pl_valid_trans(char c);
int pl_valid_uplo(char c);
int pl_valid_side(char c);
int pl_valid_diag(char c);

static inline enum CBLAS_TRANSPOSE pl_cblas_trans(char t)
{ return pl_upper(t) == 'N' ? CblasNoTrans : (pl_upper(t) == 'T' ? CblasTrans : CblasConjTrans); }
static inline enum CBLAS_UPLO pl_cblas_uplo(char u) { return pl_upper(u) == 'U' ? CblasUpper : CblasLower; }
static inline enum CBLAS_SIDE pl_cblas_side(char s) { return pl_upper(s) == 'L' ? CblasLeft : CblasRight; }
static inline enum CBLAS_DIAG pl_cblas_diag(char d) { return pl_upper(d) == 'U' ? CblasUnit : CblasNonUnit; }

#ifdef PARALIA_USE_CUDA
static inline cublasOperation_t pl_cublas_trans(char t)
{ return pl_upper(t) == 'N' ? CUBLAS_OP_N : (pl_upper(t) == 'T' ? CUBLAS_OP_T : CUBLAS_OP_C); }
static inline cublasFillMode_t pl_cublas_uplo(char u)
{ return pl_upper(u) == 'U' ? CUBLAS_FILL_MODE_UPPER : CUBLAS_FILL_MODE_LOWER; }
static inline cublasSideMode_t pl_cublas_side(char s)
{ return pl_upper(s) == 'L' ? CUBLAS_SIDE_LEFT : CUBLAS_SIDE_RIGHT; }
static inline cublasDiagType_t pl_cublas_diag(char d)
{ return pl_upper(d) == 'U' ? CUBLAS_DIAG_UNIT : CUBLAS_DIAG_NON_UNIT; }

/* The calling CUDA worker's cuSOLVER handle, bound to its StarPU stream (cuda_handles.c). */
cusolverDnHandle_t pl_cusolver_handle(void);
/* The calling CUDA worker's cuBLAS handle (paralia's own), bound to its StarPU stream. */
cublasHandle_t pl_cublas_handle(void);
/* Reports a failed cuBLAS/cuSOLVER call from inside a task (tasks cannot return errors). */
void pl_cuda_report(const char *kernel, const char *call, int status);
#define PL_CUBLAS(kernel, call) do { cublasStatus_t st_ = (call); \
	if (st_ != CUBLAS_STATUS_SUCCESS) pl_cuda_report(kernel, #call, (int)st_); } while (0)
#define PL_CUDA(kernel, call) do { int st_ = (int)(call); \
	if (st_ != 0) pl_cuda_report(kernel, #call, st_); } while (0)
int pl_cuda_handles_init(void);
void pl_cuda_handles_shutdown(void);

/* gemm's CUDA kernel with its algorithm chosen per shape by timing (gemm_algo.c, algo_choice.h):
 * the calling worker's tuner (NULL: PARALIA_GEMM_ALGO=cublas, another worker shares its GPU, or
 * it could not be made), and C = alpha op(A) op(B) + beta C on its stream through it (a NULL
 * tuner: cublas<t>gemm). dbl: FP64. */
struct pl_gemm_tuner;
struct pl_gemm_tuner *pl_gemm_tuner_create(void);
void pl_gemm_tuner_destroy(struct pl_gemm_tuner *t);
struct pl_gemm_tuner *pl_worker_gemm_tuner(void);
/* Where the calling worker's next gemm kernel, of an n-wide product k deep, runs: its StarPU
 * stream, handle and tuner (no event: deep products, k > n, and PARALIA_GEMM_STREAMS=1), or one
 * of its two lanes, in turn, with cublas<t>gemm; after queuing the kernel there,
 * pl_gemm_lane_join makes the worker's stream wait for it through the lane's event (a CUDA
 * error, or 0). */
struct pl_gemm_lane {
	cudaStream_t stream;
	cublasHandle_t blas;
	struct pl_gemm_tuner *tuner;
	cudaEvent_t done; /* the lane's; NULL on the worker's stream */
};
struct pl_gemm_lane pl_gemm_lane(int n, int k);
int pl_gemm_lane_join(const struct pl_gemm_lane *l);
/* How many products the tuners ran in cuBLASLt's algorithms, in all (tests/gemm_tuned). */
unsigned long pl_gemm_lt_runs(void);
cublasStatus_t pl_gemm_tuned(struct pl_gemm_tuner *t, cublasHandle_t h, cudaStream_t stream, int dbl,
                             char ta, char tb, int m, int n, int k, const void *alpha, const void *A,
                             int lda, const void *B, int ldb, const void *beta, void *C, int ldc);

/* The calling CUDA worker's cuSOLVER scratch (cuda_scratch.c): workspace of at least work_bytes,
 * the device info word, a pinned host copy of it. NULL (failure recorded) when allocation fails. */
struct pl_cuda_scratch {
	void *work;
	size_t work_bytes;
	int *dev_info;
	int *host_info;
};
struct pl_cuda_scratch *pl_cuda_scratch_get(const char *kernel, size_t work_bytes);
/* Queues, on the worker's stream, the read-back of the info word; a non-zero info is recorded
 * with pl_task_failed(kernel, ..., why, info) (why: a format with one %d) once the stream gets
 * there, without making the task synchronous. */
void pl_cuda_scratch_check_info(struct pl_cuda_scratch *s, const char *kernel, const char *why);
/* Frees the calling worker's scratch (at shutdown, on that worker). */
void pl_cuda_scratch_release(void);
#endif

/* A codelet's CUDA entry. With CUDA: the kernel, asynchronous on the worker's stream. In a
 * simulation build (StarPU on SimGrid, no CUDA): a stand-in that StarPU does not call, since it
 * takes each task's duration from the performance model, but whose presence makes StarPU
 * simulate the kernel on its CUDA workers as well; asynchronous too, so that the simulated
 * worker keeps serving copies while its kernel runs, as the real one does. Otherwise: CPU
 * implementation only. */
#if defined(PARALIA_USE_CUDA)
#define PL_CUDA_ENTRY(fn) .cuda_funcs = { fn }, .cuda_flags = { STARPU_CUDA_ASYNC },
#elif defined(PARALIA_SIMULATION)
void pl_sim_cuda_entry(void *buffers[], void *cl_arg);
#define PL_CUDA_ENTRY(fn) .cuda_funcs = { pl_sim_cuda_entry }, .cuda_flags = { STARPU_CUDA_ASYNC },
#else
#define PL_CUDA_ENTRY(fn)
#endif

/* Records a failure inside a task (failure.c): counted for paralia_task_failures(); the first
 * since the last reset prints one line "<kernel> on worker <w> failed: <fmt...>". */
void pl_task_failed(const char *kernel, int worker, int info, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

/* The cut tile kernel (cut.c): B = rows [row0, row0 + rows of B) of A, on the worker opts says.
 * Returns 0 or a PARALIA_ERR_* code. */
int pl_task_cut(starpu_data_handle_t A, int row0, starpu_data_handle_t B,
                const struct paralia_task_opts *opts);

/* The geadd kernel from columns col0... of A (geadd.c): B = alpha A(:, col0 : col0 + cols of B)
 * + beta B, A and B with as many rows. Returns 0 or an error (-pos, PARALIA_ERR_*). */
int pl_task_geadd_cols_s(float alpha, starpu_data_handle_t A, int col0, float beta,
                         starpu_data_handle_t B, const struct paralia_task_opts *opts);
int pl_task_geadd_cols_d(double alpha, starpu_data_handle_t A, int col0, double beta,
                         starpu_data_handle_t B, const struct paralia_task_opts *opts);

/* One task: nbuf handles with their modes, an argument block copied into the task. */
struct pl_submit {
	struct starpu_codelet *cl;
	const char *who;                     /* helper name, for error messages */
	const void *args;
	size_t args_size;
	int nbuf;
	starpu_data_handle_t handles[4];
	enum starpu_data_access_mode modes[4];
	double flops;
};
int pl_submit_task(const struct pl_submit *s, const struct paralia_task_opts *opts);
/* Restricts the tasks this thread submits from now on to the workers whose bits are set in
 * ids[0..len) (StarPU's task->workerids); NULL/0 lifts it. ids must outlive the tasks. */
void pl_submit_scope(const uint32_t *ids, unsigned len);
/* The next task this thread submits brings handles a and b (either may be NULL) to its worker's
 * memory node when a worker takes it, by idle requests: the inputs of the task that will follow
 * it there, which StarPU cannot prefetch before that task is ready (submit.c). */
void pl_submit_fetch_ahead(starpu_data_handle_t a, starpu_data_handle_t b);
/* The next task this thread submits calls fn(arg) on its worker's thread once it has ended
 * (StarPU's callback): a measurement can read the time a task ended without waiting for it. */
void pl_submit_on_end(void (*fn)(void *), void *arg);

/* A tile handle as the insert helpers take it (argument pos, name): not NULL, a StarPU matrix of
 * elem-byte elements whose rows, columns and (home) leading dimension fit a BLAS int, and whose
 * element count fits StarPU's 32-bit count (nx * ny < 2^32). Returns 0 or -pos with one line. */
int pl_check_tile(const char *who, int pos, const char *name, starpu_data_handle_t h, size_t elem);

/* Checks of the triangular kernels' helpers (trmm, trsm): characters 1-4, A (6) square and of the
 * order of B's rows (side L) or columns (side R), B (7), both tiles of elem-byte elements.
 * Returns 0 or -pos. */
int pl_check_triangular_task(const char *who, char side, char uplo, char transA, char diag,
                             starpu_data_handle_t A, starpu_data_handle_t B, size_t elem);

/* One line on stderr for an illegal argument; returns -pos (BLAS xerbla convention). */
int pl_arg_error(const char *routine, int pos, const char *name, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

#endif
