/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The policy's pop counts the copies a task still waits for, not their bytes
 * (pl_missing_copies, src/sched_policy/policy.c). Two tasks queued on a worker of another memory
 * node (a GPU, or an emulated NUMA node under tests/sched_numa.sh), each missing one input there:
 * the head a large tile, the next a small one. Counted in bytes the small one went first, and the
 * worker fetched its tile ahead of the head's, whose copy had been requested first (16384^3 with
 * C on the host at tile 6144 on one H200: the first kernel at 14.2 ms instead of 5.7,
 * bench/results/gemm-ahead-2026-11-26c.md). Counted in copies the head goes first; a task whose
 * input is there still goes before both. Skipped (77) where every worker shares main memory's
 * node.
 */
#include "tests/testing.h"
#include "sched_policy/sched.h"
#include <starpu.h>
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
	struct pl_qent *first = pl_queue_pop(&q, 8, 0, pl_missing_copies, &node);
	t_check(first && first->task == tb, "the head goes first, though its missing tile is %d times "
	        "larger", (BIG * BIG) / (SMALL * SMALL));
	while (q.n)
		pl_queue_pop(&q, 1, 0, NULL, NULL);
	for (int i = 0; i < 3; i++) {
		e[i].prio = 0, e[i].key = i, e[i].task = order[i];
		pl_queue_insert(&q, &e[i]);
	}
	first = pl_queue_pop(&q, 8, 0, pl_missing_copies, &node);
	t_check(first && first->task == th, "a task whose input is there goes before both");

	for (int i = 0; i < 3; i++)
		starpu_task_destroy(order[i]);
	starpu_data_unregister(hb);
	starpu_data_unregister(hs);
	starpu_data_unregister(hh);
	return t_end();
}
