/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The policy's model of time (Uncut-GEMMs' link availability matrix and per-data ETA vectors):
 * when each link is next free, when each datum is (or will be) valid on each memory node, and
 * from these the worker on which a task would finish first (links.c keeps the links' sharing
 * up to date). Pure arithmetic over the link map, so tests drive it with synthetic machines and
 * bench/sched_decision times it.
 */
#include "sched_policy/sched.h"
#include <math.h>
#include <string.h>

#define NEVER 1e29 /* lm_best_route's "no route" is at least this */

/* lm_best_route over eff, inlined for the policy's hot path: the same store-and-forward walk
 * (a hop starts when the datum is at its source and the link is free), the same order (direct,
 * then one hop, then two; strict improvement, so ties keep fewer hops). tests/sched_route checks
 * it against lm_best_route. */
static inline double hop_at(const struct pl_links *L, const double (*fr)[LM_MAX_NODES], int a, int b,
                            double t, size_t bytes)
{
	double inv = L->us_per_byte[a][b];
	if (inv <= 0)
		return PL_INF;
	if (fr[a][b] > t)
		t = fr[a][b];
	return t + L->eff.link[a][b].latency_us + (double)bytes * inv;
}

int pl_route(const struct pl_links *L, const double (*fr)[LM_MAX_NODES], int src, int dst,
             size_t bytes, int max_hops, double t0, int path[4], double *arrival)
{
	int n = L->n, best_n = -1;
	double best = PL_INF;
	double t = hop_at(L, fr, src, dst, t0, bytes);
	if (t < best)
		best = t, best_n = 2, path[0] = src, path[1] = dst;
	/* Any indirect route leaves src over some link and enters dst over another: when even the
	 * fastest of each, free now, cannot beat the direct route, none can (exact pruning). */
	double indirect_lb = t0 + L->min_out_lat[src] + L->min_in_lat[dst]
	                     + (double)bytes * (L->min_out_inv[src] + L->min_in_inv[dst]);
	if (!(indirect_lb < best))
		max_hops = 0;
	if (max_hops >= 1)
		for (int k = 0; k < n; k++) {
			if (k == src || k == dst)
				continue;
			double tk = hop_at(L, fr, src, k, t0, bytes);
			if (tk >= best)
				continue;
			t = hop_at(L, fr, k, dst, tk, bytes);
			if (t < best)
				best = t, best_n = 3, path[0] = src, path[1] = k, path[2] = dst;
		}
	if (max_hops >= 2)
		for (int k = 0; k < n; k++) {
			if (k == src || k == dst)
				continue;
			double tk = hop_at(L, fr, src, k, t0, bytes);
			if (tk >= best)
				continue;
			for (int l = 0; l < n; l++) {
				if (l == src || l == dst || l == k)
					continue;
				double tl = hop_at(L, fr, k, l, tk, bytes);
				if (tl >= best)
					continue;
				t = hop_at(L, fr, l, dst, tl, bytes);
				if (t < best)
					best = t, best_n = 4, path[0] = src, path[1] = k, path[2] = l, path[3] = dst;
			}
		}
	*arrival = best;
	return best_n;
}

/* Time one hop takes now, at its bandwidth under the current sharing. */
static double hop_us(const struct pl_links *L, int s, int d, size_t bytes)
{
	return lm_link_time_us(&L->eff, s, d, bytes);
}

/* Arrival over the links' availability `fr` (the matrix itself or a scratch copy). */
static double arrival_in(const struct pl_links *L, const double (*fr)[LM_MAX_NODES],
                         const struct pl_dview *d, int dst, double now, int route, int max_hops,
                         int path[4], int *np)
{
	if (d->eta[dst] < PL_INF) {
		path[0] = dst;
		*np = 1;
		return d->eta[dst] > now ? d->eta[dst] : now;
	}
	if (!route)
		max_hops = 0;
	/* route: once a device holds or will hold the datum, a shared host is not read again. */
	int avoid_host = 0;
	if (route)
		for (int s = 0; s < L->n; s++)
			if (d->eta[s] < PL_INF && L->db.node[s].kind != LM_HOST) {
				avoid_host = 1;
				break;
			}
	double best = PL_INF;
	*np = 0;
	for (int pass = 0; pass < 2 && *np == 0; pass++) {
		for (int s = 0; s < L->n; s++) {
			double e = d->eta[s];
			if (e >= PL_INF || s == dst)
				continue;
			if (!route && e > now)
				continue; /* StarPU reads only copies valid now */
			if (pass == 0 && avoid_host && L->host_shared[s])
				continue;
			int p[4];
			double arr;
			double t0 = e > now ? e : now;
			if (t0 >= best)
				continue; /* leaves after the best arrival so far: cannot beat it */
			/* No direct link (no peer access): StarPU stages the copy through host RAM, so
			 * model that hop even when routing is off; else the datum would look free. */
			int mh = max_hops == 0 && !(L->us_per_byte[s][dst] > 0) ? 1 : max_hops;
			int n = pl_route(L, fr, s, dst, d->bytes, mh, t0, p, &arr);
			if (pass == 0 && avoid_host && n > 2) {
				/* nor pass it through a shared host on the way */
				int via_host = 0;
				for (int h = 1; h + 1 < n; h++)
					via_host |= L->host_shared[p[h]];
				if (via_host)
					n = pl_route(L, fr, s, dst, d->bytes, 0, t0, p, &arr);
			}
			if (n < 2 || arr >= NEVER || arr >= best)
				continue;
			best = arr;
			memcpy(path, p, sizeof(p));
			*np = n;
		}
		/* second pass: no device route exists (no peer links), so the host it is */
	}
	return best;
}

double pl_arrival(const struct pl_links *L, const struct pl_dview *d, int dst, double now,
                  int route, int max_hops, int path[4], int *np)
{
	return arrival_in(L, (const double (*)[LM_MAX_NODES])L->free_us, d, dst, now, route, max_hops,
	                  path, np);
}

/* Occupies the links of path in fr as a copy of `bytes` leaving at t0; returns its arrival.
 * undo (if not NULL) records the previous values so that a tentative plan can be rolled back. */
struct pl_undo { int n; int s[PL_MAX_INPUTS * 3], d[PL_MAX_INPUTS * 3]; double v[PL_MAX_INPUTS * 3]; };
static double occupy(const struct pl_links *L, double (*fr)[LM_MAX_NODES], const int *p, int np,
                     size_t bytes, double t0, struct pl_undo *undo)
{
	double t = t0;
	for (int h = 0; h + 1 < np; h++) {
		int s = p[h], d = p[h + 1];
		double start = fr[s][d] > t ? fr[s][d] : t;
		t = start + hop_us(L, s, d, bytes);
		if (undo && undo->n < PL_MAX_INPUTS * 3) {
			undo->s[undo->n] = s, undo->d[undo->n] = d, undo->v[undo->n++] = fr[s][d];
		}
		fr[s][d] = t;
	}
	return t;
}

/* The least kernel time among the candidates' classes that can run the task (PL_INF: none). */
static double best_kernel(const struct pl_cand *c, int nc, const double *kernel_us)
{
	double best = PL_INF;
	for (int i = 0; i < nc; i++) {
		double k = kernel_us[c[i].cls];
		if (k >= 0 && k < best)
			best = k;
	}
	return best;
}

/* The nodes of the fastest classes for this task (bit per node): kernel within PL_SLOWER of
 * the best one. */
static unsigned fast_nodes(const struct pl_cand *c, int nc, const double *kernel_us)
{
	double best = best_kernel(c, nc, kernel_us);
	unsigned m = 0;
	for (int i = 0; i < nc; i++) {
		double k = kernel_us[c[i].cls];
		if (k >= 0 && k <= PL_SLOWER * best)
			m |= 1u << c[i].node;
	}
	return m;
}

/* What a task run on `node` writes, carried back to the nearest node of a fastest class (0 on
 * such a node, or where the link map knows no way back: unknown links cost nothing). */
static double return_trip_us(const struct pl_links *L, const struct pl_dview *in, int nin, int node,
                             unsigned fast)
{
	if (fast >> node & 1)
		return 0;
	double best = PL_INF;
	for (int f = 0; f < L->n; f++) {
		if (!(fast >> f & 1))
			continue;
		double t = 0;
		for (int j = 0; j < nin; j++)
			if (in[j].write)
				t += hop_us(L, node, f, in[j].bytes);
		if (t < best)
			best = t;
	}
	return best < NEVER ? best : 0;
}

void pl_choose(struct pl_links *L, const struct pl_dview *in, int nin,
               const struct pl_cand *c, int nc, const double *kernel_us, double now,
               int route, int max_hops, struct pl_decision *out)
{
	unsigned fast = fast_nodes(c, nc, kernel_us);
	double trip[LM_MAX_NODES]; /* per node, PL_INF = not computed yet */
	for (int i = 0; i < L->n; i++)
		trip[i] = PL_INF;
	double best_score = PL_INF;
	out->best = -1;
	out->end_us = PL_INF;
	out->start_us = out->ready_us = PL_INF;
	for (int i = 0; i < L->n; i++)
		out->node_ready[i] = PL_INF;
	unsigned done = 0; /* nodes whose inputs' arrival is computed */
	for (int i = 0; i < nc; i++) {
		double k = kernel_us[c[i].cls];
		if (!(k >= 0))
			continue; /* negative or NaN: this class cannot run it */
		int node = c[i].node;
		if (!(done & (1u << node))) {
			done |= 1u << node;
			double ready = now;
			/* Inputs that travel share links: plan them one after the other on a scratch
			 * copy of the availability matrix, rolled back after this node. */
			struct pl_undo undo;
			undo.n = 0;
			for (int j = 0; j < nin; j++) {
				if (!in[j].read)
					continue;
				int p[4], np;
				double a = arrival_in(L, (const double (*)[LM_MAX_NODES])L->scratch, &in[j], node,
				                      now, route, max_hops, p, &np);
				if (a >= PL_INF)
					continue; /* no modelled way: StarPU will find one */
				if (np >= 2) {
					double t0 = in[j].eta[p[0]] > now ? in[j].eta[p[0]] : now;
					a = occupy(L, L->scratch, p, np, in[j].bytes, t0, &undo);
				}
				if (a > ready)
					ready = a;
			}
			while (undo.n > 0) {
				undo.n--;
				L->scratch[undo.s[undo.n]][undo.d[undo.n]] = undo.v[undo.n];
			}
			out->node_ready[node] = ready;
		}
		double ready = out->node_ready[node];
		double start = c[i].free_us > ready ? c[i].free_us : ready;
		if (start < now)
			start = now;
		double end = start + k;
		if (trip[node] >= PL_INF)
			trip[node] = return_trip_us(L, in, nin, node, fast);
		double score = end + trip[node];
		if (score < best_score) {
			best_score = score;
			out->best = i;
			out->end_us = end;
			out->start_us = start;
			out->ready_us = ready;
		}
	}
}

int pl_commit(struct pl_links *L, struct pl_dview *in, int nin, int node, double now,
              double end_us, int route, int max_hops, struct pl_hop *hops, int max_hops_out)
{
	int nh = 0;
	for (int j = 0; j < nin; j++) {
		if (!in[j].read || in[j].eta[node] < PL_INF)
			continue;
		int p[4], np;
		double a = pl_arrival(L, &in[j], node, now, route, max_hops, p, &np);
		if (np < 2 || a >= PL_INF)
			continue; /* no modelled way there: StarPU will find one */
		/* Walk the route, occupying each link from when the tile is at its source and the
		 * link is free: the same arithmetic as lm_best_route, now committed. */
		double t = in[j].eta[p[0]] > now ? in[j].eta[p[0]] : now;
		for (int h = 0; h + 1 < np; h++) {
			int s = p[h], d = p[h + 1];
			double start = L->free_us[s][d] > t ? L->free_us[s][d] : t;
			double arr = occupy(L, L->free_us, p + h, 2, in[j].bytes, t, NULL);
			L->scratch[s][d] = arr;
			L->bytes[s][d] += (double)in[j].bytes;
			if (arr < in[j].eta[d])
				in[j].eta[d] = arr;
			if (nh < max_hops_out)
				hops[nh++] = (struct pl_hop){ j, s, d, start, arr };
			t = arr;
		}
	}
	/* Written data: after the task, the only valid copy is the worker's, at the task's end. */
	for (int j = 0; j < nin; j++)
		if (in[j].write) {
			for (int i = 0; i < L->n; i++)
				in[j].eta[i] = PL_INF;
			in[j].eta[node] = end_us;
		}
	return nh;
}

int pl_exclude_slow(double *kernel_us, const struct pl_cand *c, int nc, double ratio)
{
	if (!(ratio > 0))
		return 0;
	double best = best_kernel(c, nc, kernel_us);
	int n = 0;
	for (int i = 0; i < nc; i++) {
		double *k = &kernel_us[c[i].cls];
		/* 1 us floor: tiny tasks cost their scheduling, not their kernel */
		if (*k > ratio * best && *k > 1.0) {
			*k = -1;
			n++;
		}
	}
	return n;
}

void pl_anchor_fallbacks(double *kernel_us, const double *fb, const int *measured,
                         const int *usable, const int *type, int ncls)
{
	for (int c = 0; c < ncls; c++) {
		if (!usable[c] || measured[c])
			continue;
		int r = -1;
		for (int k = 0; k < ncls; k++)
			if (usable[k] && measured[k] && fb[k] > 0 && (r < 0 || type[k] == type[c]))
				r = k;
		if (r >= 0)
			kernel_us[c] = kernel_us[r] * fb[c] / fb[r];
	}
}
