/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * On the 4xH200 link database (host side shared: 155 GB/s for four GPUs, NVLink 390 GB/s per
 * pair), the policy's plan for a tiled GEMM graph reads each tile from the host at most once and
 * spreads it GPU to GPU; with relays off (StarPU's own source choice) tiles cross the host link
 * several times. The plan is computed by the policy's pure model (pl_choose + pl_commit), as
 * push_task does, with a simulated clock; no GPU needed.
 */
#include "tests/testing.h"
#include "tests/sched_testing.h"
#include <string.h>

#define MT 4
#define NT 4
#define KT 4
#define TILE (2048u * 2048u * 8u)  /* 32 MiB double tiles */
#define KERNEL_US 340.0            /* one 2048^3 DGEMM tile on an H200 */

struct result { int max_host_reads; double host_bytes, min_host_bytes; int tasks[5]; double makespan; };

static void plan_gemm(const struct lm_db *db, int route, int max_hops, struct result *r)
{
	static struct pl_links L;
	pl_links_init(&L, db);
	/* tiles: A (MT x KT), B (KT x NT), C (MT x NT), all on the host at time 0 */
	enum { NA = MT * KT, NB = KT * NT, NC = MT * NT, NTILES = NA + NB + NC };
	static struct pl_dview tile[NTILES];
	int host_reads[NTILES];
	memset(host_reads, 0, sizeof host_reads);
	for (int i = 0; i < NTILES; i++) {
		st_view(&tile[i], TILE, 1, 0);
		tile[i].eta[0] = 0;
	}
	struct pl_cand cand[4];
	for (int g = 0; g < 4; g++)
		cand[g] = (struct pl_cand){ g, g + 1, g, 0 };
	double kern[4] = { KERNEL_US, KERNEL_US, KERNEL_US, KERNEL_US };
	memset(r, 0, sizeof *r);
	/* StarPU pushes a task when its dependencies are done: the k-th update of C(i,j) after the
	 * (k-1)-th. Simulated as waves over k; each wave is pushed when its first task could start
	 * (now = the earliest end of the previous wave's tasks). */
	double now = 0, wave_end[MT][NT];
	for (int k = 0; k < KT; k++) {
		double next = 1e300;
		for (int i = 0; i < MT; i++)
			for (int j = 0; j < NT; j++) {
				double t = k == 0 ? 0 : wave_end[i][j];
				double push = t > now ? t : now;
				pl_links_refresh(&L, push);
				int ia = i * KT + k, ib = NA + k * NT + j, ic = NA + NB + i * NT + j;
				struct pl_dview in[3] = { tile[ia], tile[ib], tile[ic] };
				in[2].write = 1;
				struct pl_decision d;
				pl_choose(&L, in, 3, cand, 4, kern, push, route, max_hops, &d);
				int g = d.best;
				struct pl_hop hops[8];
				int nh = pl_commit(&L, in, 3, cand[g].node, push, d.end_us, route, max_hops, hops, 8);
				int ids[3] = { ia, ib, ic };
				for (int h = 0; h < nh; h++)
					if (hops[h].src == 0) {
						host_reads[ids[hops[h].data]]++;
						r->host_bytes += TILE;
					}
				tile[ia] = in[0], tile[ib] = in[1], tile[ic] = in[2];
				tile[ic].write = 0;
				cand[g].free_us = d.end_us;
				wave_end[i][j] = d.end_us;
				r->tasks[g]++;
				if (d.end_us < next)
					next = d.end_us;
				if (d.end_us > r->makespan)
					r->makespan = d.end_us;
			}
		now = next;
	}
	for (int i = 0; i < NTILES; i++)
		if (host_reads[i] > r->max_host_reads)
			r->max_host_reads = host_reads[i];
	r->min_host_bytes = (double)NTILES * TILE;
}

int main(void)
{
	t_set_name("sched_host_once");
	struct lm_db db;
	st_load(&db, "h200x4");
	struct result on, off, hops2;
	plan_gemm(&db, 1, 1, &on);
	plan_gemm(&db, 0, 0, &off);
	plan_gemm(&db, 1, 2, &hops2);
	printf("relays on : host reads per tile <= %d, host->GPU %.2f GB (minimum %.2f), tasks per GPU %d %d %d %d, makespan %.0f us\n",
	       on.max_host_reads, on.host_bytes * 1e-9, on.min_host_bytes * 1e-9, on.tasks[0], on.tasks[1],
	       on.tasks[2], on.tasks[3], on.makespan);
	printf("relays off: host reads per tile <= %d, host->GPU %.2f GB, tasks per GPU %d %d %d %d, makespan %.0f us\n",
	       off.max_host_reads, off.host_bytes * 1e-9, off.tasks[0], off.tasks[1], off.tasks[2],
	       off.tasks[3], off.makespan);
	t_check(on.max_host_reads <= 1, "relays on: each tile read from the host at most once (max %d)", on.max_host_reads);
	t_check(on.host_bytes <= on.min_host_bytes, "relays on: host->GPU bytes %.0f <= minimum %.0f",
	        on.host_bytes, on.min_host_bytes);
	t_check(hops2.max_host_reads <= 1, "two hops allowed: still at most once (max %d)", hops2.max_host_reads);
	int used = 0;
	for (int g = 0; g < 4; g++)
		used += on.tasks[g] > 0;
	t_check(used == 4, "relays on: all four GPUs get work (%d)", used);
	t_check(off.max_host_reads > 1 && off.host_bytes > on.host_bytes,
	        "relays off (StarPU's sources): tiles cross the host link again (max %d reads, %.0f bytes)",
	        off.max_host_reads, off.host_bytes);
	t_check(on.makespan < off.makespan, "relays shorten the planned makespan (%.0f < %.0f us)", on.makespan, off.makespan);

	/* A PCIe-only machine has no GPU-GPU links: reading the host again is the only way. */
	struct lm_db pcie;
	st_load(&pcie, "pcie-only-4");
	struct result p;
	plan_gemm(&pcie, 1, 0, &p);
	t_check(p.host_bytes >= p.min_host_bytes, "pcie-only, no hops: every tile still arrives (%.0f bytes)", p.host_bytes);
	return t_summary();
}
