/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Plans for the whole-matrix routines: the autotuner's decision for one call's parameters, with
 * what the routine needs to apply it (tile owners, allowed workers). Plans live in a cache until
 * paralia_shutdown, so tasks may point at a plan's worker mask for as long as they run.
 */
#ifndef PARALIA_PLAN_H
#define PARALIA_PLAN_H
#include <paralia.h>
#include <stdint.h>
#include <stdio.h>
#include "perfmodel/perfmodel.h"

struct pm_plan {
	struct paralia_plan pub;
	int T;
	int owner_worker[PM_MAX_DEVS]; /* per slot of the P x Q grid: worker to pin to, -1: none */
	uint32_t mask[8];              /* workers of the chosen devices (StarPU task->workerids) */
	unsigned mask_len;             /* 0: every worker may run the tasks */
	int lazy_worker;               /* a worker where C lives (WR-lazy accumulation), -1: none */
	struct pm_layer layer;         /* for fetching ahead (pm_plan_fetch_ahead) */
	int panel_worker;              /* the worker that cuts the panels (pub.panels) or B's
	                                * tiles (b_cut), -1: none */
	int b_cut;                     /* gemm: B's tiles cut out of it where it lives (realigned) */
	uint32_t home_mask[8];         /* the CPU workers of C's memory node (pub.c_home's sums) */
	unsigned home_mask_len;
	int home_workers;              /* how many */
};

/* One operand of a call as the planner sees it: where it is (NULL: unused), its leading dimension
 * and its rows as stored (elements; its host copies' rates depend on both: struct pm_xfer). */
struct pm_operand {
	const void *ptr;
	int ld, rows;
	int trans;      /* gemm: used transposed (its stored column panels hold other tiles) */
};

/* The plan for a call (cached): A, B, C as the call got them, dev[i] where op[i] lives
 * (paralia_locate's answer, which the caller has already asked: unused for a NULL op[i].ptr).
 * force_T > 0 fixes
 * the tile size (a kept operand's); 0 uses paralia_get_tile_size() (0 there: tuned); -1 too, for
 * a call with a kept operand whose tile size is not fixed yet. With force_T != 0 gemm's tiles
 * stay square (a kept matrix's are). Returns NULL only
 * when a matrix lives on a GPU StarPU does not drive (message printed). */
const struct pm_plan *pm_plan_get(char routine, int dbl, int m, int n, int k,
                                  const struct pm_operand op[3], const int dev[3], int reads_c,
                                  int force_T);
/* The ids of the CPU workers of memory node `node`, at most max, in ids[]; how many. */
int pm_node_cpu_workers(int node, int *ids, int max);
/* Adds the CPU workers of memory node `node` (ids below 256) to pl's home_mask, home_workers:
 * those that add gemm's C at home (fill_plan; the sum line's calibration). */
void pm_plan_home_workers(struct pm_plan *pl, int node);
/* PARALIA_VERBOSE's level, read at each call: 0 to 2 (0 unset; any other value prints one line,
 * once, and reads as 0); 1 each new plan, 2 also gemm's fetching ahead per call. */
int pm_verbose_level(void);
/* PARALIA_LOOKAHEAD: tasks per worker queue whose inputs the policy requests ahead (32 unless
 * set), read by the policy and by the model alike. */
int pm_lookahead(void);
/* PARALIA_POP_READY (0 to 2, default 2: PL_POP_SHORTER in src/sched_policy/sched.h), the
 * policy's reading; and whether the policy runs a task below the head's priority whose inputs are
 * there while the head's copies are under way: PARALIA_POP_READY > 0, with copies requested
 * ahead (PARALIA_LOOKAHEAD > 0, STARPU_PREFETCH not 0). The model's step 4 floats the products
 * that do so (flow_shop.c). */
int pm_pop_ready(void);
int pm_policy_fills_waits(void);
/* Whether StarPU worker w may run the plan's tasks (its mask; an empty mask: every worker). */
static inline int pm_plan_has_worker(const struct pm_plan *p, unsigned w)
{
	return p->mask_len == 0 || (w / 32 < p->mask_len && (p->mask[w / 32] >> (w % 32) & 1));
}
/* Worker C tile (i, j) is pinned to, or -1. */
static inline int pm_plan_owner(const struct pm_plan *p, int i, int j)
{
	if (!p->pub.pinned)
		return -1;
	return p->owner_worker[(i % p->pub.grid_p) * p->pub.grid_q + (j % p->pub.grid_q)];
}
/* Whether gemm's block of bi x bj C tiles covering rows x cols elements of C, inner dimension k,
 * fetches its chains' next tiles ahead: pm_fetch_ahead on the block, or, when the tiles are pinned
 * to a P x Q grid of owners, on the part of it its busiest owner has (every P-th tile row, every
 * Q-th tile column: up to ceil(bi / P) x ceil(bj / Q) tiles, taken whole). */
static inline int pm_plan_fetch_ahead(const struct pm_plan *p, int64_t rows, int64_t cols, int bi,
                                      int bj, int64_t k)
{
	if (p->pub.pinned) {
		int rows_per = p->pub.tile_rows > p->T ? p->pub.tile_rows : p->T; /* tall tiles' rows */
		int64_t r = (int64_t)((bi + p->pub.grid_p - 1) / p->pub.grid_p) * rows_per;
		int64_t c = (int64_t)((bj + p->pub.grid_q - 1) / p->pub.grid_q) * p->T;
		rows = r < rows ? r : rows;
		cols = c < cols ? c : cols;
	}
	return pm_fetch_ahead(&p->layer, rows, cols, k);
}
/* This machine's kernel table: $PARALIA_HOME (else ~/.paralia) + /kernels-<host>.txt. */
void pm_kernel_table_path(char *out, size_t len);
/* This machine's kernel table's GPU rates into r, when the table exists, names this machine's GPU
 * models and has GPU lines: returns 1; else 0 and r untouched. Never StarPU's history nor the
 * defaults: for readers that trust only a calibration (the policy's kernel times, candidates.c). */
int pm_gpu_table(struct pm_rates *r);
/* Number of cached plans (tests: repeated calls reuse one). */
int pm_plan_cache_count(void);
/* Forgets every plan and the machine model (paralia_shutdown; StarPU is idle then). */
void pm_plan_shutdown(void);
/* paralia_calibrate_kernels for some device kinds only (calibrate.c): tests/tune_model checks the
 * table it writes on CPU cores, where a GPU would take minutes beside the other tests. */
enum { PM_CALIBRATE_CPU = 1, PM_CALIBRATE_GPU = 2 };
int pm_calibrate_kernels(const char *path, unsigned kinds);
/* Writing a kernel table (paralia_calibrate_kernels, paralia_calibrate_sum), in steps. The path:
 * paralia must be initialised, and a NULL *path becomes this machine's table (pm_kernel_table_path,
 * into def); returns 0 or PARALIA_ERR_NOT_INITIALIZED (said). Then the table is written to
 * path + ".tmp" (into tmp, its folder made if missing; NULL when it cannot be, said), and
 * pm_table_commit puts it in path's place. */
int pm_table_path(const char *who, const char **path, char *def, size_t deflen);
FILE *pm_table_open_tmp(const char *who, const char *path, char *tmp, size_t tmplen);
/* The table at path copied to path + ".tmp" (tmp) but for the block a calibration writes and is
 * to replace: its `word` lines (pm_table_line_is) and the two lines of its comment (those that
 * start, after blanks, with comment and comment_2); its last line ended. The open copy, to which
 * the caller adds its new lines and which pm_table_commit puts in path's place; NULL when path
 * cannot be read or the copy written (said). */
FILE *pm_table_rewrite(const char *who, const char *path, const char *word, const char *comment,
                       const char *comment_2, char *tmp, size_t tmplen);
/* A copy that is not to be used after all (nothing measured): closed and removed. */
void pm_table_discard(FILE *f, const char *tmp);
/* A kernel table written to tmp (f, closed here) takes path's place; cached plans are dropped so
 * that the next call reads it. Returns 0, or PARALIA_ERR_RUNTIME (said, tmp removed). */
int pm_table_commit(const char *who, FILE *f, const char *tmp, const char *path);
#endif
