/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Which algorithm a product shape runs, chosen by timing them (gemm_algo.c): plain arithmetic over
 * the times, so tests/gemm_algo_choice drives it without a GPU.
 *
 * cuBLAS picks its GEMM algorithm by heuristics, and they are not the fastest at every shape: on
 * one H100, FP64 products m x 2048 x k (m 4096-27000) ran 6-19% faster in an algorithm
 * cuBLASLt's heuristics offer than in cublasDgemm's, and FP32 ones over a B whose leading
 * dimension is off 128 bytes (the dataset's odd shapes) 4-12% faster with the k split in three,
 * where at other shapes cublas<t>gemm's own was the fastest or within 1-2%
 * (bench/results/gemm-2026-11-27d2.md, bench/lt_algos.cu quick). So each shape's first runs take
 * the candidates in turn (cublas<t>gemm first), one untimed run each (a kernel's first launch
 * loads its module: CUDA loads them lazily), then ALGO_SAMPLES timed runs each, and its later runs
 * the one whose timed runs took the least in all, where that is a margin less than
 * cublas<t>gemm's (ALGO_MARGIN_FP32, _FP64).
 */
#ifndef PARALIA_CODELETS_ALGO_CHOICE_H
#define PARALIA_CODELETS_ALGO_CHOICE_H

#define ALGO_CANDS 4   /* cublas<t>gemm and up to three of cuBLASLt's algorithms */
#define ALGO_SAMPLES 2 /* timed runs of each candidate before the choice */
/* The runs a shape takes to its choice at least: each candidate once untimed, ALGO_SAMPLES times
 * timed (the kernel table runs as many before it times a size, perfmodel/calibrate.c). */
#define ALGO_CHOOSING_RUNS (ALGO_CANDS * (1 + ALGO_SAMPLES))
/* Another algorithm than cublas<t>gemm is kept only where its timed runs took this much less
 * (struct algo_choice's margin). FP32 runs below the GPU's power cap, where two short runs time
 * a kernel as it runs (on one H100 cuBLASLt's first algorithm timed within 0.2% of
 * cublas<t>gemm at 32 of 33 shapes, 0.5% at the other); FP64 runs capped, where two short runs
 * see a kernel's speed but not the power it draws, and the clocks move under them (at 8192^3 the
 * algorithm whose C is cublasDgemm's bit for bit, bench/results/gemm-2026-11-27r.md, timed 1.05x
 * of it; another timed 3.6% faster in tall tiles of 8192 x 2048 ran 32768x32768x4096 with C on
 * the host level to 6% slower), so only a lead larger than that spread is taken (products 512 wide
 * over k = 32768, timed 1.17x faster, ran 4-9% faster: bench/results/gemm-2026-11-27d2.md). */
#define ALGO_MARGIN_FP32 0.03
#define ALGO_MARGIN_FP64 0.10

struct algo_choice {
	int ncand;               /* candidates, 1 to ALGO_CANDS (0: cublas<t>gemm alone) */
	int warmed[ALGO_CANDS];  /* run once, untimed */
	int started[ALGO_CANDS]; /* timed runs started */
	int timed[ALGO_CANDS];   /* and finished */
	double ms[ALGO_CANDS];   /* their total time; a candidate that failed: never chosen */
	int failed[ALGO_CANDS];
	int chosen;              /* -1 while timing */
	double margin;           /* how much less time another than cublas<t>gemm must take */
};

static inline void algo_choice_init(struct algo_choice *c, int ncand, double margin)
{
	*c = (struct algo_choice){ .ncand = ncand < 1 ? 1 : ncand > ALGO_CANDS ? ALGO_CANDS : ncand,
	                           .chosen = ncand > 1 ? -1 : 0, .margin = margin };
}

/* The candidate the next run takes, and whether it is to be timed (*timed): the chosen one once
 * chosen; before, the first not yet run, untimed; then the first with fewest timed runs started
 * below ALGO_SAMPLES; with every timed run started but not all finished, cublas<t>gemm untimed. */
static inline int algo_choice_next(const struct algo_choice *c, int *timed)
{
	*timed = 0;
	if (c->chosen >= 0)
		return c->chosen;
	int best = -1;
	for (int i = 0; i < c->ncand; i++)
		if (!c->failed[i] && !c->warmed[i])
			return i;
	for (int i = 0; i < c->ncand; i++)
		if (!c->failed[i] && c->started[i] < ALGO_SAMPLES && (best < 0 || c->started[i] < c->started[best]))
			best = i;
	if (best < 0)
		return 0;
	*timed = 1;
	return best;
}

/* cand ran, timed or not. */
static inline void algo_choice_ran(struct algo_choice *c, int cand, int timed)
{
	c->warmed[cand] = 1;
	c->started[cand] += timed != 0;
}

/* The timing itself failed (the events): no choice but cublas<t>gemm. */
static inline void algo_choice_give_up(struct algo_choice *c) { c->chosen = 0; }

/* A timed run of cand took ms (failed: it did not run); once every candidate's timed runs are in,
 * the choice: the least total time among those that never failed, if `margin` under
 * cublas<t>gemm's, else cublas<t>gemm. */
static inline void algo_choice_record(struct algo_choice *c, int cand, double ms, int failed)
{
	if (failed)
		c->failed[cand] = 1;
	else
		c->timed[cand]++, c->ms[cand] += ms;
	if (failed && c->chosen == cand) /* the chosen one failed later: cublas<t>gemm from now on */
		c->chosen = 0;
	if (c->chosen >= 0)
		return;
	int best = -1;
	for (int i = 0; i < c->ncand; i++) {
		if (c->failed[i])
			continue;
		if (c->timed[i] < ALGO_SAMPLES)
			return;
		if (best < 0 || c->ms[i] < c->ms[best])
			best = i;
	}
	if (best > 0 && !c->failed[0] && !(c->ms[best] < (1 - c->margin) * c->ms[0]))
		best = 0;
	c->chosen = best < 0 ? 0 : best;
}

#endif
