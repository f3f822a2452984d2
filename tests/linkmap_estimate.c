/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Estimating a link from timed copies (src/linkmap/estimate.c), on copies timed as a calibration
 * times them: a link of 55 GB/s and 5 us at calibrate.c's four sizes, samples with a few percent
 * of jitter and a rare slow copy, and one round of three taken while the machine was busy (every
 * copy 6-20% slower: the H200 calibration that read 52.0 GB/s where five others read 55.0-55.3).
 * The link must read within 1% of its bandwidth wherever the busy round falls; the mean of the
 * busy round, the estimate before, must be more than 3% off, or this test would not tell them
 * apart.
 */
#include "linkmap/linkmap.h"
#include "tests/testing.h"
#include <math.h>
#include <stdio.h>

#define NSIZES 4
#define ROUNDS 3
#define SAMPLES 12
static const size_t sizes[NSIZES] = { (size_t)64 << 10, (size_t)1 << 20, (size_t)8 << 20,
	                              (size_t)64 << 20 };
static const double LAT = 5, BW = 55; /* us, GB/s */

static unsigned long long seed = 0x2545F4914F6CDD1Dull;
static double uniform(void) /* [0, 1) */
{
	seed = seed * 6364136223846793005ull + 1442695040888963407ull;
	return (double)(seed >> 11) / 9007199254740992.0;
}

/* One copy's time: the link's within +-2% of jitter, one copy in twelve 2-3x as long (an
 * interrupt, a page fault), all of it `busy` times slower in a busy round. */
static double copy_us(size_t bytes, double busy)
{
	double t = LAT + (double)bytes / (BW * 1e3);
	t *= 1 + 0.04 * (uniform() - 0.5);
	if (uniform() < 1.0 / 12)
		t *= 2 + uniform();
	return t * busy;
}

static void check_median(void)
{
	double odd[] = { 3, 1, 2 }, even[] = { 4, 1, 3, 2 }, one[] = { 7 };
	t_check(lm_median(odd, 3) == 2, "median of 3 1 2: %g", lm_median(odd, 3));
	t_check(lm_median(even, 4) == 2.5, "median of 4 1 3 2: %g", lm_median(even, 4));
	t_check(lm_median(one, 1) == 7, "median of one sample");
	t_check(lm_median(one, 0) == 0, "median of no sample");
}

static void check_fit(void)
{
	double t[NSIZES], lat, bw;
	for (int i = 0; i < NSIZES; i++)
		t[i] = LAT + (double)sizes[i] / (BW * 1e3);
	lm_fit_link(sizes, t, NSIZES, &lat, &bw);
	t_check(fabs(lat - LAT) < 1e-6 && fabs(bw - BW) < 1e-6, "exact line: %g us, %g GB/s", lat, bw);
	double flat[NSIZES] = { 10, 10, 10, 10 }; /* no slope: the largest copy's rate, no latency */
	lm_fit_link(sizes, flat, NSIZES, &lat, &bw);
	t_check(lat == 0 && fabs(bw - (double)sizes[NSIZES - 1] / 10e3) < 1e-9, "flat: %g us, %g GB/s",
	        lat, bw);
	struct lm_rounds r = { 0 };
	lm_round_add(&r, 0); /* a non-positive time is no round */
	lm_round_add(&r, NAN);
	t_check(r.n == 0, "no round from a time of 0 or NaN: %d", r.n);
}

/* A calibration whose round `busy_round` ran `busy` times slower. bw_rounds: the estimator's
 * bandwidth; bw_mean: the mean of the samples of round `mean_round` alone (the estimate before). */
static void calibrate(int busy_round, double busy, int mean_round, double *bw_rounds, double *bw_mean)
{
	struct lm_rounds rounds[NSIZES] = { { 0 } };
	double mean[NSIZES], best[NSIZES], lat;
	for (int r = 0; r < ROUNDS; r++)
		for (int i = 0; i < NSIZES; i++) {
			double v[SAMPLES], sum = 0;
			for (int k = 0; k < SAMPLES; k++)
				sum += v[k] = copy_us(sizes[i], r == busy_round ? busy : 1);
			if (r == mean_round)
				mean[i] = sum / SAMPLES;
			lm_round_add(&rounds[i], lm_median(v, SAMPLES));
		}
	for (int i = 0; i < NSIZES; i++)
		best[i] = rounds[i].best_us;
	lm_fit_link(sizes, best, NSIZES, &lat, bw_rounds);
	lm_fit_link(sizes, mean, NSIZES, &lat, bw_mean);
}

static void check_busy_rounds(void)
{
	for (int busy_round = -1; busy_round < ROUNDS; busy_round++)
		for (double busy = 1.06; busy < 1.21; busy += 0.07) {
			double bw, bw_mean;
			calibrate(busy_round, busy, busy_round < 0 ? 0 : busy_round, &bw, &bw_mean);
			t_check(fabs(bw / BW - 1) <= 0.01,
			        "busy round %d (x%.2f): %.2f GB/s, the link's is %.0f", busy_round, busy, bw, BW);
			/* else the test would not tell the two apart */
			if (busy_round >= 0)
				t_check(fabs(bw_mean / BW - 1) > fmax(0.03, 2 * fabs(bw / BW - 1)),
				        "busy round %d (x%.2f): its mean, the estimate before, reads %.2f GB/s "
				        "(should be more than 3%% off)", busy_round, busy, bw_mean);
		}
}

int main(void)
{
	t_set_name("linkmap_estimate");
	check_median();
	check_fit();
	check_busy_rounds();
	return t_summary();
}
