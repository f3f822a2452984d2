/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * What timed copies say about a link (pure: calibrate.c times the copies). A copy's time can
 * only grow with what else the machine does: another process's copies, interrupts, a page
 * fault, a clock still ramping. So a link's capacity is read from its quiet copies:
 *   - within a round, the median of the samples: one slow copy does not move it;
 *   - over rounds spread in time, the fastest round: a slow period does not move it.
 * The mean of one short run let one busy half second through: one H200 read 52.0 GB/s to the
 * GPU and 84.8 both ways, where five other calibrations of the same machine read 55.0-55.3 and
 * 96.1-99.5, and the autotuner's pick flipped on it (bench/results/gemm-h200-2026-11-26p.md).
 */
#include "linkmap/linkmap.h"
#include <stdlib.h>

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

double lm_median(double *v, int n)
{
	if (n <= 0)
		return 0;
	qsort(v, (size_t)n, sizeof(*v), cmp_double);
	return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

void lm_round_add(struct lm_rounds *r, double median_us)
{
	if (!(median_us > 0))
		return;
	if (r->n == 0 || median_us < r->best_us)
		r->best_us = median_us;
	if (r->n == 0 || median_us > r->worst_us)
		r->worst_us = median_us;
	r->n++;
}

/* Weighted least squares t = a + b * bytes, weights 1/t^2 so that the small sizes (which carry
 * the latency) count as much as the large ones. */
void lm_fit_link(const size_t *bytes, const double *t_us, int n, double *lat_us, double *bw_gbs)
{
	double sw = 0, sx = 0, sy = 0, sxx = 0, sxy = 0;
	for (int i = 0; i < n; i++) {
		double w = 1 / (t_us[i] * t_us[i]), x = (double)bytes[i];
		sw += w, sx += w * x, sy += w * t_us[i], sxx += w * x * x, sxy += w * x * t_us[i];
	}
	double det = sw * sxx - sx * sx;
	double b = det > 0 ? (sw * sxy - sx * sy) / det : 0;
	double a = det > 0 ? (sy - b * sx) / sw : 0;
	if (!(b > 0)) /* noise swamped the slope: bandwidth of the largest copy */
		b = t_us[n - 1] / (double)bytes[n - 1], a = 0;
	*lat_us = a > 0 ? a : 0;
	*bw_gbs = 1 / (b * 1e3); /* b in us per byte; GB/s = 1e3 bytes per us */
}
