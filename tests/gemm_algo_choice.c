/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The choice of gemm's CUDA algorithm per shape (src/codelets/algo_choice.h), without a GPU: the
 * runs a shape takes before it chooses (every candidate once untimed, then timed ALGO_SAMPLES
 * times, in turn), the
 * choice (the least total time, and another than cublas<t>gemm only by a margin: ALGO_MARGIN_FP32,
 * _FP64), a candidate that failed never chosen, times arriving in any
 * order, and what runs while timed runs are still in flight.
 */
#include "codelets/algo_choice.h"
#include "testing.h"
#include <stdio.h>

/* n runs of shape c as gemm_algo.c makes them, none of their timed runs finished yet: the
 * candidates they take, in order, into took[] (timed ones as themselves, untimed as -1 - c). */
static void runs(struct algo_choice *c, int n, int *took)
{
	for (int i = 0; i < n; i++) {
		int timed, cand = algo_choice_next(c, &timed);
		took[i] = timed ? cand : -1 - cand;
		algo_choice_ran(c, cand, timed);
	}
}

int main(void)
{
	t_set_name("gemm_algo_choice");
	struct algo_choice c;
	int took[16];

	/* cublas<t>gemm alone (no cuBLASLt algorithm for the shape): chosen from the start, untimed */
	algo_choice_init(&c, 1, ALGO_MARGIN_FP32);
	runs(&c, 3, took);
	t_check(c.chosen == 0 && took[0] == -1 && took[2] == -1, "one candidate: chosen %d, runs %d %d",
	        c.chosen, took[0], took[2]);

	/* three candidates: each run once untimed (its kernel's first launch loads it), then timed
	 * twice, in turn, cublas<t>gemm first; then, with timed runs in flight, cublas<t>gemm untimed */
	algo_choice_init(&c, 3, ALGO_MARGIN_FP32);
	runs(&c, 11, took);
	int want[11] = { -1, -2, -3, 0, 1, 2, 0, 1, 2, -1, -1 }, same = 1;
	for (int i = 0; i < 11; i++)
		same &= took[i] == want[i];
	t_check(same && c.chosen == -1, "three candidates: runs %d %d %d, %d %d %d %d %d %d, %d %d, chosen %d",
	        took[0], took[1], took[2], took[3], took[4], took[5], took[6], took[7], took[8], took[9],
	        took[10], c.chosen);

	/* the times arrive out of order; the choice waits for all six, then takes the least total */
	double ms[3][2] = { { 10.0, 10.2 }, { 9.1, 9.0 }, { 9.5, 9.4 } };
	algo_choice_record(&c, 2, ms[2][0], 0);
	algo_choice_record(&c, 1, ms[1][1], 0);
	algo_choice_record(&c, 0, ms[0][0], 0);
	algo_choice_record(&c, 1, ms[1][0], 0);
	algo_choice_record(&c, 0, ms[0][1], 0);
	t_check(c.chosen == -1, "five of six times in: still timing (chosen %d)", c.chosen);
	algo_choice_record(&c, 2, ms[2][1], 0);
	runs(&c, 2, took);
	t_check(c.chosen == 1 && took[0] == -2 && took[1] == -2,
	        "the fastest in all (1: 18.1 ms against 20.2 and 18.9): chosen %d, runs %d %d", c.chosen,
	        took[0], took[1]);

	/* one is timed slower than cublas<t>gemm by only its second run: the total decides */
	algo_choice_init(&c, 2, ALGO_MARGIN_FP32);
	runs(&c, 6, took);
	algo_choice_record(&c, 0, 10.0, 0);
	algo_choice_record(&c, 1, 9.0, 0);
	algo_choice_record(&c, 0, 10.0, 0);
	algo_choice_record(&c, 1, 11.5, 0);
	t_check(c.chosen == 0, "totals 20.0 against 20.5: cublas<t>gemm (chosen %d)", c.chosen);

	/* faster than cublas<t>gemm by less than the precision's margin: cublas<t>gemm; by more: that
	 * one (a third candidate timed between them changes nothing) */
	const struct { double margin, ms1; int want; const char *what; } lead[] = {
		{ ALGO_MARGIN_FP32, 9.8, 0, "FP32, 2% faster" }, { ALGO_MARGIN_FP32, 9.6, 1, "FP32, 4% faster" },
		{ ALGO_MARGIN_FP64, 9.2, 0, "FP64, 8% faster" }, { ALGO_MARGIN_FP64, 8.8, 1, "FP64, 12% faster" },
	};
	for (int x = 0; x < 4; x++) {
		algo_choice_init(&c, 3, lead[x].margin);
		runs(&c, 9, took);
		for (int r = 0; r < 2; r++) {
			algo_choice_record(&c, 0, 10.0, 0);
			algo_choice_record(&c, 1, lead[x].ms1, 0);
			algo_choice_record(&c, 2, 9.95, 0);
		}
		t_check(c.chosen == lead[x].want, "%s than cublas<t>gemm: chosen %d", lead[x].what, c.chosen);
	}

	/* a candidate that failed (cublasLtMatmul refused the shape) is neither timed again nor
	 * chosen, however fast its one time would have been */
	algo_choice_init(&c, 3, ALGO_MARGIN_FP32);
	runs(&c, 3, took); /* the untimed runs */
	int timed, cand;
	cand = algo_choice_next(&c, &timed);
	algo_choice_ran(&c, cand, timed);
	cand = algo_choice_next(&c, &timed);
	t_check(cand == 1 && timed, "the second run times candidate 1 (%d, timed %d)", cand, timed);
	algo_choice_record(&c, 1, 0, 1);
	runs(&c, 4, took);
	same = took[0] == 2 && took[1] == 0 && took[2] == 2 && took[3] == -1;
	t_check(same, "after its failure the runs skip it: %d %d %d %d", took[0], took[1], took[2], took[3]);
	algo_choice_record(&c, 0, 5.0, 0);
	algo_choice_record(&c, 0, 5.0, 0);
	algo_choice_record(&c, 2, 6.0, 0);
	algo_choice_record(&c, 2, 6.0, 0);
	t_check(c.chosen == 0, "the failed candidate left out: chosen %d", c.chosen);

	/* the chosen one failing later (it ran before): cublas<t>gemm from then on */
	algo_choice_init(&c, 2, ALGO_MARGIN_FP32);
	runs(&c, 6, took);
	for (int r = 0; r < 2; r++) {
		algo_choice_record(&c, 0, 10.0, 0);
		algo_choice_record(&c, 1, 8.0, 0);
	}
	algo_choice_record(&c, 1, 0, 1);
	runs(&c, 1, took);
	t_check(c.chosen == 0 && took[0] == -1, "the chosen one failed: chosen %d, run %d", c.chosen, took[0]);

	/* a candidate failing its untimed run is not run again */
	algo_choice_init(&c, 3, ALGO_MARGIN_FP32);
	runs(&c, 1, took);
	cand = algo_choice_next(&c, &timed);
	algo_choice_record(&c, cand, 0, 1); /* candidate 1's first launch refused */
	runs(&c, 3, took);
	t_check(cand == 1 && took[0] == -3 && took[1] == 0 && took[2] == 2,
	        "candidate 1 refused: runs %d %d %d after it", took[0], took[1], took[2]);

	/* the timing itself failing: cublas<t>gemm */
	algo_choice_init(&c, 3, ALGO_MARGIN_FP32);
	runs(&c, 5, took);
	algo_choice_give_up(&c);
	runs(&c, 1, took);
	t_check(c.chosen == 0 && took[0] == -1, "timing failed: chosen %d, run %d", c.chosen, took[0]);

	/* every cuBLASLt candidate failed: cublas<t>gemm */
	algo_choice_init(&c, 3, ALGO_MARGIN_FP32);
	algo_choice_record(&c, 1, 0, 1);
	algo_choice_record(&c, 2, 0, 1);
	algo_choice_record(&c, 0, 4.0, 0);
	t_check(c.chosen == -1, "one of cublas<t>gemm's two times in: still timing (%d)", c.chosen);
	algo_choice_record(&c, 0, 4.0, 0);
	t_check(c.chosen == 0, "all others failed: cublas<t>gemm (chosen %d)", c.chosen);

	/* candidates beyond ALGO_CANDS are not taken */
	algo_choice_init(&c, ALGO_CANDS + 3, ALGO_MARGIN_FP32);
	t_check(c.ncand == ALGO_CANDS, "at most %d candidates (%d)", ALGO_CANDS, c.ncand);
	return t_summary();
}
