/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Models layer: how long a tile kernel takes on a device (kernel_model.c) and PARALiA's autotuner
 * (pm_evaluate in evaluate.c and the files of its steps, model.h; pm_tune in tune.c): for one
 * routine call, the tile size, the device subset and each device's share, predicted with
 * Uncut-GEMMs' cost (padding of edge tiles, compute/transfer overlap, per-tile latency) over the
 * link map. The model and the pm_rate_* functions are plain arithmetic over these structs, so
 * tests drive them with synthetic link databases and kernel tables without StarPU; plan.c gathers
 * the real inputs and caches decisions.
 */
#ifndef PARALIA_PERFMODEL_H
#define PARALIA_PERFMODEL_H
#include "linkmap/linkmap.h"
#include <stdint.h>
#include <stdio.h>

#define PM_MAX_DEVS 16
#define PM_MAX_RATES 12
#define PM_TASK_US 4.0     /* StarPU's per-task cost on a worker (scheduling, launch) */

/* cuBLAS reads a B whose leading dimension is a multiple of this many bytes at the kernel table's
 * rate, and others slower (ways.c's pm_b_cut_choice): gemm cuts or copies such a B */
#define PM_LD_ALIGN 128
/* Whether a leading dimension of ld elements of elem bytes is a multiple of PM_LD_ALIGN bytes. */
static inline int pm_ld_aligned(int64_t ld, size_t elem)
{
	return (uint64_t)ld * elem % PM_LD_ALIGN == 0;
}

enum pm_dev_kind { PM_CPU = 0, PM_GPU = 1 };

/* Measured or default speed of the gemm tile kernel on one worker of a device: GFLOP/s at square
 * tile sizes T[i] for single (prec 0) and double (prec 1) precision; watts when power was
 * measured during calibration (0: unknown). */
struct pm_rates {
	int n;
	int T[PM_MAX_RATES];
	double gflops[2][PM_MAX_RATES];
	double watts[2];
	/* Under a power cap a GPU holds its rate only for a while: gflops is what it did from rest
	 * until the cap engaged after engaged_s[prec][i] seconds, engaged[prec][i] what it does then,
	 * and sustained[prec][i] what it settles to after after_s[prec][i] seconds (0: not measured,
	 * no cap; a table with one level has engaged = sustained). One H100 on DGEMM tiles of 8192:
	 * 61.5-62.5 TFLOP/s for ~0.1 s, then 55-57 (the 700 W cap engaged: clock 1980 -> 1725 MHz),
	 * a dip to 44-48 about 0.8-1.1 s in, then 55-57 again: one level, read as 54 after 0.084 s
	 * (bench/results/gemm-cap-2026-11-26l.md); one H200 likewise; on SGEMM both stay under the
	 * cap (bench/results/gemm-power-2026-11-26d.md). */
	double engaged[2][PM_MAX_RATES];
	double engaged_s[2][PM_MAX_RATES];
	double sustained[2][PM_MAX_RATES];
	double after_s[2][PM_MAX_RATES];
	int from_rest; /* measured from rest, each size alone: dips are the kernel's (pm_rate_gflops) */
	/* A GPU's tall products, rows x T x T (gemm's tall tiles: C's and op(A)'s R rows, op(B)'s
	 * T x T), from rest: tall[prec][i] GFLOP/s at tall_rows[prec][i] rows and tile T[i] (the
	 * kernel table's "tall" lines; 0: not measured, priced as R / T square products). */
	double tall[2][PM_MAX_RATES];
	int tall_rows[2][PM_MAX_RATES];
	/* CPU: GB/s (both tiles read and C written) at which all the node's CPU workers at once add
	 * tiles into C (the geadd kernel in column slices: the kernel table's "sum" line), what C
	 * added at home costs (step 3); 0: not measured, not chosen unless forced */
	double sum_gbs;
	/* and us the calling thread spends submitting one tile's sums (the "sum" line's second
	 * field; 0: not measured) */
	double sum_submit_us;
	const char *source; /* "starpu history", "<file>", "default H200", ... */
};

/* How fast StarPU moves T x T tiles between the host and a GPU while that GPU computes, per
 * precision (0 single, 1 double), direction (0 to the GPU, 1 back, 2 both at once: sum of both),
 * tile size and host pitch (the leading dimension in bytes of the matrix the tile is cut from):
 * the "xfer" lines of the kernel table (paralia_calibrate_kernels). The pitch matters as much as
 * the column's length: on one H200 beside DGEMMs, columns of 16 KB cross at 55 GB/s from a pitch
 * of 32 KB and at 32 from one of 64 KB or more (bench/results/gemm-dataset-2026-11-26b.md). */
#define PM_XFER_MAX 96
struct pm_xfer_point {
	int T;
	double pitch;  /* bytes */
	double gbs[3];
};
struct pm_xfer {
	int n[2];                                   /* points per precision; both 0: unknown */
	struct pm_xfer_point pt[2][PM_XFER_MAX];    /* by tile size, then pitch, ascending */
};
/* Reads the xfer lines of a kernel table: 1 found, 0 none or no file, -1 malformed (err). Lines
 * without a pitch (tables written before it was measured) were taken at a pitch of 4T elements. */
int pm_xfer_load(struct pm_xfer *x, const char *path, char *err, size_t errlen);
/* GB/s for T x T tiles of a matrix whose leading dimension is pitch bytes (<= 0: 4T elements, the
 * pitch of tables without one), interpolated in log2(pitch) between the pitches measured at a
 * tile size, clamped to them, then in log2(T) between tile sizes; a precision without
 * measurements uses the other's at the same column bytes, and so do columns longer than its
 * longest measured ones where the other measured them that long. 0 when x has no data. */
double pm_xfer_gbs(const struct pm_xfer *x, int dbl, int T, double pitch, int dir);
/* Measures the xfer lines for StarPU worker `worker`'s GPU and writes them to f (xfer_calibrate.c);
 * returns how many (0 without CUDA, or when none could be measured: each failure is said). */
int pm_calibrate_xfer(FILE *f, int worker);
/* sum_calibrate.c: the GB/s at which the CPU workers of main RAM add tiles into C all at once (0:
 * none could) and the us gemm's calling thread spends submitting one tile's sums, and the kernel
 * table's "sum" line written with them (returns 0 when not measured). */
double pm_measure_sum(double *submit_us);
/* Whether kernel-table line p (leading blanks skipped) is a `word` line ("sum", "tall", ...): the
 * keyword, then a blank, the line's end or nothing ("rest" alone is a rest line, refused for want
 * of its number): the lines one reader takes and the others pass over, and those paralia-kernels
 * --sum and --tall replace. */
int pm_table_line_is(const char *p, const char *word);
int pm_calibrate_sum(FILE *f);

/* A device as the autotuner sees it: one StarPU memory node and the workers computing there. */
struct pm_device {
	enum pm_dev_kind kind;
	int node;        /* StarPU memory node (= link map node) */
	int devid;       /* CUDA device number, -1 for the CPU */
	int nworkers;    /* workers that run tile kernels there at once (CPU cores, 1 per GPU) */
	int first_worker;/* a StarPU worker id of the device (placement hints pin to it) */
	double mem_bytes;/* memory available for tiles; 0: unlimited (host) */
	struct pm_rates rates;
	struct pm_xfer xfer; /* its tile copies to and from the host through StarPU (n 0: unknown) */
};

/* A routine call reduced to a gemm-like problem: C (m x n) += op(A) (m x k) op(B) (k x n).
 * 64-bit sizes: syr2k's inner dimension is 2k, up to twice INT_MAX. */
struct pm_problem {
	char routine;     /* 'g' gemm, 's' syrk, 'y' syr2k, 'm' symm, 't' trmm, 'r' trsm */
	int dbl;          /* 1: double, 0: single */
	int64_t m, n, k;
	int loc[3];       /* memory node of A, B, C (-1: not used) */
	int reads_c;      /* beta != 0 (or trmm/trsm's B): C is read, not only written */
	double tile_frac; /* fraction of C's tiles computed (0.5 for a triangle), in (0, 1] */
	int64_t ld[3];    /* leading dimensions of A, B, C in elements (0: unknown); the host copies'
	                   * rates depend on them (struct pm_xfer) */
	int64_t rows[3];  /* their rows as stored (0: untransposed, as m, n, k say) */
	unsigned trans;   /* gemm: bit o set when operand o (0 A, 1 B) is used transposed */
	/* gemm on one GPU: operands (bit 0 A, bit 1 B) living on the host that may cross the link in
	 * whole column panels instead of tiles (step 3 of docs/AUTOTUNER.md): the model keeps the
	 * fastest choice among panels_may, always with panels_must (PARALIA_PANELS, pm_panels_env:
	 * by default both may, none must) */
	unsigned panels_may, panels_must;
	/* gemm on one device, C read (beta != 0) and brought over a link: whether each C tile may be
	 * (c_late_may) or must (c_late_must, also where C does not cross: tests) be read late, at
	 * the end of its chain (step 3 of docs/AUTOTUNER.md; PARALIA_C_LATE, pm_c_late_env) */
	int c_late_may, c_late_must;
	/* gemm, C read late and living on the host: whether each chain's scratch tile may
	 * (c_home_may) or must (c_home_must) be added into C at home, by the host's CPU workers,
	 * instead of C crossing to the device (step 3; PARALIA_C_HOME, pm_c_home_env) */
	int c_home_may, c_home_must;
	/* gemm: whether C's and op(A)'s tiles may be taller than wide (tall_may: the model keeps R
	 * rows by T columns where that is faster, pm_tune), or must be tall_rows rows wherever that
	 * exceeds the tile size (> 0; PARALIA_TALL, pm_tall_env; never with a kept operand, whose
	 * tiles are square) */
	int tall_may, tall_rows;
	/* gemm on one device where op(A) lives: whether the products may (deep_may: the model keeps
	 * them where faster, pm_tune) or must (deep_must, wherever they can: measuring, tests) run
	 * over the whole k, one per C tile of all m's rows (deep products, step 3 of
	 * docs/AUTOTUNER.md; PARALIA_DEEP, pm_deep_env; never with a kept operand); forced, of
	 * tall_rows rows where that is fewer (at least the tile size: square C tiles at R = T) */
	int deep_may, deep_must;
	/* gemm on one device where B lives: whether B's tiles may (b_cut_may: where its leading
	 * dimension is not a multiple of 128 bytes, on a GPU) or must (b_cut_must, anywhere: tests)
	 * be cut out of it there, as copies whose leading dimension is their rows, rather than be
	 * views of it (B's tiles realigned, step 3 of docs/AUTOTUNER.md; PARALIA_CUT_B, pm_cut_b_env;
	 * never with a kept operand) */
	int b_cut_may, b_cut_must;
	/* gemm on one device: whether the products may run in layers deeper than the tile size
	 * (layers_may: the model keeps them where faster, with C's and op(A)'s tiles all of m's rows,
	 * pm_tune), or must run `depth` deep wherever that is deeper than the tile size and
	 * shallower than k (> 0, op(A)'s tiles R x depth, op(B)'s depth x T: measuring); PARALIA_DEPTH,
	 * pm_depth_env; never with a kept operand */
	int layers_may, depth;
};

/* ---- knobs.c ---- */
/* A switch between the model's choice and always or never doing something: the environment
 * variable `name` is "none", "model" or "all"; unset or empty, `unset`; another value is said
 * once per *warned ("is not <unset>, <the others> or ...; using <unset>") and `unset` used. */
enum pm_env_mode { PM_ENV_NONE = 0, PM_ENV_MODEL, PM_ENV_ALL };
enum pm_env_mode pm_env_mode(const char *name, enum pm_env_mode unset, int *warned);

/* PARALIA_PANELS: unset or "model", the model chooses for A and B (the default since step 3
 * shares the duplex link by volume: bench/results/gemm-pages-2026-11-26i.md); "none", never;
 * "all", always where it can; "a" or "b", that operand always where it can and the other never
 * (measuring, tests). Warns once about another value. */
void pm_panels_env(unsigned *may, unsigned *must);

/* PARALIA_C_LATE: unset or "model", the model chooses; "none", never; "all", wherever C is read
 * (measuring, tests). Warns once about another value (pm_env_mode). */
void pm_c_late_env(int *may, int *must);
/* PARALIA_TALL: unset, empty or "model", the model chooses gemm's tile rows (may = 1, rows = 0);
 * "none" or 0, square tiles; a row count R, R rows wherever R exceeds the tile size (measuring,
 * tests). Warns once about another value and uses the model. */
void pm_tall_env(int *may, int *rows);

/* PARALIA_DEEP: unset or "model", the model chooses whether gemm's products run over the whole k;
 * "none", never; "all", wherever they can (measuring, tests). Warns once about another value. */
void pm_deep_env(int *may, int *must);
/* PARALIA_DEPTH: unset or "model", the model may run gemm's products in deeper layers; "none",
 * never; a depth from 0 to PARALIA_TILE_MAX, gemm's products that deep where it exceeds the tile
 * size (measuring; 0 or one no deeper than the tile: never). Warns once about another value. */
void pm_depth_env(int *may, int *depth);

/* PARALIA_CUT_B: unset or "model", gemm's B is cut into aligned tiles where it lives on the call's
 * GPU with a leading dimension off 128 bytes; "none", never; "all", wherever it lives on the call's
 * one device (measuring, tests). Warns once about another value. */
void pm_cut_b_env(int *may, int *must);

/* PARALIA_C_HOME: unset or "none", never; "model", the model chooses; "all", wherever C is read
 * and lives on the host (measuring, tests). Warns once about another value. */
void pm_c_home_env(int *may, int *must);

/* Rows of operand o (0 A, 1 B, 2 C) of a routine's call with no operand transposed: A is m x k
 * (k x k for symm, trmm, trsm), B k x n (m x n for the others), C m x n. */
int64_t pm_untransposed_rows(char routine, int64_t m, int64_t k, int o);

/* One layer of gemm's C tile blocks on the critical device, as fetching ahead sees it (step 6 of
 * docs/AUTOTUNER.md): what a row of an A tile and a column of a B tile take to come in (us per
 * element; 0: the operand lives there), and the device's tile product rates. */
struct pm_layer {
	int T, dbl;
	double a_us, b_us;     /* us per element of A, of B brought in */
	struct pm_rates rates; /* the device's, for its products */
	int R;                 /* rows of C's and op(A)'s tiles (T, or more: tall tiles; 0 as T) */
	int D;                 /* depth over k of the products, each layer's (T, or more; 0 as T) */
};

/* What one (tile size, device subset) costs, and the per-device breakdown. */
struct pm_eval {
	int T;
	int R;                     /* rows of gemm's C and op(A) tiles: T, or more (tall tiles) */
	int D;                     /* depth over k of gemm's products: T, k (deep products), or between
	                              them (deeper layers) */
	unsigned subset;           /* bit d: device d used */
	double time_ms;            /* predicted wall time of the call */
	double compute_ms, transfer_ms, latency_ms; /* the terms of the critical device */
	double share[PM_MAX_DEVS]; /* fraction of C tiles per device */
	double busy_ms[PM_MAX_DEVS];
	double energy_j;           /* when every used device has watts, else 0 */
	int wr_lazy;               /* C read where A or B lives: scratch tiles + geadd into C */
	double padding;            /* fraction of computed flops that edge tiles waste vs. full tiles */
	struct pm_layer layer;     /* the critical device's, for pm_fetch_ahead */
	unsigned panels;           /* operands that cross the host link in column panels (gemm) */
	int c_late;                /* C's tiles read late: scratch chains, then C = S + beta C (gemm) */
	int c_home;                /* and that sum made at home by the host's CPU workers (gemm) */
	int b_cut;                 /* B's tiles cut out of it where it lives (gemm: realigned) */
};

enum pm_metric { PM_TIME = 0, PM_EDP = 1, PM_PDP = 2 };

/* ---- kernel_model.c ---- */
/* Default rates: H200 FP64/FP32 cuBLAS measurements (../shared/platforms/h200x4.md) for GPUs, a
 * modest per-core estimate for CPUs. */
void pm_rates_default(struct pm_rates *r, enum pm_dev_kind kind);
/* GFLOP/s of one worker for an m x n x k tile product: interpolated in log2 of the tile's cube
 * root between table points (made non-decreasing unless measured from rest); below the smallest
 * point it falls as the square of the size (launch latency dominates small tiles). */
double pm_rate_gflops(const struct pm_rates *r, int dbl, int m, int n, int k);
/* Microseconds for one m x n x k tile product on one worker. */
double pm_tile_us(const struct pm_rates *r, int dbl, int m, int n, int k);
/* Microseconds for the product of an mi x kd tile of op(A) and a kd x nj tile of op(B) in tiles of
 * T columns: a tall one (mi > T) as mi / T products of T rows at the square kernel's rate, less
 * its measured gain (pm_tall_gain); a deep one (kd > T: over the whole k) at its own volume's rate
 * (pm_tile_us). */
double pm_product_us(const struct pm_rates *r, int dbl, double mi, double nj, double kd, int T);
/* How much faster an R x T x T product runs than R / T square ones of T (1: as fast, and where the
 * table has no tall line at T): the measured tall rate over T's square one at the rows it was
 * measured at and beyond, interpolated in log2(R) from 1 at R = T below them. */
double pm_tall_gain(const struct pm_rates *r, int dbl, double R, int T);
/* How long `us` of T x T products (at the rates of pm_tile_us) take on a device under its power
 * cap, in a call that follows one like it (calls run back to back, in a program's loop as in a
 * benchmark's repetitions): the GPU has been computing for `us` already when they start, and runs
 * at the table's rate up to engaged_s seconds from rest, at the engaged rate up to after_s, at the
 * sustained rate beyond. The slowdowns and the delays interpolated over the table's sizes (next to
 * a size without a cap, the capped one's delays); none at a size without a sustain line. `us`
 * itself without sustained rates. */
double pm_capped_us(const struct pm_rates *r, int dbl, int T, double us);
/* A GPU's calibration run from rest (paralia_calibrate_kernels): chunk c of nch ran n[c] products
 * of `flops` each, ending end[c] us after the start. gflops is its rate over the chunks starting in
 * its first 40 ms (one long first chunk: that chunk), engaged its rate over those starting in
 * 0.15-0.6 s and sustained from 1 s on; engaged_s and after_s when each took over, counted from
 * the work done (over the first 0.6 s, over the run: no single chunk places them). A level within
 * 3% of the one before it is that one (engaged = gflops: the cap engaged only later, engaged_s 0;
 * sustained = engaged: one level, after_s = engaged_s); where neither falls 5% below the first
 * rate there is no cap: sustained 0, gflops the run's rate. */
struct pm_rest_run {
	double gflops, engaged, engaged_s, sustained, after_s;
};
void pm_read_rest_run(double flops, const int *n, const double *end, int nch, struct pm_rest_run *out);
/* The GPU models a kernel table was measured on: its "devices <models>" line (lm_device_models'
 * words) into out. Returns 1, or 0 when the file or the line is missing (a table written by hand
 * or before the line existed). */
int pm_table_devices(const char *path, char *out, size_t len);
/* Reads a kernel table (format in docs/AUTOTUNER.md) for devices of the given kind ("cpu" or
 * "gpu"). Returns 1 when rates were found, 0 when the file has none for that kind or is missing,
 * -1 on a malformed line (err: "path:line: reason"). */
int pm_rates_load(struct pm_rates *r, const char *path, const char *kind, char *err, size_t errlen);

/* ---- power.c ---- */
/* Energy CUDA device `cuda_device` has used since its driver loaded, in millijoules (NVML's
 * counter, opened at run time); NAN when NVML, the device or the counter is not available. */
double pm_gpu_energy_mj(int cuda_device);

/* ---- schedule.c ---- */
/* One device's side of the list schedule of C tile chains. */
struct pm_lane {
	double work;     /* us of chains handed to it */
	double longest;  /* its longest chain (one chain cannot use two workers) */
	double finish;   /* when its last chain ends: max(work / lanes, longest) when handed out */
	int64_t tiles;   /* chains handed to it */
};
/* List scheduling of `tiles` chains of one class: each chain, one after the other, goes to the
 * device that would finish it first (ties: the lower index), where device i (lane[i], ns <=
 * PM_MAX_DEVS of them) runs a chain in cost[i] us and lanes[i] chains at once. Updates lane[] to
 * exactly what handing them out one by one gives, in O(ns) steps per bisection step (<= 64),
 * whatever the count. A device whose cost is negative or not finite gets none. */
void pm_schedule_class(int ns, const double *cost, const double *lanes, int64_t tiles,
                       struct pm_lane *lane);

/* ---- evaluate.c (pm_evaluate*, pm_fetch_ahead), tune.c (pm_tune), flows.c (pm_grid) ---- */
struct pm_tune_opts {
	int fixed_T;         /* > 0: only this tile size */
	enum pm_metric metric;
	unsigned allowed;    /* devices that may be used (bitmask); 0 = all */
};
/* Cost of one (T, subset) in square tiles. Returns time_ms (also in out). */
double pm_evaluate(const struct pm_problem *p, const struct pm_device *dev, int ndev,
                   const struct lm_db *db, int T, unsigned subset, struct pm_eval *out);
/* The same with gemm's C and op(A) tiles R rows by T columns (op(B)'s T x T; R >= T). */
double pm_evaluate_tiles(const struct pm_problem *p, const struct pm_device *dev, int ndev,
                         const struct lm_db *db, int T, int R, unsigned subset, struct pm_eval *out);
/* The same with gemm's products over the whole k (deep products): C's and op(A)'s tiles R rows
 * (R <= 0 or R >= m: all of m's; at least T) by T columns, op(B)'s k x T, one product per C tile. */
double pm_evaluate_deep(const struct pm_problem *p, const struct pm_device *dev, int ndev,
                        const struct lm_db *db, int T, int R, unsigned subset, struct pm_eval *out);
/* The same with gemm's products D deep over k in layers (op(A)'s tiles R x D, op(B)'s D x T; D
 * within [T, k], R >= T). */
double pm_evaluate_depth(const struct pm_problem *p, const struct pm_device *dev, int ndev,
                         const struct lm_db *db, int T, int R, int D, unsigned subset,
                         struct pm_eval *out);
/* The autotuner: best (T, subset) under the metric. Returns 0, or -1 when no device can hold a
 * working set (out then holds the smallest tile on the fastest device). */
int pm_tune(const struct pm_problem *p, const struct pm_device *dev, int ndev,
            const struct lm_db *db, const struct pm_tune_opts *o, struct pm_eval *out);
/* Whether a block of C tiles covering `rows` x `cols` elements of C, on one device, of a call of
 * inner dimension k, fetches its chains' next A and B tiles ahead (gemm, step 6 of
 * docs/AUTOTUNER.md): when waiting for each chain's round (a product, then that chain's next
 * tiles' copies) would lose more, over its layers, than the copy of one chain's next A and B
 * tiles can hold up. */
int pm_fetch_ahead(const struct pm_layer *L, int64_t rows, int64_t cols, int64_t k);
/* What a block of C tiles covering rows x cols with inner dimension k loses to its layers' rounds
 * (us) when it does not fetch ahead (pm_fetch_ahead says no); 0 when it does. */
double pm_rounds_lost_us(const struct pm_layer *L, int64_t rows, int64_t cols, int64_t k);
/* The P x Q grid (P Q = ns) of C tile owners for an Mt x Nt grid of tiles: the one whose busiest
 * slot has the fewest tiles (then the squarest), so a C one tile wide still spreads over ns. */
void pm_grid(int ns, int64_t Mt, int64_t Nt, int *P, int *Q);
/* Tile sizes the autotuner tries (ascending); returns their count. */
int pm_tile_candidates(const int **T);
/* Whether every device in subset has power numbers for the precision. */
int pm_has_power(const struct pm_device *dev, int ndev, unsigned subset, int dbl);
#endif
