/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Link arithmetic: transfer times, bandwidth under sharing, routes. Pure functions of the
 * database and plain numbers, so the policy and the autotuner can be tested on synthetic
 * machines (STYLE: decision arithmetic without StarPU).
 */
#include "linkmap/linkmap.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

static int valid_pair(const struct lm_db *db, int s, int d)
{
	return s >= 0 && d >= 0 && s < db->nnodes && d < db->nnodes;
}

static double time_at(const struct lm_db *db, int s, int d, size_t bytes, double bw)
{
	if (bw <= 0)
		return LM_NEVER_US;
	/* GB/s = 1e9 bytes/s = 1e3 bytes/us */
	return db->link[s][d].latency_us + (double)bytes / (bw * 1e3);
}

double lm_link_time_us(const struct lm_db *db, int src, int dst, size_t bytes)
{
	if (!valid_pair(db, src, dst))
		return LM_NEVER_US;
	if (src == dst)
		return 0;
	return time_at(db, src, dst, bytes, db->link[src][dst].bw_gbs);
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

/* Max-min fair level of a resource of `total` shared by links wanting caps[0..n): links below
 * the level get their cap, the rest get the level. A PCIe root port or a switch behaves like
 * this: a slow reader does not hold back the others. */
static double fair_level(double total, double *caps, int n)
{
	qsort(caps, n, sizeof(double), cmp_double);
	for (int i = 0; i < n; i++) {
		double level = total / (n - i);
		if (caps[i] > level)
			return level;
		total -= caps[i];
	}
	return caps[n - 1] > 0 ? caps[n - 1] : 0; /* everybody gets its cap */
}

static int group_has(const struct lm_group *g, int s, int d)
{
	for (int i = 0; i < g->nlinks; i++)
		if (g->src[i] == s && g->dst[i] == d)
			return 1;
	return 0;
}

double lm_shared_bw(const struct lm_db *db, int src, int dst, const int (*active)[2], int nactive)
{
	if (!valid_pair(db, src, dst) || src == dst)
		return 0;
	double bw = db->link[src][dst].bw_gbs;
	if (bw <= 0 || db->ngroups == 0)
		return bw;
	unsigned char on[LM_MAX_NODES][LM_MAX_NODES];
	memset(on, 0, sizeof(on));
	for (int i = 0; active && i < nactive; i++)
		if (valid_pair(db, active[i][0], active[i][1]))
			on[active[i][0]][active[i][1]] = 1;
	on[src][dst] = 1;
	for (int k = 0; k < db->ngroups; k++) {
		const struct lm_group *g = &db->group[k];
		if (!group_has(g, src, dst))
			continue;
		double caps[LM_MAX_GROUP_LINKS];
		int n = 0;
		for (int i = 0; i < g->nlinks; i++)
			if (on[g->src[i]][g->dst[i]])
				caps[n++] = db->link[g->src[i]][g->dst[i]].bw_gbs;
		double level = fair_level(g->total_gbs, caps, n);
		if (level < bw)
			bw = level;
	}
	return bw;
}

/* When the first of n transfers (bytes[i] over links of bandwidth caps[i]) that start together on
 * one group of `total` ends: at each stage the links still moving share the group max-min fairly
 * (fair_level), up to the next one's end, which leaves; at most n stages, whatever the bytes
 * (a step too small for the floating point still ends its transfer). n <= LM_MAX_GROUP_LINKS. */
static double group_end_us(double total, const double *caps, const double *bytes, int n)
{
	double left[LM_MAX_GROUP_LINKS], rate[LM_MAX_GROUP_LINKS], sorted[LM_MAX_GROUP_LINKS];
	int moving[LM_MAX_GROUP_LINKS], nm = 0;
	for (int i = 0; i < n; i++)
		if (bytes[i] > 0 && caps[i] > 0)
			left[nm] = bytes[i], moving[nm++] = i;
	double t = 0;
	while (nm > 0) {
		for (int j = 0; j < nm; j++)
			sorted[j] = caps[moving[j]];
		double level = fair_level(total, sorted, nm), step = HUGE_VAL;
		int first = 0;
		for (int j = 0; j < nm; j++) {
			rate[j] = fmin(caps[moving[j]], level) * 1e3; /* bytes per us */
			if (left[j] / rate[j] < step)
				step = left[j] / rate[j], first = j;
		}
		if (!(step < HUGE_VAL)) /* no rate left: the group's total is 0 */
			return HUGE_VAL;
		t += step;
		if (moving[first] == 0)
			return t;
		int kept = 0;
		for (int j = 0; j < nm; j++) {
			left[j] -= rate[j] * step;
			if (j != first && left[j] > bytes[moving[j]] * 1e-12)
				left[kept] = left[j], moving[kept++] = moving[j];
			else if (moving[j] == 0)
				return t; /* this transfer ended with the first */
		}
		nm = kept;
	}
	return t;
}

double lm_shared_bw_volumes(const struct lm_db *db, int src, int dst, double bytes,
                            const int (*active)[2], const double *active_bytes, int nactive)
{
	return lm_shared_bw_volumes_scaled(db, src, dst, bytes, active, active_bytes, nactive, 1.0);
}

double lm_shared_bw_volumes_scaled(const struct lm_db *db, int src, int dst, double bytes,
                                   const int (*active)[2], const double *active_bytes, int nactive,
                                   double scale)
{
	if (!(scale > 0 && scale < 1))
		scale = 1;
	if (!(bytes > 0))
		return lm_shared_bw(db, src, dst, active, nactive);
	if (!valid_pair(db, src, dst) || src == dst)
		return 0;
	double bw = db->link[src][dst].bw_gbs;
	if (bw <= 0)
		return bw;
	for (int k = 0; k < db->ngroups; k++) {
		const struct lm_group *g = &db->group[k];
		if (!group_has(g, src, dst))
			continue;
		/* this transfer first, then every other active link of the group with its bytes */
		double caps[LM_MAX_GROUP_LINKS], vol[LM_MAX_GROUP_LINKS];
		int n = 1;
		caps[0] = bw, vol[0] = bytes;
		for (int i = 0; i < g->nlinks; i++) {
			int s = g->src[i], d = g->dst[i];
			if ((s == src && d == dst) || !valid_pair(db, s, d))
				continue;
			double v = 0;
			for (int a = 0; active && a < nactive; a++)
				if (active[a][0] == s && active[a][1] == d && active_bytes[a] > 0)
					v += active_bytes[a];
			if (v > 0 && db->link[s][d].bw_gbs > 0)
				caps[n] = db->link[s][d].bw_gbs, vol[n++] = v;
		}
		double level = bytes / (group_end_us(g->total_gbs * scale, caps, vol, n) * 1e3);
		if (level < bw)
			bw = level;
	}
	return bw;
}

/* fair_level of caps[0..n) (sorted ascending) plus one more link of cap `extra` (< 0: none),
 * without sorting again: the policy refreshes every grouped link whenever the busy set changes. */
static double fair_level_plus(double total, const double *caps, int n, double extra)
{
	double merged[LM_MAX_GROUP_LINKS + 1];
	int m = 0, i = 0, placed = extra < 0;
	while (i < n || !placed) {
		if (!placed && (i == n || extra <= caps[i]))
			merged[m++] = extra, placed = 1;
		else
			merged[m++] = caps[i++];
	}
	for (i = 0; i < m; i++) {
		double level = total / (m - i);
		if (merged[i] > level)
			return level;
		total -= merged[i];
	}
	return m > 0 && merged[m - 1] > 0 ? merged[m - 1] : 0;
}

/* Sorted ascending by insertion: a group has a few links, and qsort's call per comparison
 * cost more than the sort (any correct sort gives the same array). */
static void sort_caps(double *caps, int n)
{
	for (int i = 1; i < n; i++) {
		double x = caps[i];
		int j = i;
		for (; j > 0 && caps[j - 1] > x; j--)
			caps[j] = caps[j - 1];
		caps[j] = x;
	}
}

void lm_group_levels(const struct lm_db *db, int g, const unsigned char on[LM_MAX_NODES][LM_MAX_NODES],
                     double *level)
{
	const struct lm_group *gr = &db->group[g];
	double caps[LM_MAX_GROUP_LINKS], own[LM_MAX_GROUP_LINKS];
	unsigned char busy[LM_MAX_GROUP_LINKS];
	int n = 0;
	for (int i = 0; i < gr->nlinks; i++) {
		int s = gr->src[i], d = gr->dst[i], valid = valid_pair(db, s, d);
		busy[i] = valid && on[s][d];
		own[i] = valid && s != d ? db->link[s][d].bw_gbs : 0;
		if (busy[i])
			caps[n++] = db->link[s][d].bw_gbs;
	}
	sort_caps(caps, n);
	/* Busy links share among themselves; an idle one is priced as if it joined them. */
	double busy_level = n > 0 ? fair_level_plus(gr->total_gbs, caps, n, -1) : 0;
	/* Idle links of one bandwidth get one level (a switch's links often all have the same). */
	double last_cap = -1, last_level = 0;
	for (int i = 0; i < gr->nlinks; i++) {
		if (!(own[i] > 0))
			level[i] = HUGE_VAL;
		else if (busy[i])
			level[i] = busy_level;
		else {
			if (own[i] != last_cap)
				last_cap = own[i], last_level = fair_level_plus(gr->total_gbs, caps, n, own[i]);
			level[i] = last_level;
		}
	}
}

void lm_shared_bw_all(const struct lm_db *db, const int (*active)[2], int nactive,
                      double bw[LM_MAX_NODES][LM_MAX_NODES])
{
	unsigned char on[LM_MAX_NODES][LM_MAX_NODES];
	memset(on, 0, sizeof(on));
	for (int i = 0; active && i < nactive; i++)
		if (valid_pair(db, active[i][0], active[i][1]))
			on[active[i][0]][active[i][1]] = 1;
	for (int s = 0; s < db->nnodes; s++)
		for (int d = 0; d < db->nnodes; d++)
			bw[s][d] = s == d ? 0 : db->link[s][d].bw_gbs;
	/* Levels are positive, so a link without bandwidth keeps 0 and the others their minimum. */
	for (int k = 0; k < db->ngroups; k++) {
		double level[LM_MAX_GROUP_LINKS];
		lm_group_levels(db, k, (const unsigned char (*)[LM_MAX_NODES])on, level);
		for (int i = 0; i < db->group[k].nlinks; i++) {
			int s = db->group[k].src[i], d = db->group[k].dst[i];
			if (level[i] < HUGE_VAL && level[i] < bw[s][d])
				bw[s][d] = level[i];
		}
	}
}

double lm_shared_time_us(const struct lm_db *db, int src, int dst, size_t bytes,
                         const int (*active)[2], int nactive)
{
	if (!valid_pair(db, src, dst))
		return LM_NEVER_US;
	if (src == dst)
		return 0;
	return time_at(db, src, dst, bytes, lm_shared_bw(db, src, dst, active, nactive));
}

struct route_ctx {
	const struct lm_db *db;
	size_t bytes;
	const double (*free_us)[LM_MAX_NODES];
	const int (*active)[2];
	int nactive;
	double hop_us[LM_MAX_NODES][LM_MAX_NODES]; /* time of each hop, computed once */
	unsigned char have[LM_MAX_NODES][LM_MAX_NODES];
};

/* Hop times are computed on first use: a direct or one-hop query touches few links, and the
 * policy asks this for every candidate of every task. */
static double hop_time(struct route_ctx *c, int a, int b)
{
	if (!c->have[a][b]) {
		c->have[a][b] = 1;
		c->hop_us[a][b] = lm_shared_time_us(c->db, a, b, c->bytes, c->active, c->nactive);
	}
	return c->hop_us[a][b];
}

/* Store and forward: a hop starts when the tile has fully arrived at its source and the link is
 * free, as a tile copy in StarPU does (no pipelining of one tile across hops). */
static double walk(struct route_ctx *c, const int *path, int n, double now)
{
	double t = now;
	for (int i = 0; i + 1 < n; i++) {
		int a = path[i], b = path[i + 1];
		double hop = hop_time(c, a, b);
		if (hop >= LM_NEVER_US)
			return LM_NEVER_US;
		if (c->free_us && c->free_us[a][b] > t)
			t = c->free_us[a][b];
		t += hop;
	}
	return t;
}

int lm_best_route_shared(const struct lm_db *db, int src, int dst, size_t bytes, int max_hops,
                         const double (*link_free_us)[LM_MAX_NODES], double now_us,
                         const int (*active)[2], int nactive, int path[4], double *arrival_us)
{
	*arrival_us = LM_NEVER_US;
	if (!valid_pair(db, src, dst) || max_hops < 0 || max_hops > 2)
		return -1;
	if (src == dst) {
		path[0] = src;
		*arrival_us = now_us;
		return 1;
	}
	struct route_ctx c; /* 2.3 KiB on the stack: no allocation on the policy's hot path */
	c.db = db;
	c.bytes = bytes;
	c.free_us = link_free_us;
	c.active = active;
	c.nactive = nactive;
	memset(c.have, 0, sizeof(c.have));
	int best_n = -1, p[4] = { src, dst };
	double best = LM_NEVER_US;
	/* Fewer hops first and strict '<': a tie keeps the shorter route. */
	double t = walk(&c, p, 2, now_us);
	if (t < best) {
		best = t, best_n = 2;
		memcpy(path, p, 2 * sizeof(int));
	}
	for (int k = 0; max_hops >= 1 && k < db->nnodes; k++) {
		if (k == src || k == dst)
			continue;
		int q[3] = { src, k, dst };
		if ((t = walk(&c, q, 3, now_us)) < best) {
			best = t, best_n = 3;
			memcpy(path, q, sizeof(q));
		}
	}
	for (int k = 0; max_hops >= 2 && k < db->nnodes; k++)
		for (int l = 0; l < db->nnodes; l++) {
			if (k == src || k == dst || l == src || l == dst || l == k)
				continue;
			int q[4] = { src, k, l, dst };
			if ((t = walk(&c, q, 4, now_us)) < best) {
				best = t, best_n = 4;
				memcpy(path, q, sizeof(q));
			}
		}
	if (best_n < 0)
		return -1;
	*arrival_us = best;
	return best_n;
}

int lm_best_route(const struct lm_db *db, int src, int dst, size_t bytes, int max_hops,
                  const double (*link_free_us)[LM_MAX_NODES], double now_us, int path[4],
                  double *arrival_us)
{
	return lm_best_route_shared(db, src, dst, bytes, max_hops, link_free_us, now_us, NULL, 0,
	                            path, arrival_us);
}
