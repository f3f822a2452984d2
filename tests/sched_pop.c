/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The policy's pop counts the copies a task still waits for, not their bytes
 * (pl_missing_copies, src/sched_policy/policy.c). Two tasks queued on a worker of another memory
 * node (a GPU, or an emulated NUMA node under tests/sched_numa.sh), each missing one input there:
 * the head a large tile, the next a small one. Counted in bytes the small one went first, and the
 * worker fetched its tile ahead of the head's, whose copy had been requested first (16384^3 with
 * C on the host at tile 6144 on one H200: the first kernel at 14.2 ms instead of 5.7,
 * bench/results/gemm-ahead-2026-11-26c.md). Counted in copies the head goes first; a task whose
 * input is there still goes before both. The copies' time (pl_missing_copy_us, PARALIA_POP_READY=2)
 * is their bytes at the link map's rate into the node. Skipped (77) where every worker shares
 * main memory's node.
 */
#include "tests/testing.h"
#include "sched_policy/policy.h" /* pl_g: the link map's rates */
#include "sched_policy/sched.h"
#include <starpu.h>
#include <math.h>
#include <stdlib.h>

static void nothing(void *buffers[], void *arg) { (void)buffers; (void)arg; }
static struct starpu_codelet cl_read = {
	.cpu_funcs = { nothing }, .cuda_funcs = { nothing }, .nbuffers = 1, .modes = { STARPU_R },
	.name = "pop_read" };

/* A task reading h, not submitted: the pop only looks at its inputs. */
static struct starpu_task *reader(starpu_data_handle_t h)
{
	struct starpu_task *t = starpu_task_create();
	t->cl = &cl_read;
	t->destroy = 0;
	STARPU_TASK_SET_HANDLE(t, h, 0);
	return t;
}

int main(void)
{
	t_begin("sched_pop");
	int w = t_worker_off_main_memory();
	int node = (int)starpu_worker_get_memory_node((unsigned)w);
	enum { BIG = 512, SMALL = 16 };
	static double big[BIG * BIG], small[SMALL * SMALL], here[SMALL * SMALL];
	starpu_data_handle_t hb, hs, hh;
	starpu_matrix_data_register(&hb, STARPU_MAIN_RAM, (uintptr_t)big, BIG, BIG, BIG, sizeof(double));
	starpu_matrix_data_register(&hs, STARPU_MAIN_RAM, (uintptr_t)small, SMALL, SMALL, SMALL, sizeof(double));
	starpu_matrix_data_register(&hh, STARPU_MAIN_RAM, (uintptr_t)here, SMALL, SMALL, SMALL, sizeof(double));
	/* hh is made valid on the worker's node; hb and hs are not there */
	int ret = starpu_data_prefetch_on_node(hh, (unsigned)node, 0);
	starpu_data_acquire_on_node(hh, node, STARPU_R);
	starpu_data_release_on_node(hh, node);

	struct starpu_task *tb = reader(hb), *ts = reader(hs), *th = reader(hh);
	t_check(ret == 0 && pl_missing_copies(tb, &node) == 1 && pl_missing_copies(ts, &node) == 1 &&
	        pl_missing_copies(th, &node) == 0,
	        "one copy missing for the large tile's task and for the small one's, none for the third");

	struct pl_queue q;
	struct pl_qent e[3];
	pl_queue_init(&q);
	struct starpu_task *order[3] = { tb, ts, th };
	for (int i = 0; i < 2; i++) { /* the large tile's task first: its copy was requested first */
		e[i].prio = 0, e[i].key = i, e[i].task = order[i];
		pl_queue_insert(&q, &e[i]);
	}
	struct pl_qent *first = pl_queue_pop(&q, 8, 0, pl_missing_copies, NULL, &node);
	t_check(first && first->task == tb, "the head goes first, though its missing tile is %d times "
	        "larger", (BIG * BIG) / (SMALL * SMALL));
	while (q.n)
		pl_queue_pop(&q, 1, 0, NULL, NULL, NULL);
	for (int i = 0; i < 3; i++) {
		e[i].prio = 0, e[i].key = i, e[i].task = order[i];
		pl_queue_insert(&q, &e[i]);
	}
	first = pl_queue_pop(&q, 8, 0, pl_missing_copies, NULL, &node);
	t_check(first && first->task == th, "a task whose input is there goes before both");
	while (q.n)
		pl_queue_pop(&q, 1, 0, NULL, NULL, NULL);

	/* PARALIA_POP_READY=2 (PL_POP_SHORTER): below a head of a higher priority waiting for the large
	 * tile, the ready task runs first only if its kernel is no longer than that copy at the link
	 * map's rate (pl_missing_copy_us), read from what is missing now. */
	double inv = pl_g.L.own_inv[STARPU_MAIN_RAM][node];
	double us_big = pl_missing_copy_us(tb, &node), us_small = pl_missing_copy_us(ts, &node);
	t_check(pl_missing_copy_us(th, &node) == 0, "no copy time for the task whose input is there");
	if (inv > 0) {
		t_check(us_big > 0 && fabs(us_big / us_small - (double)(BIG * BIG) / (SMALL * SMALL)) < 1e-6 &&
		        fabs(us_big - (double)BIG * BIG * sizeof(double) * inv) < 1e-9 * us_big,
		        "copy time: the tile's bytes at the host link's rate (%g and %g us)", us_big, us_small);
		for (int shorter = 1; shorter >= 0; shorter--) {
			e[0].prio = 1, e[0].key = 0, e[0].task = tb;
			e[2].prio = 0, e[2].key = 1, e[2].task = th;
			e[2].len_us = shorter ? us_big / 2 : us_big * 2;
			pl_queue_insert(&q, &e[0]);
			pl_queue_insert(&q, &e[2]);
			first = pl_queue_pop(&q, 8, PL_POP_SHORTER, pl_missing_copies, pl_missing_copy_us, &node);
			t_check(first && first->task == (shorter ? th : tb),
			        shorter ? "a ready lower-priority kernel half as long as the head's copy goes first"
			                : "one twice as long as the head's copy waits behind it");
			while (q.n)
				pl_queue_pop(&q, 1, 0, NULL, NULL, NULL);
		}
	} else {
		t_check(us_big == 0 && us_small == 0, "no link rate into the node: no copy time");
	}

	for (int i = 0; i < 3; i++)
		starpu_task_destroy(order[i]);
	starpu_data_unregister(hb);
	starpu_data_unregister(hs);
	starpu_data_unregister(hh);
	return t_end();
}
