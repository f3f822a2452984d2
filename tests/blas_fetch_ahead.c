/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Fetching ahead along a chain (src/codelets/submit.c, pl_submit_fetch_ahead): the handles
 * attached to a task are requested on the memory node of the worker that takes it, and only
 * those of that task. A tile homed in main memory and attached to a task run on a worker of
 * another memory node (a GPU, or an emulated NUMA node under tests/sched_numa.sh) is
 *   (a) valid on that worker's node soon after the task, with nothing else asking for it;
 *   (b) not there when attached to nothing (the control: StarPU alone does not move it), and not
 *       carried over to the next task the thread submits;
 *   (c) still right at home: StarPU keeps the copies coherent (the tile is only read).
 * "Soon" is a bounded wait for an asynchronous copy; (b) shows the copy comes from the request.
 * Skipped (77) where every worker shares main memory's node.
 */
#include "codelets/codelet.h"
#include "tests/testing.h"
#include <paralia_codelets.h>
#include <starpu.h>
#include <unistd.h>

enum { N = 256 };

static int valid_on(starpu_data_handle_t h, unsigned node)
{
	int allocated, valid, loading, requested;
	starpu_data_query_status2(h, (int)node, &allocated, &valid, &loading, &requested);
	return valid;
}

/* Whether h becomes valid on node within `seconds` (polled every millisecond). */
static int becomes_valid(starpu_data_handle_t h, unsigned node, double seconds)
{
	for (double t = 0; t < seconds; t += 1e-3) {
		if (valid_on(h, node))
			return 1;
		usleep(1000);
	}
	return valid_on(h, node);
}

int main(void)
{
	t_begin("blas_fetch_ahead");
	int w = t_worker_off_main_memory();
	unsigned node = starpu_worker_get_memory_node((unsigned)w);
	static double a[N * N], b[N * N], c[N * N];
	for (int i = 0; i < N * N; i++)
		a[i] = i, b[i] = -i, c[i] = 1;
	starpu_data_handle_t ha, hb, hc;
	starpu_matrix_data_register(&ha, STARPU_MAIN_RAM, (uintptr_t)a, N, N, N, sizeof(double));
	starpu_matrix_data_register(&hb, STARPU_MAIN_RAM, (uintptr_t)b, N, N, N, sizeof(double));
	starpu_matrix_data_register(&hc, STARPU_MAIN_RAM, (uintptr_t)c, N, N, N, sizeof(double));
	struct paralia_task_opts o = { 0, w };

	/* (a) a and b attached to a task that touches only c */
	pl_submit_fetch_ahead(ha, hb);
	int ret = paralia_task_dlascal('G', 2.0, hc, &o);
	t_check(ret == 0, "task with tiles fetched ahead submitted (%d)", ret);
	starpu_task_wait_for_all();
	t_check(becomes_valid(ha, node, 10) && becomes_valid(hb, node, 10),
	        "the tiles fetched ahead are valid on the worker's node %u", node);

	/* (b) attached to nothing: the next task brings nothing along */
	starpu_data_handle_t hd;
	static double d[N * N];
	starpu_matrix_data_register(&hd, STARPU_MAIN_RAM, (uintptr_t)d, N, N, N, sizeof(double));
	pl_submit_fetch_ahead(hd, NULL);
	ret = paralia_task_dlascal('G', 2.0, hc, &o); /* takes hd along */
	t_check(ret == 0, "second task submitted (%d)", ret);
	starpu_task_wait_for_all();
	starpu_data_acquire(hd, STARPU_W); /* hd's only valid copy back at home */
	starpu_data_release(hd);
	ret = paralia_task_dlascal('G', 2.0, hc, &o); /* nothing attached */
	t_check(ret == 0, "third task submitted (%d)", ret);
	starpu_task_wait_for_all();
	t_check(!becomes_valid(hd, node, 0.5), "a task with nothing attached brings nothing along");

	/* (c) coherence: the read-only tiles are unchanged at home, c scaled three times */
	starpu_data_unregister(ha);
	starpu_data_unregister(hb);
	starpu_data_unregister(hc);
	starpu_data_unregister(hd);
	int right = 1;
	for (int i = 0; i < N * N; i++)
		right &= a[i] == i && b[i] == -i && c[i] == 8;
	t_check(right, "the tiles fetched ahead are unchanged at home; the task's own result is right");
	return t_end();
}
