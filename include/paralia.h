/*
 * paralia: link-aware multi-GPU Level-3 BLAS on the StarPU runtime.
 *
 * Three faces:
 *   1. whole-matrix BLAS calls (paralia_dgemm, ...): column-major, BLAS argument order; each matrix
 *      may live in host memory or on any GPU that StarPU drives; results land where C (B for
 *      trmm/trsm) lives;
 *   2. tile codelets (paralia_cl_dgemm, ...) and their insert helpers (paralia_task_dgemm, ...) to
 *      compose task graphs on your own StarPU handles (see paralia_codelets.h);
 *   3. the StarPU scheduling policy "paralia" (STARPU_SCHED_LIB=libparalia.so STARPU_SCHED=paralia).
 *
 * Return codes: 0 on success; -i when argument i (BLAS numbering, 1-based) is illegal, with one
 * line on stderr naming it; a positive PARALIA_ERR_* code for run-time failures.
 */
#ifndef PARALIA_H
#define PARALIA_H

#ifdef __cplusplus
extern "C" {
#endif

/* Values are the BLAS characters, so 'N', 'T', 'L', ... may be passed directly. */
typedef enum { ParaliaNoTrans = 'N', ParaliaTrans = 'T', ParaliaConjTrans = 'C' } paralia_trans_t;
typedef enum { ParaliaUpper = 'U', ParaliaLower = 'L' } paralia_uplo_t;
typedef enum { ParaliaLeft = 'L', ParaliaRight = 'R' } paralia_side_t;
typedef enum { ParaliaNonUnit = 'N', ParaliaUnit = 'U' } paralia_diag_t;

enum paralia_error {
	PARALIA_SUCCESS = 0,
	PARALIA_ERR_NOT_INITIALIZED = 1, /* paralia_init() was not called */
	PARALIA_ERR_RUNTIME = 2,         /* StarPU refused to start or to run a task */
	PARALIA_ERR_NO_MEMORY = 3,
	PARALIA_ERR_PLACEMENT = 4,       /* a matrix lives on a device StarPU does not drive */
	PARALIA_ERR_NO_WORKER = 5        /* no worker can run the kernel (e.g. CUDA-only, no GPU) */
};

/* Human-readable text for a return code (never NULL). */
const char *paralia_strerror(int code);

/*
 * Starts paralia. If StarPU is not running yet, paralia starts it (with starpu_init(NULL), so the
 * usual STARPU_* variables apply) and stops it in paralia_shutdown(); if the application already
 * started StarPU, paralia uses it and leaves it running. Calls nest (reference counted).
 */
int paralia_init(void);
void paralia_shutdown(void);
int paralia_is_initialized(void);

/*
 * Tile size used by the whole-matrix routines (elements per tile side). 0 (the default) lets
 * paralia choose; the environment variable PARALIA_TILE sets the initial value.
 */
int paralia_set_tile_size(int nb);
int paralia_get_tile_size(void);

/* Where a matrix lives: PARALIA_HOST or a CUDA device number (0, 1, ...). */
#define PARALIA_HOST (-1)
int paralia_locate(const void *ptr);

/* ---- Level-3 BLAS, column-major --------------------------------------------------------- */
int paralia_sgemm(paralia_trans_t transA, paralia_trans_t transB, int m, int n, int k,
                  float alpha, const float *A, int lda, const float *B, int ldb,
                  float beta, float *C, int ldc);
int paralia_dgemm(paralia_trans_t transA, paralia_trans_t transB, int m, int n, int k,
                  double alpha, const double *A, int lda, const double *B, int ldb,
                  double beta, double *C, int ldc);

int paralia_ssyrk(paralia_uplo_t uplo, paralia_trans_t trans, int n, int k,
                  float alpha, const float *A, int lda, float beta, float *C, int ldc);
int paralia_dsyrk(paralia_uplo_t uplo, paralia_trans_t trans, int n, int k,
                  double alpha, const double *A, int lda, double beta, double *C, int ldc);

int paralia_ssyr2k(paralia_uplo_t uplo, paralia_trans_t trans, int n, int k,
                   float alpha, const float *A, int lda, const float *B, int ldb,
                   float beta, float *C, int ldc);
int paralia_dsyr2k(paralia_uplo_t uplo, paralia_trans_t trans, int n, int k,
                   double alpha, const double *A, int lda, const double *B, int ldb,
                   double beta, double *C, int ldc);

int paralia_ssymm(paralia_side_t side, paralia_uplo_t uplo, int m, int n,
                  float alpha, const float *A, int lda, const float *B, int ldb,
                  float beta, float *C, int ldc);
int paralia_dsymm(paralia_side_t side, paralia_uplo_t uplo, int m, int n,
                  double alpha, const double *A, int lda, const double *B, int ldb,
                  double beta, double *C, int ldc);

int paralia_strmm(paralia_side_t side, paralia_uplo_t uplo, paralia_trans_t transA,
                  paralia_diag_t diag, int m, int n, float alpha, const float *A, int lda,
                  float *B, int ldb);
int paralia_dtrmm(paralia_side_t side, paralia_uplo_t uplo, paralia_trans_t transA,
                  paralia_diag_t diag, int m, int n, double alpha, const double *A, int lda,
                  double *B, int ldb);

int paralia_strsm(paralia_side_t side, paralia_uplo_t uplo, paralia_trans_t transA,
                  paralia_diag_t diag, int m, int n, float alpha, const float *A, int lda,
                  float *B, int ldb);
int paralia_dtrsm(paralia_side_t side, paralia_uplo_t uplo, paralia_trans_t transA,
                  paralia_diag_t diag, int m, int n, double alpha, const double *A, int lda,
                  double *B, int ldb);

#ifdef __cplusplus
}
#endif

#include <paralia_codelets.h>

#endif /* PARALIA_H */
