/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Link arithmetic on the synthetic machines (tests/data/linkmap): transfer times, bandwidth under
 * sharing, and routes with 0/1/2 intermediate hops around slow or busy links. Routes are checked
 * against an independent brute force over every simple path, on random link-busy times.
 */
#include "linkmap/linkmap.h"
#include "tests/testing.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MB ((size_t)1000 * 1000)
/* Nodes: 0 is host RAM, 1 + g is GPU g. */
#define GPU(g) (1 + (g))

static int load(struct lm_db *db, const char *name)
{
	char path[1024], err[512];
	const char *top = getenv("top_srcdir");
	snprintf(path, sizeof(path), "%s/tests/data/linkmap/%s", top ? top : ".", name);
	if (lm_load(db, path, err, sizeof(err))) {
		t_check(0, "load %s: %s", name, err);
		return -1;
	}
	return 0;
}

static int near(double x, double want)
{
	return fabs(x - want) <= 1e-9 * fabs(want) + 1e-12;
}

/* The route p of n nodes is exactly a, b[, c[, d]] (-1 ends the expected list). */
static int path_is(const int *p, int n, int a, int b, int c, int d)
{
	int w[4] = { a, b, c, d }, wn = c < 0 ? 2 : d < 0 ? 3 : 4;
	if (n != wn)
		return 0;
	for (int i = 0; i < n; i++)
		if (p[i] != w[i])
			return 0;
	return 1;
}

/* ---- independent reference: every simple path of at most max_hops intermediates ---- */
static double ref_best;

static void ref_walk(const struct lm_db *db, int at, int dst, double t, int hops_left, size_t bytes,
                     const double (*fr)[LM_MAX_NODES], unsigned used)
{
	for (int nx = 0; nx < db->nnodes; nx++) {
		if (used & (1u << nx) || db->link[at][nx].bw_gbs <= 0)
			continue;
		double start = fr[at][nx] > t ? fr[at][nx] : t;
		double arr = start + db->link[at][nx].latency_us +
		             (double)bytes / (db->link[at][nx].bw_gbs * 1e3);
		if (nx == dst) {
			if (arr < ref_best)
				ref_best = arr;
		} else if (hops_left > 0) {
			ref_walk(db, nx, dst, arr, hops_left - 1, bytes, fr, used | (1u << nx));
		}
	}
}

static void check_against_brute_force(const struct lm_db *db, const char *name)
{
	static double fr[LM_MAX_NODES][LM_MAX_NODES];
	unsigned seed = 12345;
	int bad = 0, total = 0;
	for (int trial = 0; trial < 40; trial++) {
		for (int a = 0; a < db->nnodes; a++)
			for (int b = 0; b < db->nnodes; b++) {
				seed = seed * 1103515245u + 12345u;
				/* a third of the links busy for up to 20 ms */
				fr[a][b] = (seed >> 16) % 3 == 0 ? (double)((seed >> 8) % 20000) : 0;
			}
		size_t bytes = (size_t)(1 + trial % 7) * 4 * MB;
		for (int s = 0; s < db->nnodes; s++)
			for (int d = 0; d < db->nnodes; d++)
				for (int hops = 0; hops <= 2; hops++) {
					if (s == d)
						continue;
					int p[4];
					double arr;
					int n = lm_best_route(db, s, d, bytes, hops, fr, 100.0, p, &arr);
					ref_best = LM_NEVER_US;
					ref_walk(db, s, d, 100.0, hops, bytes, fr, 1u << s);
					total++;
					int ok = ref_best >= LM_NEVER_US ? n == -1 && arr >= LM_NEVER_US
					                                 : n >= 2 && n <= hops + 2 && near(arr, ref_best);
					/* the returned path must itself take the returned time */
					if (ok && n > 0) {
						double t = 100.0;
						for (int i = 0; i + 1 < n; i++) {
							double st = fr[p[i]][p[i + 1]] > t ? fr[p[i]][p[i + 1]] : t;
							t = st + lm_link_time_us(db, p[i], p[i + 1], bytes);
						}
						ok = p[0] == s && p[n - 1] == d && near(t, arr);
					}
					bad += !ok;
				}
	}
	t_check(bad == 0, "%s: lm_best_route matches brute force over all simple paths (%d of %d wrong)",
	        name, bad, total);
}

static void check_h200(void)
{
	struct lm_db db;
	if (load(&db, "h200x4.txt"))
		return;
	t_check(near(lm_link_time_us(&db, 0, GPU(0), 554 * MB / 10), 10 + 1000),
	        "h200: 55.4 MB host->GPU0 takes latency + 1 ms");
	t_check(lm_link_time_us(&db, GPU(1), GPU(1), 1 * MB) == 0, "h200: a copy to itself is free");
	int h2d[4][2] = { { 0, GPU(0) }, { 0, GPU(1) }, { 0, GPU(2) }, { 0, GPU(3) } };
	t_check(near(lm_shared_bw(&db, 0, GPU(0), NULL, 0), 55.4), "h200: one GPU alone reads 55.4 GB/s");
	double two = lm_shared_bw(&db, 0, GPU(0), h2d, 2);
	t_check(near(two, 55.4), "h200: two GPUs reading still get 55.4 each (2 x 55.4 < 155)");
	double four = lm_shared_bw(&db, 0, GPU(0), h2d, 4);
	t_check(near(four, 155.0 / 4), "h200: four GPUs reading share 155: %g each", four);
	t_check(near(lm_shared_bw(&db, 0, GPU(2), h2d + 1, 3), 155.0 / 3),
	        "h200: three readers (the queried link counted once) get 155/3");
	int dup[2][2] = { { 0, GPU(0) }, { 0, GPU(0) } };
	t_check(near(lm_shared_bw(&db, 0, GPU(0), dup, 2), 55.4), "h200: duplicate active entries count once");
	int back[1][2] = { { GPU(0), 0 } };
	t_check(near(lm_shared_bw(&db, 0, GPU(0), back, 1), 49), "h200: both directions of one GPU share 98");
	t_check(near(lm_shared_bw(&db, 0, GPU(1), back, 1), 55.4), "h200: GPU0 writing back does not slow GPU1's reads");
	/* By volume (lm_shared_bw_volumes): GPU0 brings 3 GB in and sends 1 GB home, both starting
	 * together: 49 GB/s each while both move (1 GB out takes 1/49 s), then the last 2 GB in alone
	 * at 55.4. A GEMM from the host (A + B + C in, C out) runs so; the even split priced its
	 * inbound bytes at 49 throughout. */
	double gb = 1e9, back_bytes[1] = { 1 * gb };
	double in_s = 1 / 49.0 + 2 / 55.4, vin = lm_shared_bw_volumes(&db, 0, GPU(0), 3 * gb, back, back_bytes, 1);
	t_check(near(vin, 3 / in_s), "h200: 3 GB in beside 1 GB out: %g GB/s (want %g)", vin, 3 / in_s);
	double vout = lm_shared_bw_volumes(&db, GPU(0), 0, 1 * gb, (const int (*)[2])h2d, (double[]){ 3 * gb }, 1);
	t_check(near(vout, 49), "h200: the smaller transfer ends while both move: 49 GB/s (%g)", vout);
	double equal = lm_shared_bw_volumes(&db, 0, GPU(0), 1 * gb, back, back_bytes, 1);
	t_check(near(equal, lm_shared_bw(&db, 0, GPU(0), back, 1)), "h200: equal volumes share as lm_shared_bw says");
	t_check(near(lm_shared_bw_volumes(&db, 0, GPU(0), 0, back, back_bytes, 1), 49),
	        "h200: without bytes, lm_shared_bw");
	t_check(near(lm_shared_bw_volumes(&db, 0, GPU(0), 1 * gb, back, (double[]){ 0 }, 1), 55.4),
	        "h200: a busy link with no bytes left does not share");
	/* scaled (lm_shared_bw_volumes_scaled): the duplex at half its total, 49 both ways; a scale
	 * outside (0, 1] is none */
	double half = lm_shared_bw_volumes_scaled(&db, 0, GPU(0), 1 * gb, back, back_bytes, 1, 0.5);
	t_check(near(half, 24.5), "h200: equal volumes through half the duplex: %g GB/s (want 24.5)", half);
	int none_ok = 1;
	for (int i = 0; i < 4; i++)
		none_ok &= near(lm_shared_bw_volumes_scaled(&db, 0, GPU(0), 3 * gb, back, back_bytes, 1,
		                                            (double[]){ 1, 0, 2, NAN }[i]), vin);
	t_check(none_ok, "h200: scales 1, 0, 2 and NaN leave the total as it is");
	/* four GPUs reading the host's 155 GB/s: the smallest transfers end first and leave the
	 * others their share (1, 2, 3, 4 GB: 38.75 each until 1 GB is in, then 155/3 = 51.7, ...) */
	double four_bytes[4] = { 1 * gb, 2 * gb, 3 * gb, 4 * gb };
	double t1 = 1 / 38.75, t2 = t1 + 1 / (155.0 / 3), t3 = t2 + 1 / 55.4;
	double v3 = lm_shared_bw_volumes(&db, 0, GPU(2), 3 * gb, (const int (*)[2])h2d, four_bytes, 4);
	t_check(near(v3, 3 / t3), "h200: the third of four readers by volume: %g GB/s (want %g)", v3, 3 / t3);
	t_check(near(lm_shared_bw_volumes(&db, 0, GPU(0), 1 * gb, (const int (*)[2])h2d, four_bytes, 4), 38.75),
	        "h200: the smallest of four readers shares 155 to its end");
	/* bytes too few for the floating point (a step of 0) end in one stage each, not never */
	double v_tiny = lm_shared_bw_volumes(&db, 0, GPU(0), 1e-310, back, (double[]){ 1.0 }, 1);
	t_check(v_tiny > 0, "h200: a denormal transfer beside a byte ends (%g GB/s)", v_tiny);
	int ring[4][2] = { { GPU(0), GPU(1) }, { GPU(1), GPU(2) }, { GPU(2), GPU(3) }, { GPU(3), GPU(0) } };
	t_check(near(lm_shared_bw(&db, GPU(0), GPU(1), ring, 4), 390), "h200: NVLink pairs do not share");
	t_check(near(lm_shared_time_us(&db, 0, GPU(0), 3875 * MB / 100, h2d, 4), 10 + 1000),
	        "h200: shared time uses the shared bandwidth");

	/* PARALiA's rerouting: GPU0's host link is busy; the tile comes through GPU1 over NVLink. */
	static double fr[LM_MAX_NODES][LM_MAX_NODES];
	fr[0][GPU(0)] = 5000;
	int p[4];
	double arr;
	size_t tile = 8 * MB;
	int n = lm_best_route(&db, 0, GPU(0), tile, 1, fr, 0, p, &arr);
	double want = 10 + 8e6 / 55.4e3 + 10 + 8e6 / 390e3;
	t_check(path_is(p, n, 0, GPU(1), GPU(0), -1) && near(arr, want),
	        "h200: busy host->GPU0 reroutes host->GPU1->GPU0 (n=%d, arrival %g, want %g)", n, arr, want);
	n = lm_best_route(&db, 0, GPU(0), tile, 0, fr, 0, p, &arr);
	t_check(path_is(p, n, 0, GPU(0), -1, -1) && near(arr, 5000 + 10 + 8e6 / 55.4e3),
	        "h200: with no hop allowed it waits for the link");
	n = lm_best_route(&db, 0, GPU(0), tile, 1, NULL, 0, p, &arr);
	t_check(path_is(p, n, 0, GPU(0), -1, -1), "h200: with every link free the direct copy wins");
	/* Under four concurrent host reads, every host link gives 38.75 GB/s: still direct. */
	n = lm_best_route_shared(&db, 0, GPU(0), tile, 2, NULL, 0, h2d, 4, p, &arr);
	t_check(path_is(p, n, 0, GPU(0), -1, -1) && near(arr, 10 + 8e6 / 38.75e3),
	        "h200: shared route time uses 155/4 GB/s (%g)", arr);
	n = lm_best_route(&db, GPU(2), GPU(3), tile, 2, NULL, 0, p, &arr);
	t_check(path_is(p, n, GPU(2), GPU(3), -1, -1), "h200: GPU2->GPU3 goes direct");
	check_against_brute_force(&db, "h200");
}

static void check_dgx1(void)
{
	struct lm_db db;
	if (load(&db, "dgx1-v100.txt"))
		return;
	t_check(near(db.link[GPU(0)][GPU(3)].bw_gbs, 48) && near(db.link[GPU(0)][GPU(1)].bw_gbs, 24),
	        "dgx1: NVLink 48 GB/s for 0-3, 24 GB/s for 0-1");
	/* GPU0 -> GPU5 has no NVLink: through GPU1 (24 then 48) beats the 8 GB/s direct path. */
	size_t tile = 64 * MB;
	int p[4];
	double arr;
	int n = lm_best_route(&db, GPU(0), GPU(5), tile, 1, NULL, 0, p, &arr);
	double via = 8 + 64e6 / 24e3 + 8 + 64e6 / 48e3;
	t_check(path_is(p, n, GPU(0), GPU(1), GPU(5), -1) && near(arr, via),
	        "dgx1: GPU0->GPU5 reroutes through GPU1 (n=%d via %d, %g us)", n, p[1] - 1, arr);
	n = lm_best_route(&db, GPU(0), GPU(5), tile, 0, NULL, 0, p, &arr);
	t_check(path_is(p, n, GPU(0), GPU(5), -1, -1) && near(arr, 20 + 64e6 / 8e3),
	        "dgx1: hop limit 0 keeps the direct 8 GB/s copy");
	/* Both one-hop NVLink routes busy: a two-hop NVLink route wins. */
	static double fr[LM_MAX_NODES][LM_MAX_NODES];
	fr[GPU(0)][GPU(1)] = fr[GPU(0)][GPU(4)] = 1e6;
	n = lm_best_route(&db, GPU(0), GPU(5), tile, 2, fr, 0, p, &arr);
	t_check(n == 4 && p[0] == GPU(0) && p[3] == GPU(5) && arr < 20 + 64e6 / 8e3,
	        "dgx1: with GPU0->GPU1 and GPU0->GPU4 busy, a 2-hop NVLink route beats direct (n=%d)", n);
	n = lm_best_route(&db, GPU(0), GPU(5), tile, 1, fr, 0, p, &arr);
	t_check(n == 2, "dgx1: ... and with at most 1 hop it stays direct (n=%d)", n);
	/* One PCIe switch per GPU pair. */
	int pair[1][2] = { { 0, GPU(1) } }, other[1][2] = { { 0, GPU(2) } };
	t_check(near(lm_shared_bw(&db, 0, GPU(0), pair, 1), 6), "dgx1: GPU0 and GPU1 share 12 GB/s of PCIe");
	t_check(near(lm_shared_bw(&db, 0, GPU(0), other, 1), 12), "dgx1: GPU0 and GPU2 do not share PCIe");
	check_against_brute_force(&db, "dgx1");
}

static void check_a100(void)
{
	struct lm_db db;
	if (load(&db, "a100-nvswitch-8.txt"))
		return;
	int out[2][2] = { { GPU(0), GPU(1) }, { GPU(0), GPU(2) } };
	t_check(near(lm_shared_bw(&db, GPU(0), GPU(1), out, 2), 120), "a100: GPU0 sending to two peers: 120 each");
	int in[2][2] = { { GPU(3), GPU(1) }, { GPU(4), GPU(1) } };
	t_check(near(lm_shared_bw(&db, GPU(0), GPU(1), in, 2), 80), "a100: three senders into GPU1: 80 each");
	int pair[1][2] = { { 0, GPU(1) } };
	t_check(near(lm_shared_bw(&db, 0, GPU(0), pair, 1), 12), "a100: a GPU pair shares 24 GB/s of PCIe");
	static double fr[LM_MAX_NODES][LM_MAX_NODES];
	fr[GPU(0)][GPU(1)] = 1e5;
	int p[4];
	double arr;
	int n = lm_best_route(&db, GPU(0), GPU(1), 16 * MB, 1, fr, 0, p, &arr);
	t_check(n == 3 && p[1] >= GPU(2) && near(arr, 2 * (8 + 16e6 / 240e3)),
	        "a100: busy GPU0->GPU1 goes through another GPU (n=%d)", n);
	n = lm_best_route(&db, 0, GPU(7), 16 * MB, 2, NULL, 0, p, &arr);
	t_check(path_is(p, n, 0, GPU(7), -1, -1), "a100: host->GPU7 goes direct");
	check_against_brute_force(&db, "a100");
}

static void check_pcie(void)
{
	struct lm_db db;
	if (load(&db, "pcie-only-4.txt"))
		return;
	int p[4];
	double arr;
	/* No peer access across switches: GPU0 -> GPU2 needs the host as intermediate. */
	int n = lm_best_route(&db, GPU(0), GPU(2), 4 * MB, 0, NULL, 0, p, &arr);
	t_check(n == -1 && arr >= LM_NEVER_US, "pcie: no direct GPU0->GPU2 copy: no 0-hop route");
	t_check(lm_link_time_us(&db, GPU(0), GPU(2), 4 * MB) >= LM_NEVER_US, "pcie: no link time without a link");
	t_check(lm_shared_bw(&db, GPU(0), GPU(2), NULL, 0) == 0, "pcie: no bandwidth without a link");
	n = lm_best_route(&db, GPU(0), GPU(2), 4 * MB, 1, NULL, 0, p, &arr);
	t_check(path_is(p, n, GPU(0), 0, GPU(2), -1) && near(arr, 2 * (10 + 4e6 / 12e3)),
	        "pcie: GPU0->GPU2 goes through host RAM");
	static double fr[LM_MAX_NODES][LM_MAX_NODES];
	fr[GPU(0)][0] = 1e6;
	n = lm_best_route(&db, GPU(0), GPU(2), 4 * MB, 1, fr, 0, p, &arr);
	t_check(path_is(p, n, GPU(0), 0, GPU(2), -1) && arr > 1e6, "pcie: 1 hop: waits for GPU0->host");
	n = lm_best_route(&db, GPU(0), GPU(2), 4 * MB, 2, fr, 0, p, &arr);
	t_check(path_is(p, n, GPU(0), GPU(1), 0, GPU(2)) && arr < 1e6,
	        "pcie: 2 hops: GPU0->GPU1->host->GPU2 avoids the busy link");
	int sw[1][2] = { { 0, GPU(1) } }, other[1][2] = { { 0, GPU(2) } };
	t_check(near(lm_shared_bw(&db, 0, GPU(0), sw, 1), 6) && near(lm_shared_bw(&db, 0, GPU(0), other, 1), 12),
	        "pcie: the switch's GPUs share 12 GB/s, the other switch's do not");
	check_against_brute_force(&db, "pcie");
}

static void check_fair_share_and_args(void)
{
	struct lm_db db;
	lm_build_uniform(&db, 3, 20, 20, 90, 1);
	char err[256];
	t_check(lm_check(&db, err, sizeof(err)) == 0 && db.nnodes == 4 && db.ngroups == 0,
	        "lm_build_uniform: 4 valid nodes, no groups");
	lm_set_link(&db, 0, GPU(0), 1, 10); /* a slow reader */
	int s[3] = { 0, 0, 0 }, d[3] = { GPU(0), GPU(1), GPU(2) };
	lm_add_group(&db, "host", 40, 3, s, d);
	int act[3][2] = { { 0, GPU(0) }, { 0, GPU(1) }, { 0, GPU(2) } };
	/* max-min fairness: the 10 GB/s reader takes 10, the other two split the remaining 30 */
	t_check(near(lm_shared_bw(&db, 0, GPU(0), act, 3), 10) && near(lm_shared_bw(&db, 0, GPU(1), act, 3), 15),
	        "max-min fair share: slow link keeps its 10, others get 15");
	int p[4];
	double arr;
	t_check(lm_best_route(&db, 0, 9, 1, 1, NULL, 0, p, &arr) == -1 && arr >= LM_NEVER_US,
	        "lm_best_route refuses a node out of range");
	t_check(lm_best_route(&db, 0, 1, 1, 3, NULL, 0, p, &arr) == -1, "lm_best_route refuses 3 hops");
	t_check(lm_best_route(&db, 2, 2, 1, 1, NULL, 7, p, &arr) == 1 && arr == 7, "a route to itself arrives now");
	t_check(lm_link_time_us(&db, -1, 0, 1) >= LM_NEVER_US && lm_shared_bw(&db, 0, 42, NULL, 0) == 0,
	        "bad nodes: never / no bandwidth");
	char name[16];
	t_check(!strcmp(lm_node_name(&db, 0, name, sizeof(name)), "host0") &&
	        !strcmp(lm_node_name(&db, 3, name, sizeof(name)), "gpu2"), "lm_node_name");
}

/* lm_shared_bw_all (the policy's refresh) against lm_shared_bw pair by pair, on random busy sets
 * of every synthetic machine. */
static void check_shared_all(void)
{
	static const char *files[] = { "h200x4.txt", "dgx1-v100.txt", "a100-nvswitch-8.txt", "pcie-only-4.txt" };
	srand(7);
	for (size_t f = 0; f < sizeof files / sizeof *files; f++) {
		static struct lm_db db;
		if (load(&db, files[f]))
			continue;
		int bad = 0, trials = 200;
		for (int t = 0; t < trials; t++) {
			int act[LM_MAX_NODES * LM_MAX_NODES][2], na = 0;
			for (int s = 0; s < db.nnodes; s++)
				for (int d = 0; d < db.nnodes; d++)
					if (s != d && rand() % 4 == 0)
						act[na][0] = s, act[na][1] = d, na++;
			double all[LM_MAX_NODES][LM_MAX_NODES];
			lm_shared_bw_all(&db, (const int (*)[2])act, na, all);
			for (int s = 0; s < db.nnodes; s++)
				for (int d = 0; d < db.nnodes; d++)
					bad += !near(all[s][d], lm_shared_bw(&db, s, d, (const int (*)[2])act, na));
		}
		t_check(bad == 0, "%s: lm_shared_bw_all equals lm_shared_bw on %d random busy sets (%d differ)",
		        files[f], trials, bad);
	}
}

int main(void)
{
	t_set_name("linkmap_routes");
	check_h200();
	check_dgx1();
	check_a100();
	check_pcie();
	check_fair_share_and_args();
	check_shared_all();
	return t_summary();
}
