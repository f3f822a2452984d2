/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The policy's ETA arithmetic on synthetic machines: link times, bandwidth under sharing,
 * link availability, arrival of a datum from its best source, the choice of the worker that
 * finishes first, committing a plan, and device selection by kernel time.
 */
#include "tests/testing.h"
#include "tests/sched_testing.h"
#include "tests/sched_reference.h"
#include <math.h>
#include <string.h>

#define MB32 (32u << 20)

static double h2d_us(double bw, size_t bytes) { return 10 + (double)bytes / (bw * 1e3); }

static int same_view(const struct pl_dview *a, const struct pl_dview *b, int n)
{
	return memcmp(a->eta, b->eta, sizeof(double) * (size_t)n) == 0;
}

/* pl_choose skips the nodes a bound rules out and shares work between the others; the choice,
 * its times, every node's readiness (pl_choose_all; pl_choose's where it computed one) and what
 * pl_commit or pl_commit_plan then commits must be those of the plain search (tests/sched_reference.h), bit for
 * bit, along random task streams on every synthetic machine: tiles of random sizes held on
 * random nodes or on their way, links busy from earlier tasks, candidates in any order, several
 * per node, CPU classes close enough to win, relays on and off, 0 to 2 hops. Half the streams
 * use equal kernels, sizes and free times, so that scores tie and the order rule decides. */
static void choose_equals_reference(void)
{
	const char *maps[] = { "h200x4", "dgx1-v100", "a100-nvswitch-8", "pcie-only-4", "numa4-synthetic" };
	static struct pl_links L, R;
	enum { NT = 64 };
	static struct pl_dview tl[NT], tr[NT];
	int bad = 0, tasks = 0, skipped = 0, compacted = 0;
	srand(5);
	for (int m = 0; m < 5; m++) {
		struct lm_db x;
		st_load(&x, maps[m]);
		int n = x.nnodes;
		for (int scen = 0; scen < 12; scen++) {
			int route = scen % 2, max_hops = scen / 2 % 3, ties = scen >= 6;
			pl_links_init(&L, &x);
			pl_links_init(&R, &x);
			struct pl_cand cand[40];
			int nc = 0;
			for (int g = 1; g < n; g++) {
				cand[nc++] = (struct pl_cand){ nc, g, g, 0 };
				if (g % 2)
					cand[nc++] = (struct pl_cand){ nc, g, g, 0 };
			}
			for (int k = 0; k < 8; k++)
				cand[nc++] = (struct pl_cand){ nc, 0, 0, 0 };
			for (int i = nc - 1; i > 0 && scen % 3; i--) {
				int j = rand() % (i + 1);
				struct pl_cand t = cand[i];
				cand[i] = cand[j], cand[j] = t;
			}
			double wfree[40] = { 0 };
			for (int i = 0; i < NT; i++) {
				st_view(&tl[i], ties ? 32u << 20 : (size_t)(1 + rand() % 64) << 20, 1, 0);
				tl[i].eta[rand() % 3 ? 0 : 1 + rand() % (n - 1)] = 0;
				tr[i] = tl[i];
			}
			double now = 0;
			for (int t = 0; t < 150; t++, tasks++) {
				now += ties ? 100 * (rand() % 4) : rand() % 400;
				if (ties && rand() % 3 == 0)
					memset(wfree, 0, sizeof wfree);
				pl_links_refresh(&L, now);
				pl_links_refresh(&R, now);
				for (int i = 0; i < nc; i++)
					cand[i].free_us = wfree[i] > now ? wfree[i] : now;
				double kern[LM_MAX_NODES], gk = ties ? 340 : 50 + rand() % 1000;
				kern[0] = scen % 4 < 2 ? gk * (1 + rand() % 30) / 10.0 : -1;
				for (int g = 1; g < n; g++)
					kern[g] = ties ? gk : rand() % 20 == 0 ? -1 : gk * (1 + (rand() % 3) * 0.25);
				int nin = 1 + rand() % 5, id[5];
				struct pl_dview a[5], b[5];
				for (int j = 0; j < nin; j++) {
					id[j] = rand() % NT;
					a[j] = tl[id[j]], b[j] = tr[id[j]];
					a[j].read = b[j].read = rand() % 8 != 0;
					a[j].write = b[j].write = j == nin - 1 || rand() % 10 == 0;
				}
				struct pl_decision d, da, r, dr;
				pl_choose(&L, a, nin, cand, nc, kern, now, route, max_hops, &d);
				pl_choose_all(&L, a, nin, cand, nc, kern, now, route, max_hops, &da);
				ref_choose(&R, b, nin, cand, nc, kern, now, route, max_hops, &r);
				int ok = d.best == r.best && da.best == r.best;
				/* The list cut down to the workers that can run it (pl_runnable, as the policy
				 * does): the same worker, the same times. */
				struct pl_cand run[40];
				memcpy(run, cand, sizeof(cand[0]) * (size_t)nc);
				int nr = pl_runnable(run, nc, kern);
				pl_choose(&L, a, nin, run, nr, kern, now, route, max_hops, &dr);
				ok &= (dr.best < 0) == (r.best < 0);
				if (r.best >= 0 && dr.best >= 0) {
					ok &= run[dr.best].worker == cand[r.best].worker && dr.end_us == r.end_us
					      && dr.start_us == r.start_us && dr.ready_us == r.ready_us;
					compacted += nr < nc;
				}
				if (r.best >= 0)
					ok &= d.end_us == r.end_us && d.start_us == r.start_us && d.ready_us == r.ready_us
					      && da.end_us == r.end_us && da.ready_us == r.ready_us;
				for (int i = 0; i < n; i++) {
					ok &= da.node_ready[i] == r.node_ready[i];
					ok &= d.node_ready[i] >= PL_INF || d.node_ready[i] == r.node_ready[i];
					skipped += d.node_ready[i] >= PL_INF && r.node_ready[i] < PL_INF;
				}
				if (r.best >= 0) {
					struct pl_hop hl[16], hr[16];
					int nl = t % 2 ? pl_commit(&L, a, nin, cand[d.best].node, now, d.end_us, route, max_hops, hl, 16)
					               : pl_commit_plan(&L, a, nin, cand[d.best].node, now, d.end_us, &d, hl, 16);
					int nr = ref_commit(&R, b, nin, cand[r.best].node, now, r.end_us, route, max_hops, hr, 16);
					ok &= nl == nr && memcmp(L.free_us, R.free_us, sizeof L.free_us) == 0
					      && memcmp(L.scratch, R.scratch, sizeof L.scratch) == 0;
					for (int h = 0; h < nl && h < nr; h++)
						ok &= hl[h].data == hr[h].data && hl[h].src == hr[h].src && hl[h].dst == hr[h].dst
						      && hl[h].start_us == hr[h].start_us && hl[h].arrival_us == hr[h].arrival_us;
					for (int j = 0; j < nin; j++) {
						ok &= same_view(&a[j], &b[j], n);
						a[j].write = b[j].write = 0;
						tl[id[j]] = a[j], tr[id[j]] = b[j];
					}
					wfree[r.best] = r.end_us;
				}
				if (!ok && bad++ < 3)
					printf("differs: %s scenario %d task %d: best %d/%d (reference %d), end %.17g (%.17g)\n",
					       maps[m], scen, t, d.best, da.best, r.best, d.end_us, r.end_us);
			}
		}
	}
	t_check(bad == 0 && skipped > 0 && compacted > 0, "pl_choose, pl_choose_all, pl_commit(_plan), "
	        "pl_choose on the runnable candidates = the plain search on %d random tasks (%d differ; %d "
	        "nodes skipped; %d lists cut down)", tasks, bad, skipped, compacted);
}

/* The DGX-1 map with groups that the levels' table (sharing.c) prices in each of its ways: one of
 * five links of five bandwidths (more than PL_SHARE_CAPS: lm_group_levels at each change), some
 * of links of two bandwidths, and the map's own (one bandwidth each); and a link in three
 * groups. */
static void mixed_groups(struct lm_db *x)
{
	st_load(x, "dgx1-v100");
	int src5[5] = { 1, 1, 1, 2, 3 }, dst5[5] = { 2, 4, 6, 3, 7 }; /* 24, 48, 8, 40, 30 GB/s */
	int src2[4] = { 1, 2, 3, 4 }, dst2[4] = { 5, 6, 4, 8 };         /* 48, 48, 48, 24 GB/s */
	lm_set_link(x, 2, 3, 8, 40);
	lm_set_link(x, 3, 7, 8, 30);
	lm_add_group(x, "five-bandwidths", 60, 5, src5, dst5);
	lm_add_group(x, "two-bandwidths", 70, 4, src2, dst2);
	/* gpu0 -> gpu1 in three groups (more than links_update's fixed pair) */
	int srca[2] = { 1, 2 }, dsta[2] = { 2, 1 }, srcb[2] = { 1, 0 }, dstb[2] = { 2, 3 };
	lm_add_group(x, "both-ways", 30, 2, srca, dsta);
	lm_add_group(x, "with-host", 20, 2, srcb, dstb);
}

/* The refresh recomputes only the sharing groups whose busy links changed, their levels looked up
 * in a table (sharing.c): the same bandwidths, inverse bandwidths and fastest links in and out as
 * lm_shared_bw_all over the whole busy set, along random sequences of busy sets (a few links
 * change per step, as copies come and go), on the five maps and on one whose groups also take the
 * ways the table does not cover. */
static void refresh_equals_full(void)
{
	const char *maps[] = { "h200x4", "dgx1-v100", "a100-nvswitch-8", "pcie-only-4", "numa4-synthetic",
	                       "mixed groups" };
	static struct pl_links L;
	int bad = 0, steps = 0, untabulated = 0, two_caps = 0, three_groups = 0;
	srand(11);
	for (int m = 0; m < 6; m++) {
		struct lm_db x;
		if (m < 5)
			st_load(&x, maps[m]);
		else
			mixed_groups(&x);
		pl_links_init(&L, &x);
		for (int g = 0; g < x.ngroups; g++) {
			untabulated += L.share[g].table < 0;
			two_caps += L.share[g].table >= 0 && L.share[g].ncaps == 2;
		}
		for (int b = 0; b < LM_MAX_NODES * LM_MAX_NODES; b++)
			three_groups += L.gref_more[b];
		int n = x.nnodes;
		for (int it = 0; it < 400; it++, steps++) {
			for (int c = rand() % 4; c >= 0; c--)
				L.free_us[rand() % n][rand() % n] = rand() % 2 ? 0 : 1e9;
			pl_links_refresh(&L, 100);
			int act[LM_MAX_NODES * LM_MAX_NODES][2], na = 0;
			for (int a = 0; a < n; a++)
				for (int b = 0; b < n; b++)
					if (L.free_us[a][b] > 100)
						act[na][0] = a, act[na][1] = b, na++;
			double bw[LM_MAX_NODES][LM_MAX_NODES];
			lm_shared_bw_all(&x, (const int (*)[2])act, na, bw);
			double out_inv[LM_MAX_NODES], in_inv[LM_MAX_NODES], out_lat[LM_MAX_NODES], in_lat[LM_MAX_NODES];
			for (int a = 0; a < n; a++)
				out_inv[a] = in_inv[a] = out_lat[a] = in_lat[a] = PL_INF;
			for (int a = 0; a < n; a++)
				for (int b = 0; b < n; b++) {
					if (a == b)
						continue;
					double inv = bw[a][b] > 0 ? 1.0 / (bw[a][b] * 1e3) : 0;
					bad += L.eff.link[a][b].bw_gbs != bw[a][b] || L.us_per_byte[a][b] != inv;
					if (!(inv > 0))
						continue;
					double lat = x.link[a][b].latency_us;
					out_inv[a] = inv < out_inv[a] ? inv : out_inv[a];
					in_inv[b] = inv < in_inv[b] ? inv : in_inv[b];
					out_lat[a] = lat < out_lat[a] ? lat : out_lat[a];
					in_lat[b] = lat < in_lat[b] ? lat : in_lat[b];
				}
			for (int a = 0; a < n; a++)
				bad += L.min_out_inv[a] != out_inv[a] || L.min_in_inv[a] != in_inv[a]
				       || L.min_out_lat[a] != out_lat[a] || L.min_in_lat[a] != in_lat[a];
		}
	}
	t_check(bad == 0 && untabulated == 1 && two_caps >= 2 && three_groups == 1,
	        "refresh by changed groups = lm_shared_bw_all on %d random busy sets (%d differ; groups "
	        "not tabulated %d, tabulated with two bandwidths %d; links in three groups %d)", steps,
	        bad, untabulated, two_caps, three_groups);
}

int main(void)
{
	t_set_name("sched_eta");
	struct lm_db db;
	st_load(&db, "h200x4"); /* node 0 host, 1..4 GPUs; host side shared (155 GB/s for four) */
	static struct pl_links L;
	pl_links_init(&L, &db);

	/* One copy alone: the link's own bandwidth. */
	struct pl_dview a;
	st_view(&a, MB32, 1, 0);
	a.eta[0] = 0;
	int p[4], np;
	double t = pl_arrival(&L, &a, 1, 0, 1, 1, p, &np);
	t_check(st_near(t, h2d_us(55.4, MB32)) && np == 2 && p[0] == 0 && p[1] == 1,
	        "host->gpu0 alone: %.3f us (expected %.3f), %d nodes", t, h2d_us(55.4, MB32), np);
	t = pl_arrival(&L, &a, 0, 5, 1, 1, p, &np);
	t_check(t == 5 && np == 1, "already on the host: now (%g), path of 1 (%d)", t, np);

	/* Committing it occupies the link: the next copy over it waits. */
	struct pl_hop hops[8];
	int nh = pl_commit(&L, &a, 1, 1, 0, 100, 1, 1, hops, 8);
	double first = h2d_us(55.4, MB32);
	t_check(nh == 1 && hops[0].src == 0 && hops[0].dst == 1 && st_near(hops[0].arrival_us, first),
	        "commit: one hop host->gpu0 arriving at %.3f", nh ? hops[0].arrival_us : -1);
	t_check(st_near(L.free_us[0][1], first), "link host->gpu0 busy until %.3f", L.free_us[0][1]);
	t_check(st_near(a.eta[1], first), "datum's ETA on gpu0 = %.3f", a.eta[1]);
	t_check(L.bytes[0][1] == MB32, "bytes planned host->gpu0: %g", L.bytes[0][1]);
	struct pl_dview b;
	st_view(&b, MB32, 1, 0);
	b.eta[0] = 0;
	/* refresh: host->gpu0 is busy; host->gpu1 shares the host with it (155/2 > 55.4: no loss) */
	pl_links_refresh(&L, 0);
	t = pl_arrival(&L, &b, 1, 0, 1, 0, p, &np);
	t_check(st_near(t, first + h2d_us(55.4, MB32)), "no hops: second tile to gpu0 queues behind the first: %.3f", t);
	/* one hop: through another GPU's free host link, then NVLink */
	t = pl_arrival(&L, &b, 1, 0, 1, 1, p, &np);
	t_check(np == 3 && p[1] != 0 && st_near(t, first + h2d_us(390, MB32)),
	        "one hop: host->gpu%d->gpu0 at %.3f (expected %.3f)", p[1] - 1, t, first + h2d_us(390, MB32));

	/* Sharing: with three host links busy, a fourth gets 155/4 GB/s. */
	L.free_us[0][2] = L.free_us[0][3] = 1e6;
	pl_links_refresh(&L, 0);
	t = pl_arrival(&L, &b, 4, 0, 0, 0, p, &np);
	t_check(st_near(t, h2d_us(155.0 / 4, MB32)), "host->gpu3 beside three busy host links: %.3f us (expected %.3f)",
	        t, h2d_us(155.0 / 4, MB32));
	t_check(st_near(L.eff.link[1][2].bw_gbs, 390), "gpu0->gpu1 keeps 390 GB/s: %g", L.eff.link[1][2].bw_gbs);
	/* The links free again (times in the past): full bandwidth back. */
	pl_links_refresh(&L, 2e6);
	t_check(st_near(L.eff.link[0][4].bw_gbs, 55.4), "all idle: host->gpu3 back to %g", L.eff.link[0][4].bw_gbs);

	/* Routing: a datum on its way to gpu0 is read from there (NVLink), not again from the host. */
	pl_links_init(&L, &db);
	struct pl_dview c;
	st_view(&c, MB32, 1, 0);
	c.eta[0] = 0;
	c.eta[1] = 700; /* planned arrival on gpu0 */
	t = pl_arrival(&L, &c, 2, 0, 1, 1, p, &np);
	t_check(np == 2 && p[0] == 1 && st_near(t, 700 + h2d_us(390, MB32)),
	        "relay: gpu0 -> gpu1 at %.3f (from node %d)", t, p[0]);
	t = pl_arrival(&L, &c, 2, 0, 0, 1, p, &np);
	t_check(np == 2 && p[0] == 0 && st_near(t, first), "route off: StarPU reads the valid host copy (%d), %.3f", p[0], t);

	/* Worker choice: two GPUs and CPU cores. Inputs on the host. */
	pl_links_init(&L, &db);
	struct pl_dview in[3];
	for (int i = 0; i < 3; i++) {
		st_view(&in[i], MB32, 1, i == 2);
		in[i].eta[0] = 0;
	}
	struct pl_cand cand[4] = { { 10, 1, 1, 0 }, { 11, 2, 2, 0 }, { 0, 0, 0, 0 }, { 1, 0, 0, 0 } };
	double kern[3] = { 200000, 340, 340 }; /* cpu, gpu0, gpu1 */
	struct pl_decision d;
	pl_choose(&L, in, 3, cand, 4, kern, 0, 1, 1, &d);
	double ready = 3 * h2d_us(55.4, MB32) - 2 * 10; /* three tiles back to back on one link */
	(void)ready;
	t_check(d.best == 0 || d.best == 1, "a GPU wins over CPU cores (best %d)", d.best);
	/* gpu0 busy for a long time: gpu1 wins */
	cand[0].free_us = 1e5;
	pl_choose(&L, in, 3, cand, 4, kern, 0, 1, 1, &d);
	t_check(d.best == 1, "busy gpu0: gpu1 chosen (%d), end %.1f", d.best, d.end_us);
	/* inputs already on gpu0, gpu0 free a little later than gpu1: gpu0 still wins (no copies) */
	cand[0].free_us = 100;
	for (int i = 0; i < 3; i++)
		in[i].eta[1] = 0;
	pl_choose(&L, in, 3, cand, 4, kern, 0, 1, 1, &d);
	t_check(d.best == 0 && st_near(d.end_us, 440), "data on gpu0: gpu0 chosen (%d), end %.1f (expected 440)", d.best, d.end_us);
	/* gpu1 would get the three tiles from gpu0 over NVLink: two one after the other on
	 * gpu0->gpu1, the third through another GPU (one hop) in the same time */
	t_check(d.node_ready[1] == 0 && st_near(d.node_ready[2], 2 * h2d_us(390, MB32)),
	        "per-node readiness: gpu0 %g, gpu1 %.1f (expected %.1f)", d.node_ready[1], d.node_ready[2],
	        2 * h2d_us(390, MB32));
	pl_choose(&L, in, 3, cand, 4, kern, 0, 1, 0, &d);
	t_check(st_near(d.node_ready[2], 3 * h2d_us(390, MB32)),
	        "no hops: the three copies queue on gpu0->gpu1: %.1f (expected %.1f)", d.node_ready[2],
	        3 * h2d_us(390, MB32));
	/* the start never precedes the inputs' arrival */
	cand[0].free_us = 1e9;
	pl_choose(&L, in, 3, cand, 4, kern, 0, 1, 1, &d);
	t_check(d.best == 1 && d.start_us >= d.node_ready[2] - 1e-6, "start %.1f >= ready %.1f", d.start_us, d.node_ready[2]);
	/* a class that cannot run it (negative kernel time) is never chosen */
	double kern_nogpu[3] = { 200000, -1, -1 };
	pl_choose(&L, in, 3, cand, 4, kern_nogpu, 0, 1, 1, &d);
	t_check(d.best == 2 || d.best == 3, "GPUs cannot run it: a CPU core (%d)", d.best);
	/* Return trip: a CPU core that ends first by less than the time its written tile takes back
	 * to the GPUs does not shorten the graph; one that ends first by more does. */
	for (int i = 0; i < 3; i++)
		in[i].eta[0] = in[i].eta[1] = in[i].eta[2] = 0;
	double kern_close[3] = { 9000, 340, 340 };
	double back = h2d_us(55.4, MB32); /* the written tile, host -> a GPU */
	cand[0].free_us = cand[1].free_us = 9000 - 340 + back / 2; /* GPUs end back/2 after the core */
	pl_choose(&L, in, 3, cand, 4, kern_close, 0, 1, 1, &d);
	t_check(d.best == 0 || d.best == 1, "core ends %.0f us sooner, its tile needs %.0f us back: a GPU (%d)",
	        back / 2, back, d.best);
	t_check(st_near(d.end_us, 9000 + back / 2), "the end is the task's own, %.1f", d.end_us);
	cand[0].free_us = cand[1].free_us = 9000 - 340 + 2 * back;
	pl_choose(&L, in, 3, cand, 4, kern_close, 0, 1, 1, &d);
	t_check((d.best == 2 || d.best == 3) && st_near(d.end_us, 9000),
	        "core ends %.0f us sooner: the core (%d), end %.1f", 2 * back, d.best, d.end_us);
	/* a task that writes nothing has no return trip */
	in[2].write = 0;
	cand[0].free_us = cand[1].free_us = 9000 - 340 + back / 2;
	pl_choose(&L, in, 3, cand, 4, kern_close, 0, 1, 1, &d);
	t_check(d.best == 2 || d.best == 3, "nothing written: the core that ends first (%d)", d.best);
	in[2].write = 1;

	/* Commit of a written datum: afterwards only the worker's node holds it, at the task's end. */
	pl_links_init(&L, &db);
	for (int i = 0; i < 3; i++) {
		st_view(&in[i], MB32, 1, i == 2);
		in[i].eta[0] = 0;
	}
	nh = pl_commit(&L, in, 3, 2, 0, 5000, 1, 0, hops, 8);
	t_check(nh == 3, "three copies planned to gpu1 (%d)", nh);
	t_check(in[2].eta[2] == 5000 && in[2].eta[0] >= PL_INF, "written datum: only on gpu1 at 5000 (%g, host %g)",
	        in[2].eta[2], in[2].eta[0]);
	t_check(hops[2].arrival_us > hops[1].arrival_us && hops[1].arrival_us > hops[0].arrival_us,
	        "copies over one link queue up: %.1f < %.1f < %.1f", hops[0].arrival_us, hops[1].arrival_us, hops[2].arrival_us);

	/* Device selection: CPU cores 1000x slower than GPUs get nothing; equal classes stay. */
	double k2[3] = { 340000, 340, 340 };
	int nx = pl_exclude_slow(k2, cand, 4, 20);
	t_check(nx == 1 && k2[0] < 0 && k2[1] == 340, "slow CPU class excluded (%d, %g)", nx, k2[0]);
	double k3[3] = { 3000, 340, 340 };
	nx = pl_exclude_slow(k3, cand, 4, 20);
	t_check(nx == 0 && k3[0] == 3000, "CPU 9x slower stays (%d)", nx);
	double k4[3] = { 340000, 340, 340 };
	nx = pl_exclude_slow(k4, cand, 4, 0);
	t_check(nx == 0, "ratio 0 excludes nothing (%d)", nx);
	double k5[3] = { 0.5, 0.001, 0.001 };
	nx = pl_exclude_slow(k5, cand, 4, 20);
	t_check(nx == 0, "tiny tasks are not excluded (%d)", nx);

	/* No peer access (PCIe across switches): a tile only on gpu0 reaches gpu2 through host RAM,
	 * as StarPU stages it, also with routing off; it never looks free. */
	struct lm_db pc;
	st_load(&pc, "pcie-only-4");
	static struct pl_links LP;
	pl_links_init(&LP, &pc);
	struct pl_dview g0;
	st_view(&g0, MB32, 1, 0);
	g0.eta[1] = 0;
	double staged = 2 * (10 + MB32 / 12e3);
	for (int route = 0; route < 2; route++) {
		t = pl_arrival(&LP, &g0, 3, 0, route, 0, p, &np);
		t_check(np == 3 && p[1] == 0 && st_near(t, staged),
		        "pcie, route %d: gpu0->gpu2 staged through the host, %.1f us (expected %.1f, %d nodes)",
		        route, t, staged, np);
	}

	/* Calibration in progress: classes cpu (type 0), gpu0, gpu1 (type 1). gpu0 is measured at 1000
	 * us; gpu1 and the CPU only have fallbacks (7.5 us per GPU, 200 us per core: StarPU's relative
	 * speeds without flops). Raw, gpu0 would look 133x slower than gpu1 and be excluded. */
	int type[3] = { 0, 1, 1 }, usable[3] = { 1, 1, 1 };
	double fb[3] = { 200, 7.5, 7.5 };
	double ka[3] = { 200, 1000, 7.5 };
	int meas[3] = { 0, 1, 0 };
	pl_anchor_fallbacks(ka, fb, meas, usable, type, 3);
	t_check(st_near(ka[2], 1000) && st_near(ka[1], 1000), "uncalibrated gpu1 takes calibrated gpu0's time (%g)", ka[2]);
	t_check(st_near(ka[0], 1000 * 200 / 7.5), "uncalibrated CPU: gpu0's time x the fallback ratio (%g)", ka[0]);
	nx = pl_exclude_slow(ka, cand, 4, 20);
	t_check(nx == 1 && ka[0] < 0 && ka[1] == 1000 && ka[2] == 1000,
	        "then only the CPU class is excluded, both GPUs keep the task (%d excluded)", nx);
	/* Second run: GPUs measured (500 us), the CPU never ran any (it was always excluded): its raw
	 * 200 us fallback would look faster than the GPUs and flood the cores. */
	double kb[3] = { 200, 500, 500 };
	int meas2[3] = { 0, 1, 1 };
	pl_anchor_fallbacks(kb, fb, meas2, usable, type, 3);
	t_check(kb[0] > 20 * 500, "uncalibrated CPU anchored on the GPUs' measured time: %g us", kb[0]);
	/* Nothing measured: fallbacks stay as they are; measured classes are never touched. */
	double kc[3] = { 200, 7.5, 7.5 };
	int none[3] = { 0, 0, 0 };
	pl_anchor_fallbacks(kc, fb, none, usable, type, 3);
	t_check(kc[0] == 200 && kc[1] == 7.5, "nothing measured: fallbacks unchanged");
	double kd[3] = { 50000, 500, 520 };
	int all[3] = { 1, 1, 1 };
	pl_anchor_fallbacks(kd, fb, all, usable, type, 3);
	t_check(kd[0] == 50000 && kd[2] == 520, "all measured: unchanged");

	refresh_equals_full();
	choose_equals_reference();
	return t_summary();
}
