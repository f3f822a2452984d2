/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * How gemm's direct path (direct.c) computes a product on one GPU: as one cuBLAS call, or as
 * cuBLASXt does, C in blocks of nb x nb (each over the whole k) over two streams. Which is faster
 * depends on the shape, and on nothing the kernel table holds: on one H100, SGEMM in blocks of 2048
 * over two streams ran 1.11x one call at 20000x17000x9000 and 12000x30000x7000, 1.06x at
 * 32768x32768x4096, 1.04x at 27000x9500x14500, 1.01x at 8192^3 and 16384^3, while DGEMM's lost
 * up to 4% (bench/results/gemm-pages-2026-11-26i.md, call 8: cuBLASXt's blocks beat one call, and
 * so paralia, at those FP32 shapes). A rule read from square sizes would miss the odd shapes,
 * where the gain is. So the product is measured, as an FFTW plan is: a shape's first four calls
 * run whole, in blocks, whole, in blocks, each timed from its first launch to its end, and later
 * calls of that shape take the way whose faster call was faster, blocks only when at least 1%
 * faster (under DGEMM's power cap, engaged by the calls before, blocks lose). Each way is timed
 * twice because a way's first call at a shape may carry one-time costs: CUDA loads a kernel at
 * its first launch and cuBLAS sets itself up at its first call of a precision (one H100: a
 * process's first DGEMM of 4096^3 took 47 ms, later ones 2.4; its first SGEMM 117 ms, later 2.8;
 * SGEMM 4096x4096x32768 25.5 ms at its first whole call, 21.2 after: timed once, each read as
 * blocks faster, gemm-dataset-2026-11-26m call 2). The trial calls compute the product: measuring
 * costs the slower way twice.
 *
 * The blocks are the plan's tiles where the model found tiles faster than one tile (direct.c),
 * else 2048, or PARALIA_DIRECT_BLOCK: a shape includes its block, and one within its block is
 * never split. The memory is per process, PL_WAY_SLOTS shapes, the oldest replaced. No CUDA here:
 * the choice is tested on the build machine (tests/direct_way).
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
#define PL_WAY_MARGIN 0.99        /* blocks kept when they took at most 99% of one call's time */

#define PL_WAY_TRIALS 2            /* calls timed per way */

static struct way_slot {
	struct pl_direct_shape shape;
	double s[2]; /* per way: its fastest timed call, seconds */
	int n[2];    /* and how many were timed */
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

int pl_direct_way_next(const struct pl_direct_shape *s)
{
	int nb = pl_direct_block_for(s->nb); /* the environment read, whatever the shape's block */
	if (s->m <= nb && s->n <= nb)
		return PL_WAY_WHOLE; /* one block: nothing to split */
	if (forced >= 0)
		return forced;
	pthread_mutex_lock(&lock);
	struct way_slot *w = find(s, 1);
	int decided = w->n[PL_WAY_WHOLE] >= PL_WAY_TRIALS && w->n[PL_WAY_BLOCKS] >= PL_WAY_TRIALS;
	double whole_s = w->s[PL_WAY_WHOLE], blocks_s = w->s[PL_WAY_BLOCKS];
	int way = !decided ? (w->n[PL_WAY_WHOLE] <= w->n[PL_WAY_BLOCKS] ? PL_WAY_WHOLE : PL_WAY_BLOCKS)
	          : blocks_s <= PL_WAY_MARGIN * whole_s ? PL_WAY_BLOCKS
	                                                : PL_WAY_WHOLE;
	pthread_mutex_unlock(&lock);
	if (decided && pm_verbose_level() >= 2)
		fprintf(stderr, "paralia: %cgemm %dx%dx%d on GPU %d: %s (whole %.3f ms, blocks of %d "
		        "%.3f ms)\n", s->prec, s->m, s->n, s->k, s->dev, way == PL_WAY_BLOCKS ? "blocks" : "whole",
		        whole_s * 1e3, nb, blocks_s * 1e3);
	return way;
}

void pl_direct_way_timed(const struct pl_direct_shape *s, int way, double seconds)
{
	if (!(seconds > 0))
		return;
	pthread_mutex_lock(&lock);
	struct way_slot *w = find(s, 0);
	way = way == PL_WAY_BLOCKS;
	/* the trials' times only: the choice does not drift with later calls */
	if (w && w->n[way] < PL_WAY_TRIALS) {
		w->s[way] = w->n[way] == 0 || seconds < w->s[way] ? seconds : w->s[way];
		w->n[way]++;
	}
	pthread_mutex_unlock(&lock);
}
