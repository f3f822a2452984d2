/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Sharing groups' levels by table. What a group leaves each of its links (lm_group_levels)
 * depends on which of its links are busy only through how many of each bandwidth are: the busy
 * ones share the group's total by their bandwidths, sorted, and an idle one is priced by its own
 * bandwidth beside them. The groups of real machines have one or two distinct bandwidths (a PCIe
 * switch's two links, a GPU's seven NVSwitch links), so a group has few such states (8 for seven
 * links of one bandwidth): pl_share_init computes the levels of every state once with
 * lm_group_levels itself, and a refresh looks its state up instead of sorting and dividing again
 * (on 8 GPUs behind NVSwitch some group changes at nearly every task). Groups with more states,
 * or with links the table cannot price (outside the machine, loops, no bandwidth of their own),
 * keep calling lm_group_levels.
 */
#include "sched_policy/sched.h"
#include <string.h>

static int link_bit(int s, int d) { return s * LM_MAX_NODES + d; }

/* Whether every link of the group is one lm_group_levels prices by its bandwidth alone. */
static int plain_links(const struct lm_db *db, const struct lm_group *gr)
{
	for (int i = 0; i < gr->nlinks; i++) {
		int s = gr->src[i], d = gr->dst[i];
		if (s < 0 || d < 0 || s >= db->nnodes || d >= db->nnodes || s == d)
			return 0;
		if (!(db->link[s][d].bw_gbs > 0))
			return 0;
		for (int k = 0; k < i; k++)
			if (gr->src[k] == s && gr->dst[k] == d)
				return 0; /* a link twice: its busy bit would count once */
	}
	return 1;
}

/* Sorts the group's links by bandwidth into classes (cap_of); 0 when more than PL_SHARE_CAPS
 * distinct bandwidths. */
static int classify(const struct lm_db *db, const struct lm_group *gr, struct pl_share *sh,
                    double *cap, int *count)
{
	sh->ncaps = 0;
	for (int i = 0; i < gr->nlinks; i++) {
		int s = gr->src[i], d = gr->dst[i], c = 0;
		double bw = db->link[s][d].bw_gbs;
		while (c < sh->ncaps && cap[c] != bw)
			c++;
		if (c == sh->ncaps) {
			if (c == PL_SHARE_CAPS)
				return 0;
			cap[c] = bw, count[c] = 0, sh->ncaps++;
		}
		count[c]++;
		sh->cap_of[i] = (unsigned char)c;
		sh->bit[i] = (unsigned short)link_bit(s, d);
	}
	return 1;
}

/* One state's levels: that many links of each bandwidth busy (the first ones of each), the
 * level lm_group_levels gives a busy link, then an idle link of each bandwidth. */
static void tabulate_state(const struct lm_db *db, int g, const struct pl_share *sh,
                           const int *busy, double *entry)
{
	const struct lm_group *gr = &db->group[g];
	unsigned char on[LM_MAX_NODES][LM_MAX_NODES];
	memset(on, 0, sizeof on);
	int left[PL_SHARE_CAPS];
	memcpy(left, busy, sizeof left);
	for (int i = 0; i < gr->nlinks; i++)
		if (left[sh->cap_of[i]] > 0) {
			left[sh->cap_of[i]]--;
			on[gr->src[i]][gr->dst[i]] = 1;
		}
	double level[LM_MAX_GROUP_LINKS];
	lm_group_levels(db, g, (const unsigned char (*)[LM_MAX_NODES])on, level);
	for (int c = 0; c <= sh->ncaps; c++)
		entry[c] = 0; /* a state with no busy link (or no idle one of a bandwidth) never reads it */
	for (int i = 0; i < gr->nlinks; i++)
		entry[on[gr->src[i]][gr->dst[i]] ? 0 : 1 + sh->cap_of[i]] = level[i];
}

void pl_share_init(struct pl_links *L)
{
	const struct lm_db *db = &L->db;
	int used = 0;
	for (int g = 0; g < db->ngroups; g++) {
		const struct lm_group *gr = &db->group[g];
		struct pl_share *sh = &L->share[g];
		memset(sh, 0, sizeof *sh);
		sh->table = -1;
		double cap[PL_SHARE_CAPS];
		int count[PL_SHARE_CAPS];
		if (!plain_links(db, gr) || !classify(db, gr, sh, cap, count))
			continue;
		int states = 1;
		for (int c = 0; c < sh->ncaps; c++) {
			sh->stride[c] = states;
			states *= count[c] + 1;
		}
		int width = 1 + sh->ncaps;
		if (states > PL_SHARE_STATES || used + states * width > PL_SHARE_TABLE)
			continue;
		sh->table = used;
		for (int st = 0; st < states; st++) {
			int busy[PL_SHARE_CAPS] = { 0 };
			for (int c = 0; c < sh->ncaps; c++)
				busy[c] = st / sh->stride[c] % (count[c] + 1);
			tabulate_state(db, g, sh, busy, &L->share_table[used + st * width]);
		}
		for (int e = used; e < used + states * width; e++)
			L->share_inv[e] = pl_inverse_bw(L->share_table[e]);
		used += states * width;
	}
}

void pl_share_levels(struct pl_links *L, int g, const uint64_t act[4])
{
	const struct pl_share *sh = &L->share[g];
	const struct lm_group *gr = &L->db.group[g];
	if (sh->table < 0) {
		lm_group_levels(&L->db, g, (const unsigned char (*)[LM_MAX_NODES])L->on, L->level[g]);
		for (int i = 0; i < gr->nlinks; i++)
			L->level_inv[g][i] = pl_inverse_bw(L->level[g][i]);
		return;
	}
	int st = 0; /* each busy link adds its bandwidth's stride */
	for (int i = 0; i < gr->nlinks; i++) {
		int b = sh->bit[i];
		st += (int)(act[b >> 6] >> (b & 63) & 1) * sh->stride[sh->cap_of[i]];
	}
	int e0 = sh->table + st * (1 + sh->ncaps);
	for (int i = 0; i < gr->nlinks; i++) {
		int b = sh->bit[i];
		int e = act[b >> 6] >> (b & 63) & 1 ? e0 : e0 + 1 + sh->cap_of[i];
		L->level[g][i] = L->share_table[e];
		L->level_inv[g][i] = L->share_inv[e];
	}
}
