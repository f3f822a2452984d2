/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Decision cost of the paralia policy per task: the model's work in push_task (link sharing
 * refresh, device selection and the candidates it leaves, ETA choice over them, committing the
 * copies) for a synthetic node of 4 GPUs (the 4xH200 link database: shared host side, NVLink
 * pairs) and 64 CPU workers, on a GEMM-like stream of tasks with three 32 MiB tiles spread over
 * host and GPUs. StarPU's own costs around it (perf-model lookup, queue locks) are not included.
 * Usage: sched_decision [tasks] [linkmap file]   Goal: <= 2 us per task.
 */
#include "linkmap/linkmap.h"
#include "sched_policy/sched.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define NCPU 64
#define NGPU 4
#define NTILES 1024

static double now_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void h200x4(struct lm_db *db)
{
	lm_init(db, 1 + NGPU);
	lm_set_node(db, 0, LM_HOST, 0, "numa0");
	for (int g = 1; g <= NGPU; g++) {
		lm_set_node(db, g, LM_GPU, g - 1, "H200");
		lm_set_link(db, 0, g, 10, 55.4);
		lm_set_link(db, g, 0, 10, 55.3);
		for (int h = 1; h <= NGPU; h++)
			if (h != g)
				lm_set_link(db, g, h, 10, 390);
	}
	int src[NGPU], dst[NGPU];
	for (int g = 0; g < NGPU; g++)
		src[g] = 0, dst[g] = g + 1;
	lm_add_group(db, "host-h2d", 155, NGPU, src, dst);
	lm_add_group(db, "host-d2h", 155, NGPU, dst, src);
}

int main(int argc, char **argv)
{
	long ntasks = argc > 1 ? atol(argv[1]) : 200000;
	static struct lm_db db;
	if (argc > 2) {
		char err[512];
		if (lm_load(&db, argv[2], err, sizeof err) != 0) {
			fprintf(stderr, "sched_decision: %s\n", err);
			return 1;
		}
	} else
		h200x4(&db);
	if (ntasks <= 0) {
		fprintf(stderr, "sched_decision: argument 1 (tasks) must be positive\n");
		return 1;
	}
	static struct pl_links L;
	pl_links_init(&L, &db);
	int ngpu = db.nnodes - 1;
	/* The context's workers and their classes, as the policy's candidate walk finds them. */
	struct pl_cand workers[NCPU + 16], cand[NCPU + 16];
	int nw = 0;
	uint64_t classes = 0;
	for (int g = 0; g < ngpu; g++)
		workers[nw++] = (struct pl_cand){ g, g + 1, 1 + g, 0 };
	for (int c = 0; c < NCPU; c++)
		workers[nw++] = (struct pl_cand){ ngpu + c, 0, 0, 0 };
	for (int i = 0; i < nw; i++)
		classes |= 1ull << workers[i].cls;
	double wfree[NCPU + 16] = { 0 };
	static struct pl_dview tiles[NTILES];
	srand(1);
	for (int i = 0; i < NTILES; i++) {
		memset(&tiles[i], 0, sizeof tiles[i]);
		tiles[i].bytes = 32u << 20;
		tiles[i].read = 1;
		for (int n = 0; n < LM_MAX_NODES; n++)
			tiles[i].eta[n] = PL_INF;
		tiles[i].eta[rand() % 3 ? 0 : 1 + rand() % ngpu] = 0;
	}
	double now = 0, t0 = now_s(), sink = 0;
	for (long t = 0; t < ntasks; t++) {
		now += 100; /* simulated time goes on: links free up, sharing changes */
		pl_links_refresh(&L, now);
		double kern[1 + 16];
		kern[0] = 340.0 * 1000; /* a CPU core: 1000x slower than a GPU on a DGEMM tile */
		for (int g = 0; g < ngpu; g++)
			kern[1 + g] = 340;
		pl_exclude_slow_classes(kern, classes, 20);
		memcpy(cand, workers, sizeof(cand[0]) * (size_t)nw);
		int nc = pl_runnable(cand, nw, kern);
		for (int i = 0; i < nc; i++) {
			double f = wfree[cand[i].worker];
			cand[i].free_us = f > now ? f : now;
		}
		struct pl_dview in[3];
		int id[3] = { rand() % NTILES, rand() % NTILES, rand() % NTILES };
		for (int j = 0; j < 3; j++) {
			in[j] = tiles[id[j]];
			in[j].write = j == 2;
		}
		struct pl_decision d;
		pl_choose(&L, in, 3, cand, nc, kern, now, 1, 1, &d);
		struct pl_hop hops[8];
		pl_commit_plan(&L, in, 3, cand[d.best].node, now, d.end_us, &d, hops, 8);
		wfree[cand[d.best].worker] = d.end_us;
		for (int j = 0; j < 3; j++) {
			in[j].write = 0;
			tiles[id[j]] = in[j];
		}
		sink += d.end_us;
	}
	double el = now_s() - t0;
	double us = el / ntasks * 1e6;
	printf("sched_decision: %ld tasks, %d GPU + %d CPU workers, %d nodes: %.3f us per decision "
	       "(goal <= 2 us) %s\n", ntasks, ngpu, NCPU, db.nnodes, us, us <= 2 ? "OK" : "SLOW");
	return sink < 0; /* keep the work observable */
}
