/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Building and validating a link database. Everything that fills a struct lm_db (the file
 * reader, calibration, the StarPU fallback, synthetic test topologies) goes through these
 * setters, so one place decides what a valid database is.
 */
#include "linkmap/linkmap.h"
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void lm_init(struct lm_db *db, int nnodes)
{
	memset(db, 0, sizeof(*db));
	if (nnodes < 0)
		nnodes = 0;
	if (nnodes > LM_MAX_NODES)
		nnodes = LM_MAX_NODES;
	db->nnodes = nnodes;
	for (int i = 0; i < nnodes; i++)
		snprintf(db->node[i].ident, sizeof(db->node[i].ident), "node%d", i);
}

static int in_range(const struct lm_db *db, int i)
{
	return i >= 0 && i < db->nnodes;
}

int lm_set_node(struct lm_db *db, int i, enum lm_node_kind kind, int devid, const char *ident)
{
	if (!in_range(db, i) || (kind != LM_HOST && kind != LM_GPU) || devid < 0 || devid > LM_MAX_DEVID)
		return -1;
	db->node[i].kind = kind;
	db->node[i].devid = devid;
	snprintf(db->node[i].ident, sizeof(db->node[i].ident), "%s", ident ? ident : "");
	return 0;
}

/* Not-a-number fails every comparison below, infinities the upper bounds. */
static int good_latency(double x) { return x >= 0 && x <= LM_MAX_LATENCY_US; }
static int good_gbs(double x) { return x >= LM_MIN_GBS && x <= LM_MAX_GBS; }
static int good_bw(double x) { return x == 0 || good_gbs(x); }

int lm_valid_group_name(const char *name)
{
	size_t n = name ? strlen(name) : 0;
	return n > 0 && n < sizeof(((struct lm_group *)0)->name) &&
	       strspn(name, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-") == n;
}

int lm_set_link(struct lm_db *db, int src, int dst, double lat_us, double bw_gbs)
{
	if (!in_range(db, src) || !in_range(db, dst) || src == dst || !good_latency(lat_us) ||
	    !good_bw(bw_gbs))
		return -1;
	db->link[src][dst].latency_us = lat_us;
	db->link[src][dst].bw_gbs = bw_gbs;
	return 0;
}

int lm_add_group(struct lm_db *db, const char *name, double total_gbs, int n, const int *src,
                 const int *dst)
{
	if (db->ngroups >= LM_MAX_GROUPS || n < 1 || n > LM_MAX_GROUP_LINKS ||
	    !lm_valid_group_name(name) || !good_gbs(total_gbs))
		return -1;
	for (int i = 0; i < n; i++)
		if (!in_range(db, src[i]) || !in_range(db, dst[i]) || src[i] == dst[i])
			return -1;
	struct lm_group *g = &db->group[db->ngroups];
	memset(g, 0, sizeof(*g));
	snprintf(g->name, sizeof(g->name), "%s", name);
	g->total_gbs = total_gbs;
	g->nlinks = n;
	memcpy(g->src, src, n * sizeof(int));
	memcpy(g->dst, dst, n * sizeof(int));
	return db->ngroups++;
}

void lm_build_uniform(struct lm_db *db, int ngpus, double h2d_gbs, double d2h_gbs,
                      double p2p_gbs, double lat_us)
{
	lm_init(db, ngpus + 1);
	lm_set_node(db, 0, LM_HOST, 0, "numa0");
	for (int g = 1; g < db->nnodes; g++) {
		char ident[32];
		snprintf(ident, sizeof(ident), "synthetic-gpu-%d", g - 1);
		lm_set_node(db, g, LM_GPU, g - 1, ident);
		lm_set_link(db, 0, g, lat_us, h2d_gbs);
		lm_set_link(db, g, 0, lat_us, d2h_gbs);
		for (int h = 1; h < db->nnodes; h++)
			if (h != g)
				lm_set_link(db, g, h, lat_us, p2p_gbs);
	}
}

const char *lm_node_name(const struct lm_db *db, int i, char *buf, size_t len)
{
	if (!in_range(db, i))
		snprintf(buf, len, "node%d?", i);
	else
		snprintf(buf, len, "%s%d", db->node[i].kind == LM_HOST ? "host" : "gpu",
		         db->node[i].devid);
	return buf;
}

static int fail(char *err, size_t errlen, const char *fmt, ...)
{
	if (err && errlen) {
		va_list ap;
		va_start(ap, fmt);
		vsnprintf(err, errlen, fmt, ap);
		va_end(ap);
	}
	return -1;
}

static int check_group(const struct lm_db *db, int k, char *err, size_t errlen)
{
	const struct lm_group *g = &db->group[k];
	if (!g->name[0] || memchr(g->name, '\0', sizeof(g->name)) == NULL)
		return fail(err, errlen, "group %d has no name", k);
	/* One word the file format can carry: lines split on blanks, '#' starts a comment. */
	if (!lm_valid_group_name(g->name))
		return fail(err, errlen, "group name '%s' is not a word of letters, digits, '.', '_', '-'",
		            g->name);
	if (!good_gbs(g->total_gbs))
		return fail(err, errlen, "group %s: total bandwidth %g GB/s is not within [%g, %g]",
		            g->name, g->total_gbs, LM_MIN_GBS, LM_MAX_GBS);
	if (g->nlinks < 1 || g->nlinks > LM_MAX_GROUP_LINKS)
		return fail(err, errlen, "group %s: %d links (1 to %d allowed)", g->name, g->nlinks,
		            LM_MAX_GROUP_LINKS);
	for (int i = 0; i < g->nlinks; i++) {
		int s = g->src[i], d = g->dst[i];
		if (!in_range(db, s) || !in_range(db, d) || s == d)
			return fail(err, errlen, "group %s: link %d-%d is not a pair of distinct nodes",
			            g->name, s, d);
		if (db->link[s][d].bw_gbs <= 0)
			return fail(err, errlen, "group %s: link %d-%d does not exist (no bandwidth)",
			            g->name, s, d);
		for (int j = 0; j < i; j++)
			if (g->src[j] == s && g->dst[j] == d)
				return fail(err, errlen, "group %s: link %d-%d listed twice", g->name, s, d);
	}
	for (int j = 0; j < k; j++)
		if (!strcmp(db->group[j].name, g->name))
			return fail(err, errlen, "group name %s used twice", g->name);
	return 0;
}

int lm_check(const struct lm_db *db, char *err, size_t errlen)
{
	if (db->nnodes < 1 || db->nnodes > LM_MAX_NODES)
		return fail(err, errlen, "%d nodes (1 to %d allowed)", db->nnodes, LM_MAX_NODES);
	for (int i = 0; i < db->nnodes; i++) {
		const struct lm_node *n = &db->node[i];
		if (n->kind != LM_HOST && n->kind != LM_GPU)
			return fail(err, errlen, "node %d: unknown kind %d", i, (int)n->kind);
		if (n->devid < 0 || n->devid > LM_MAX_DEVID)
			return fail(err, errlen, "node %d: device number %d is not within [0, %d]", i,
			            n->devid, LM_MAX_DEVID);
		for (int j = 0; j < i; j++)
			if (db->node[j].kind == n->kind && db->node[j].devid == n->devid)
				return fail(err, errlen, "nodes %d and %d are both %s %d", j, i,
				            n->kind == LM_HOST ? "host" : "gpu", n->devid);
		for (int j = 0; j < db->nnodes; j++) {
			const struct lm_link *l = &db->link[i][j];
			if (!good_latency(l->latency_us) || !good_bw(l->bw_gbs))
				return fail(err, errlen, "link %d-%d: latency %g us, bandwidth %g GB/s: latency "
				            "must be within [0, %g], bandwidth 0 or within [%g, %g]", i, j,
				            l->latency_us, l->bw_gbs, LM_MAX_LATENCY_US, LM_MIN_GBS, LM_MAX_GBS);
			if (i == j && (l->latency_us != 0 || l->bw_gbs != 0))
				return fail(err, errlen, "link %d-%d: a node has no link to itself", i, j);
		}
	}
	if (db->ngroups < 0 || db->ngroups > LM_MAX_GROUPS)
		return fail(err, errlen, "%d groups (at most %d allowed)", db->ngroups, LM_MAX_GROUPS);
	for (int k = 0; k < db->ngroups; k++)
		if (check_group(db, k, err, errlen))
			return -1;
	return 0;
}

int lm_remap(const struct lm_db *in, int n, const enum lm_node_kind *kinds, const int *devids,
             struct lm_db *out, char *err, size_t errlen)
{
	int from[LM_MAX_NODES];
	if (n < 1 || n > LM_MAX_NODES)
		return fail(err, errlen, "%d nodes to map (1 to %d allowed)", n, LM_MAX_NODES);
	for (int i = 0; i < n; i++) {
		from[i] = -1;
		for (int j = 0; j < in->nnodes && from[i] < 0; j++)
			if (in->node[j].kind == kinds[i] && in->node[j].devid == devids[i])
				from[i] = j;
		if (from[i] < 0)
			return fail(err, errlen, "no node for %s %d", kinds[i] == LM_HOST ? "host" : "gpu",
			            devids[i]);
	}
	struct lm_db *t = malloc(sizeof(*t)); /* out may be in; a database is large for a stack */
	if (!t)
		return fail(err, errlen, "out of memory");
	lm_init(t, n);
	memcpy(t->machine, in->machine, sizeof(t->machine));
	t->from_starpu = in->from_starpu;
	for (int i = 0; i < n; i++) {
		t->node[i] = in->node[from[i]];
		for (int j = 0; j < n; j++)
			t->link[i][j] = in->link[from[i]][from[j]];
	}
	for (int k = 0; k < in->ngroups; k++) {
		const struct lm_group *g = &in->group[k];
		int src[LM_MAX_GROUP_LINKS], dst[LM_MAX_GROUP_LINKS], m = 0;
		for (int l = 0; l < g->nlinks; l++) {
			int s = -1, d = -1;
			for (int i = 0; i < n; i++) {
				if (from[i] == g->src[l])
					s = i;
				if (from[i] == g->dst[l])
					d = i;
			}
			if (s >= 0 && d >= 0)
				src[m] = s, dst[m++] = d;
		}
		if (m > 0)
			lm_add_group(t, g->name, g->total_gbs, m, src, dst);
	}
	*out = *t;
	free(t);
	return 0;
}
