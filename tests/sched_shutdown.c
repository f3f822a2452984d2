/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * A program that releases its data with starpu_data_unregister_submit and shuts down at once,
 * under the policy. When a task that wrote a handle away from its home ends, the write-back
 * (src/sched_policy/writeback.c) queues an idle request home; the unregistration chains itself
 * behind it, and no task counts either. StarPU 1.4.10's starpu_shutdown stopped the workers with
 * such requests queued, then asserted in the request lists' deinit (data_request.h:132) or,
 * rarely, a worker served one after the buffers were freed: 14-20 runs in 20 over 4 emulated
 * NUMA nodes (bench/results/writeback-shutdown-2026-11-26g.md). The StarPU that
 * scripts/setup-deps.sh builds lets queued requests finish first
 * (scripts/patches/starpu-shutdown-drain.patch).
 *
 * StarPU documents unregister_submit on a handle with an application buffer as giving no
 * coherency (the data need not come home), so this checks no values: it checks that StarPU does
 * not crash. (A handle left registered at shutdown aborted too, 4 runs in 20.)
 *
 * One run: 16 handles homed in main memory, each written by a task on a CPU worker of another
 * memory node, released with unregister_submit, then paralia_shutdown; the program must end
 * normally, within 5 s (the fix waits up to 10 s for requests that never end), and the policy must
 * have sent results home early (its summary, PARALIA_VERBOSE=1: else the run tests nothing).
 * tests/sched_numa.sh runs it 10 times. Skipped (77) without a CPU worker off main memory's node.
 */
#include "tests/testing.h"
#include <paralia_sched.h>
#include <starpu.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { NH = 16, N = 64 };

static void increment(void *buffers[], void *arg)
{
	(void)arg;
	double *p = (double *)STARPU_MATRIX_GET_PTR(buffers[0]);
	unsigned ld = STARPU_MATRIX_GET_LD(buffers[0]);
	for (unsigned j = 0; j < STARPU_MATRIX_GET_NY(buffers[0]); j++)
		for (unsigned i = 0; i < STARPU_MATRIX_GET_NX(buffers[0]); i++)
			p[i + (size_t)j * ld] += 1;
}
static struct starpu_codelet cl = {
	.cpu_funcs = { increment }, .nbuffers = 1, .modes = { STARPU_RW }, .name = "shutdown_increment" };

static double data[NH][N * N];

static int shut_down(void *arg)
{
	(void)arg;
	paralia_shutdown();
	return 0;
}

int main(void)
{
	setenv("PARALIA_VERBOSE", "1", 1); /* the policy's summary at shutdown */
	t_begin("sched_shutdown");
	int w = -1;
	for (unsigned i = 0; i < starpu_worker_get_count() && w < 0; i++)
		if (starpu_worker_get_type((int)i) == STARPU_CPU_WORKER &&
		    starpu_worker_get_memory_node(i) != STARPU_MAIN_RAM)
			w = (int)i;
	if (w < 0) {
		printf("sched_shutdown: skipped: no CPU worker off main memory's node\n");
		paralia_shutdown();
		return 77;
	}
	for (int k = 0; k < NH; k++) {
		starpu_data_handle_t h;
		starpu_matrix_data_register(&h, STARPU_MAIN_RAM, (uintptr_t)data[k], N, N, N, sizeof(double));
		struct starpu_task *t = starpu_task_create();
		t->cl = &cl;
		t->handles[0] = h;
		paralia_task_pin(t, w);
		int ret = starpu_task_submit(t);
		t_check(ret == 0, "task %d submitted (%d)", k, ret);
		starpu_data_unregister_submit(h);
	}
	starpu_task_wait_for_all();
	static char said[1 << 16];
	struct timespec t0, t1;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	t_capture_stderr(shut_down, NULL, said, sizeof said);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	double s = (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);
	t_check(s < 5, "shut down in %.2f s", s);
	/* the policy's summary line (src/sched_policy/verbose.c, pl_verbose_summary) */
	const char *sum = strstr(said, "paralia: summary:");
	long nsent = 0, skip;
	double secs;
	if (!sum || sscanf(sum, "paralia: summary: %ld tasks in %lf s; %ld relays issued, %ld dropped; "
	                   "%ld worker-class exclusions; %ld kernel estimates from the kernel table, "
	                   "%ld without a calibrated model; %ld results sent home early", &skip, &secs,
	                   &skip, &skip, &skip, &skip, &skip, &nsent) != 8)
		nsent = 0;
	t_check(nsent > 0, "the policy sent results home early (%ld)", nsent);
	return t_summary();
}
