/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The policy's choice and commit written plainly, as they were before pl_choose learnt to skip
 * nodes and to share work between them (tests/sched_eta compares both on random tasks): every
 * candidate in order, each node's inputs planned on a copy of the availability matrix when the
 * node first comes up, every source of every input searched with pl_route. Only the model's
 * public pieces are used (pl_route, lm_link_time_us, the pl_links fields).
 */
#ifndef PARALIA_SCHED_REFERENCE_H
#define PARALIA_SCHED_REFERENCE_H
#include "sched_policy/sched.h"
#include <string.h>

#define REF_NEVER 1e29

static double ref_arrival(const struct pl_links *L, const double (*fr)[LM_MAX_NODES],
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
	int avoid_host = 0;
	if (route)
		for (int s = 0; s < L->n; s++)
			if (d->eta[s] < PL_INF && L->db.node[s].kind != LM_HOST)
				avoid_host = 1;
	double best = PL_INF;
	*np = 0;
	for (int pass = 0; pass < 2 && *np == 0; pass++)
		for (int s = 0; s < L->n; s++) {
			double e = d->eta[s];
			if (e >= PL_INF || s == dst || (!route && e > now) || (pass == 0 && avoid_host && L->host_shared[s]))
				continue;
			int p[4];
			double arr, t0 = e > now ? e : now;
			if (t0 >= best)
				continue;
			int mh = max_hops == 0 && !(L->us_per_byte[s][dst] > 0) ? 1 : max_hops;
			int n = pl_route(L, fr, s, dst, d->bytes, mh, t0, p, &arr);
			if (pass == 0 && avoid_host && n > 2) {
				int via_host = 0;
				for (int h = 1; h + 1 < n; h++)
					via_host |= L->host_shared[p[h]];
				if (via_host)
					n = pl_route(L, fr, s, dst, d->bytes, 0, t0, p, &arr);
			}
			if (n < 2 || arr >= REF_NEVER || arr >= best)
				continue;
			best = arr;
			memcpy(path, p, sizeof(p));
			*np = n;
		}
	return best;
}

static double ref_occupy(const struct pl_links *L, double (*fr)[LM_MAX_NODES], const int *p, int np,
                         size_t bytes, double t0)
{
	double t = t0;
	for (int h = 0; h + 1 < np; h++) {
		int s = p[h], d = p[h + 1];
		t = (fr[s][d] > t ? fr[s][d] : t) + lm_link_time_us(&L->eff, s, d, bytes);
		fr[s][d] = t;
	}
	return t;
}

static double ref_return_trip(const struct pl_links *L, const struct pl_dview *in, int nin, int node,
                              const struct pl_cand *c, int nc, const double *kernel_us)
{
	double best = PL_INF;
	for (int i = 0; i < nc; i++)
		if (kernel_us[c[i].cls] >= 0 && kernel_us[c[i].cls] < best)
			best = kernel_us[c[i].cls];
	unsigned fast = 0;
	for (int i = 0; i < nc; i++)
		if (kernel_us[c[i].cls] >= 0 && kernel_us[c[i].cls] <= PL_SLOWER * best)
			fast |= 1u << c[i].node;
	if (fast >> node & 1)
		return 0;
	double trip = PL_INF;
	for (int f = 0; f < L->n; f++) {
		if (!(fast >> f & 1))
			continue;
		double t = 0;
		for (int j = 0; j < nin; j++)
			if (in[j].write)
				t += lm_link_time_us(&L->eff, node, f, in[j].bytes);
		if (t < trip)
			trip = t;
	}
	return trip < REF_NEVER ? trip : 0;
}

static void ref_choose(const struct pl_links *L, const struct pl_dview *in, int nin,
                       const struct pl_cand *c, int nc, const double *kernel_us, double now,
                       int route, int max_hops, struct pl_decision *out)
{
	double best_score = PL_INF;
	out->best = -1;
	out->end_us = out->start_us = out->ready_us = PL_INF;
	for (int i = 0; i < L->n; i++)
		out->node_ready[i] = PL_INF;
	for (int i = 0; i < nc; i++) {
		double k = kernel_us[c[i].cls];
		if (!(k >= 0))
			continue;
		int node = c[i].node;
		if (out->node_ready[node] >= PL_INF) {
			double fr[LM_MAX_NODES][LM_MAX_NODES], ready = now;
			memcpy(fr, L->scratch, sizeof fr);
			for (int j = 0; j < nin; j++) {
				if (!in[j].read)
					continue;
				int p[4], np;
				double a = ref_arrival(L, (const double (*)[LM_MAX_NODES])fr, &in[j], node, now, route,
				                       max_hops, p, &np);
				if (a >= PL_INF)
					continue;
				if (np >= 2)
					a = ref_occupy(L, fr, p, np, in[j].bytes, in[j].eta[p[0]] > now ? in[j].eta[p[0]] : now);
				if (a > ready)
					ready = a;
			}
			out->node_ready[node] = ready;
		}
		double ready = out->node_ready[node];
		double start = c[i].free_us > ready ? c[i].free_us : ready;
		if (start < now)
			start = now;
		double end = start + k;
		double score = end + ref_return_trip(L, in, nin, node, c, nc, kernel_us);
		if (score < best_score) {
			best_score = score;
			out->best = i;
			out->end_us = end;
			out->start_us = start;
			out->ready_us = ready;
		}
	}
}

static int ref_commit(struct pl_links *L, struct pl_dview *in, int nin, int node, double now,
                      double end_us, int route, int max_hops, struct pl_hop *hops, int max_hops_out)
{
	int nh = 0;
	for (int j = 0; j < nin; j++) {
		if (!in[j].read || in[j].eta[node] < PL_INF)
			continue;
		int p[4], np;
		double a = ref_arrival(L, (const double (*)[LM_MAX_NODES])L->free_us, &in[j], node, now, route,
		                       max_hops, p, &np);
		if (np < 2 || a >= PL_INF)
			continue;
		double t = in[j].eta[p[0]] > now ? in[j].eta[p[0]] : now;
		for (int h = 0; h + 1 < np; h++) {
			int s = p[h], d = p[h + 1];
			double start = L->free_us[s][d] > t ? L->free_us[s][d] : t;
			double arr = ref_occupy(L, L->free_us, p + h, 2, in[j].bytes, t);
			L->scratch[s][d] = arr;
			L->bytes[s][d] += (double)in[j].bytes;
			if (arr < in[j].eta[d])
				in[j].eta[d] = arr;
			if (nh < max_hops_out)
				hops[nh++] = (struct pl_hop){ j, s, d, start, arr };
			t = arr;
		}
	}
	for (int j = 0; j < nin; j++)
		if (in[j].write) {
			for (int i = 0; i < L->n; i++)
				in[j].eta[i] = PL_INF;
			in[j].eta[node] = end_us;
		}
	return nh;
}
#endif
