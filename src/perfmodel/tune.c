/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * pm_tune (docs/AUTOTUNER.md, "Choices"): the tile candidates, the greedy device selection of
 * PARALiA for each, and the ways gemm may take beyond square tiles (tall tiles, deep products,
 * square C tiles over the whole k), each kept where it beats the others by its margin.
 */
#include "config.h"
#include "perfmodel/model.h"
#include "common/sizes.h"
#include <paralia.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#define PM_GAIN 0.03       /* a device joins only if it improves the metric by more than this */
/* A device slower than this fraction of the fastest is left out: the list schedule assumes it
 * only takes tiles it finishes in time, but a dynamic scheduler hands it one of the last tiles and
 * the call waits for it (PARALiA drops such devices). */
#define PM_MIN_REL_SPEED 0.25
#define PM_TILE_COPIES 8.0 /* working set per device: A, B, C tiles double-buffered + scratch */

/* Whether a plan's working set, PM_TILE_COPIES tiles of tile_elems elements each, fits device d's
 * memory (yes where its size is unknown). */
static int tiles_fit(const struct pm_problem *p, const struct pm_device *d, double tile_elems)
{
	return d->mem_bytes <= 0 || PM_TILE_COPIES * tile_elems * pm_elem_of(p) <= d->mem_bytes;
}

static const int candidates[] = { 64, 128, 256, 512, 1024, 1536, 2048, 3072, 4096, 6144, 8192 };

int pm_tile_candidates(const int **T)
{
	*T = candidates;
	return (int)(sizeof candidates / sizeof candidates[0]);
}

int pm_has_power(const struct pm_device *dev, int ndev, unsigned subset, int dbl)
{
	for (int d = 0; d < ndev; d++)
		if ((subset >> d & 1) && !(dev[d].rates.watts[dbl ? 1 : 0] > 0))
			return 0;
	return subset != 0;
}

static double metric_of(const struct pm_eval *e, enum pm_metric m)
{
	if (m == PM_EDP)
		return e->energy_j * e->time_ms;
	if (m == PM_PDP)
		return e->energy_j;
	return e->time_ms;
}

/* Bytes of the operands living on node: a device holding data is preferred among equals. */
static double local_bytes(const struct pm_problem *p, int node)
{
	double b = 0;
	if (p->loc[0] == node) b += (double)p->m * p->k;
	if (p->loc[1] == node) b += (double)p->k * p->n;
	if (p->loc[2] == node) b += (double)p->m * p->n;
	return b;
}

/* Greedy device selection for one tile size: fastest first, each next one kept only if it helps. */
static int tune_subset(const struct pm_problem *p, const struct pm_device *dev, int ndev,
                       const struct lm_db *db, int T, unsigned eligible, enum pm_metric m,
                       struct pm_eval *best)
{
	int order[PM_MAX_DEVS], n = 0;
	double speed[PM_MAX_DEVS];
	for (int d = 0; d < ndev; d++)
		if (eligible >> d & 1) {
			speed[d] = pm_rate_gflops(&dev[d].rates, p->dbl, T, T, T) * (dev[d].nworkers > 0 ? dev[d].nworkers : 1);
			int j = n++;
			while (j > 0 && (speed[order[j - 1]] < speed[d] ||
			                 (speed[order[j - 1]] == speed[d] &&
			                  local_bytes(p, dev[order[j - 1]].node) < local_bytes(p, dev[d].node)))) {
				order[j] = order[j - 1];
				j--;
			}
			order[j] = d;
		}
	if (n == 0)
		return -1;
	/* Start from the fastest device; among equally fast ones the one holding most data. */
	unsigned s = 1u << order[0];
	pm_evaluate(p, dev, ndev, db, T, s, best);
	for (int i = 1; i < n; i++) {
		if (speed[order[i]] < PM_MIN_REL_SPEED * speed[order[0]])
			break;
		struct pm_eval e;
		pm_evaluate(p, dev, ndev, db, T, s | 1u << order[i], &e);
		if (metric_of(&e, m) < metric_of(best, m) * (1 - PM_GAIN)) {
			s |= 1u << order[i];
			*best = e;
		}
	}
	return 0;
}

/* Whether device d holds every operand the call uses: then its tiles are views of them, and no
 * copy takes its memory. */
static int holds_all(const struct pm_problem *p, const struct pm_device *d)
{
	for (int i = 0; i < 3; i++)
		if (p->loc[i] >= 0 && p->loc[i] != d->node)
			return 0;
	return 1;
}

/* How much faster than square tiles the model must find tall ones before it chooses them, as for
 * column panels (PANEL_MARGIN): a new way of the model's, with the 5% for a pick. */
#define TALL_MARGIN 0.05
/* Tall tiles only of a tile size whose square kernel, or tall products where the table measured
 * them, reach this fraction of the device's best rate in its table (tall_best) */
#define TALL_KERNEL 0.9

/* Whether T's square kernel on device d, or with `tall` its tall products as tall as the table
 * measured them (pm_tall_gain), reaches TALL_KERNEL of the best square rate in its table. */
static int near_best_kernel(const struct pm_problem *p, const struct pm_device *d, int T, int tall)
{
	double top = 0;
	for (int c = 0; c < d->rates.n; c++)
		top = fmax(top, pm_rate_gflops(&d->rates, p->dbl, d->rates.T[c], d->rates.T[c], d->rates.T[c]));
	double gain = tall ? pm_tall_gain(&d->rates, p->dbl, (double)INT_MAX, T) : 1;
	return pm_rate_gflops(&d->rates, p->dbl, T, T, T) * gain >= TALL_KERNEL * top;
}

/* Whether gemm's plan e may take tall tiles by the model's choice: it runs on one GPU, into which
 * C or op(A), the operands in R-row tiles, crosses from the host. A tile's copy from the host runs
 * each of its columns as one burst, and short ones go slower beside the GPU's kernels (one H200,
 * 2D copies while DGEMMs run: 32.5 GB/s for 16 KB columns, 47.5 for 32 KB, 55.3 for 64 KB;
 * bench/results/gemm-timeline-2026-11-26.md); taller tiles copy faster at the same width, where
 * square ones could only grow wider too, with a longer fill and drain. */
static int tall_may(const struct pm_problem *p, const struct pm_device *dev, const struct lm_db *db,
                    const struct pm_eval *e)
{
	if (p->routine != 'g' || !p->tall_may || __builtin_popcount(e->subset) != 1)
		return 0;
	const struct pm_device *d = &dev[__builtin_ctz(e->subset)];
	return pm_crosses_from_host(p, d, db, 0) || pm_crosses_from_host(p, d, db, 2);
}

/* The best tall tiles for plan e's tile size and devices: R rows from the tile candidates above
 * T (and 16384: FP32's 64 KB columns) and m itself, each below m and fitting its device's memory;
 * *best gets the fastest. Returns whether one was evaluated. */
static int tall_best(const struct pm_problem *p, const struct pm_device *dev, int ndev,
                     const struct lm_db *db, enum pm_metric m, const struct pm_eval *e,
                     struct pm_eval *best)
{
	const int *std;
	int nstd = pm_tile_candidates(&std), found = 0, T = e->T;
	const struct pm_device *d = &dev[__builtin_ctz(e->subset)];
	/* pm_product_us prices a tall product at its measured tall rate (the table's tall lines), else
	 * as square ones of T: fair where T's square kernel runs near the device's best rate, not
	 * where launches dominate it (512's cube at 14 TFLOP/s, an 8192 x 512 x 512 product ~4x
	 * faster on one H100). Either way only where that rate is near the best. */
	if (!near_best_kernel(p, d, T, 1))
		return 0;
	for (int c = 0; c <= nstd + 1; c++) {
		int64_t R = c < nstd ? std[c] : c == nstd ? 16384 : p->m;
		if (R <= T || (c <= nstd && R >= p->m) || R > PARALIA_TILE_MAX ||
		    !tiles_fit(p, d, (double)R * T))
			continue;
		struct pm_eval x;
		pm_evaluate_tiles(p, dev, ndev, db, T, (int)R, e->subset, &x);
		if (!found++ || metric_of(&x, m) < metric_of(best, m))
			*best = x;
	}
	return found > 0;
}

/* How much faster than the best square or tall tiles the model must find deep products before it
 * chooses them, as for tall tiles: a new way of the model's. */
#define DEEP_MARGIN 0.05
/* And at least this wide, but where forced: products 256 wide ran 8-10% slower than their
 * volume's rate at the odd shapes (one H200, m x 256 x k with m = 12000-27000: 2.4-3.6% slower
 * than the tiles before; bench/results/gemm-2026-11-27w.md, call 3), where a kernel's last wave
 * over the SMs, which the kernel table's square products do not show, weighs most in narrow
 * ones; 512 came within 5% of the model on one H100 (call 2). */
#define DEEP_MIN_WIDTH 512

/* Whether gemm's plan e may run deep products at its tile size with C's tiles R rows
 * (pm_evaluate_deep): on one device where op(A) lives, a GPU into which B or C crosses (any device
 * where forced: the tests run them on CPU workers), with k deeper than a tile. Then no product
 * waits on A, each C tile (R of m's rows, T columns) takes one product over the whole k, and the
 * call streams B's and C's tiles through the device: its pipeline fills with one tile of each and
 * drains with one of C, where in tiles of T over k the last layer's products and their tiles'
 * copies home come after the last copy in (one H100, FP64 8192^3 with B and C on the host:
 * 29.1-30.6 ms in 4096 x 4096 tiles, 23.9 with deep products of 8192 x 512 x 8192,
 * bench/results/gemm-2026-11-27w.md). The model offers C's tiles all of m's rows; others only
 * where forced (PARALIA_TALL=R beside PARALIA_DEEP=all: measuring). A's tile is R x k and B's
 * k x T, each within StarPU's 32-bit element counts (and k an int's); C's tiles' rows within
 * PARALIA_TILE_MAX; B's and C's tiles fit the device's memory. Not beside tall rows or panels
 * forced for measuring (PARALIA_TALL=R, PARALIA_PANELS=a|b|all: a deep plan has neither) nor beside
 * layers forced (PARALIA_DEPTH=D) unless deep products are forced too. */
static int deep_may(const struct pm_problem *p, const struct pm_device *dev, const struct pm_eval *e,
                    int64_t R)
{
	if (p->routine != 'g' || !(p->deep_may || p->deep_must) || __builtin_popcount(e->subset) != 1)
		return 0;
	const struct pm_device *d = &dev[__builtin_ctz(e->subset)];
	int T = e->T;
	int crosses = (p->loc[1] >= 0 && p->loc[1] != d->node) || (p->loc[2] >= 0 && p->loc[2] != d->node);
	if (!p->deep_must && (p->tall_rows > 0 || p->depth > 0 || p->panels_must))
		return 0;
	return p->loc[0] == d->node && p->k > T && p->k <= INT_MAX && R <= PARALIA_TILE_MAX &&
	       (double)R * p->k <= UINT32_MAX && (double)p->k * T <= UINT32_MAX &&
	       tiles_fit(p, d, (double)(R + p->k) * T) &&
	       (p->deep_must || (d->kind == PM_GPU && crosses && T >= DEEP_MIN_WIDTH));
}

/* Square C tiles over the whole k (deep products T rows high, cuBLASXt's blocks) must beat the rest
 * by this much. */
#define SQUARE_DEEP_MARGIN 0.01

/* Whether gemm's plan e may run deep products in square C tiles: where deep products of all m's
 * rows may (deep_may), at a tile size whose square kernel reaches TALL_KERNEL of the device's best
 * rate (pm_product_us prices the T x T x k product at its volume's rate, which a narrow one's
 * launches and last wave over the SMs do not reach), and where their products read B at a
 * leading dimension that is a multiple of 128 bytes. A deep tile of B is k rows (its copy's
 * leading dimension; a view's is B's own), and cuBLAS reads an unaligned one 2-8% slower, which
 * the model does not price, while the tiles they would replace read B's tiles T rows (copies, or
 * cut where B lives, step 3): more than this way's margin. One H200, FP64 20000x17000x9000 with
 * C on the host (k = 9000: 72000 bytes): square tiles of 2048 over k 131.0-131.5 ms, predicted
 * 117.6, against 126.0-128.9 for the tiles of 3072 they would replace
 * (bench/results/gemm-2026-11-27c2.md, call 1). */
static int square_deep_may(const struct pm_problem *p, const struct pm_device *dev,
                           const struct pm_eval *e)
{
	if (!deep_may(p, dev, e, e->T))
		return 0;
	const struct pm_device *d = &dev[__builtin_ctz(e->subset)];
	size_t el = (size_t)pm_elem_of(p);
	/* B's deep tile: its rows (deep_may: k deeper than the tile, within an int), or B's own
	 * leading dimension where B lives on d and its tiles are views */
	int rows = pm_tile_rows_of(p, e->T, e->T, (int)p->k, 1);
	int64_t b_ld = p->loc[1] == d->node && p->ld[1] > 0 ? p->ld[1] : rows;
	if (!pm_ld_aligned(b_ld, el) && !pm_ld_aligned(rows, el))
		return 0;
	return near_best_kernel(p, d, e->T, 0);
}

/* Whether layers D deep suit tiles of R x T: deeper than the tile, shallower than k, A's R x D
 * tiles and B's D x T within StarPU's 32-bit element counts. */
static int layers_fit(const struct pm_problem *p, int64_t R, int T, int D)
{
	return D > T && D < p->k && (double)R * D <= UINT32_MAX && (double)D * T <= UINT32_MAX;
}

/* Whether gemm's plan e runs its products p->depth deep in layers (PARALIA_DEPTH=D, measuring):
 * on one device, where they fit (layers_fit). Not beside deep products forced over the whole k
 * (PARALIA_DEEP=all), which take their place. */
static int depth_forced(const struct pm_problem *p, const struct pm_eval *e)
{
	int64_t R = p->tall_rows > e->T ? p->tall_rows : e->T;
	return p->routine == 'g' && !p->deep_must && __builtin_popcount(e->subset) == 1 &&
	       layers_fit(p, R, e->T, p->depth);
}

/* How much faster than the best square or tall tiles the model must find products in deeper
 * layers before it chooses them, as for tall tiles and deep products: a new way of the model's. */
#define LAYERS_MARGIN 0.05

/* Whether gemm's plan e may run its products in layers deeper than its tiles with C's and op(A)'s
 * tiles all of m's rows (pm_evaluate_depth; each depth where layers_fit and the tiles fit the
 * device's memory, try_tile): on one GPU into which A and B both cross from the host, A
 * untransposed (its tiles are then whole columns of it, one contiguous copy each, where its
 * leading dimension is m) and B's tiles' columns longer (D) at its pitch; at least DEEP_MIN_WIDTH
 * wide, as deep products (priced at their volume's rate, which narrow ones do not reach); C's
 * rows within PARALIA_TILE_MAX. Not beside tall rows, panels or deep products forced for
 * measuring. */
static int layers_may(const struct pm_problem *p, const struct pm_device *dev, const struct lm_db *db,
                      const struct pm_eval *e)
{
	if (p->routine != 'g' || !p->layers_may || __builtin_popcount(e->subset) != 1 ||
	    p->depth > 0 || p->tall_rows > 0 || p->panels_must || p->deep_must || (p->trans & 1))
		return 0;
	const struct pm_device *d = &dev[__builtin_ctz(e->subset)];
	return d->kind == PM_GPU && pm_crosses_from_host(p, d, db, 0) && pm_crosses_from_host(p, d, db, 1) &&
	       e->T >= DEEP_MIN_WIDTH && (p->m > e->T ? p->m : e->T) <= PARALIA_TILE_MAX;
}

/* The best products in deeper layers for plan e's tile size and device, C's and A's tiles all of
 * m's rows: each depth of the tile candidates that fits (layers_fit) with A's, B's and C's tiles
 * in the device's memory; *best gets the fastest. Returns whether one was evaluated. */
static int layers_best(const struct pm_problem *p, const struct pm_device *dev, int ndev,
                       const struct lm_db *db, enum pm_metric m, const struct pm_eval *e,
                       struct pm_eval *best)
{
	const int *std;
	int nstd = pm_tile_candidates(&std), found = 0, T = e->T, R = p->m > T ? (int)p->m : T;
	const struct pm_device *d = &dev[__builtin_ctz(e->subset)];
	for (int c = 0; c < nstd; c++) {
		double D = std[c]; /* A's R x D, B's D x T and C's R x T tiles, on average */
		if (!layers_fit(p, R, T, std[c]) || !tiles_fit(p, d, ((double)R * D + D * T + (double)R * T) / 3))
			continue;
		struct pm_eval x;
		pm_evaluate_depth(p, dev, ndev, db, T, R, std[c], e->subset, &x);
		if (!found++ || metric_of(&x, m) < metric_of(best, m))
			*best = x;
	}
	return found > 0;
}

/* The tile sizes pm_tune tries: the candidates up to the first that covers the whole problem and,
 * past the list, the whole problem as one tile (one cuBLAS call when the data lives on that GPU);
 * only fixed_T where given. */
static int tile_sizes(const struct pm_problem *p, int fixed_T, int *cand)
{
	int64_t big = p->m > p->n ? p->m : p->n;
	big = big > p->k ? big : p->k;
	const int *std;
	int nstd = pm_tile_candidates(&std), nc = 0;
	if (fixed_T > 0) {
		cand[nc++] = fixed_T;
		return nc;
	}
	for (int c = 0; c < nstd && (c == 0 || std[c - 1] < big); c++)
		cand[nc++] = std[c];
	if (std[nstd - 1] < big && big <= PARALIA_TILE_MAX)
		cand[nc++] = (int)big; /* StarPU counts a tile's elements in 32 bits */
	return nc;
}

/* The best plan of each way found over the tile sizes: square tiles (found), tall tiles, products
 * in deeper layers, deep products of all m's rows, square C tiles over the whole k. */
struct best_ways {
	struct pm_eval square, tall, deep, square_deep, layers;
	int found, found_tall, found_deep, found_square_deep, found_layers;
};

static void keep_if_better(struct pm_eval *best, int *found, const struct pm_eval *x, enum pm_metric m)
{
	if (!*found || metric_of(x, m) < metric_of(best, m))
		*best = *x, *found = 1;
}

/* Every way gemm may take at tile size T on the devices `elig` may use, each kept in b where it
 * beats that way's best so far. */
static void try_tile(const struct pm_problem *p, const struct pm_device *dev, int ndev,
                     const struct lm_db *db, int T, unsigned elig, enum pm_metric m,
                     struct best_ways *b)
{
	struct pm_eval e, x;
	if (tune_subset(p, dev, ndev, db, T, elig, m, &e) != 0)
		return;
	if (depth_forced(p, &e)) /* PARALIA_DEPTH=D (and PARALIA_TALL=R): measuring */
		pm_evaluate_depth(p, dev, ndev, db, T, p->tall_rows > T ? p->tall_rows : T, p->depth,
		                  e.subset, &e);
	else if (p->routine == 'g' && p->tall_rows > T) /* forced (PARALIA_TALL=R) */
		pm_evaluate_tiles(p, dev, ndev, db, T, p->tall_rows, e.subset, &e);
	else if (tall_may(p, dev, db, &e) && tall_best(p, dev, ndev, db, m, &e, &x))
		keep_if_better(&b->tall, &b->found_tall, &x, m);
	if (layers_may(p, dev, db, &e) && layers_best(p, dev, ndev, db, m, &e, &x))
		keep_if_better(&b->layers, &b->found_layers, &x, m);
	/* C's tiles all of m's rows, or the rows forced beside them (at least T) */
	int64_t rows = p->deep_must && p->tall_rows > 0 && p->tall_rows < p->m ? p->tall_rows : p->m;
	rows = rows > T ? rows : T;
	if (deep_may(p, dev, &e, rows)) {
		pm_evaluate_deep(p, dev, ndev, db, T, (int)rows, e.subset, &x);
		keep_if_better(&b->deep, &b->found_deep, &x, m);
	}
	/* and C's tiles square, cuBLASXt's blocks, where the model chooses */
	if (!p->deep_must && T < p->m && square_deep_may(p, dev, &e)) {
		pm_evaluate_deep(p, dev, ndev, db, T, T, e.subset, &x);
		keep_if_better(&b->square_deep, &b->found_square_deep, &x, m);
	}
	/* ties (within a part in a million) go to the larger tile: fewer tasks, fewer copies */
	if (!b->found || metric_of(&e, m) <= metric_of(&b->square, m) * (1 + 1e-6)) {
		b->square = e;
		b->found = 1;
	}
}

/* The plan: square tiles, unless tall tiles beat them by their margin, products in deeper layers
 * beat those by theirs, deep products beat those by theirs (or are forced), and square C tiles
 * over the whole k beat all of those by theirs. */
static struct pm_eval choose_way(const struct pm_problem *p, const struct best_ways *b,
                                 enum pm_metric m)
{
	struct pm_eval out = b->square;
	if (b->found_tall && metric_of(&b->tall, m) < metric_of(&out, m) * (1 - TALL_MARGIN))
		out = b->tall;
	if (b->found_layers && metric_of(&b->layers, m) < metric_of(&out, m) * (1 - LAYERS_MARGIN))
		out = b->layers;
	if (b->found_deep && (p->deep_must || metric_of(&b->deep, m) < metric_of(&out, m) * (1 - DEEP_MARGIN)))
		out = b->deep;
	if (b->found_square_deep &&
	    metric_of(&b->square_deep, m) < metric_of(&out, m) * (1 - SQUARE_DEEP_MARGIN))
		out = b->square_deep;
	return out;
}

int pm_tune(const struct pm_problem *p, const struct pm_device *dev, int ndev,
            const struct lm_db *db, const struct pm_tune_opts *o, struct pm_eval *out)
{
	enum pm_metric m = o->metric;
	unsigned all = ndev >= 32 ? ~0u : (1u << ndev) - 1;
	unsigned allowed = o->allowed ? (o->allowed & all) : all;
	int cand[32], nc = tile_sizes(p, o->fixed_T, cand);
	struct best_ways b;
	memset(&b, 0, sizeof b);
	b.square = *out;
	for (int c = 0; c < nc; c++) {
		int T = cand[c];
		/* the devices that can hold the tiles' working set (or every operand already) */
		unsigned elig = 0;
		for (int d = 0; d < ndev; d++)
			if ((allowed >> d & 1) &&
			    (holds_all(p, &dev[d]) || tiles_fit(p, &dev[d], (double)T * T)))
				elig |= 1u << d;
		try_tile(p, dev, ndev, db, T, elig, m, &b);
	}
	if (b.found) {
		*out = choose_way(p, &b, m);
		return 0;
	}
	/* Nothing fits: the smallest tile on the fastest allowed device, so the call still runs
	 * (StarPU evicts as it goes). */
	const int *std;
	pm_tile_candidates(&std);
	tune_subset(p, dev, ndev, db, o->fixed_T > 0 ? o->fixed_T : std[0], allowed, PM_TIME, out);
	return -1;
}
