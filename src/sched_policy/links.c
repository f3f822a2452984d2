/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The link availability matrix's upkeep: when each link is busy, the bandwidth each link gets
 * under the sharing this implies (eff), and what the route search reads of it (inverse
 * bandwidths, the fastest link in and out of each node). A sharing group's levels change only
 * when its own busy links change, so a refresh looks up those groups' levels (sharing.c) and
 * recomputes the links they hold, not the whole machine: on 8 GPUs behind NVSwitch (24 groups)
 * the busy set changes at nearly every task.
 */
#include "sched_policy/sched.h"
#include <math.h>
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h> /* the refresh reads whole rows two doubles at a time */
#endif

static int link_bit(int s, int d) { return s * LM_MAX_NODES + d; }

static int bit_set(const uint64_t *set, int b) { return (int)(set[b >> 6] >> (b & 63) & 1); }


/* Link s->d's bandwidth is bw now, and inv = pl_inverse_bw(bw). */
static void set_bw(struct pl_links *L, int s, int d, double bw, double inv)
{
	L->eff.link[s][d].bw_gbs = bw;
	L->us_per_byte[s][d] = inv;
	L->inv_out[s][d] = L->inv_in[d][s] = bw > 0 && s != d ? inv : PL_INF;
}

/* The fastest link out of node a and into node b (see min_out_inv in sched.h). Sharing changes
 * bandwidths only: the latencies' bounds are set once (latency_bounds). v[n] may be read too,
 * and is PL_INF (pl_links_init fills the rows past n so). */
static double row_min(const double *v, int n)
{
#ifdef __SSE2__
	__m128d m = _mm_set1_pd(PL_INF);
	for (int i = 0; i < n; i += 2)
		m = _mm_min_pd(_mm_loadu_pd(v + i), m); /* v < m ? v : m, two at a time */
	double lo = _mm_cvtsd_f64(m), hi = _mm_cvtsd_f64(_mm_unpackhi_pd(m, m));
	return hi < lo ? hi : lo;
#else
	double m0 = PL_INF, m1 = PL_INF; /* two chains of comparisons, not one twice as long */
	int i = 0;
	for (; i + 1 < n; i += 2) {
		m0 = v[i] < m0 ? v[i] : m0;
		m1 = v[i + 1] < m1 ? v[i + 1] : m1;
	}
	if (i < n)
		m0 = v[i] < m0 ? v[i] : m0;
	return m1 < m0 ? m1 : m0;
#endif
}

static void bound_out(struct pl_links *L, int a) { L->min_out_inv[a] = row_min(L->inv_out[a], L->n); }

static void bound_in(struct pl_links *L, int b) { L->min_in_inv[b] = row_min(L->inv_in[b], L->n); }

static void latency_bounds(struct pl_links *L)
{
	for (int a = 0; a < L->n; a++)
		L->min_out_lat[a] = L->min_in_lat[a] = PL_INF;
	for (int a = 0; a < L->n; a++)
		for (int b = 0; b < L->n; b++) {
			double lat = L->eff.link[a][b].latency_us;
			if (a == b || !(L->us_per_byte[a][b] > 0))
				continue;
			if (lat < L->min_out_lat[a])
				L->min_out_lat[a] = lat;
			if (lat < L->min_in_lat[b])
				L->min_in_lat[b] = lat;
		}
}

/* A link's bandwidth now: its own, or less where one of its groups' levels says so; *inv gets
 * its pl_inverse_bw (the least bandwidth's, as tabulated). */
static double shared_bw(const struct pl_links *L, int s, int d, double *inv)
{
	int b = link_bit(s, d);
	const double *level = &L->level[0][0], *level_inv = &L->level_inv[0][0];
	double bw = L->db.link[s][d].bw_gbs, iv = L->own_inv[s][d];
	for (int k = 0; k < 2; k++) {
		int r = L->gref2[b][k];
		iv = level[r] < bw ? level_inv[r] : iv;
		bw = level[r] < bw ? level[r] : bw;
	}
	if (L->gref_more[b])
		for (int r = L->gref_first[b] + 2; r < L->gref_first[b + 1]; r++) {
			double lv = level[L->gref[r]];
			iv = lv < bw ? level_inv[L->gref[r]] : iv;
			bw = lv < bw ? lv : bw;
		}
	*inv = iv;
	return bw;
}

/* The bandwidth of the links redo (whose groups' levels changed), then the bounds of the nodes
 * those links leave or enter. The same numbers as lm_shared_bw_all over the whole busy set:
 * each link gets the least of its own bandwidth and its groups' levels, and a least does not
 * depend on the order it is taken in. */
static void links_update(struct pl_links *L, const uint64_t redo[4])
{
	unsigned rows = 0, cols = 0;
	for (int w = 0; w < 4; w++)
		for (uint64_t m = redo[w]; m; m &= m - 1) {
			int b = w * 64 + __builtin_ctzll(m), s = b / LM_MAX_NODES, d = b % LM_MAX_NODES;
			double inv, bw = shared_bw(L, s, d, &inv);
			if (bw == L->eff.link[s][d].bw_gbs)
				continue;
			set_bw(L, s, d, bw, inv);
			rows |= 1u << s, cols |= 1u << d;
		}
	for (int a = 0; a < L->n; a++) {
		if (rows >> a & 1)
			bound_out(L, a);
		if (cols >> a & 1)
			bound_in(L, a);
	}
}

/* Recomputes the levels of the groups holding a link whose busy state changed (chg), then
 * their links' bandwidths (links_update). */
static void sharing_update(struct pl_links *L, const uint64_t chg[4])
{
	/* The groups of the changed links (a few links change per task, each in a group or two). */
	uint64_t groups = 0;
	_Static_assert(LM_MAX_GROUPS <= 64 && LM_MAX_GROUP_LINKS == 32, "a group is a bit; gref / 32");
	for (int w = 0; w < 4; w++)
		for (uint64_t m = chg[w]; m; m &= m - 1) {
			int b = w * 64 + __builtin_ctzll(m);
			for (int r = L->gref_first[b]; r < L->gref_first[b + 1]; r++)
				groups |= 1ull << (L->gref[r] >> 5);
		}
	uint64_t redo[4] = { 0, 0, 0, 0 };
	for (; groups; groups &= groups - 1) {
		int g = __builtin_ctzll(groups);
		pl_share_levels(L, g, L->active);
		for (int w = 0; w < 4; w++)
			redo[w] |= L->group_bits[g][w];
	}
	links_update(L, redo);
}

/* Which groups each link belongs to (gref), and each group's links as a bitset. */
static void index_groups(struct pl_links *L)
{
	const struct lm_db *db = &L->db;
	int nref = 0;
	for (int b = 0; b < LM_MAX_NODES * LM_MAX_NODES; b++) {
		int s = b / LM_MAX_NODES, d = b % LM_MAX_NODES;
		L->gref_first[b] = nref;
		for (int g = 0; g < db->ngroups && s < L->n && d < L->n && s != d; g++)
			for (int i = 0; i < db->group[g].nlinks; i++)
				if (db->group[g].src[i] == s && db->group[g].dst[i] == d)
					L->gref[nref++] = (unsigned short)(g * LM_MAX_GROUP_LINKS + i);
	}
	L->gref_first[LM_MAX_NODES * LM_MAX_NODES] = nref;
	for (int i = 0; i < LM_MAX_GROUP_LINKS; i++)
		L->level[LM_MAX_GROUPS][i] = HUGE_VAL; /* no group: never below a bandwidth */
	for (int b = 0; b < LM_MAX_NODES * LM_MAX_NODES; b++) {
		int first = L->gref_first[b], n = L->gref_first[b + 1] - first;
		for (int k = 0; k < 2; k++)
			L->gref2[b][k] = k < n ? L->gref[first + k] : LM_MAX_GROUPS * LM_MAX_GROUP_LINKS;
		L->gref_more[b] = n > 2;
	}
	for (int g = 0; g < db->ngroups; g++)
		for (int i = 0; i < db->group[g].nlinks; i++) {
			int s = db->group[g].src[i], d = db->group[g].dst[i];
			if (s >= 0 && d >= 0 && s < L->n && d < L->n && s != d)
				L->group_bits[g][link_bit(s, d) >> 6] |= 1ull << (link_bit(s, d) & 63);
		}
}

void pl_links_init(struct pl_links *L, const struct lm_db *db)
{
	memset(L, 0, sizeof(*L));
	L->db = *db;
	L->n = db->nnodes;
	L->eff = *db;
	L->eff.ngroups = 0; /* eff carries the sharing in its bandwidths already */
	for (int a = 0; a < LM_MAX_NODES; a++)
		for (int b = 0; b < LM_MAX_NODES; b++)
			L->inv_out[a][b] = L->inv_in[a][b] = PL_INF; /* no link; row_min reads past n */
	for (int a = 0; a < L->n; a++)
		for (int b = 0; b < L->n; b++) {
			L->own_inv[a][b] = pl_inverse_bw(db->link[a][b].bw_gbs);
			set_bw(L, a, b, db->link[a][b].bw_gbs, L->own_inv[a][b]);
		}
	for (int a = 0; a < LM_MAX_NODES; a++)
		for (int b = 0; b < LM_MAX_NODES; b++) {
			/* sharing never takes a link's bandwidth to 0: these stay what they are */
			int link = a < L->n && b < L->n && a != b && L->us_per_byte[a][b] > 0;
			L->lat_us[a][b] = a < L->n && b < L->n ? L->eff.link[a][b].latency_us : 0;
			L->lat_hop[a][b] = link ? L->lat_us[a][b] : PL_INF;
		}
	for (int a = 0; a < L->n; a++)
		L->host[a] = db->node[a].kind == LM_HOST;
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
	index_groups(L);
	pl_share_init(L);
	/* Nothing busy yet: every group's levels for idle links, as a first refresh would. */
	uint64_t redo[4] = { 0, 0, 0, 0 };
	for (int g = 0; g < db->ngroups; g++) {
		pl_share_levels(L, g, L->active);
		for (int w = 0; w < 4; w++)
			redo[w] |= L->group_bits[g][w];
	}
	links_update(L, redo);
	for (int a = 0; a < L->n; a++) {
		bound_out(L, a), bound_in(L, a);
		for (int b = 0; b < L->n; b++)
			if (L->us_per_byte[a][b] > 0) /* sharing never takes a link's bandwidth to 0 */
				L->links_out[a] |= 1u << b;
	}
	latency_bounds(L);
	pl_links_refresh(L, 0);
}

/* The links of one row busy at `now` (free > now), a bit per column, for the columns [0, n) and
 * perhaps one more (the caller masks it off); *top gets the latest of their free times (a NaN
 * ignored, as the comparison with PL_LATE would). The refresh reads the whole matrix at every
 * task: two columns per instruction where SSE2 is there (x86-64 always), the same comparisons. */
#ifdef __SSE2__
static unsigned busy_row(const double *f, int n, double now, __m128d *top)
{
	const __m128d t = _mm_set1_pd(now);
	unsigned row = 0;
	for (int d = 0; d < n; d += 2) {
		__m128d v = _mm_loadu_pd(f + d);
		row |= (unsigned)_mm_movemask_pd(_mm_cmpgt_pd(v, t)) << d;
		*top = _mm_max_pd(v, *top); /* maxpd keeps *top where v is NaN */
	}
	return row;
}
#endif

void pl_links_refresh(struct pl_links *L, double now)
{
	int n = L->n;
	memcpy(L->scratch, L->free_us, (size_t)n * sizeof L->scratch[0]);
	/* A node's links out are LM_MAX_NODES consecutive bits within one word: one row at a time. */
	_Static_assert(64 % LM_MAX_NODES == 0, "a row of link bits fits one word");
	uint64_t act[4] = { 0, 0, 0, 0 };
	int late = 0;
#ifdef __SSE2__
	_Static_assert(LM_MAX_NODES % 2 == 0, "rows are read two columns at a time");
	unsigned cols = (1u << n) - 1;
	__m128d top = _mm_setzero_pd();
	for (int s = 0; s < n; s++) {
		uint64_t row = busy_row(L->free_us[s], n, now, &top) & cols;
		act[link_bit(s, 0) >> 6] |= row << (link_bit(s, 0) & 63);
	}
	late = _mm_movemask_pd(_mm_cmpge_pd(top, _mm_set1_pd(PL_LATE))) != 0;
#else
	for (int s = 0; s < n; s++) {
		uint64_t row = 0;
		for (int d = 0; d < n; d++) {
			row |= (uint64_t)(L->free_us[s][d] > now) << d;
			late |= L->free_us[s][d] >= PL_LATE;
		}
		act[link_bit(s, 0) >> 6] |= row << (link_bit(s, 0) & 63);
	}
#endif
	L->late = late;
	uint64_t chg[4];
	for (int w = 0; w < 4; w++)
		chg[w] = act[w] ^ L->active[w];
	if (!(chg[0] | chg[1] | chg[2] | chg[3]))
		return;
	memcpy(L->active, act, sizeof(act));
	/* Each link as if it were used now beside the busy ones: the bandwidth a new copy gets. */
	for (int w = 0; w < 4; w++)
		for (uint64_t m = chg[w]; m; m &= m - 1) {
			int b = w * 64 + __builtin_ctzll(m);
			L->on[b / LM_MAX_NODES][b % LM_MAX_NODES] = (unsigned char)bit_set(act, b);
		}
	sharing_update(L, chg);
}
