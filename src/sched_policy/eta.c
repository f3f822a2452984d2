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
	return t + L->lat_us[a][b] + (double)bytes * inv;
}

/* The best route src -> k -> dst over any k arriving before *best: updates *best, returns k or
 * -1. hop_at twice per k, without a branch: which k wins depends on the links' queues, and
 * mispredicted branches were a large part of a decision's time. lat_hop is PL_INF where there is
 * no link (k = src or dst included), so such a route ends at PL_INF or later and never wins. The
 * first k with the least arrival wins (strict improvement in the order of k, as lm_best_route). */
static inline int one_hop(const struct pl_links *L, const double (*fr)[LM_MAX_NODES], int src,
                          int dst, double b, double t0, double *best)
{
	const double *fs = fr[src], *ls = L->lat_hop[src], *is = L->us_per_byte[src];
	int n = L->n;
	int via = -1;
	double bst = *best;
	for (int k = 0; k < n; k++) {
		double tk = (fs[k] > t0 ? fs[k] : t0) + ls[k] + b * is[k];
		double f = fr[k][dst];
		double tv = (f > tk ? f : tk) + L->lat_hop[k][dst] + b * L->us_per_byte[k][dst];
		int better = tv < bst;
		bst = better ? tv : bst;
		via = better ? k : via;
	}
	*best = bst;
	return via;
}

/* pl_route's body, static so that arrival_from gets it inlined rather than called through the
 * library's exported symbol (a PLT call per source and node). */
static inline int route_search(const struct pl_links *L, const double (*fr)[LM_MAX_NODES], int src,
                               int dst, size_t bytes, int max_hops, double t0, int path[4],
                               double *arrival)
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
	if (max_hops >= 1) {
		int via = one_hop(L, fr, src, dst, (double)bytes, t0, &best);
		if (via >= 0)
			best_n = 3, path[0] = src, path[1] = via, path[2] = dst;
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

int pl_route(const struct pl_links *L, const double (*fr)[LM_MAX_NODES], int src, int dst,
             size_t bytes, int max_hops, double t0, int path[4], double *arrival)
{
	return route_search(L, fr, src, dst, bytes, max_hops, t0, path, arrival);
}

/* Time one hop takes now, at its bandwidth under the current sharing: lm_link_time_us, its
 * arithmetic inlined for the links that exist (occupy's, on the hot path). */
static double hop_us(const struct pl_links *L, int s, int d, size_t bytes)
{
	if (s < 0 || d < 0 || s >= L->n || d >= L->n || s == d || !(L->eff.link[s][d].bw_gbs > 0))
		return lm_link_time_us(&L->eff, s, d, bytes);
	return L->eff.link[s][d].latency_us + (double)bytes / (L->eff.link[s][d].bw_gbs * 1e3);
}

/* Where a datum can be read from, whatever node it goes to: the nodes holding a copy (or about
 * to), ascending, each with when its copy can leave. pl_choose reads this once per input for
 * all the nodes it weighs. */
struct sources {
	int n;
	int node[LM_MAX_NODES];
	double t0[LM_MAX_NODES];
	int avoid_host; /* route: once a device holds or will hold the datum, a shared host is not
	                 * read again */
};

static void sources_of(const struct pl_links *L, const struct pl_dview *d, double now, int route,
                       struct sources *S)
{
	/* Without branches (which nodes hold a copy is anyone's guess): each node is written in the
	 * next slot, which only a node that holds one keeps. */
	int n = 0, avoid = 0;
	for (int s = 0; s < L->n; s++) {
		double e = d->eta[s];
		int held = !(e >= PL_INF);
		avoid |= held & !L->host[s];
		S->node[n] = s;
		S->t0[n] = e > now ? e : now;
		n += held & (route | !(e > now)); /* StarPU reads only copies valid now */
	}
	S->n = n;
	S->avoid_host = route & avoid;
}

/* pl_route with no hop allowed: the direct link or nothing. */
static int direct_route(const struct pl_links *L, const double (*fr)[LM_MAX_NODES], int src, int dst,
                        size_t bytes, double t0, int path[4], double *arrival)
{
	double t = hop_at(L, fr, src, dst, t0, bytes);
	*arrival = t < PL_INF ? t : PL_INF;
	if (!(t < PL_INF))
		return -1;
	path[0] = src, path[1] = dst;
	return 2;
}

/* Arrival on dst (which holds no copy) from the best of the sources S, over the links'
 * availability `fr` (the matrix itself or a scratch copy). */
static double arrival_from(const struct pl_links *L, const double (*fr)[LM_MAX_NODES],
                           const struct sources *S, size_t bytes, int dst, int route, int max_hops,
                           int path[4], int *np)
{
	if (!route)
		max_hops = 0;
	double best = PL_INF;
	*np = 0;
	/* A second pass reads the shared host after all when no device route exists (no peer
	 * links); without a host to avoid it would repeat the first. */
	for (int pass = 0; pass < 1 + S->avoid_host && *np == 0; pass++) {
		int avoid = pass == 0 && S->avoid_host;
		for (int i = 0; i < S->n; i++) {
			int s = S->node[i];
			if (s == dst || (avoid && L->host_shared[s]))
				continue;
			int p[4];
			double arr;
			double t0 = S->t0[i];
			if (t0 >= best)
				continue; /* leaves after the best arrival so far: cannot beat it */
			/* No direct link (no peer access): StarPU stages the copy through host RAM, so
			 * model that hop even when routing is off; else the datum would look free. */
			int mh = max_hops == 0 && !(L->us_per_byte[s][dst] > 0) ? 1 : max_hops;
			int n = route_search(L, fr, s, dst, bytes, mh, t0, p, &arr);
			if (avoid && n > 2) {
				/* nor pass it through a shared host on the way */
				int via_host = 0;
				for (int h = 1; h + 1 < n; h++)
					via_host |= L->host_shared[p[h]];
				if (via_host)
					n = direct_route(L, fr, s, dst, bytes, t0, p, &arr);
			}
			if (n < 2 || arr >= NEVER || arr >= best)
				continue;
			best = arr;
			memcpy(path, p, sizeof(p));
			*np = n;
		}
	}
	return best;
}

/* Arrival of d on dst when dst holds a copy (or will): no copy to plan. */
static double held_at(const struct pl_dview *d, int dst, double now, int path[4], int *np)
{
	path[0] = dst;
	*np = 1;
	return d->eta[dst] > now ? d->eta[dst] : now;
}

double pl_arrival(const struct pl_links *L, const struct pl_dview *d, int dst, double now,
                  int route, int max_hops, int path[4], int *np)
{
	if (d->eta[dst] < PL_INF)
		return held_at(d, dst, now, path, np);
	struct sources S;
	sources_of(L, d, now, route, &S);
	return arrival_from(L, (const double (*)[LM_MAX_NODES])L->free_us, &S, d->bytes, dst, route,
	                    max_hops, path, np);
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

/* A node's candidates, gathered before their inputs' routes are planned. */
struct node_plan {
	int first, last; /* its first and last candidates that can run the task */
	double min_k;   /* the least kernel time among them */
	double min_end; /* the least end among them, were the inputs there now */
	double trip;    /* what the task writes, carried back from it (return_trip_us) */
	double lb;      /* no candidate on it scores less (pl_choose's pruning) */
};

/* The least score a candidate on the node reaches once the inputs are there at r (>= now): none
 * ends before its own free time plus its kernel, nor before r plus the least kernel. Rounding
 * only ever goes the same way as the scores': a bound, never above one of them. */
static double score_bound(const struct node_plan *P, double r)
{
	double e = r + P->min_k;
	if (P->min_end > e)
		e = P->min_end;
	return e + P->trip;
}

/* What an input's sources say of its arrival on any node it is not on (pl_choose's pruning):
 * the earliest departure (t0min), and the nodes a link from some source enters (reach), where a
 * route surely exists, so the input is surely planned there. */
static void reach_of(const struct pl_links *L, const struct sources *S, unsigned *reach, double *t0min)
{
	*reach = 0;
	*t0min = PL_INF;
	for (int i = 0; i < S->n; i++) {
		if (S->t0[i] < *t0min)
			*t0min = S->t0[i];
		if (S->t0[i] < PL_LATE)
			*reach |= L->links_out[S->node[i]];
	}
}

/* No earlier than this is input d on node `node`: exactly when it is (or will be) there; else it
 * leaves at t0min at the soonest and enters over one of the node's links, which takes at least
 * the fastest one's time, shaved by 1e-12 (relative) so as to stay below what occupy's divisions
 * give. Where no source has a link into the node, a route may exist or not: `now`. */
static double arrival_bound(const struct pl_links *L, const struct pl_dview *d, unsigned reach,
                            double t0min, int node, double now)
{
	/* Both cases computed, then one kept: whether a node holds an input is anyone's guess, and
	 * a mispredicted branch costs more than the few operations. */
	double e = d->eta[node];
	double held = e > now ? e : now;
	double hop = L->min_in_lat[node] + (double)d->bytes * L->min_in_inv[node];
	double lb = t0min + hop * (1 - 1e-12);
	lb = reach >> node & 1 ? lb : now;
	return e < PL_INF ? held : lb;
}

/* The routes of a node's trial plan, per input (np 0: nothing to copy). */
struct node_routes {
	signed char np[PL_MAX_INPUTS];
	unsigned char p[PL_MAX_INPUTS][4];
};

/* When the read inputs can all be on `node` (their routes in R): those that travel share links,
 * so they are planned one after the other on the scratch copy of the availability matrix, rolled
 * back afterwards.
 * With P, gives up (PL_INF) once the inputs planned so far make every candidate on the node
 * score more than ub, which some candidate elsewhere reaches. */
static double inputs_ready(struct pl_links *L, const struct pl_dview *in, int nin,
                           const struct sources *S, int node, double now, int route, int max_hops,
                           const struct node_plan *P, double ub, struct node_routes *R)
{
	double ready = now;
	struct pl_undo undo;
	undo.n = 0;
	for (int j = 0; j < nin; j++) {
		R->np[j] = 0;
		if (!in[j].read)
			continue;
		int p[4], np;
		double a = in[j].eta[node] < PL_INF
		           ? held_at(&in[j], node, now, p, &np)
		           : arrival_from(L, (const double (*)[LM_MAX_NODES])L->scratch, &S[j], in[j].bytes,
		                          node, route, max_hops, p, &np);
		if (a >= PL_INF)
			continue; /* no modelled way: StarPU will find one */
		if (np >= 2) {
			double t0 = in[j].eta[p[0]] > now ? in[j].eta[p[0]] : now;
			a = occupy(L, L->scratch, p, np, in[j].bytes, t0, &undo);
			R->np[j] = (signed char)np;
			for (int h = 0; h < np; h++)
				R->p[j][h] = (unsigned char)p[h];
		}
		if (a > ready)
			ready = a;
		if (P && score_bound(P, ready) > ub) {
			ready = PL_INF;
			break;
		}
	}
	while (undo.n > 0) {
		undo.n--;
		L->scratch[undo.s[undo.n]][undo.d[undo.n]] = undo.v[undo.n];
	}
	return ready;
}

/* pl_choose; prune: skip the nodes whose candidates cannot score best (see pl_choose_all). The
 * choice is the first candidate with the least score, as a plain walk over the candidates gives:
 * a node is skipped only when a bound on its candidates' scores exceeds the score of a candidate
 * already weighed, so the winner is among the nodes weighed, and among their candidates ties go
 * to the first in order. Nodes are weighed by increasing bound, so the best one tends to come
 * first and cut the rest short. */
static void choose(struct pl_links *L, const struct pl_dview *in, int nin, const struct pl_cand *c,
                   int nc, const double *kernel_us, double now, int route, int max_hops, int prune,
                   struct pl_decision *out)
{
	out->best = -1;
	out->end_us = PL_INF;
	out->start_us = out->ready_us = PL_INF;
	for (int i = 0; i < L->n; i++)
		out->node_ready[i] = PL_INF;
	if (nin > PL_MAX_INPUTS)
		nin = PL_MAX_INPUTS; /* not modelled beyond (sched.h), and the trial plans' undo holds no more */
	if (L->late)
		prune = 0; /* a route's arrival could read as none (NEVER): bounds would not hold */
	/* The nodes of the candidates that can run the task, in order of appearance. */
	struct node_plan P[LM_MAX_NODES];
	int order[LM_MAX_NODES], nn = 0;
	unsigned seen = 0;
	for (int i = 0; i < nc; i++) {
		double k = kernel_us[c[i].cls];
		if (!(k >= 0))
			continue; /* negative or NaN: this class cannot run it */
		int node = c[i].node;
		double end = (c[i].free_us > now ? c[i].free_us : now) + k;
		if (!(seen >> node & 1)) {
			seen |= 1u << node;
			P[node] = (struct node_plan){ i, i, k, end, 0, 0 };
			order[nn++] = node;
			continue;
		}
		P[node].last = i;
		if (k < P[node].min_k)
			P[node].min_k = k;
		if (end < P[node].min_end)
			P[node].min_end = end;
	}
	/* The nodes of the fastest classes (kernel within PL_SLOWER of the best one), whose
	 * candidates pay no return trip. */
	double best_k = PL_INF;
	for (int q = 0; q < nn; q++)
		if (P[order[q]].min_k < best_k)
			best_k = P[order[q]].min_k;
	unsigned fast = 0;
	for (int q = 0; q < nn; q++)
		if (P[order[q]].min_k <= PL_SLOWER * best_k)
			fast |= 1u << order[q];
	/* Where each input can come from serves every node. */
	struct sources S[PL_MAX_INPUTS];
	unsigned reach[PL_MAX_INPUTS];
	double t0min[PL_MAX_INPUTS];
	for (int j = 0; j < nin; j++)
		if (in[j].read) {
			sources_of(L, &in[j], now, route, &S[j]);
			if (prune)
				reach_of(L, &S[j], &reach[j], &t0min[j]);
		}
	for (int q = 0; q < nn; q++) {
		int node = order[q];
		P[node].trip = return_trip_us(L, in, nin, node, fast);
		if (!prune)
			continue;
		double r = now;
		for (int j = 0; j < nin; j++)
			if (in[j].read) {
				double a = arrival_bound(L, &in[j], reach[j], t0min[j], node, now);
				r = a > r ? a : r;
			}
		P[node].lb = score_bound(&P[node], r);
		int x = q; /* by increasing bound; ties keep the order of appearance */
		for (; x > 0 && P[order[x - 1]].lb > P[node].lb; x--)
			order[x] = order[x - 1];
		order[x] = node;
	}
	double ub = PL_INF; /* a score some candidate weighed reaches */
	int nw = 0;         /* nodes weighed: order[0..nw) */
	struct node_routes routes[LM_MAX_NODES];
	for (int q = 0; q < nn; q++) {
		int node = order[q];
		if (prune && P[node].lb > ub)
			break; /* nor can the nodes after it */
		double ready = inputs_ready(L, in, nin, S, node, now, route, max_hops,
		                            prune ? &P[node] : NULL, ub, &routes[node]);
		if (ready >= PL_INF)
			continue;
		out->node_ready[node] = ready;
		order[nw++] = node;
		const struct pl_cand *f = &c[P[node].first];
		double score = (f->free_us > ready ? f->free_us : ready) + kernel_us[f->cls] + P[node].trip;
		if (score < ub)
			ub = score;
	}
	/* The candidates of the nodes weighed; the first with the least score wins. */
	double best_score = PL_INF;
	for (int q = 0; q < nw; q++) {
		int node = order[q];
		double ready = out->node_ready[node];
		for (int i = P[node].first; i <= P[node].last; i++) {
			double k = kernel_us[c[i].cls];
			if (c[i].node != node || !(k >= 0))
				continue;
			double start = c[i].free_us > ready ? c[i].free_us : ready;
			if (start < now)
				start = now;
			double end = start + k;
			double score = end + P[node].trip;
			if (score < best_score || (score == best_score && out->best >= 0 && i < out->best)) {
				best_score = score;
				out->best = i;
				out->end_us = end;
				out->start_us = start;
				out->ready_us = ready;
			}
		}
	}
	/* The chosen node's trial plan is what pl_commit would plan again (pl_commit_plan). */
	if (out->best >= 0) {
		const struct node_routes *R = &routes[c[out->best].node];
		memcpy(out->plan_np, R->np, (size_t)nin);
		memcpy(out->plan, R->p, sizeof(R->p[0]) * (size_t)nin);
	}
}

void pl_choose(struct pl_links *L, const struct pl_dview *in, int nin,
               const struct pl_cand *c, int nc, const double *kernel_us, double now,
               int route, int max_hops, struct pl_decision *out)
{
	choose(L, in, nin, c, nc, kernel_us, now, route, max_hops, 1, out);
}

void pl_choose_all(struct pl_links *L, const struct pl_dview *in, int nin,
                   const struct pl_cand *c, int nc, const double *kernel_us, double now,
                   int route, int max_hops, struct pl_decision *out)
{
	choose(L, in, nin, c, nc, kernel_us, now, route, max_hops, 0, out);
}

/* Commits input j's copy along path p (np nodes), from when the datum is at its source and each
 * link is free: the links' availability, the input's ETA vector (intermediate nodes included),
 * the byte counters; appends the hops (up to max_hops_out). */
static int commit_route(struct pl_links *L, struct pl_dview *in, int j, const int *p, int np,
                        double now, struct pl_hop *hops, int nh, int max_hops_out)
{
	double t = in[j].eta[p[0]] > now ? in[j].eta[p[0]] : now;
	for (int h = 0; h + 1 < np; h++) {
		int s = p[h], d = p[h + 1];
		double start = L->free_us[s][d] > t ? L->free_us[s][d] : t;
		double arr = occupy(L, L->free_us, p + h, 2, in[j].bytes, t, NULL);
		L->scratch[s][d] = arr;
		L->late |= arr >= PL_LATE;
		L->bytes[s][d] += (double)in[j].bytes;
		if (arr < in[j].eta[d])
			in[j].eta[d] = arr;
		if (nh < max_hops_out)
			hops[nh++] = (struct pl_hop){ j, s, d, start, arr };
		t = arr;
	}
	return nh;
}

/* Written data: after the task, the only valid copy is the worker's, at the task's end. */
static void commit_writes(const struct pl_links *L, struct pl_dview *in, int nin, int node, double end_us)
{
	for (int j = 0; j < nin; j++)
		if (in[j].write) {
			for (int i = 0; i < L->n; i++)
				in[j].eta[i] = PL_INF;
			in[j].eta[node] = end_us;
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
		nh = commit_route(L, in, j, p, np, now, hops, nh, max_hops_out);
	}
	commit_writes(L, in, nin, node, end_us);
	return nh;
}

int pl_commit_plan(struct pl_links *L, struct pl_dview *in, int nin, int node, double now,
                   double end_us, const struct pl_decision *d, struct pl_hop *hops, int max_hops_out)
{
	int nh = 0;
	for (int j = 0; j < nin && j < PL_MAX_INPUTS; j++)
		if (d->plan_np[j] >= 2) {
			int p[4] = { d->plan[j][0], d->plan[j][1], d->plan[j][2], d->plan[j][3] };
			nh = commit_route(L, in, j, p, d->plan_np[j], now, hops, nh, max_hops_out);
		}
	commit_writes(L, in, nin, node, end_us);
	return nh;
}
