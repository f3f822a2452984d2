/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * paralia: link-aware multi-GPU Level-3 BLAS on the StarPU runtime.
 *
 * Three faces:
 *   1. whole-matrix BLAS calls (paralia_dgemm, ...): column-major, BLAS argument order; each matrix
 *      may live in host memory or on any GPU that StarPU drives; results land where C (B for
 *      trmm/trsm) lives. A call is synchronous, like a BLAS call: it sees what the calling thread
 *      queued before it on the default stream (legacy or per-thread) of each GPU holding an
 *      operand (a cudaMemcpy or a kernel that produced it), and when it returns the result is
 *      complete for any stream. Work on the application's own streams must be finished
 *      (cudaStreamSynchronize) before the call, as for any library call that takes no stream;
 *   2. tile codelets (paralia_cl_dgemm, ...) and their insert helpers (paralia_task_dgemm, ...) to
 *      compose task graphs on your own StarPU handles (see paralia_codelets.h);
 *   3. the StarPU scheduling policy "paralia" (STARPU_SCHED_LIB=libparalia.so STARPU_SCHED=paralia).
 *
 * Return codes: 0 on success; -i when argument i (BLAS numbering, 1-based) is illegal, with one
 * line on stderr naming it; a positive PARALIA_ERR_* code for run-time failures.
 */
#ifndef PARALIA_H
#define PARALIA_H

#include <stddef.h>

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
	PARALIA_ERR_NO_WORKER = 5,       /* no worker can run the kernel (e.g. CUDA-only, no GPU) */
	PARALIA_ERR_KEPT_MISMATCH = 6,   /* a kept matrix (paralia_keep) used with other dims/tile size,
	                                    or overlapping another kept matrix */
	PARALIA_ERR_TOO_LARGE = 7        /* a matrix spans more bytes than any array can hold
	                                    (PTRDIFF_MAX, or past the end of the address space) */
};

/* Human-readable text for a return code (never NULL). */
const char *paralia_strerror(int code);

/*
 * Starts paralia. If StarPU is not running yet, paralia starts it (StarPU's default configuration
 * and paralia's policy, so the usual STARPU_* variables apply) and stops it in paralia_shutdown();
 * if the application already started StarPU, paralia uses it and leaves it running. Calls nest
 * (reference counted). Starting StarPU on a machine with GPUs, paralia leaves one core to the
 * calling thread, which submits the tasks (StarPU's reserve_ncpus), unless STARPU_NCPU,
 * STARPU_RESERVE_NCPU or STARPU_MAIN_THREAD_* say otherwise.
 */
int paralia_init(void);
void paralia_shutdown(void);
int paralia_is_initialized(void);

/*
 * Tile size used by the whole-matrix routines (elements per tile side): 0 (the default) lets
 * paralia choose, 1 to PARALIA_TILE_MAX fixes it. The environment variable PARALIA_TILE sets the
 * initial value within the same bounds. Another nb returns -1 with one line on stderr and leaves
 * the tile size as it was.
 */
/* StarPU's matrix interface counts a tile's elements in 32 bits: nb * nb must stay below 2^32. */
#define PARALIA_TILE_MAX 65535
int paralia_set_tile_size(int nb);
int paralia_get_tile_size(void);

/* Where a matrix lives: PARALIA_HOST or a CUDA device number (0, 1, ...). */
#define PARALIA_HOST (-1)
int paralia_locate(const void *ptr);

/* ---- Autotuner: what a whole-matrix call will do (docs/AUTOTUNER.md) ------------------------
 * Every routine asks the autotuner for a plan: tile size, devices and their shares of C's tiles,
 * predicted time. Plans are cached on the call's parameters (routine, precision, sizes, where each
 * matrix lives, the leading dimensions and stored rows of the operands it uses, whether C is read,
 * fixed tile size), so repeated calls reuse the decision; the
 * cache is cleared by paralia_shutdown. PARALIA_VERBOSE=1 prints each new decision once. */
#define PARALIA_PLAN_MAX_DEVICES 16
struct paralia_plan {
	int tile;                 /* tile size (elements per side) */
	int tile_fixed;           /* 1: fixed by paralia_set_tile_size / PARALIA_TILE, not tuned */
	int ndevices;             /* devices used */
	int devices[PARALIA_PLAN_MAX_DEVICES]; /* PARALIA_HOST for the CPU cores, else CUDA numbers */
	double shares[PARALIA_PLAN_MAX_DEVICES]; /* fraction of C's tiles each computes */
	int grid_p, grid_q;       /* 2D block-cyclic grid of the C tile owners over the devices */
	int pinned;               /* 1: C tile tasks are pinned to their owner (placement hint) */
	int wr_lazy;              /* 1: products into scratch tiles, accumulated into C at the end */
	int panels;               /* gemm: host operands that cross to the GPU in whole column panels
	                             (one copy each) instead of tiles: bit 0 A, bit 1 B */
	double predicted_ms;      /* the model's time for the call */
	double predicted_gflops;  /* useful flops / predicted time */
	const char *metric;       /* "time", "edp" or "pdp": what the choice minimised */
	const char *rates;        /* where the kernel rates came from */
	int c_late;               /* gemm: 1: each C tile is read at the end of its chain (products
	                             into a scratch tile, then C = scratch + beta C where they ran),
	                             its copy sent when the link has nothing else queued */
	int c_home;               /* gemm, with c_late: 1: C lives on the host and the sum is made
	                             there by the CPU workers, so C never crosses to the device */
	int tile_rows;            /* gemm: rows of C's and op(A)'s tiles: tile, or more where their
	                             copies from the host run faster in taller columns (tall tiles),
	                             or all of m's (deep products, deeper layers) */
	int tile_depth;           /* gemm: depth over k of each product: tile, or k where they run
	                             over the whole k, one per C tile (deep products, op(A) on the GPU),
	                             or between them (deeper layers, A and B from the host: op(B)'s
	                             copies run longer columns; or PARALIA_DEPTH's) */
};

/*
 * The plan the next call would follow, without running it. routine: 'g' gemm, 's' syrk,
 * 'y' syr2k, 'm' symm, 't' trmm, 'r' trsm; prec: 's' or 'd'. m, n: the size of C (B for trmm and
 * trsm); k: the inner dimension (k for gemm, syrk, syr2k; the order of A for symm, trmm, trsm).
 * A, B, C: the pointers the call would get (NULL when unused); beta: the call's beta (trmm/trsm:
 * pass 1, B is read). The query describes a call with every operand untransposed and its rows
 * as leading dimension; the copy rates, hence the plan, depend on both (a call with wider leading
 * dimensions is planned on its own). A kept operand (paralia_keep) imposes its tile size and
 * square tiles, as on the call. Returns 0, -i for an illegal argument i, or a PARALIA_ERR_*
 * code: PARALIA_ERR_KEPT_MISMATCH where kept operands' tile sizes conflict with each other or
 * with a fixed tile size, as the call does (the call's other checks of a kept operand, its shape,
 * leading dimension and overlap, are the call's own).
 */
int paralia_plan_query(char routine, char prec, int m, int n, int k, const void *A, const void *B,
                       const void *C, double beta, struct paralia_plan *out);

/* Measures the gemm tile kernel on one CPU core and one GPU at the autotuner's tile sizes and
 * writes the kernel table it reads (path NULL: $PARALIA_HOME or ~/.paralia, kernels-<host>.txt).
 * Takes seconds on CPU cores, 3-4 minutes with a GPU (each size from rest, then under its
 * power cap; and its tall products: paralia_calibrate_tall); cached plans are dropped. Returns 0
 * or a PARALIA_ERR_* code. */
int paralia_calibrate_kernels(const char *path);
/* Measures only how fast the CPU workers add tiles into C all at once (the table's "sum" line, what
 * gemm's C added at home costs) and puts it into the existing kernel table at path (NULL: as
 * above), replacing an older one: seconds. Returns 0, or PARALIA_ERR_RUNTIME when the table
 * cannot be read or written or no CPU worker could measure it (said). */
int paralia_calibrate_sum(const char *path);
/* Measures only the GPU's tall products (gemm's tall tiles: 8192 x T x T at the autotuner's tile
 * sizes from 512 below 8192, the table's "tall" lines, what the autotuner prices a tall tile's
 * product at) and puts them into the existing kernel table at path (NULL: as above), replacing
 * older ones: about a minute. A table without them prices a tall product as square ones. Returns
 * 0, or PARALIA_ERR_RUNTIME when the table cannot be read or written, there is no GPU worker, or
 * none could be timed (said). */
int paralia_calibrate_tall(const char *path);

/* ---- Chains of calls: matrices that stay registered and resident across calls --------------
 * paralia_keep registers an m x n column-major matrix (leading dimension ld, elem_size bytes per
 * element, on the host or a GPU) once: the routines then reuse its tiles instead of registering
 * them and bringing them home after each call, so intermediate results stay on the GPUs and calls
 * on kept matrices return as soon as their tasks are submitted when every operand is kept (the
 * next call on the same matrix waits for them through StarPU's data dependencies). Its tile size
 * is fixed by the first call that uses it; a later call with other dimensions, leading dimension,
 * element size or a different fixed tile size returns PARALIA_ERR_KEPT_MISMATCH, and so does a
 * matrix sharing elements with a kept one (keeping it, or passing it to a routine without it being
 * that kept matrix); disjoint blocks of one array may both be kept. Do not read or write a kept
 * matrix's memory directly: paralia_sync brings its home copy up to date (waits for the tasks
 * writing it) and paralia_release does that and unregisters it. Matrices that are not
 * kept are registered for one call only and leave no copies on the devices. The program's last
 * paralia_shutdown releases what is still kept. In a program linked with the drop-in BLAS
 * (libparalia_blas), its Level-3 calls all go to paralia while any matrix is kept; where the
 * drop-in started paralia before the program did, paralia_keep still needs the program's own
 * paralia_init (else PARALIA_ERR_NOT_INITIALIZED), and the drop-in's hold keeps StarPU running
 * past the program's paralia_shutdown, which still releases what is kept. */
int paralia_keep(void *ptr, int m, int n, int ld, size_t elem_size);
int paralia_sync(const void *ptr);
int paralia_release(void *ptr);

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
