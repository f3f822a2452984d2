/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The autotuner's tile schedule in closed form. List scheduling hands C tile chains out one by
 * one, each to the device that would finish it first; done tile by tile that costs
 * O(tiles x devices), 16 s for one plan at m = n = 2e6 and ~1e15 steps at INT_MAX. Within one class
 * of equal chains, the time device i would finish its (j+1)-th chain,
 *     f_i(j) = max((work_i + (j+1) cost_i) / lanes_i, max(longest_i, cost_i)),
 * never decreases with j, so handing out one at a time takes the `tiles` smallest values of all
 * the f_i(j) in the order (value, device, j): the greedy's own order, ties to the lower device.
 * Counting the values up to a time v takes O(devices): per device a division, checked against
 * f itself. A time v reached by exactly `tiles` values is searched for from the fluid limit (all
 * devices busy until the same time), which lies within a few chains of it, then by bisection;
 * when ties make no such v exist, the values equal to the tie go to the devices in index order,
 * as the greedy's ties do. A handful of counts per class whatever the number of tiles (five on
 * average in bench/plan_query's 16-device case).
 */
#include "config.h"
#include "perfmodel/perfmodel.h"
#include <math.h>
#include <string.h>

/* When device l would finish the (j+1)-th chain of the class. */
static double finish_of(const struct pm_lane *l, double cost, double lanes, int64_t j)
{
	return fmax((l->work + (double)(j + 1) * cost) / lanes, fmax(l->longest, cost));
}

/* Whether device l's (j+1)-th chain exists among the first cap and would finish by time v. */
static int by(const struct pm_lane *l, double cost, double lanes, double v, int64_t cap, int64_t j)
{
	return j < cap && finish_of(l, cost, lanes, j) <= v;
}

/* How many of device l's next chains (at most cap) would finish by time v: the first j where
 * by() fails, searched outwards from the estimate (v lanes - work) / cost, which rounding may
 * leave a few off, then bisected: exact, and O(1) steps in practice. */
static int64_t count_by(const struct pm_lane *l, double cost, double lanes, double v, int64_t cap)
{
	if (!(fmax(l->longest, cost) <= v))
		return 0;
	if (cost == 0) /* chains that take no time (k = 0): every one finishes as soon as any */
		return l->work / lanes <= v ? cap : 0;
	double x = floor((v * lanes - l->work) / cost);
	int64_t g = !(x > 0) ? 0 : x >= (double)cap ? cap : (int64_t)x;
	int64_t lo, hi; /* the answer lies in [lo, hi] */
	if (!by(l, cost, lanes, v, cap, g)) {
		lo = 0;
		hi = g;
		for (int64_t step = 1; step <= g; step *= 2) {
			if (by(l, cost, lanes, v, cap, g - step)) {
				lo = g - step + 1;
				break;
			}
			hi = g - step;
		}
	} else {
		lo = g + 1;
		hi = cap;
		for (int64_t step = 1; g + step < cap; step *= 2) {
			if (!by(l, cost, lanes, v, cap, g + step)) {
				hi = g + step;
				break;
			}
			lo = g + step + 1;
		}
	}
	while (lo < hi) {
		int64_t mid = lo + (hi - lo) / 2;
		if (by(l, cost, lanes, v, cap, mid))
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* A chain time the schedule can use: finite, not negative. */
static int usable(double cost) { return isfinite(cost) && cost >= 0; }

/* One class being scheduled: its inputs, and a bracket (lo, hi] of finish times such that fewer
 * than `tiles` chains finish by lo and at least `tiles` by hi, with the per-device counts. */
struct bracket {
	int ns;
	const double *cost, *lanes;
	const struct pm_lane *lane;
	int64_t tiles;
	double lo, hi;
	int64_t at_lo[PM_MAX_DEVS], at_hi[PM_MAX_DEVS];
};

/* Counts the chains finishing by v on each device (at[]); returns their sum, capped past tiles. */
static int64_t count_all(const struct bracket *b, double v, int64_t *at)
{
	int64_t sum = 0;
	for (int i = 0; i < b->ns; i++) {
		at[i] = usable(b->cost[i]) ? count_by(&b->lane[i], b->cost[i], b->lanes[i], v, b->tiles) : 0;
		sum += at[i];
		if (sum > b->tiles)
			sum = b->tiles + 1; /* enough: only the comparison with tiles matters */
	}
	return sum;
}

/* Narrows the bracket with time v: returns 1 when exactly `tiles` chains finish by v (their
 * counts in at[]), else 0. */
static int probe(struct bracket *b, double v, int64_t *at)
{
	if (!(v > b->lo && v < b->hi))
		return 0;
	int64_t got = count_all(b, v, at);
	if (got == b->tiles)
		return 1;
	if (got < b->tiles) {
		b->lo = v;
		memcpy(b->at_lo, at, sizeof(int64_t) * (size_t)b->ns);
	} else {
		b->hi = v;
		memcpy(b->at_hi, at, sizeof(int64_t) * (size_t)b->ns);
	}
	return 0;
}

/* The fluid limit (every device busy until the same time v: sum of (v lanes - work) / cost =
 * tiles) lies within a few chains of the answer: probe it, then widen by one chain's time per
 * lane, doubling, until the bracket closes around it. */
static int probe_fluid_limit(struct bracket *b, int64_t *at)
{
	double rate = 0, backlog = 0, step = 0;
	for (int i = 0; i < b->ns; i++)
		if (usable(b->cost[i]) && b->cost[i] > 0) {
			rate += b->lanes[i] / b->cost[i];
			backlog += b->lane[i].work / b->cost[i];
			step = fmax(step, b->cost[i] / b->lanes[i]);
		}
	if (!(rate > 0 && step > 0))
		return 0;
	double v = ((double)b->tiles + backlog) / rate;
	if (probe(b, v, at))
		return 1;
	if (b->lo != v && b->hi != v) /* outside the bracket: the bisection takes over */
		return 0;
	int below = b->lo == v; /* too few chains by v: look later, else earlier */
	for (double d = step;; d *= 2) {
		double w = below ? v + d : v - d;
		if (probe(b, w, at))
			return 1;
		if (!(below ? b->lo == w : b->hi == w)) /* closed, or w was outside the bracket */
			return 0;
	}
}

/* Whether every chain finishing in (lo, hi] finishes at one same time: then they are all ties. */
static int one_value_left(const struct bracket *b)
{
	double x = NAN;
	for (int i = 0; i < b->ns; i++) {
		if (b->at_hi[i] == b->at_lo[i])
			continue;
		double first = finish_of(&b->lane[i], b->cost[i], b->lanes[i], b->at_lo[i]);
		double last = finish_of(&b->lane[i], b->cost[i], b->lanes[i], b->at_hi[i] - 1);
		if (first != last || (x == x && first != x))
			return 0;
		x = first;
	}
	return 1;
}

/* Hands n more chains of the class to device l. */
static void give(struct pm_lane *l, double cost, double lanes, int64_t n)
{
	if (n <= 0)
		return;
	l->finish = finish_of(l, cost, lanes, n - 1);
	l->work += (double)n * cost;
	l->longest = fmax(l->longest, cost);
	l->tiles += n;
}

void pm_schedule_class(int ns, const double *cost, const double *lanes, int64_t tiles,
                       struct pm_lane *lane)
{
	if (ns <= 0 || tiles <= 0)
		return;
	struct bracket b = { ns, cost, lanes, lane, tiles, 0, INFINITY, { 0 }, { 0 } };
	int64_t at[PM_MAX_DEVS];
	/* hi: a time by which one device alone finishes them all */
	for (int i = 0; i < ns; i++)
		if (usable(cost[i]))
			b.hi = fmin(b.hi, finish_of(&lane[i], cost[i], lanes[i], tiles - 1));
	if (!isfinite(b.hi)) { /* no device can run them: the greedy gives every tie to the first */
		lane[0].tiles += tiles;
		lane[0].finish = INFINITY;
		return;
	}
	count_all(&b, b.hi, b.at_hi);
	if (count_all(&b, 0.0, at) >= tiles) { /* all finish at 0 (k = 0): ties at hi = 0 */
		b.hi = 0;
		memcpy(b.at_hi, at, sizeof(int64_t) * (size_t)ns);
	}
	int exact = probe_fluid_limit(&b, at);
	/* bisection until one finish time is left in (lo, hi] (or lo and hi are adjacent doubles) */
	while (!exact && !one_value_left(&b)) {
		double mid = b.lo + (b.hi - b.lo) / 2;
		if (!(mid > b.lo && mid < b.hi))
			break;
		exact = probe(&b, mid, at);
	}
	if (exact) {
		for (int i = 0; i < ns; i++)
			give(&lane[i], cost[i], lanes[i], at[i]);
		return;
	}
	/* Everything up to lo, then the ties in (lo, hi] in device order, as the greedy takes them. */
	int64_t left = tiles;
	for (int i = 0; i < ns; i++)
		left -= b.at_lo[i];
	for (int i = 0; i < ns; i++) {
		int64_t tie = b.at_hi[i] - b.at_lo[i];
		int64_t n = b.at_lo[i] + (tie < left ? tie : left);
		left -= n - b.at_lo[i];
		give(&lane[i], cost[i], lanes[i], n);
	}
}
