/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The policy sends a result home once the task graph is done with it (src/sched_policy/
 * writeback.c), and not before: a handle homed in main memory, written on a worker of another
 * memory node (a GPU, or an emulated NUMA node under tests/sched_numa.sh), is
 *   (a) valid at home soon after its last writer ends, with the right values, before anything
 *       acquires it;
 *   (b) not sent home while a task submitted after its writer (held back by a gate) writes it
 *       again; sent once that task has run;
 *   (c) not sent while a later reader is pending; sent once that reader has run (the final
 *       version, found by its reader);
 *   (d) with PARALIA_WRITEBACK=0, left where it is (the control: StarPU alone does not do it).
 * "Soon" is a bounded wait for an asynchronous copy, not a retry: without the policy's request
 * the home copy never becomes valid, and (d) checks exactly that.
 * Skipped (77) where every worker shares main memory's node, or under another policy.
 */
#include "tests/testing.h"
#include <paralia_codelets.h>
#include <paralia_sched.h>
#include <starpu.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { N = 256 };

static void nothing(void *buffers[], void *arg) { (void)buffers; (void)arg; }

/* Access modes matter here, not contents: host code runs on a CUDA worker's thread as well. */
static struct starpu_codelet cl_write = {
	.cpu_funcs = { nothing }, .cuda_funcs = { nothing }, .nbuffers = 1, .modes = { STARPU_RW },
	.name = "writeback_write" };
static struct starpu_codelet cl_read = {
	.cpu_funcs = { nothing }, .cuda_funcs = { nothing }, .nbuffers = 1, .modes = { STARPU_R },
	.name = "writeback_read" };

static int home_valid(starpu_data_handle_t h)
{
	int allocated, valid, loading, requested;
	starpu_data_query_status2(h, STARPU_MAIN_RAM, &allocated, &valid, &loading, &requested);
	return valid;
}

/* Whether h becomes valid at home within `seconds` (polled every millisecond). */
static int becomes_home(starpu_data_handle_t h, double seconds)
{
	for (double t = 0; t < seconds; t += 1e-3) {
		if (home_valid(h))
			return 1;
		usleep(1000);
	}
	return home_valid(h);
}

static struct starpu_task *task_on(struct starpu_codelet *cl, starpu_data_handle_t h, int w)
{
	struct starpu_task *t = starpu_task_create();
	t->cl = cl;
	t->handles[0] = h;
	t->detach = 0;
	paralia_task_pin(t, w);
	return t;
}

static void submit_or_fail(struct starpu_task *t, const char *what)
{
	int ret = starpu_task_submit(t);
	t_check(ret == 0, "%s submitted (%d)", what, ret);
}

/* (b) and (c): the task after the first, `second`, waits for a gate the test opens itself. */
static void gated(struct starpu_codelet *second, int w, const char *name)
{
	static double v[N * N];
	for (int i = 0; i < N * N; i++)
		v[i] = i;
	starpu_data_handle_t h;
	starpu_matrix_data_register(&h, STARPU_MAIN_RAM, (uintptr_t)v, N, N, N, sizeof(double));
	struct starpu_task *gate = starpu_task_create(), *t1 = task_on(&cl_write, h, w),
	                   *t2 = task_on(second, h, w);
	gate->detach = 0;
	starpu_task_declare_deps_array(t2, 1, &gate);
	submit_or_fail(t1, "first writer");
	submit_or_fail(t2, name);
	t_check(starpu_task_wait(t1) == 0, "first writer done");
	t_check(!becomes_home(h, 0.2), "%s pending: the tile stays on its worker's node", name);
	submit_or_fail(gate, "gate");
	t_check(starpu_task_wait(t2) == 0 && starpu_task_wait(gate) == 0, "%s and the gate done", name);
	t_check(becomes_home(h, 10), "%s done: the tile is sent home", name);
	starpu_data_unregister(h);
}

/* (a) or, with the write-back off, (d): the tile is scaled on worker w and never acquired. */
static void last_writer(int w, int expect_home)
{
	static double v[N * N];
	for (int i = 0; i < N * N; i++)
		v[i] = i;
	starpu_data_handle_t h;
	starpu_matrix_data_register(&h, STARPU_MAIN_RAM, (uintptr_t)v, N, N, N, sizeof(double));
	struct paralia_task_opts o = { 0, w };
	int ret = paralia_task_dlascal('G', 2.0, h, &o);
	t_check(ret == 0, "scale on worker %d submitted (%d)", w, ret);
	starpu_task_wait_for_all();
	if (expect_home) {
		int home = becomes_home(h, 10);
		t_check(home, "last writer done: the tile is valid at home before any acquire");
		int right = 1;
		for (int i = 0; home && i < N * N; i++)
			right &= v[i] == 2.0 * i;
		t_check(home && right, "the home copy holds the result");
	} else {
		t_check(!becomes_home(h, 0.5), "PARALIA_WRITEBACK=0: the tile stays on its worker's node");
	}
	starpu_data_unregister(h);
	for (int i = 0; i < N * N; i++)
		if (v[i] != 2.0 * i) {
			t_check(0, "after unregister the matrix holds the result (element %d: %g)", i, v[i]);
			break;
		}
}

int main(void)
{
	t_begin("sched_writeback");
	struct starpu_sched_policy *pol = starpu_sched_get_sched_policy();
	if (!pol || !pol->policy_name || strcmp(pol->policy_name, "paralia") != 0) {
		printf("sched_writeback: skipped: the policy is %s, not paralia\n",
		       pol && pol->policy_name ? pol->policy_name : "?");
		paralia_shutdown();
		return 77;
	}
	int w = t_worker_off_main_memory();
	char name[64];
	starpu_worker_get_name(w, name, sizeof name);
	printf("sched_writeback: worker %s on memory node %u\n", name, starpu_worker_get_memory_node((unsigned)w));
	last_writer(w, 1);
	gated(&cl_write, w, "a later writer");
	gated(&cl_read, w, "a later reader");
	paralia_shutdown();

	setenv("PARALIA_WRITEBACK", "0", 1);
	int ret = paralia_init();
	t_check(ret == 0, "paralia_init with PARALIA_WRITEBACK=0 (%d)", ret);
	if (ret == 0) {
		last_writer(w, 0);
		paralia_shutdown();
	}
	return t_summary();
}
