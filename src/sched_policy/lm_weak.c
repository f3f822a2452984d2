/*
 * TEMPORARY: weak stand-ins for the link map (src/linkmap, branch linkmap) so the policy builds
 * and runs before that branch is merged. The real definitions are strong and replace these at
 * link time; delete this file once src/linkmap provides them all.
 */
#include "config.h"
#include "linkmap/linkmap.h"
#include <starpu.h>
#include <string.h>

#define W __attribute__((weak))

W double lm_link_time_us(const struct lm_db *db, int src, int dst, size_t bytes)
{
	if (src == dst)
		return 0;
	double bw = db->link[src][dst].bw_gbs;
	return bw > 0 ? db->link[src][dst].latency_us + (double)bytes / (bw * 1e3) : 1e30;
}

W double lm_shared_bw(const struct lm_db *db, int src, int dst, const int (*active)[2], int nactive)
{
	double bw = db->link[src][dst].bw_gbs;
	for (int g = 0; g < db->ngroups; g++) {
		const struct lm_group *gr = &db->group[g];
		int in = 0, n = 1;
		for (int i = 0; i < gr->nlinks; i++)
			if (gr->src[i] == src && gr->dst[i] == dst)
				in = 1;
		if (!in)
			continue;
		for (int a = 0; a < nactive; a++) {
			if (active[a][0] == src && active[a][1] == dst)
				continue;
			for (int i = 0; i < gr->nlinks; i++)
				if (gr->src[i] == active[a][0] && gr->dst[i] == active[a][1])
					n++;
		}
		if (gr->total_gbs / n < bw)
			bw = gr->total_gbs / n;
	}
	return bw;
}

static double walk(const struct lm_db *db, const int *p, int n, size_t bytes,
                   const double (*fr)[LM_MAX_NODES], double t)
{
	for (int i = 0; i + 1 < n; i++) {
		double h = lm_link_time_us(db, p[i], p[i + 1], bytes);
		if (h >= 1e29)
			return 1e30;
		if (fr && fr[p[i]][p[i + 1]] > t)
			t = fr[p[i]][p[i + 1]];
		t += h;
	}
	return t;
}

W int lm_best_route(const struct lm_db *db, int src, int dst, size_t bytes, int max_hops,
                    const double (*fr)[LM_MAX_NODES], double now, int path[4], double *arr)
{
	int best_n = -1;
	double best = 1e30, t;
	int p[4] = { src, dst };
	if ((t = walk(db, p, 2, bytes, fr, now)) < best)
		best = t, best_n = 2, memcpy(path, p, sizeof p);
	for (int k = 0; max_hops >= 1 && k < db->nnodes; k++) {
		int q[4] = { src, k, dst };
		if (k != src && k != dst && (t = walk(db, q, 3, bytes, fr, now)) < best)
			best = t, best_n = 3, memcpy(path, q, sizeof q);
	}
	for (int k = 0; max_hops >= 2 && k < db->nnodes; k++)
		for (int l = 0; l < db->nnodes; l++) {
			int q[4] = { src, k, l, dst };
			if (k != src && k != dst && l != src && l != dst && l != k
			    && (t = walk(db, q, 4, bytes, fr, now)) < best)
				best = t, best_n = 4, memcpy(path, q, sizeof q);
		}
	*arr = best;
	return best_n;
}

W int lm_from_starpu(struct lm_db *db)
{
	memset(db, 0, sizeof *db);
	int n = (int)starpu_memory_nodes_get_count();
	db->nnodes = n > LM_MAX_NODES ? LM_MAX_NODES : n;
	db->from_starpu = 1;
	for (int i = 0; i < db->nnodes; i++) {
		db->node[i].kind = starpu_node_get_kind((unsigned)i) == STARPU_CPU_RAM ? LM_HOST : LM_GPU;
		db->node[i].devid = starpu_memory_node_get_devid((unsigned)i);
		for (int j = 0; j < db->nnodes; j++)
			if (i != j) {
				double bw = starpu_transfer_bandwidth((unsigned)i, (unsigned)j); /* MB/s */
				db->link[i][j].bw_gbs = bw > 0 ? bw * 1e-3 : 0;
				db->link[i][j].latency_us = starpu_transfer_latency((unsigned)i, (unsigned)j);
			}
	}
	return 0;
}

W int lm_open_for_this_machine(struct lm_db *db)
{
	lm_from_starpu(db);
	return 1;
}
