/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Time of the gemm tile kernel per device class and tile size. Sources, best first (plan.c's
 * device_rates):
 *   1. a kernel table in $PARALIA_HOME/kernels-<host>.txt (written by paralia-kernels or by hand,
 *      optionally with watts per device for the energy metrics) whose devices line names this
 *      machine's GPUs: the same table gives the same plans;
 *   2. StarPU's history perf model of paralia's own gemm codelet, where it has been calibrated
 *      for that worker's architecture and tile shape (plan.c's rates_from_history);
 *   3. defaults: the H200 cuBLAS rates measured on the 4xH200 machine, a per-core CPU estimate.
 */
#include "config.h"
#include "perfmodel/perfmodel.h"
#include <paralia.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void pm_rates_default(struct pm_rates *r, enum pm_dev_kind kind)
{
	memset(r, 0, sizeof *r);
	if (kind == PM_GPU) {
		/* cuBLAS on one H200, data resident: tile 512..4096 and the whole 8192^3 product. */
		static const int T[] = { 512, 1024, 2048, 4096, 8192 };
		static const double s[] = { 12.0, 36.5, 48.0, 51.1, 50.6 };
		static const double d[] = { 14.3, 44.7, 53.3, 55.4, 56.8 };
		r->n = 5;
		for (int i = 0; i < r->n; i++) {
			r->T[i] = T[i];
			r->gflops[0][i] = s[i] * 1e3;
			r->gflops[1][i] = d[i] * 1e3;
		}
		r->source = "default (H200 cuBLAS)";
	} else {
		/* One core with AVX2 FMA at ~2.5 GHz runs OpenBLAS dgemm near 30 GFLOP/s on cache-sized
		 * blocks; small tiles lose to packing and call overhead. */
		static const int T[] = { 32, 64, 128, 256, 512 };
		static const double d[] = { 4, 12, 22, 28, 30 };
		r->n = 5;
		for (int i = 0; i < r->n; i++) {
			r->T[i] = T[i];
			r->gflops[1][i] = d[i];
			r->gflops[0][i] = 2 * d[i];
		}
		r->source = "default (CPU estimate)";
	}
}

/* Linear in log2 of the abscissa between (x0, y0) and (x1, y1). */
static double log_interp(double x, double x0, double y0, double x1, double y1)
{
	if (x1 <= x0)
		return y0;
	return y0 + (y1 - y0) * log2(x / x0) / log2(x1 / x0);
}

/* Whether table point i of rates g is a dip: a size from rest slower than both its neighbours. */
static int is_dip(const struct pm_rates *r, const double *g, int i)
{
	return r->from_rest && i > 0 && i + 1 < r->n && g[i] < g[i - 1] && g[i] < g[i + 1];
}

/* The rate at m x n x k's cube root (pm_rate_gflops); across_dips: over the table's dips but the
 * one whose square is the product's output (deep_rate_gflops). */
static double rate_at(const struct pm_rates *r, int dbl, int m, int n, int k, int across_dips)
{
	const double *g = r->gflops[dbl ? 1 : 0];
	double s = cbrt((double)m * n * k);
	if (r->n == 0 || s <= 0)
		return 1.0;
	if (s <= r->T[0]) {
		double f = s / r->T[0];
		return fmax(g[0] * f * f, 1e-3);
	}
	double lo = g[0]; /* the rate read at lo_T, the last point kept */
	int lo_T = r->T[0];
	for (int i = 1; i < r->n; i++) {
		if (across_dips && is_dip(r, g, i) && !(m == r->T[i] && n == r->T[i]))
			continue;
		double hi = r->from_rest ? g[i] : fmax(lo, g[i]);
		if (s <= r->T[i])
			return log_interp(s, lo_T, lo, r->T[i], hi);
		lo = hi, lo_T = r->T[i];
	}
	return lo;
}

/* Between table points the rate is linear in log2 of the size. A table measured from rest (its
 * "rest" line: paralia-kernels rests the GPU before each size, and the power cap is read apart, in
 * the sustain lines) is read as measured: its dips are the kernel's. FP32 on one H200: 3072 tiles
 * ran 7-9% slower than 2048 ones (288 CTAs of 256 x 128 fill 2.2 waves of 132 SMs), measured on
 * GPU-resident 16384^3 (bench/results/gemm-power-2026-11-26d.md). Other sources are made
 * non-decreasing in the size: a table measured back to back (sizes after one another under the cap)
 * read 58.2 / 56.1 / 54.2 TFLOP/s at 2048 / 4096 / 8192 in one calibration and 57.8 / 61.3 / 59.0
 * in the next, while one cuBLAS call ran 57.6 / 62.5 / 64.5; taken as measured, the dip made 2048
 * tiles look faster than the whole GPU-resident problem (bench/results/gemm-probe-2026-11-24). */
double pm_rate_gflops(const struct pm_rates *r, int dbl, int m, int n, int k)
{
	return rate_at(r, dbl, m, n, k, 0);
}

/* A deep product's rate (kd > T: m x n x k at its volume's rate, pm_product_us): as
 * pm_rate_gflops, but across a dip of the table's (a size from rest slower than both its
 * neighbours) unless the product's output is that size's square. Such a dip is the square
 * output's last wave over the SMs (FP32 3072 on one H200: 288 CTAs of 256 x 128 fill 2.2 waves of
 * 132), which a product of another output does not share: FP32 4096 x 1024 x 8192 products (128
 * CTAs, one wave) priced at their volume's cube root (3251, in the dip: 45.8 TFLOP/s) made FP32
 * 4096x4096x32768 from the host in layers of 8192 24.2 ms of compute, 27.9 ms predicted where it
 * ran 25.6 (bench/results/gemm-2026-11-28t.md, call 1). */
static double deep_rate_gflops(const struct pm_rates *r, int dbl, int m, int n, int k)
{
	return rate_at(r, dbl, m, n, k, 1);
}

double pm_tile_us(const struct pm_rates *r, int dbl, int m, int n, int k)
{
	if (m <= 0 || n <= 0 || k <= 0)
		return 0;
	return 2.0 * m * n * k / (pm_rate_gflops(r, dbl, m, n, k) * 1e3);
}

/* Time (us) of one product of an mi x kd tile of op(A) and a kd x nj tile of op(B) at rates r, in
 * tiles of T columns: a tall one (mi > T) as mi / T products of T rows. The kernel table measures
 * square products; read at a tall product's volume (pm_tile_us: the rate at its cube root) the
 * rate of a narrow one was far above what it ran at (one H100, 8192^3 from the host in tiles of
 * 8192 x 512: 256 products of 8192 x 512 x 512 at 49 TFLOP/s, 512's cube at 14; predicted 33.6 ms,
 * measured 48.5-51.0; bench/results/gemm-tall-2026-11-26o.md), while a tall tile of 2048 columns
 * runs no slower than 2048's cube. */
double pm_product_us(const struct pm_rates *r, int dbl, double mi, double nj, double kd, int T)
{
	/* A deep product's k-loop is long (kd > T: over the whole k), and a tall product's short
	 * depth is what its volume overrates: a deep one runs at its volume's rate (one H100, FP64
	 * 8192 x 512 x 8192 products with B and C crossing: the whole call at 46 TFLOP/s, predicted
	 * within 3%; bench/results/gemm-2026-11-27w.md) */
	if (kd > T && mi > 0 && nj > 0)
		return 2.0 * mi * nj * kd / (deep_rate_gflops(r, dbl, (int)mi, (int)nj, (int)kd) * 1e3);
	if (mi <= T)
		return pm_tile_us(r, dbl, (int)mi, (int)nj, (int)kd);
	return mi / T * pm_tile_us(r, dbl, T, (int)nj, (int)kd) / pm_tall_gain(r, dbl, mi, T);
}

/* A tall product's launches and its last wave over the SMs weigh as a square one's do not, and
 * narrow square kernels are slow: R / T square products of T price it no faster than T's cube,
 * where one H200 ran 8192 x 1024 x 1024 at 1.10x 1024^3's rate in FP64 and 1.35x in FP32, and
 * 8192 x 512 x 512 at 1.96x and 2.70x (bench/tall_probe.cu, bench/results/gemm-2026-11-27f.md): the
 * kernel table's "tall" lines measure the gain. */
double pm_tall_gain(const struct pm_rates *r, int dbl, double R, int T)
{
	int d = dbl ? 1 : 0;
	for (int i = 0; i < r->n; i++) {
		if (r->T[i] != T || !(r->tall[d][i] > 0) || r->tall_rows[d][i] <= T || R <= T)
			continue;
		double square = pm_rate_gflops(r, dbl, T, T, T);
		if (!(square > 0))
			return 1;
		double full = r->tall[d][i] / square, at = log2(R / T) / log2((double)r->tall_rows[d][i] / T);
		return at >= 1 ? full : pow(full, at); /* log-linear in R: 1 at T, full at the rows */
	}
	return 1;
}

/* The power cap at tile T (pm_capped_us): how much slower products run once it engaged and once
 * they settled (slow1, slow2; 1: no cap there), and after how long each took over (a1, a2: us from
 * rest). All linear in log2(T) over the table's sizes and clamped beyond them (no envelope: a
 * larger kernel may draw more power); between a capped size and one without a cap the delays
 * are the capped one's. */
struct cap_levels {
	double slow1, a1, slow2, a2;
};

static struct cap_levels cap_levels(const struct pm_rates *r, int d, int T)
{
	struct cap_levels c = { 1, 0, 1, 0 };
	if (r->n == 0)
		return c;
	int i = 0;
	while (i + 1 < r->n && r->T[i + 1] <= T)
		i++;
	int j = i + 1 < r->n && r->T[i] < T ? i + 1 : i;
	double s1[2], s2[2], a1[2], a2[2];
	int at[2] = { i, j }, capped[2];
	for (int e = 0; e < 2; e++) {
		double g = r->gflops[d][at[e]], s = r->sustained[d][at[e]], x = r->engaged[d][at[e]];
		capped[e] = s > 0;
		s2[e] = capped[e] ? fmax(1.0, g / s) : 1.0;
		s1[e] = capped[e] ? fmax(1.0, g / (x > 0 ? x : s)) : 1.0;
		a2[e] = r->after_s[d][at[e]] * 1e6;
		a1[e] = fmin(a2[e], (x > 0 ? r->engaged_s[d][at[e]] : r->after_s[d][at[e]]) * 1e6);
	}
	if (!capped[0] && !capped[1])
		return c;
	for (int e = 0; e < 2; e++) /* a size without a cap takes the other's delays */
		if (!capped[e])
			a1[e] = a1[1 - e], a2[e] = a2[1 - e];
	/* j == i (at or beyond the table's ends): that size's */
	c.slow1 = log_interp(T, r->T[i], s1[0], r->T[j], s1[1]);
	c.slow2 = log_interp(T, r->T[i], s2[0], r->T[j], s2[1]);
	c.a2 = log_interp(T, r->T[i], a2[0], r->T[j], a2[1]);
	c.a1 = fmin(c.a2, log_interp(T, r->T[i], a1[0], r->T[j], a1[1]));
	return c;
}

double pm_capped_us(const struct pm_rates *r, int dbl, int T, double us)
{
	struct cap_levels c = cap_levels(r, dbl ? 1 : 0, T);
	if (!(c.slow1 > 1) && !(c.slow2 > 1))
		return us;
	/* The call before this one computed as long: its products start `us` into a run from rest,
	 * and go at the table's rate up to a1, 1 / slow1 of it up to a2, 1 / slow2 beyond. One H100,
	 * FP64 on resident operands at tile 8192 (one level, 54 TFLOP/s after 0.084 s, 61.7 before):
	 * 8192^3 (18 ms) runs at the table's rate, 12000x30000x7000 (82 ms at it, 91 measured) and
	 * 16384^3 (144, 155 measured) capped throughout (bench/results/gemm-cap-2026-11-26l.md). */
	const double end[3] = { c.a1, c.a2, INFINITY }, rate[3] = { 1, 1 / c.slow1, 1 / c.slow2 };
	double t = us, left = us;
	for (int k = 0; k < 3; k++) {
		if (t >= end[k])
			continue;
		double can = (end[k] - t) * rate[k];
		if (can >= left)
			return t + left / rate[k] - us;
		left -= can;
		t = end[k];
	}
	return us * c.slow2; /* not reached: the last level has no end */
}

void pm_read_rest_run(double flops, const int *n, const double *end, int nch, struct pm_rest_run *out)
{
	/* the windows: the first 40 ms (from rest), 0.15-0.6 s (engaged), from 1 s on (settled).
	 * One H100's FP64 8192 tiles (bench/sustain_probe): 61.5 TFLOP/s, 55.5 from ~0.1 s, a dip to
	 * 44-50 about 0.8 s; back to 51-55 over the next 20 s (bench/results/gemm-cap-2026-11-26l.md) */
	const double fresh_us = 0.04e6, engaged_us = 0.15e6, engaged_end = 0.6e6, settled_us = 1.0e6;
	const double capped = 0.95, same = 0.97;
	*out = (struct pm_rest_run){ 0, 0, 0, 0, 0 };
	double work = 0, first = 0, first_t = 0, mid = 0, mid_t = 0, late = 0, late_t = 0, t = 0;
	double early = 0, early_t = 0; /* the chunks starting before engaged_end */
	double dip = 0, dip_t = 0;     /* those between engaged_end and settled_us */
	for (int c = 0; c < nch; c++) {
		double w = flops * n[c], dt = end[c] - t;
		if (t < fresh_us) /* the chunks starting in the first 40 ms */
			first += w, first_t += dt;
		if (t >= engaged_us && t < engaged_end)
			mid += w, mid_t += dt;
		if (t >= settled_us)
			late += w, late_t += dt;
		else if (t >= engaged_end)
			dip += w, dip_t += dt;
		if (t < engaged_end)
			early += w, early_t = end[c];
		work += w;
		t = end[c];
	}
	if (!(t > 0) || !(first_t > 0))
		return;
	double F = first / first_t; /* flops per us */
	if (!(mid_t + late_t > 0)) { /* a run too short to tell: its rate, no cap */
		out->gflops = work / t / 1e3;
		return;
	}
	double S1 = mid_t > 0 ? mid / mid_t : late / late_t, S2 = late_t > 0 ? late / late_t : S1;
	double S = (mid + late + dip) / (mid_t + late_t + dip_t); /* one level: from 0.15 s on */
	int one = fabs(S2 - S1) <= (1 - same) * S1;
	if ((S2 >= capped * F && S1 >= capped * F) || (one && !(S < capped * F))) {
		out->gflops = work / t / 1e3;
		return;
	}
	out->gflops = F / 1e3;
	if (one) {
		/* one level: the rate over the chunks from 0.15 s on, the dip included; work =
		 * F a + S (t - a), F > S here */
		double a = (work - S * t) / (F - S);
		out->engaged = out->sustained = S / 1e3;
		out->engaged_s = out->after_s = (a < 0 ? 0 : a > t ? t : a) * 1e-6;
		return;
	}
	/* two levels, the settled one above or below the engaged one: over the first 0.6 s, early =
	 * F a1 + S1 (early_t - a1); over the run, work = F a1 + S1 (a2 - a1) + S2 (t - a2). A first
	 * level within 3% of F is F (the cap engaged only later). A cap engaging within 0.15-0.6 s
	 * reads as a first level between F and the capped rate from about 0.15 s. */
	double a1 = 0;
	if (S1 >= same * F)
		S1 = F;
	else
		a1 = fmin(fmax(0.0, (early - S1 * early_t) / (F - S1)), early_t);
	double a2 = fmin(fmax(a1, (work - F * a1 + S1 * a1 - S2 * t) / (S1 - S2)), t);
	out->engaged = S1 / 1e3;
	out->engaged_s = a1 * 1e-6;
	out->sustained = S2 / 1e3;
	out->after_s = a2 * 1e-6;
}

int pm_table_line_is(const char *p, const char *word)
{
	size_t n = strlen(word);
	return !strncmp(p, word, n) && strchr(" \t\r\n", p[n]); /* p[n] may be the string's end */
}

int pm_table_devices(const char *path, char *out, size_t len)
{
	FILE *f = fopen(path, "r");
	if (!f)
		return 0;
	char line[1024];
	int found = 0;
	while (!found && fgets(line, sizeof line, f)) {
		char *p = line + strspn(line, " \t");
		if (!pm_table_line_is(p, "devices"))
			continue;
		p += 7 + strspn(p + 7, " \t");
		p[strcspn(p, "\r\n")] = '\0';
		snprintf(out, len, "%s", p);
		found = 1;
	}
	fclose(f);
	return found;
}

/* Whether a precision that has n lines of a kind (`what`) may have one more, else said in err. */
static int room_for(int n, const char *what, const char *path, int line, char *err, size_t errlen)
{
	if (n < PM_MAX_RATES)
		return 1;
	snprintf(err, errlen, "%s:%d: more than %d %s lines for one precision", path, line, PM_MAX_RATES, what);
	return 0;
}

/* Where tile T sits on the table's grid (its gpu d lines), or -1 with the line that named it
 * (a `what` line) said in err. */
static int grid_index(const struct pm_rates *t, int T, const char *what, const char *path, int line,
                      char *err, size_t errlen)
{
	for (int i = 0; i < t->n; i++)
		if (t->T[i] == T)
			return i;
	snprintf(err, errlen, "%s:%d: %s line for tile %d, which has no gpu d line", path, line, what, T);
	return -1;
}

/* Kernel table: '#' comments, then lines "<cpu|gpu> <s|d> <tile> <GFLOP/s> [watts]", tiles
 * ascending per kind and precision; the GPU's "sustain <s|d> <tile> <GFLOP/s> <seconds> [<GFLOP/s>
 * <seconds>]": the rate it has once its power cap engaged, after about that long from rest, and
 * the rate it settles to, after about that long (one pair: both; pm_capped_us); "rest <seconds>": the
 * GPU rested that long before each size, its rates are read as measured (pm_rate_gflops); "sum
 * <GB/s> [<us>]": the CPU workers adding tiles into C all at once (sum_gbs), and submitting one
 * tile's sums (sum_submit_us); the GPU's "tall <s|d> <tile> <rows> <GFLOP/s>": its rows x tile x
 * tile products from rest (tall, tall_rows; pm_tall_gain). */
int pm_rates_load(struct pm_rates *r, const char *path, const char *kind, char *err, size_t errlen)
{
	FILE *f = fopen(path, "r");
	if (!f)
		return 0;
	struct pm_rates t;
	memset(&t, 0, sizeof t);
	int nT[2] = { 0, 0 }, T[2][PM_MAX_RATES], ns[2] = { 0, 0 }, sT[2][PM_MAX_RATES];
	double g[2][PM_MAX_RATES], sg[2][PM_MAX_RATES], after[2][PM_MAX_RATES];
	double eng[2][PM_MAX_RATES], eng_s[2][PM_MAX_RATES];
	int from_rest = 0, sline[2][PM_MAX_RATES];
	int nt[2] = { 0, 0 }, tT[2][PM_MAX_RATES], tR[2][PM_MAX_RATES], tline[2][PM_MAX_RATES];
	double tg[2][PM_MAX_RATES];
	char line[1024]; /* a devices line names every GPU model */
	int lineno = 0, ret = 0;
	while (fgets(line, sizeof line, f)) {
		lineno++;
		char *p = line + strspn(line, " \t");
		if (*p == '#' || *p == '\n' || *p == '\0')
			continue;
		if (pm_table_line_is(p, "xfer"))
			continue; /* transfer lines: pm_xfer_load */
		if (pm_table_line_is(p, "devices"))
			continue; /* what it was measured on: pm_table_devices */
		char k[16], prec;
		int tile;
		double gf, w = 0;
		if (pm_table_line_is(p, "rest")) {
			double rest;
			if (sscanf(p + 4, " %lf", &rest) != 1 || !(rest >= 0) || rest > 1e4) {
				snprintf(err, errlen, "%s:%d: expected \"rest <seconds>\"", path, lineno);
				ret = -1;
				break;
			}
			from_rest = !strcmp(kind, "gpu");
			continue;
		}
		if (pm_table_line_is(p, "sum")) { /* the CPU workers adding tiles into C at once (step 3) */
			double gbs = 0, us = 0;
			int end1 = -1, end2 = -1;
			/* one or two numbers and nothing after them */
			int got = sscanf(p + 3, " %lf%n %lf%n", &gbs, &end1, &us, &end2);
			int end = got == 2 ? end2 : end1;
			int tail = end >= 0 && p[3 + end + strspn(p + 3 + end, " \t\r\n")] == '\0';
			if (got < 1 || !tail || !(gbs > 0) || gbs >= 1e5 || !(us >= 0) || us >= 1e6) {
				snprintf(err, errlen, "%s:%d: expected \"sum <GB/s> [<us>]\" with a rate in (0, "
				         "1e5) and us in [0, 1e6)", path, lineno);
				ret = -1;
				break;
			}
			if (!strcmp(kind, "cpu"))
				t.sum_gbs = gbs, t.sum_submit_us = us;
			continue;
		}
		if (pm_table_line_is(p, "sustain")) {
			/* one level ("<GFLOP/s> <after>"), or the engaged and the settled one */
			double gf2 = 0, w2 = 0;
			int got = sscanf(p + 7, " %c %d %lf %lf %lf %lf", &prec, &tile, &gf, &w, &gf2, &w2);
			if (got == 4)
				gf2 = gf, w2 = w;
			if ((got != 4 && got != 6) || (prec != 's' && prec != 'd') || tile <= 0 || !(gf > 0) ||
			    !(w >= 0) || w > 1e4 || !(gf2 > 0) || !(w2 >= w) || w2 > 1e4) {
				snprintf(err, errlen, "%s:%d: expected \"sustain <s|d> <tile> <GFLOP/s> <after "
				         "seconds> [<GFLOP/s> <after seconds>]\" with rates above 0 and seconds "
				         "from 0, the second level no earlier than the first", path, lineno);
				ret = -1;
				break;
			}
			int d = prec == 'd';
			if (!room_for(ns[d], "sustain", path, lineno, err, errlen)) {
				ret = -1;
				break;
			}
			sline[d][ns[d]] = lineno;
			sT[d][ns[d]] = tile;
			eng[d][ns[d]] = gf;
			eng_s[d][ns[d]] = w;
			after[d][ns[d]] = w2;
			sg[d][ns[d]++] = gf2;
			continue;
		}
		if (pm_table_line_is(p, "tall")) {
			int rows, end = -1;
			int got = sscanf(p + 4, " %c %d %d %lf%n", &prec, &tile, &rows, &gf, &end);
			if (got != 4 || end < 0 || p[4 + end + strspn(p + 4 + end, " \t\r\n")] != '\0' ||
			    (prec != 's' && prec != 'd') || tile <= 0 || rows <= tile || !(gf > 0) || gf >= 1e7) {
				snprintf(err, errlen, "%s:%d: expected \"tall <s|d> <tile> <rows> <GFLOP/s>\" with rows "
				         "above the tile and a rate in (0, 1e7)", path, lineno);
				ret = -1;
				break;
			}
			int d = prec == 'd';
			if (!room_for(nt[d], "tall", path, lineno, err, errlen)) {
				ret = -1;
				break;
			}
			tline[d][nt[d]] = lineno;
			tT[d][nt[d]] = tile;
			tR[d][nt[d]] = rows;
			tg[d][nt[d]++] = gf;
			continue;
		}
		int got = sscanf(p, "%15s %c %d %lf %lf", k, &prec, &tile, &gf, &w);
		if (got < 4 || (prec != 's' && prec != 'd') || tile <= 0 || !(gf > 0) || w < 0 ||
		    (strcmp(k, "cpu") && strcmp(k, "gpu"))) {
			snprintf(err, errlen, "%s:%d: expected \"<cpu|gpu> <s|d> <tile> <GFLOP/s> [watts]\"",
			         path, lineno);
			ret = -1;
			break;
		}
		if (strcmp(k, kind))
			continue;
		int d = prec == 'd';
		if (nT[d] == PM_MAX_RATES || (nT[d] && T[d][nT[d] - 1] >= tile)) {
			snprintf(err, errlen, "%s:%d: tile sizes must ascend (at most %d per kind and precision)",
			         path, lineno, PM_MAX_RATES);
			ret = -1;
			break;
		}
		T[d][nT[d]] = tile;
		g[d][nT[d]++] = gf;
		if (w > 0)
			t.watts[d] = w;
	}
	fclose(f);
	if (ret < 0 || nT[1] == 0)
		return ret;
	/* Both precisions share one tile grid: single precision defaults to twice double's rate on
	 * CPUs and to double's rate on GPUs when the table has no 's' lines for the kind. */
	t.n = nT[1];
	t.from_rest = from_rest;
	for (int i = 0; i < t.n; i++) {
		t.T[i] = T[1][i];
		t.gflops[1][i] = g[1][i];
		struct pm_rates tmp = { .n = nT[0], .from_rest = from_rest };
		memcpy(tmp.T, T[0], sizeof tmp.T);
		memcpy(tmp.gflops[0], g[0], sizeof tmp.gflops[0]);
		t.gflops[0][i] = nT[0] ? pm_rate_gflops(&tmp, 0, t.T[i], t.T[i], t.T[i])
		                       : g[1][i] * (strcmp(kind, "cpu") ? 1 : 2);
	}
	/* sustained rates on the table's tile grid (the GPU's only): each on a size it has */
	for (int d = 0; d < 2 && !strcmp(kind, "gpu"); d++)
		for (int j = 0; j < ns[d]; j++) {
			int i = grid_index(&t, sT[d][j], "sustain", path, sline[d][j], err, errlen);
			if (i < 0)
				return -1;
			t.engaged[d][i] = eng[d][j];
			t.engaged_s[d][i] = eng_s[d][j];
			t.sustained[d][i] = sg[d][j];
			t.after_s[d][i] = after[d][j];
		}
	/* and the tall products' rates likewise */
	for (int d = 0; d < 2 && !strcmp(kind, "gpu"); d++)
		for (int j = 0; j < nt[d]; j++) {
			int i = grid_index(&t, tT[d][j], "tall", path, tline[d][j], err, errlen);
			if (i < 0)
				return -1;
			t.tall[d][i] = tg[d][j];
			t.tall_rows[d][i] = tR[d][j];
		}
	t.source = "kernel table";
	*r = t;
	return 1;
}

/* Kernel table lines "xfer <s|d> <tile> <pitch bytes> <GB/s in> <GB/s out> <GB/s both>" (written
 * by paralia_calibrate_kernels), or without the pitch in tables written before it was measured. */
int pm_xfer_load(struct pm_xfer *x, const char *path, char *err, size_t errlen)
{
	FILE *f = fopen(path, "r");
	if (!f)
		return 0;
	struct pm_xfer t;
	memset(&t, 0, sizeof t);
	int ret = 0, lineno = 0;
	char line[1024]; /* a devices line names every GPU model */
	while (fgets(line, sizeof line, f)) {
		lineno++;
		char *p = line + strspn(line, " \t");
		if (!pm_table_line_is(p, "xfer"))
			continue;
		char prec;
		int tile;
		double v[4];
		int got = sscanf(p + 4, " %c %d %lf %lf %lf %lf", &prec, &tile, &v[0], &v[1], &v[2], &v[3]);
		if (got == 5) { /* no pitch: 4T elements */
			v[3] = v[2], v[2] = v[1], v[1] = v[0];
			v[0] = 4.0 * tile * (prec == 'd' ? 8 : 4);
		}
		int ok = (got == 5 || got == 6) && (prec == 's' || prec == 'd') && tile > 0 &&
		         tile <= PARALIA_TILE_MAX && v[0] >= (double)tile * (prec == 'd' ? 8 : 4) && v[0] < 1e12;
		for (int k = 1; k < 4; k++)
			ok = ok && v[k] > 0 && v[k] < 1e5;
		if (!ok) {
			snprintf(err, errlen, "%s:%d: expected \"xfer <s|d> <tile> [<pitch bytes>] <GB/s in> "
			         "<GB/s out> <GB/s both>\" with a pitch of at least a tile's column and rates "
			         "in (0, 1e5)", path, lineno);
			ret = -1;
			break;
		}
		int d = prec == 'd', n = t.n[d], i = n;
		if (n == PM_XFER_MAX) {
			snprintf(err, errlen, "%s:%d: more than %d xfer lines for one precision", path, lineno,
			         PM_XFER_MAX);
			ret = -1;
			break;
		}
		/* keep the points sorted by tile, then pitch */
		while (i > 0 && (t.pt[d][i - 1].T > tile || (t.pt[d][i - 1].T == tile && t.pt[d][i - 1].pitch > v[0])))
			i--;
		if (i > 0 && t.pt[d][i - 1].T == tile && t.pt[d][i - 1].pitch == v[0]) {
			snprintf(err, errlen, "%s:%d: a second xfer line for %c tile %d at pitch %.0f", path,
			         lineno, prec, tile, v[0]);
			ret = -1;
			break;
		}
		memmove(&t.pt[d][i + 1], &t.pt[d][i], (size_t)(n - i) * sizeof t.pt[d][0]);
		t.pt[d][i] = (struct pm_xfer_point){ tile, v[0], { v[1], v[2], v[3] } };
		t.n[d]++;
	}
	fclose(f);
	if (ret < 0 || t.n[0] + t.n[1] == 0)
		return ret;
	*x = t;
	return 1;
}

/* The rate at one measured tile size (points pt[0..n) of that size, by pitch), clamped to its
 * measured pitches. */
static double rate_at_tile(const struct pm_xfer_point *pt, int n, double pitch, int dir)
{
	if (pitch <= pt[0].pitch)
		return pt[0].gbs[dir];
	for (int i = 1; i < n; i++)
		if (pitch <= pt[i].pitch)
			return log_interp(pitch, pt[i - 1].pitch, pt[i - 1].gbs[dir], pt[i].pitch, pt[i].gbs[dir]);
	return pt[n - 1].gbs[dir];
}

double pm_xfer_gbs(const struct pm_xfer *x, int dbl, int T, double pitch, int dir)
{
	if (!x || T <= 0 || dir < 0 || dir > 2)
		return 0;
	int d = dbl ? 1 : 0;
	double elem = dbl ? 8 : 4;
	if (pitch <= 0)
		pitch = 4.0 * T * elem;
	if (x->n[d] == 0) { /* the other precision's tiles of the same column bytes */
		if (x->n[!d] == 0)
			return 0;
		int t = d ? (T > INT_MAX / 2 ? INT_MAX : 2 * T) : (T / 2 > 0 ? T / 2 : 1);
		return pm_xfer_gbs(x, !d, t, pitch, dir);
	}
	const struct pm_xfer_point *pt = x->pt[d];
	int n = x->n[d];
	/* Columns longer than this precision's longest measured tile's: the other precision's rate
	 * at the same column bytes where it measured columns that long, not the clamped one. A copy's
	 * rate goes with its columns' bytes, FP32 and FP64 alike (docs/AUTOTUNER.md, step 3), and a
	 * table's FP32 tiles stop at 8192 (32 KB columns) where its FP64 ones reach 64 KB: FP32
	 * columns of 16384 read 46.6 GB/s at a pitch of 128 KB where 64 KB columns cross at 55.4
	 * (one H200's table). */
	const struct pm_xfer_point *other = x->pt[!d];
	int no = x->n[!d];
	double oelem = dbl ? 4 : 8, longest = other[no > 0 ? no - 1 : 0].T * oelem; /* the other's */
	if (T > pt[n - 1].T && no > 0 && longest >= (double)T * elem && longest > pt[n - 1].T * elem)
		return pm_xfer_gbs(x, !d, (int)((double)T * elem / oelem), pitch, dir);
	/* the measured tile sizes around T: the points [plo, plo + nlo) of the largest <= T, those
	 * [phi, phi + nhi) of the smallest >= T (-1 where there is none) */
	int plo = -1, nlo = 0, phi = -1, nhi = 0;
	for (int s = 0, e; s < n; s = e) {
		for (e = s; e < n && pt[e].T == pt[s].T; e++)
			;
		if (pt[s].T <= T)
			plo = s, nlo = e - s;
		if (pt[s].T >= T && phi < 0)
			phi = s, nhi = e - s;
	}
	if (plo < 0) /* smaller than every measured tile: per-copy costs dominate, rate ~ size */
		return rate_at_tile(&pt[phi], nhi, pitch, dir) * T / pt[phi].T;
	if (phi < 0 || pt[phi].T == pt[plo].T)
		return rate_at_tile(&pt[plo], nlo, pitch, dir);
	return log_interp(T, pt[plo].T, rate_at_tile(&pt[plo], nlo, pitch, dir), pt[phi].T,
	                  rate_at_tile(&pt[phi], nhi, pitch, dir));
}
