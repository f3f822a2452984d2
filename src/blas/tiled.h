/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * A user's column-major matrix seen as a grid of StarPU tile handles. Tiles are registered on the
 * memory node where the matrix lives (host RAM or a GPU), on first use, so triangular and
 * symmetric operands only register the half they touch. Finishing unregisters every tile: that
 * waits for the tasks using it and brings modified tiles back home (StarPU's coherence does the
 * write-back; paralia never copies data itself).
 */
#ifndef PARALIA_TILED_H
#define PARALIA_TILED_H
#include "core/core.h"
#include "common/order.h"
#include "common/sizes.h"
#include "perfmodel/plan.h"

struct pl_matrix {
	char *ptr;        /* element (0,0) */
	int m, n, ld;     /* rows, columns, leading dimension (elements) */
	size_t elem;      /* bytes per element */
	int mb, nb;       /* a tile's rows and columns (mb = nb but in gemm's tall tiles) */
	int mt, nt;       /* tiles per column, per row */
	unsigned node;    /* StarPU memory node that owns the data */
	starpu_data_handle_t *tiles; /* mt * nt, column-major; NULL until first used */
	int kept;         /* 1: tiles borrowed from a kept matrix (keep.c): never unregistered here */
	starpu_data_handle_t *panels; /* nt column panels, cut into the tiles (panel.c); NULL: tiles
	                                 registered one by one as views of the matrix */
	int panel_worker; /* the worker that cuts them, where the panels cross to */
	int panel_prio;   /* priority of the next cuts: that of the products that first need them */
};

/* ---- column panels (panel.c) ---- */
/* From now on M's tiles are copies cut from whole column panels by tasks on `worker`: each panel
 * crosses to the worker's memory by one copy (none where M lives there: its tiles are then only
 * realigned), submitted where a tile of it is first used. For an operand the call only reads; a
 * no-op for a kept matrix. Returns 0 or PARALIA_ERR_NO_MEMORY
 * (message printed). */
int pl_matrix_panels(struct pl_matrix *M, const char *routine, const char *argname, int worker);
/* Tile (i, j) of a matrix in panels: panel j is registered and its cuts submitted first. */
starpu_data_handle_t pl_panel_tile(struct pl_matrix *M, int i, int j);
/* Waits for the tasks on M's panels, then forgets them and their tiles (nothing goes home: they
 * were only read). */
void pl_panels_finish(struct pl_matrix *M);

/* ---- where a matrix lies (overlap.c) ---- */
/* An m x n column-major matrix at address addr: leading dimension ld, elem bytes per element. */
struct pl_extent {
	uintptr_t addr;
	int m, n, ld;
	size_t elem;
};
/* Whether x and y share a byte of an element (not of the gaps between columns): exact, O(log). */
int pl_extents_overlap(const struct pl_extent *x, const struct pl_extent *y);

/* ---- kept matrices (keep.c) ---- */
/* Tile size of the kept matrix starting at ptr: > 0 once fixed, 0 not yet, -1 not kept. */
int pl_kept_tile_size(const void *ptr);
/* Whether any matrix is kept (paralia_keep) now; takes no lock. */
int pl_kept_any(void);
/* If M's pointer is a kept matrix, borrows its tiles (returns 1); 0 if not kept; or
 * PARALIA_ERR_KEPT_MISMATCH (message printed) when dims, ld, element size or tile size differ or
 * M shares elements with a kept matrix that it is not. */
int pl_kept_attach(struct pl_matrix *M, const char *routine, const char *argname);

/* ---- one routine call under the autotuner's plan ---- */
struct pm_plan;
/* Which of gemm's C tile blocks fetch their chains' next tiles ahead: those the model says
 * (pm_plan_fetch_ahead), or all or none (PARALIA_FETCH_AHEAD, a measuring knob: docs/AUTOTUNER.md). */
enum { PL_AHEAD_MODEL = 0, PL_AHEAD_ALL, PL_AHEAD_NONE };
struct pl_call {
	const struct pm_plan *plan;
	int nb;                       /* tile size */
	int mb;                       /* rows of gemm's C and op(A) tiles: nb, or the plan's tall rows */
	int kb;                       /* depth over k of gemm's products: nb, or the plan's (deep) */
	int lazy;                     /* WR-lazy accumulation of C (gemm) */
	int force_lazy;               /* PARALIA_WR_LAZY=force: every other C tile, for tests */
	int lazy_worker;              /* a worker where C lives (WR-lazy accumulation), -1: none */
	int fetch_ahead;              /* gemm's fetching ahead along chains: PL_AHEAD_* */
	struct paralia_task_opts opts; /* scratch for pl_call_opts */
	int dev[3];                   /* where A, B, C live (paralia_locate; unused ones: the host) */
};
/* Plans the call (routine letter as paralia_plan_query's; A, B, C as given, NULL when unused,
 * with their leading dimensions and rows as stored; reads_c: C is read) and restricts this
 * thread's task submission to the chosen devices (pl_call_plan), then orders the call after the
 * caller's work on the GPUs holding operands (pl_call_order). Tile size: a kept operand's, else
 * the fixed one, else the plan's. pl_call_begin returns 0 or an error (then nothing to end);
 * after pl_call_plan succeeded the call is ended (pl_call_end) whatever pl_call_order returns.
 * gemm plans, and orders only when its product goes through StarPU: its direct path orders
 * itself (on the GPU, or on the host before a trial call). */
int pl_call_begin(struct pl_call *c, const char *who, char routine, int dbl, int m, int n, int k,
                  const struct pm_operand op[3], int reads_c);
int pl_call_plan(struct pl_call *c, const char *who, char routine, int dbl, int m, int n, int k,
                 const struct pm_operand op[3], int reads_c);
int pl_call_order(struct pl_call *c);
/* Task options placing C tile (i, j) on its owner device (NULL when not pinned). */
const struct paralia_task_opts *pl_call_opts(struct pl_call *c, int i, int j);
/* Whether a C tile's chain over k runs in order (pl_chain_step), for C (m x n) += A (m x k) B:
 * when C's write-back, which only a finished tile can start, outweighs the A and B bytes that
 * come in (m n >= k (m + n)) and C lives away from where it is computed. Measured on one H200
 * (bench/results/gemm-tiles-2026-11-24c.md): in order, 32768x32768x4096 at tile 2048 went from
 * 522 to 325 ms (every first step used to run before any second one, all being ready at once,
 * so no C tile was final before about half the call and the write-back came at the end), and
 * 20000x17000x9000 at tile 4096 from 189 to 147; but 16384^3 at tile 2048 from 269 to 302 ms and
 * 4096x4096x32768 at 3072 from 49 to 56: with long chains, each step waits for its own A and B
 * tiles, where running all first steps together reuses them. */
static inline int pl_chain_in_order(int64_t m, int64_t n, int64_t k, const struct pl_matrix *C,
                                    const struct paralia_task_opts *own)
{
	int c_moves = !own || starpu_worker_get_memory_node((unsigned)own->worker) != C->node;
	return c_moves && m * n >= k * (m + n);
}
/* Options for step l of a C tile's chain (own: its placement, or NULL): priority l when the
 * chain runs in order, so its next step, ready when the previous one ends, goes before the first
 * steps of tiles not started yet. */
static inline struct paralia_task_opts pl_chain_step(const struct paralia_task_opts *own, int l,
                                                     int in_order)
{
	int top = starpu_sched_get_max_priority(); /* the policy's range: the later steps share it */
	int prio = in_order ? (l < top ? l : top) : 0;
	struct paralia_task_opts o = { prio, own ? own->worker : -1 };
	return o;
}
/* Options for a product of block blk (own: the C tile's placement, or NULL): priority -blk,
 * within the policy's range (the last blocks share its lowest priority). */
static inline struct paralia_task_opts pl_block_step(const struct paralia_task_opts *own, int blk)
{
	int lo = starpu_sched_get_min_priority();
	struct paralia_task_opts o = { -blk < lo ? lo : -blk, own ? own->worker : -1 };
	return o;
}
void pl_call_end(struct pl_call *c);

/* direct.c: the GPU a call can run from the calling thread, as one cuBLAS call or C in blocks of
 * *block (the plan on that one GPU, every operand in its memory (call->dev), no matrix kept, and
 * the tile autotuned or covering the product), else -1; and that call, its streams ordered after
 * the calling thread's work on that GPU's default streams: 0, PARALIA_ERR_RUNTIME (said), or
 * PL_DIRECT_UNAVAILABLE when cuBLAS could not be set up on that GPU (said; the caller then takes
 * StarPU's path). Returns with C final (on PARALIA_ERR_RUNTIME, as after a failed cuBLAS call, C
 * may be partly updated). */
#define PL_DIRECT_UNAVAILABLE 1
int pl_direct_device(const struct pl_call *call, int m, int n, int k, int *block);
int pl_gemm_direct_s(int dev, int block, char tA, char tB, int m, int n, int k, float alpha,
                     const float *A, int lda, const float *B, int ldb, float beta, float *C, int ldc);
int pl_gemm_direct_d(int dev, int block, char tA, char tB, int m, int n, int k, double alpha,
                     const double *A, int lda, const double *B, int ldb, double beta, double *C,
                     int ldc);

/* direct_way.c: how the direct path computes a product of a shape (GPU dev, precision 's'/'d',
 * transpositions, sizes, the block its blocks way would take: 0 for pl_direct_block_for(0)): one
 * cuBLAS call (PL_WAY_WHOLE) or C in blocks over two streams (PL_WAY_BLOCKS), measured on the
 * shape's first four calls and again on eight once its calls have run a second
 * (pl_direct_way_next's *trial: this call is one of them, to be timed alone;
 * pl_direct_way_timed: how long the way pl_direct_way_next gave took, every call that
 * succeeded, and whether it was a trial);
 * PARALIA_DIRECT_WAY=whole|blocks forces a way. The block: PARALIA_DIRECT_BLOCK when set, else
 * the plan's tile when the model found tiles faster than one tile (tile > 0), else 2048
 * (pl_direct_block_for). */
enum { PL_WAY_WHOLE, PL_WAY_BLOCKS };
struct pl_direct_shape {
	int dev;
	char prec, tA, tB;
	int m, n, k;
	int nb;
};
int pl_direct_block_for(int tile);
int pl_direct_way_next(const struct pl_direct_shape *s, int *trial);
void pl_direct_way_timed(const struct pl_direct_shape *s, int way, double seconds, int trial);

/* home_sum.c: C tile c = s + beta c on the CPU workers of C's node (the plan's home_mask), in
 * column slices, s coming home as one copy; s and c stay registered (the caller unregisters s).
 * Returns 0 or a task submission's error. */
#define PL_HOME_MAX_PARTS 64
int pl_home_parts_env(void);
/* home_sum.c: has StarPU pin, before a call's tasks, up to `want` host copies of scratch tiles of
 * rows x cols (their copies home), beyond those it holds for this process already, so that none
 * is pinned on the GPU's worker thread mid-call; returns how many it pinned (0 without a CUDA
 * worker: StarPU keeps no unpinned copy). At most PL_HOME_WARM_MAX copies of a size: a block's
 * chains end together (common/order.h), so the copies home of two blocks' tiles may overlap
 * (chain by chain, where A and B do not cross, fewer: one tile's after another's).
 * pl_home_warm_more is its count (the copies held of that size become want): how many more;
 * pl_home_warm_forget forgets every count (paralia_shutdown: StarPU frees its copies). */
#define PL_HOME_WARM_MAX (2 * PL_BLOCK * PL_BLOCK)
#define PL_HOME_WARM_SIZES 8
unsigned pl_home_warm(uint32_t rows, uint32_t cols, size_t elem, int64_t want);
unsigned pl_home_warm_more(size_t bytes, unsigned want);
void pl_home_warm_forget(void);
int pl_home_sum_s(starpu_data_handle_t s, float beta, starpu_data_handle_t c,
                  const struct pm_plan *plan, int priority);
int pl_home_sum_d(starpu_data_handle_t s, double beta, starpu_data_handle_t c,
                  const struct pm_plan *plan, int priority);

/* Prepares M in tiles of mb rows and nb columns (no registration yet). Returns 0, or with one
 * line naming the argument: PARALIA_ERR_TOO_LARGE (no array can hold an m x n matrix with that
 * leading dimension), PARALIA_ERR_PLACEMENT, PARALIA_ERR_KEPT_MISMATCH (keep.c: a kept matrix
 * has square tiles) or PARALIA_ERR_NO_MEMORY. */
int pl_matrix_init_tiles(struct pl_matrix *M, const char *routine, const char *argname,
                         const void *ptr, int m, int n, int ld, size_t elem, int mb, int nb);
/* The same in square tiles of nb. */
static inline int pl_matrix_init(struct pl_matrix *M, const char *routine, const char *argname,
                                 const void *ptr, int m, int n, int ld, size_t elem, int nb)
{
	return pl_matrix_init_tiles(M, routine, argname, ptr, m, n, ld, elem, nb, nb);
}
/* Tile (i, j), registered on first use. */
starpu_data_handle_t pl_matrix_tile(struct pl_matrix *M, int i, int j);
/* Registers tile (i, j) as a view of the matrix where it lives (pl_matrix_tile's way). */
void pl_matrix_view(struct pl_matrix *M, int i, int j);
/* op(M)'s tile (i, l): M's tile (i, l) when trans is 'N', else M's tile (l, i), which the kernel
 * then uses transposed. */
static inline starpu_data_handle_t pl_trans_tile(struct pl_matrix *M, char trans, int i, int l)
{
	return trans == 'N' ? pl_matrix_tile(M, i, l) : pl_matrix_tile(M, l, i);
}
int pl_matrix_tile_rows(const struct pl_matrix *M, int i);
int pl_matrix_tile_cols(const struct pl_matrix *M, int j);
/* Waits for the tasks on M's tiles, writes modified tiles back home (written: the call wrote M),
 * frees everything. */
void pl_matrix_finish(struct pl_matrix *M, int written);

/* Common routine prologue: paralia is initialised. */
int pl_routine_begin(const char *routine);

/* Argument checks in BLAS order; each returns 0 or -pos with one line on stderr. */
int pl_check_trans(const char *routine, int pos, const char *name, char c);
int pl_check_uplo(const char *routine, int pos, char c);
int pl_check_side(const char *routine, int pos, char c);
int pl_check_diag(const char *routine, int pos, char c);
int pl_check_dim(const char *routine, int pos, const char *name, int v);
int pl_check_ld(const char *routine, int pos, const char *name, int ld, int rows);
int pl_check_ptr(const char *routine, int pos, const char *name, const void *p, int needed);
#endif
