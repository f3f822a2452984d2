/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * How gemm's direct path (direct.c) computes a product on one GPU: as one cuBLAS call, or as
 * cuBLASXt does, C in blocks of nb x nb (each over the whole k) over two streams. Which is faster
 * depends on the shape, and on nothing the kernel table holds: on one H100, SGEMM in blocks of 2048
 * over two streams ran 1.11x one call at 20000x17000x9000 and 12000x30000x7000, 1.06x at
 * 32768x32768x4096, 1.04x at 27000x9500x14500, 1.01x at 8192^3 and 16384^3, while DGEMM's lost
 * up to 4% (bench/results/gemm-pages-2026-11-26i.md, call 8: cuBLASXt's blocks beat one call, and
 * so paralia, at those FP32 shapes). A rule read from square sizes would miss the odd shapes,
 * where the gain is. So the product is measured, as an FFTW plan is, in two rounds of calls that
 * compute the product (measuring costs the slower way's calls):
 *
 * 1. A shape's first four calls run whole, in blocks, whole, in blocks, each timed from its first
 *    launch to its end, and the shape's calls take the way whose faster call was faster, blocks
 *    only when at least 1% faster. Each way is timed twice because a way's first call at a shape
 *    may carry one-time costs: CUDA loads a kernel at its first launch and cuBLAS sets itself up
 *    at its first call of a precision (one H100: a process's first DGEMM of 4096^3 took 47 ms,
 *    later ones 2.4; its first SGEMM 117 ms, later 2.8; SGEMM 4096x4096x32768 25.5 ms at its
 *    first whole call, 21.2 after: timed once, each read as blocks faster, gemm-dataset-2026-11-26m
 *    call 2).
 * 2. Those calls are a process's first of the shape, often its first on the GPU, before a power
 *    cap engages, and under DGEMM's cap the ways rank otherwise: on one H200 the first round of
 *    FP64 32768^3 took 1358.9 ms whole and 1378.7 in blocks of 8192, while in the calls after,
 *    cuBLASXt's blocks of 8192 ran 0.6-1.6% faster than one call in every round; at
 *    12000x30000x7000 the first round's whole call took 85.3 ms, the calls after 92-104
 *    (bench/results/gemm-2026-11-27z.md). So once the shape's calls since have taken
 *    PL_WAY_SETTLE_S seconds (the cap settles within a second of sustained work: kernel_model.c),
 *    eight calls measure the ways again in the order whole, blocks, blocks, whole, blocks, whole,
 *    whole, blocks, which a steady drift of the GPU's rate over them favours neither way, and the
 *    way of the smaller total is the shape's for good.
 *
 * A trial call is timed alone: the caller's queued work is waited for before it (direct.c); a
 * trial that failed (never timed) is run again, and only trials' times count in a round. The
 * settling second is the shape's calls' time from their first launch to their end, which on the
 * GPU may include waiting for work the caller queued before them. The
 * blocks are the plan's tiles where the model found tiles faster than one tile (direct.c), else
 * 2048, or PARALIA_DIRECT_BLOCK: a shape includes its block, and one within its block is never
 * split. The memory is per process, PL_WAY_SLOTS shapes, the oldest replaced. No CUDA here: the
 * choice is tested on the build machine (tests/direct_way).
 */
#include "config.h"
#include "blas/tiled.h"
#include "common/parse.h"
#include "perfmodel/plan.h" /* pm_verbose_level */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PL_WAY_SLOTS 256
#define PL_WAY_BLOCK_DEFAULT 2048 /* the block of gemm-pages-2026-11-26i's call 8 */
#define PL_WAY_MARGIN 0.99        /* round 1: blocks kept when they took at most 99% of one call's time */

#define PL_WAY_TRIALS 2     /* round 1: calls timed per way */
#define PL_WAY_SETTLE_S 1.0 /* seconds of the shape's calls after round 1 before round 2 */
#define PL_WAY_ROUND2 8     /* round 2's calls, in the order of round2_way */

enum way_phase { ROUND1, SETTLING, ROUND2, DECIDED };

static struct way_slot {
	struct pl_direct_shape shape;
	enum way_phase phase;
	int way;       /* the shape's way outside the rounds */
	double s[2];   /* round 1, per way: its fastest timed call, seconds */
	int n[2];      /* and how many were timed */
	double ran;    /* settling: seconds of the shape's calls since round 1 */
	double sum[2]; /* round 2, per way: its timed calls' total, seconds */
	int placed;    /* and how many of its places are timed (in order: a failed one is run again) */
} slots[PL_WAY_SLOTS];
static int nslots, victim;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static int forced = -1, block = 0; /* from the environment, read once (0: not set) */
static pthread_once_t env_once = PTHREAD_ONCE_INIT;

static void read_env(void)
{
	const char *w = getenv("PARALIA_DIRECT_WAY");
	if (w && *w && strcmp(w, "measure")) {
		if (!strcmp(w, "whole"))
			forced = PL_WAY_WHOLE;
		else if (!strcmp(w, "blocks"))
			forced = PL_WAY_BLOCKS;
		else
			fprintf(stderr, "paralia: PARALIA_DIRECT_WAY=%s: not whole, blocks or measure: "
			        "ignored (measure)\n", w);
	}
	const char *b = getenv("PARALIA_DIRECT_BLOCK");
	if (b && *b) {
		long v;
		if (!pl_parse_long(b, 1, PARALIA_TILE_MAX, &v))
			fprintf(stderr, "paralia: PARALIA_DIRECT_BLOCK=%s: not a block size from 1 to %d: "
			        "ignored (the plan's tile, or %d)\n", b, PARALIA_TILE_MAX, PL_WAY_BLOCK_DEFAULT);
		else
			block = (int)v;
	}
}

int pl_direct_block_for(int tile)
{
	pthread_once(&env_once, read_env);
	return block > 0 ? block : tile > 0 ? tile : PL_WAY_BLOCK_DEFAULT;
}

static int same_shape(const struct pl_direct_shape *a, const struct pl_direct_shape *b)
{
	return a->dev == b->dev && a->prec == b->prec && a->tA == b->tA && a->tB == b->tB &&
	       a->m == b->m && a->n == b->n && a->k == b->k && a->nb == b->nb;
}

/* The shape's slot, made (replacing the oldest when all are taken) when make is set; lock held. */
static struct way_slot *find(const struct pl_direct_shape *s, int make)
{
	for (int i = 0; i < nslots; i++)
		if (same_shape(&slots[i].shape, s))
			return &slots[i];
	if (!make)
		return NULL;
	struct way_slot *w;
	if (nslots < PL_WAY_SLOTS) {
		w = &slots[nslots++];
	} else { /* the oldest */
		w = &slots[victim];
		victim = (victim + 1) % PL_WAY_SLOTS;
	}
	memset(w, 0, sizeof *w);
	w->shape = *s;
	return w;
}

/* Round 2's i-th call: whole, blocks, blocks, whole, blocks, whole, whole, blocks (each way's
 * calls at the same mean place, and at the same mean square place: a drift linear or quadratic
 * over the round adds as much to both totals). */
static int round2_way(int i)
{
	static const unsigned char order[PL_WAY_ROUND2] = { 0, 1, 1, 0, 1, 0, 0, 1 };
	return order[i] ? PL_WAY_BLOCKS : PL_WAY_WHOLE;
}

int pl_direct_way_next(const struct pl_direct_shape *s, int *trial)
{
	int nb = pl_direct_block_for(s->nb); /* the environment read, whatever the shape's block */
	*trial = 0;
	if (s->m <= nb && s->n <= nb)
		return PL_WAY_WHOLE; /* one block: nothing to split */
	if (forced >= 0)
		return forced;
	pthread_mutex_lock(&lock);
	struct way_slot *w = find(s, 1);
	if (w->phase == SETTLING && w->ran >= PL_WAY_SETTLE_S)
		w->phase = ROUND2;
	int way = w->way;
	if (w->phase == ROUND1) {
		way = w->n[PL_WAY_WHOLE] <= w->n[PL_WAY_BLOCKS] ? PL_WAY_WHOLE : PL_WAY_BLOCKS;
		*trial = 1;
	} else if (w->phase == ROUND2) { /* the next place of the order not yet timed: a failed call's again */
		way = round2_way(w->placed);
		*trial = 1;
	}
	pthread_mutex_unlock(&lock);
	return way;
}

/* PARALIA_VERBOSE >= 2: a round's outcome (lock held; the times in ms). */
static void said(const struct way_slot *w, int round, double whole_ms, double blocks_ms)
{
	const struct pl_direct_shape *s = &w->shape;
	if (pm_verbose_level() >= 2)
		fprintf(stderr, "paralia: %cgemm %dx%dx%d on GPU %d: %s (round %d: whole %.3f ms, blocks "
		        "of %d %.3f ms)\n", s->prec, s->m, s->n, s->k, s->dev,
		        w->way == PL_WAY_BLOCKS ? "blocks" : "whole", round, whole_ms,
		        pl_direct_block_for(s->nb), blocks_ms);
}

void pl_direct_way_timed(const struct pl_direct_shape *s, int way, double seconds, int trial)
{
	if (!(seconds > 0))
		return;
	pthread_mutex_lock(&lock);
	struct way_slot *w = find(s, 0);
	way = way == PL_WAY_BLOCKS;
	if (!w) {
		/* a shape never asked, or forgotten since */
	} else if (w->phase == ROUND1 && trial && w->n[way] < PL_WAY_TRIALS) {
		w->s[way] = w->n[way] == 0 || seconds < w->s[way] ? seconds : w->s[way];
		if (++w->n[way] == PL_WAY_TRIALS && w->n[!way] == PL_WAY_TRIALS) {
			w->way = w->s[PL_WAY_BLOCKS] <= PL_WAY_MARGIN * w->s[PL_WAY_WHOLE] ? PL_WAY_BLOCKS
			                                                                    : PL_WAY_WHOLE;
			w->phase = SETTLING;
			said(w, 1, w->s[PL_WAY_WHOLE] * 1e3, w->s[PL_WAY_BLOCKS] * 1e3);
		}
	} else if (w->phase == SETTLING && !trial) {
		w->ran += seconds;
	} else if (w->phase == ROUND2 && trial && way == (round2_way(w->placed) == PL_WAY_BLOCKS)) {
		w->sum[way] += seconds;
		if (++w->placed == PL_WAY_ROUND2) { /* each way timed at half the places */
			w->way = w->sum[PL_WAY_BLOCKS] < w->sum[PL_WAY_WHOLE] ? PL_WAY_BLOCKS : PL_WAY_WHOLE;
			w->phase = DECIDED;
			said(w, 2, w->sum[PL_WAY_WHOLE] * 1e3 / (PL_WAY_ROUND2 / 2),
			     w->sum[PL_WAY_BLOCKS] * 1e3 / (PL_WAY_ROUND2 / 2));
		}
	}
	pthread_mutex_unlock(&lock);
}
