/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * How gemm's direct path computes a shape (src/blas/direct_way.c), without a GPU: a shape's first
 * four calls whole, in blocks, whole, in blocks, then the way of the faster call (blocks only when
 * 1% faster), a way's slow first call (one-time costs) outweighed by its second; once the shape's
 * calls since have taken a second, eight more trials in the order whole, blocks, blocks, whole,
 * blocks, whole, whole, blocks, and the way of the smaller total for good, whichever way the
 * first round went, a steady drift over the round (the GPU slowing under a power cap) favouring
 * neither; trials said as such (the caller times them alone), other calls not; one
 * block is never split, one dimension within a block is; shapes differing in GPU, precision,
 * either transposition, m, n or k are told apart; the oldest of more shapes than the memory holds
 * is measured again; times that are not times (0, below 0, NaN), or of shapes never asked, change
 * nothing. The block is the plan's tile where the model found tiles faster (else 2048), a shape
 * with another block is another shape, and one within its block is never split.
 * PARALIA_DIRECT_WAY forces a way, PARALIA_DIRECT_BLOCK sets the block over the plan's, and values
 * that are neither are said and ignored (each in a child process: the environment is read once
 * per process). The kernels themselves: tests/gemm_direct.sh on a GPU.
 */
#include "tests/testing.h"
#include "blas/tiled.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static struct pl_direct_shape shape(int dev, char prec, char tA, int m, int n, int k)
{
	struct pl_direct_shape s = { dev, prec, tA, 'N', m, n, k, 0 }; /* nb 0: the blocks' default size */
	return s;
}

/* The way of the shape's next call (whether it is a trial is looked at by the tests that say so). */
static int next_way(const struct pl_direct_shape *s)
{
	int trial;
	return pl_direct_way_next(s, &trial);
}

/* Runs the shape's calls the way they would go, each taking whole_s or blocks_s; the ways. */
static void calls(const struct pl_direct_shape *s, double whole_s, double blocks_s, int n, int *ways)
{
	for (int i = 0; i < n; i++) {
		int trial;
		ways[i] = pl_direct_way_next(s, &trial);
		pl_direct_way_timed(s, ways[i], ways[i] == PL_WAY_BLOCKS ? blocks_s : whole_s, trial);
	}
}

static void measuring(void)
{
	t_check(pl_direct_block_for(0) == 100 && pl_direct_block_for(6144) == 100,
	        "PARALIA_DIRECT_BLOCK=100 read, over the plan's tile: %d, %d", pl_direct_block_for(0),
	        pl_direct_block_for(6144));
	int w[6];

	/* a way's first call slow (one-time costs), its second not: each way's faster call counts */
	struct pl_direct_shape first = shape(0, 's', 'N', 3000, 300, 300);
	const double took[4] = { 100.0, 0.95, 1.0, 1.2 };
	int f[5];
	for (int i = 0; i < 4; i++) {
		f[i] = next_way(&first);
		pl_direct_way_timed(&first, f[i], took[i], 1);
	}
	f[4] = next_way(&first);
	t_check(f[0] == PL_WAY_WHOLE && f[1] == PL_WAY_BLOCKS && f[2] == PL_WAY_WHOLE &&
	        f[3] == PL_WAY_BLOCKS && f[4] == PL_WAY_BLOCKS, "whole 100 then 1.0 s, blocks 0.95 then "
	        "1.2: whole, blocks, whole, blocks, then blocks (%d %d %d %d %d)", f[0], f[1], f[2], f[3], f[4]);
	struct pl_direct_shape second = shape(0, 's', 'N', 3001, 300, 300);
	const double took2[4] = { 100.0, 1.2, 1.0, 1.1 };
	for (int i = 0; i < 4; i++)
		pl_direct_way_timed(&second, next_way(&second), took2[i], 1);
	int g = next_way(&second);
	t_check(g == PL_WAY_WHOLE, "whole 100 then 1.0 s, blocks 1.2 then 1.1: whole (%d)", g);

	struct pl_direct_shape one = shape(0, 'd', 'N', 100, 100, 5000);
	calls(&one, 1.0, 0.1, 3, w);
	t_check(w[0] == PL_WAY_WHOLE && w[1] == PL_WAY_WHOLE && w[2] == PL_WAY_WHOLE,
	        "one block (100 x 100) is never split: %d %d %d", w[0], w[1], w[2]);

	struct pl_direct_shape fast = shape(0, 's', 'N', 2000, 1700, 900);
	calls(&fast, 1.0, 0.9, 5, w);
	t_check(w[0] == PL_WAY_WHOLE && w[1] == PL_WAY_BLOCKS && w[2] == PL_WAY_WHOLE &&
	        w[3] == PL_WAY_BLOCKS, "the trials: whole, blocks, whole, blocks (%d %d %d %d)", w[0], w[1],
	        w[2], w[3]);
	t_check(w[4] == PL_WAY_BLOCKS, "blocks 10%% faster: kept (%d)", w[4]);
	pl_direct_way_timed(&fast, PL_WAY_WHOLE, 0.01, 0); /* a later time does not move the choice */
	t_check(next_way(&fast) == PL_WAY_BLOCKS, "round 1's times decide, not later ones");

	struct pl_direct_shape close = shape(0, 'd', 'N', 2000, 1700, 900);
	calls(&close, 1.0, 0.995, 6, w);
	t_check(w[3] == PL_WAY_BLOCKS && w[4] == PL_WAY_WHOLE && w[5] == PL_WAY_WHOLE,
	        "blocks 0.5%% faster: one call (%d %d %d); the FP32 choice of the same sizes not taken",
	        w[3], w[4], w[5]);
	struct pl_direct_shape slow = shape(1, 's', 'N', 2000, 1700, 900);
	calls(&slow, 1.0, 1.04, 6, w);
	t_check(w[3] == PL_WAY_BLOCKS && w[4] == PL_WAY_WHOLE && w[5] == PL_WAY_WHOLE,
	        "blocks 4%% slower on another GPU: one call (%d %d %d)", w[3], w[4], w[5]);
	struct pl_direct_shape trans = shape(0, 's', 'T', 2000, 1700, 900);
	t_check(next_way(&trans) == PL_WAY_WHOLE, "A transposed: a shape of its own, measured");
	pl_direct_way_timed(&trans, PL_WAY_WHOLE, 1.0, 1);
	/* each of B's transposition, n and k alone makes a shape of its own: after fast's blocks,
	 * each starts measuring from one call */
	struct pl_direct_shape other[3] = { fast, fast, fast };
	other[0].tB = 'T', other[1].n = 1701, other[2].k = 901;
	for (int i = 0; i < 3; i++) {
		int o = next_way(&other[i]);
		t_check(o == PL_WAY_WHOLE, "%s differs from a shape that takes blocks: measured from one "
		        "call (%d)", i == 0 ? "B transposed" : i == 1 ? "n" : "k", o);
		pl_direct_way_timed(&other[i], o, 1.0, 1);
	}
	/* one dimension within the block is not one block: 3000 x 50 at 100 is split */
	struct pl_direct_shape narrow = shape(0, 'd', 'N', 3000, 50, 900), flat = shape(0, 'd', 'N', 50, 3000, 900);
	calls(&narrow, 1.0, 0.5, 3, w);
	int fl[3];
	calls(&flat, 1.0, 0.5, 3, fl);
	t_check(w[1] == PL_WAY_BLOCKS && fl[1] == PL_WAY_BLOCKS, "3000 x 50 and 50 x 3000 in blocks of "
	        "100 are measured (%d %d)", w[1], fl[1]);

	struct pl_direct_shape never = shape(0, 'd', 'N', 3000, 3000, 3000);
	pl_direct_way_timed(&never, PL_WAY_BLOCKS, 0.001, 1); /* never asked: not remembered */
	struct pl_direct_shape nan = shape(0, 'd', 'N', 4000, 300, 300);
	int a = next_way(&nan);
	pl_direct_way_timed(&nan, a, -1.0, 1);
	pl_direct_way_timed(&nan, a, 0.0, 1);
	pl_direct_way_timed(&nan, a, NAN, 1);
	int b = next_way(&nan);
	t_check(a == PL_WAY_WHOLE && b == PL_WAY_WHOLE, "a time of 0, below 0 or NaN is not one: still "
	        "measuring one call (%d %d)", a, b);
	calls(&never, 1.0, 2.0, 5, w);
	t_check(w[0] == PL_WAY_WHOLE && w[1] == PL_WAY_BLOCKS && w[3] == PL_WAY_BLOCKS && w[4] == PL_WAY_WHOLE,
	        "a time for a shape never asked is forgotten (%d %d %d %d)", w[0], w[1], w[3], w[4]);

	/* more shapes than the memory holds (256): the oldest ones are measured again */
	for (int i = 0; i < 300; i++) {
		struct pl_direct_shape s = shape(0, 'd', 'N', 5000 + i, 300, 300);
		calls(&s, 1.0, 0.5, 4, w);
	}
	for (int i = 250; i < 300; i += 49) {
		struct pl_direct_shape recent = shape(0, 'd', 'N', 5000 + i, 300, 300);
		t_check(next_way(&recent) == PL_WAY_BLOCKS, "one of the 50 newest shapes "
		        "remembered: %d", 5000 + i);
	}
	int again = next_way(&fast);
	t_check(again == PL_WAY_WHOLE, "the oldest shape forgotten, measured again from one call: %d", again);
}

/* Round 2 (direct_way.c): after round 1, calls run its way, timed but not trials, until the
 * shape's calls have taken PL_WAY_SETTLE_S (1 s); then eight trials, whole, blocks, blocks, whole,
 * blocks, whole, whole, blocks, and the way of the smaller total, for good. A trial that failed
 * (never timed) is run again; a time that is not a trial's counts in no round. */
static void second_round(void)
{
	/* round 1 says blocks 5% slower (the calls before a power cap engages); under it, blocks
	 * 0.4% faster, the GPU slowing by 1% a call over the round (a drift that whole, blocks,
	 * whole, blocks would read as whole 2% faster) */
	struct pl_direct_shape s = shape(0, 'd', 'N', 4000, 4000, 4000);
	int trial, way, t[4];
	for (int i = 0; i < 4; i++) {
		way = pl_direct_way_next(&s, &trial);
		t[i] = trial;
		pl_direct_way_timed(&s, way, way == PL_WAY_BLOCKS ? 0.105 : 0.100, trial);
	}
	t_check(t[0] && t[1] && t[2] && t[3], "round 1's four calls are trials (%d %d %d %d)", t[0], t[1],
	        t[2], t[3]);
	int settling = 0, untimed = 1;
	for (int i = 0; i < 7; i++) { /* 0.875 s of calls: not yet */
		way = pl_direct_way_next(&s, &trial);
		settling += way == PL_WAY_WHOLE;
		untimed &= !trial;
		pl_direct_way_timed(&s, way, 0.125, trial);
	}
	t_check(settling == 7 && untimed, "round 1's way, whole, for the calls of the next 0.875 s, "
	        "none a trial (%d of 7 whole)", settling);
	way = pl_direct_way_next(&s, &trial);
	pl_direct_way_timed(&s, way, 0.125, trial); /* 1 s */
	t_check(way == PL_WAY_WHOLE && !trial, "the call that makes it 1 s: whole, not a trial");
	static const int want[8] = { PL_WAY_WHOLE, PL_WAY_BLOCKS, PL_WAY_BLOCKS, PL_WAY_WHOLE,
	                             PL_WAY_BLOCKS, PL_WAY_WHOLE, PL_WAY_WHOLE, PL_WAY_BLOCKS };
	int order_ok = 1, trials = 1;
	for (int i = 0; i < 8; i++) {
		way = pl_direct_way_next(&s, &trial);
		order_ok &= way == want[i];
		trials &= trial;
		double drift = 1.0 + 0.01 * i;
		pl_direct_way_timed(&s, way, (way == PL_WAY_BLOCKS ? 0.0996 : 0.1) * drift, trial);
	}
	t_check(order_ok && trials, "round 2: eight trials, whole, blocks, blocks, whole, blocks, whole, "
	        "whole, blocks");
	int after = 1, untimed_after = 1;
	for (int i = 0; i < 20; i++) {
		way = pl_direct_way_next(&s, &trial);
		after &= way == PL_WAY_BLOCKS;
		untimed_after &= !trial;
		pl_direct_way_timed(&s, way, i % 2 ? 0.5 : 0.01, trial); /* later times move nothing */
	}
	t_check(after && untimed_after, "blocks 0.4%% faster over a drift of 1%% a call: blocks for "
	        "good, no more trials");

	/* the other way round: round 1 says blocks, round 2 finds them 3% slower */
	struct pl_direct_shape b = shape(0, 's', 'N', 4000, 4000, 4000);
	int w[4];
	calls(&b, 0.1, 0.09, 4, w);
	t_check(next_way(&b) == PL_WAY_BLOCKS, "round 1: blocks 10%% faster");
	calls(&b, 0.1, 0.25, 4, w); /* 1 s of blocks */
	int r2[8];
	calls(&b, 0.1, 0.103, 8, r2);
	t_check(r2[0] == PL_WAY_WHOLE && r2[1] == PL_WAY_BLOCKS && next_way(&b) == PL_WAY_WHOLE,
	        "round 2: blocks 3%% slower, one call for good (%d %d)", r2[0], r2[1]);

	/* no margin in round 2: blocks 0.5% faster are blocks (round 1 needs 1%) */
	struct pl_direct_shape c = shape(1, 'd', 'N', 4000, 4000, 4000);
	calls(&c, 0.5, 0.4975, 4, w);
	t_check(next_way(&c) == PL_WAY_WHOLE, "round 1: blocks 0.5%% faster, one call");
	calls(&c, 0.5, 0.4975, 2, w); /* 1 s of whole calls */
	calls(&c, 0.5, 0.4975, 8, r2);
	t_check(next_way(&c) == PL_WAY_BLOCKS, "round 2: blocks 0.5%% faster, blocks");

	/* a round-2 trial that failed is run again, and a call that was not a trial counts in no
	 * round: whole, blocks, blocks timed, then whole fails once and is run again (not the blocks
	 * of the order's next place) */
	struct pl_direct_shape f = shape(2, 'd', 'N', 4000, 4000, 4000);
	calls(&f, 0.5, 0.55, 4, w); /* round 1: whole */
	calls(&f, 0.5, 0.55, 2, w); /* 1 s */
	calls(&f, 0.5, 0.4, 3, w);  /* round 2's first three: whole, blocks, blocks */
	int p3 = pl_direct_way_next(&f, &trial); /* whole, and it fails: no time */
	int p3again = pl_direct_way_next(&f, &trial);
	t_check(w[0] == PL_WAY_WHOLE && w[1] == PL_WAY_BLOCKS && w[2] == PL_WAY_BLOCKS &&
	        p3 == PL_WAY_WHOLE && p3again == PL_WAY_WHOLE && trial,
	        "round 2: a failed whole trial is run again (%d %d)", p3, p3again);
	pl_direct_way_timed(&f, p3again, 0.5, trial);
	pl_direct_way_timed(&f, PL_WAY_BLOCKS, 5.0, 0); /* not a trial (the place is blocks'): nowhere */
	calls(&f, 0.5, 0.4, 4, w); /* blocks, whole, whole, blocks: blocks 20% faster */
	t_check(w[0] == PL_WAY_BLOCKS && w[1] == PL_WAY_WHOLE && w[3] == PL_WAY_BLOCKS &&
	        next_way(&f) == PL_WAY_BLOCKS, "round 2 over its eight timed trials, the stray 5 s "
	        "of blocks not among them: blocks");

	/* forced, or within one block: never a trial */
	struct pl_direct_shape one = shape(0, 'd', 'N', 100, 100, 5000);
	way = pl_direct_way_next(&one, &trial);
	t_check(way == PL_WAY_WHOLE && !trial, "one block: whole, not a trial");
}

/* In a child process with the environment set: 0 when its checks passed. */
static int child(const char *way, const char *block, void (*f)(void))
{
	fflush(stdout);
	pid_t p = fork();
	if (p == 0) {
		if (way)
			setenv("PARALIA_DIRECT_WAY", way, 1);
		else
			unsetenv("PARALIA_DIRECT_WAY");
		if (block)
			setenv("PARALIA_DIRECT_BLOCK", block, 1);
		else
			unsetenv("PARALIA_DIRECT_BLOCK");
		t_failures = t_checks = 0;
		f();
		fflush(stdout);
		_exit(t_failures ? 1 : 0);
	}
	int st;
	return p > 0 && waitpid(p, &st, 0) == p && WIFEXITED(st) ? WEXITSTATUS(st) : 1;
}

static void forced_blocks(void)
{
	struct pl_direct_shape s = shape(0, 'd', 'N', 2000, 1700, 900), one = shape(0, 'd', 'N', 90, 60, 900);
	int trial = -1;
	t_check(pl_direct_way_next(&s, &trial) == PL_WAY_BLOCKS && trial == 0,
	        "PARALIA_DIRECT_WAY=blocks: the first call too, not a trial (%d)", trial);
	t_check(next_way(&one) == PL_WAY_WHOLE, "PARALIA_DIRECT_WAY=blocks: one block whole");
}

static void forced_whole(void)
{
	struct pl_direct_shape s = shape(0, 'd', 'N', 2000, 1700, 900);
	int w[3];
	calls(&s, 1.0, 0.1, 3, w);
	t_check(w[1] == PL_WAY_WHOLE && w[2] == PL_WAY_WHOLE, "PARALIA_DIRECT_WAY=whole: never blocks");
}

static int first_next(void *arg)
{
	struct pl_direct_shape s = shape(0, 'd', 'N', 3000, 3000, 10);
	*(int *)arg = next_way(&s);
	return pl_direct_block_for(0);
}

static void bad_values(void)
{
	char out[1024];
	int way = -1;
	int nb = t_capture_stderr(first_next, &way, out, sizeof out);
	t_check(nb == 2048 && t_lines(out) == 2 && strstr(out, "PARALIA_DIRECT_WAY=sideways") &&
	        strstr(out, "PARALIA_DIRECT_BLOCK=0"), "bad values said and ignored (block %d): %s", nb, out);
	t_check(pl_direct_block_for(3072) == 3072, "bad PARALIA_DIRECT_BLOCK: the plan's tile (%d)",
	        pl_direct_block_for(3072));
	t_check(way == PL_WAY_WHOLE, "bad PARALIA_DIRECT_WAY: measuring, one call first (%d)", way);
	struct pl_direct_shape s = shape(0, 'd', 'N', 3000, 3000, 10);
	pl_direct_way_timed(&s, way, 1.0, 1);
	t_check(next_way(&s) == PL_WAY_BLOCKS, "bad PARALIA_DIRECT_WAY: measuring, blocks next");
}

/* No PARALIA_DIRECT_BLOCK: the blocks are the plan's tile where it found tiles faster, else 2048;
 * a shape is measured per block, and one within its block runs whole without measuring. */
static void plan_blocks(void)
{
	t_check(pl_direct_block_for(6144) == 6144 && pl_direct_block_for(0) == 2048,
	        "the plan's tile, else 2048: %d, %d", pl_direct_block_for(6144), pl_direct_block_for(0));
	struct pl_direct_shape big = shape(0, 'd', 'N', 8192, 8192, 8192), other = big;
	big.nb = 6144;
	other.nb = 4096;
	int w[5], o[1];
	calls(&big, 1.0, 0.9, 5, w);
	calls(&other, 1.0, 1.2, 1, o); /* another block: measured on its own, from one call */
	t_check(w[4] == PL_WAY_BLOCKS && o[0] == PL_WAY_WHOLE && next_way(&big) == PL_WAY_BLOCKS,
	        "blocks of 6144 kept (0.9 s against 1.0), blocks of 4096 measured apart (%d, %d)", w[4], o[0]);
	/* within its block: never measured, so whole at the second call too (with blocks of 2048 the
	 * second call would try them) */
	struct pl_direct_shape within = shape(0, 'd', 'N', 6000, 6000, 8192);
	within.nb = 6144;
	int wi[2];
	calls(&within, 1.0, 0.5, 2, wi);
	t_check(wi[0] == PL_WAY_WHOLE && wi[1] == PL_WAY_WHOLE,
	        "6000 x 6000 within a block of 6144: whole, not measured (%d %d)", wi[0], wi[1]);
}

int main(void)
{
	t_set_name("direct_way");
	t_check(child(NULL, "100", measuring) == 0, "measuring the shapes' ways");
	t_check(child(NULL, "100", second_round) == 0, "measuring them again once the calls ran 1 s");
	t_check(child("blocks", "100", forced_blocks) == 0, "PARALIA_DIRECT_WAY=blocks");
	t_check(child("whole", "100", forced_whole) == 0, "PARALIA_DIRECT_WAY=whole");
	t_check(child("sideways", "0", bad_values) == 0, "bad values");
	t_check(child(NULL, NULL, plan_blocks) == 0, "the plan's tile as the block");
	return t_summary();
}
