/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Routes and device selection settings: multi-hop routes when the link map says a relay is
 * faster, busy links avoided, the hop limit respected, PARALIA_ROUTE=0 behaving as StarPU
 * (sources valid now, direct), the PARALIA_DEVICES list and the other variables' parsing.
 */
#include "tests/testing.h"
#include "tests/sched_testing.h"
#include <string.h>

#define MB (1u << 20)

int main(void)
{
	t_set_name("sched_route");
	/* A machine where host->gpu1 is slow (8 GB/s) but host->gpu0 fast (50) and gpu0->gpu1 fast
	 * (100): host -> gpu0 -> gpu1 beats the direct link. */
	struct lm_db db;
	lm_init(&db, 4);
	lm_set_node(&db, 0, LM_HOST, 0, "numa0");
	for (int g = 1; g < 4; g++)
		lm_set_node(&db, g, LM_GPU, g - 1, "gpu");
	for (int a = 0; a < 4; a++)
		for (int b = 0; b < 4; b++)
			if (a != b)
				lm_set_link(&db, a, b, 5, 50);
	lm_set_link(&db, 0, 2, 5, 8);
	lm_set_link(&db, 1, 2, 5, 100);
	static struct pl_links L;
	pl_links_init(&L, &db);
	struct pl_dview d;
	st_view(&d, 64 * MB, 1, 0);
	d.eta[0] = 0;
	int p[4], np;
	double t1 = pl_arrival(&L, &d, 2, 0, 1, 1, p, &np);
	double direct = 5 + 64.0 * MB / 8e3, relay = 5 + 64.0 * MB / 50e3 + 5 + 64.0 * MB / 100e3;
	t_check(np == 3 && p[0] == 0 && p[1] == 1 && p[2] == 2 && st_near(t1, relay),
	        "one hop allowed: host->gpu0->gpu1 (%d nodes, via %d) at %.1f (expected %.1f)", np, p[1], t1, relay);
	double t0 = pl_arrival(&L, &d, 2, 0, 1, 0, p, &np);
	t_check(np == 2 && st_near(t0, direct), "no hop allowed: direct at %.1f (expected %.1f)", t0, direct);
	double toff = pl_arrival(&L, &d, 2, 0, 0, 2, p, &np);
	t_check(np == 2 && st_near(toff, direct), "PARALIA_ROUTE=0: direct, whatever the hop limit (%d nodes)", np);

	/* Committing the relayed route plans both hops, the intermediate copy included. */
	struct pl_hop hops[4];
	int nh = pl_commit(&L, &d, 1, 2, 0, 1e6, 1, 1, hops, 4);
	t_check(nh == 2 && hops[0].src == 0 && hops[0].dst == 1 && hops[1].src == 1 && hops[1].dst == 2
	        && hops[1].start_us >= hops[0].arrival_us, "commit: host->gpu0 then gpu0->gpu1 (%d hops)", nh);
	t_check(d.eta[1] < PL_INF && d.eta[2] < PL_INF && d.eta[1] < d.eta[2],
	        "the intermediate gpu0 copy is known (%.1f) before gpu1's (%.1f)", d.eta[1], d.eta[2]);

	/* A busy relay link makes the direct way win again. */
	pl_links_init(&L, &db);
	L.free_us[1][2] = 1e7;
	pl_links_refresh(&L, 0);
	st_view(&d, 64 * MB, 1, 0);
	d.eta[0] = 0;
	double tb = pl_arrival(&L, &d, 2, 0, 1, 1, p, &np);
	t_check(np == 2 || p[1] != 1, "gpu0->gpu1 busy: not through it (%d nodes, %.1f)", np, tb);
	t_check(tb < 1e7, "arrival before the busy link frees (%.1f)", tb);

	/* Several sources: the earliest arrival wins, a copy still on its way counts at its ETA. */
	pl_links_init(&L, &db);
	st_view(&d, 64 * MB, 1, 0);
	d.eta[0] = 0;
	d.eta[3] = 100; /* gpu2 will hold it at t=100 */
	double ts = pl_arrival(&L, &d, 2, 0, 1, 2, p, &np);
	t_check(p[0] == 3 && st_near(ts, 100 + 5 + 64.0 * MB / 50e3), "from gpu2 once its copy lands: %.1f (src %d)", ts, p[0]);
	/* with relays off a copy in flight is no source */
	ts = pl_arrival(&L, &d, 2, 0, 0, 0, p, &np);
	t_check(p[0] == 0, "relays off: only the host copy is a source (src %d)", p[0]);

	/* The policy's inlined routes equal lm_best_route's, on real-shaped machines with random
	 * link availability. */
	const char *dbs[3] = { "h200x4", "dgx1-v100", "pcie-only-4" };
	int same = 1, tried = 0;
	srand(7);
	for (int m = 0; m < 3; m++) {
		struct lm_db x;
		st_load(&x, dbs[m]);
		pl_links_init(&L, &x);
		for (int it = 0; it < 300; it++) {
			for (int a = 0; a < x.nnodes; a++)
				for (int b = 0; b < x.nnodes; b++)
					L.free_us[a][b] = rand() % 3 ? 0 : rand() % 5000;
			pl_links_refresh(&L, 100);
			int src = rand() % x.nnodes, dst = rand() % x.nnodes, hops = rand() % 3;
			if (src == dst)
				continue;
			size_t bytes = (size_t)(1 + rand() % 64) << 20;
			int p1[4], p2[4];
			double a1, a2;
			int n1 = pl_route(&L, (const double (*)[LM_MAX_NODES])L.free_us, src, dst, bytes, hops, 100, p1, &a1);
			int n2 = lm_best_route(&L.eff, src, dst, bytes, hops, (const double (*)[LM_MAX_NODES])L.free_us, 100, p2, &a2);
			tried++;
			if (n1 != n2 || (n1 > 0 && (!st_near(a1, a2) || memcmp(p1, p2, n1 * sizeof(int)) != 0))) {
				same = 0;
				printf("differs on %s %d->%d hops %d: %d nodes %.3f vs %d nodes %.3f\n", dbs[m], src, dst,
				       hops, n1, a1, n2, a2);
			}
		}
	}
	t_check(same && tried > 500, "pl_route = lm_best_route on %d random cases", tried);

	/* PARALIA_DEVICES */
	t_check(pl_device_allowed("", "cuda", "cuda0"), "empty list allows all");
	t_check(pl_device_allowed("cuda0,cuda2", "cuda", "cuda2"), "cuda2 in cuda0,cuda2");
	t_check(!pl_device_allowed("cuda0,cuda2", "cuda", "cuda1"), "cuda1 not in cuda0,cuda2");
	t_check(!pl_device_allowed("cuda0,cuda2", "cpu", "cpu0"), "cpu0 not in cuda0,cuda2");
	t_check(pl_device_allowed("cpu", "cpu", "cpu7"), "class cpu allows cpu7");
	t_check(pl_device_allowed("GPU1 cpu3", "cuda", "cuda1"), "gpu1 = cuda1, any case, spaces");
	t_check(pl_device_allowed("gpu", "cuda", "cuda3"), "class gpu = cuda");
	t_check(!pl_device_allowed("cpu3", "cpu", "cpu30"), "cpu3 is not cpu30");

	/* Settings: defaults, values, bad values keep the default. */
	struct pl_settings s;
	unsetenv("PARALIA_ROUTE"), unsetenv("PARALIA_MAX_HOPS"), unsetenv("PARALIA_LOOKAHEAD");
	unsetenv("PARALIA_VERBOSE"), unsetenv("PARALIA_DEVICES"), unsetenv("PARALIA_SLOW_RATIO");
	pl_settings_from_env(&s);
	t_check(s.route == 1 && s.max_hops == 1 && s.lookahead == 32 && s.verbose == 0 && s.devices[0] == 0
	        && s.slow_ratio == 20, "defaults");
	setenv("PARALIA_ROUTE", "0", 1), setenv("PARALIA_MAX_HOPS", "2", 1), setenv("PARALIA_LOOKAHEAD", "3", 1);
	setenv("PARALIA_VERBOSE", "2", 1), setenv("PARALIA_DEVICES", "cuda0,cuda2", 1);
	setenv("PARALIA_SLOW_RATIO", "0", 1);
	pl_settings_from_env(&s);
	t_check(s.route == 0 && s.max_hops == 2 && s.lookahead == 3 && s.verbose == 2
	        && strcmp(s.devices, "cuda0,cuda2") == 0 && s.slow_ratio == 0, "values read");
	setenv("PARALIA_MAX_HOPS", "3", 1), setenv("PARALIA_ROUTE", "yes", 1), setenv("PARALIA_SLOW_RATIO", "-1", 1);
	pl_settings_from_env(&s);
	t_check(s.max_hops == 1 && s.route == 1 && s.slow_ratio == 20, "bad values keep defaults");
	setenv("PARALIA_LOOKAHEAD", "-1", 1);
	pl_settings_from_env(&s);
	t_check(s.lookahead == 32, "a negative PARALIA_LOOKAHEAD keeps the default");
	return t_summary();
}
