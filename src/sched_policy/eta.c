/*
 * The policy's model of time (Uncut-GEMMs' link availability matrix and per-data ETA vectors):
 * when each link is next free, when each datum is (or will be) valid on each memory node, and
 * from these the worker on which a task would finish first. Pure arithmetic over the link map,
 * so tests drive it with synthetic machines and bench/sched_decision times it.
 */
#include "sched_policy/sched.h"
#include <math.h>
#include <string.h>

#define NEVER 1e29 /* lm_best_route's "no route" is at least this */

static int link_bit(int s, int d) { return s * LM_MAX_NODES + d; }

void pl_links_init(struct pl_links *L, const struct lm_db *db)
{
	memset(L, 0, sizeof(*L));
	L->db = *db;
	L->n = db->nnodes;
	L->eff = *db;
	L->eff.ngroups = 0; /* eff carries the sharing in its bandwidths already */
	/* A host whose outgoing links share a group with other links is a scarce resource: reading
	 * a tile from it twice takes bandwidth from every GPU. */
	for (int g = 0; g < db->ngroups; g++) {
		const struct lm_group *gr = &db->group[g];
		int nhost = 0;
		for (int i = 0; i < gr->nlinks; i++)
			if (gr->src[i] >= 0 && gr->src[i] < db->nnodes && db->node[gr->src[i]].kind == LM_HOST)
				nhost++;
		if (nhost >= 2)
			for (int i = 0; i < gr->nlinks; i++)
				if (gr->src[i] >= 0 && gr->src[i] < db->nnodes && db->node[gr->src[i]].kind == LM_HOST)
					L->host_shared[gr->src[i]] = 1;
	}
	L->active[0] = ~0ull; /* differs from any real set: the first refresh computes eff */
	pl_links_refresh(L, 0);
}

void pl_links_refresh(struct pl_links *L, double now)
{
	uint64_t act[4] = { 0, 0, 0, 0 };
	int pairs[LM_MAX_NODES * LM_MAX_NODES][2], np = 0;
	for (int s = 0; s < L->n; s++)
		for (int d = 0; d < L->n; d++)
			if (L->free_us[s][d] > now) {
				int b = link_bit(s, d);
				act[b >> 6] |= 1ull << (b & 63);
				pairs[np][0] = s, pairs[np][1] = d, np++;
			}
	if (memcmp(act, L->active, sizeof(act)) == 0)
		return;
	memcpy(L->active, act, sizeof(act));
	/* Each link as if it were used now beside the busy ones: the bandwidth a new copy gets. */
	for (int s = 0; s < L->n; s++)
		for (int d = 0; d < L->n; d++)
			L->eff.link[s][d].bw_gbs = (s == d || L->db.ngroups == 0)
				? L->db.link[s][d].bw_gbs : lm_shared_bw(&L->db, s, d, (const int (*)[2])pairs, np);
}

/* Time one hop takes now, at its bandwidth under the current sharing. */
static double hop_us(const struct pl_links *L, int s, int d, size_t bytes)
{
	return lm_link_time_us(&L->eff, s, d, bytes);
}

double pl_arrival(const struct pl_links *L, const struct pl_dview *d, int dst, double now,
                  int route, int max_hops, int path[4], int *np)
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
			int n = lm_best_route(&L->eff, s, dst, d->bytes, max_hops, L->free_us,
			                      e > now ? e : now, p, &arr);
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

void pl_choose(const struct pl_links *L, const struct pl_dview *in, int nin,
               const struct pl_cand *c, int nc, const double *kernel_us, double now,
               int route, int max_hops, struct pl_decision *out)
{
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
			for (int j = 0; j < nin; j++) {
				if (!in[j].read)
					continue;
				int p[4], np;
				double a = pl_arrival(L, &in[j], node, now, route, max_hops, p, &np);
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
		if (end < out->end_us) {
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
			double arr = start + hop_us(L, s, d, in[j].bytes);
			L->free_us[s][d] = arr;
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
