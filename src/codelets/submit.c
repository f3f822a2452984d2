/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Common task submission for the tile kernels' insert helpers. */
#include "codelets/codelet.h"
#include <paralia_sched.h>
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int pl_valid_trans(char c) { c = pl_upper(c); return c == 'N' || c == 'T' || c == 'C'; }
int pl_valid_uplo(char c) { c = pl_upper(c); return c == 'U' || c == 'L'; }
int pl_valid_side(char c) { c = pl_upper(c); return c == 'L' || c == 'R'; }
int pl_valid_diag(char c) { c = pl_upper(c); return c == 'N' || c == 'U'; }

int pl_arg_error(const char *routine, int pos, const char *name, const char *fmt, ...)
{
	char why[256];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(why, sizeof why, fmt, ap);
	va_end(ap);
	fprintf(stderr, "paralia: %s: argument %d (%s) is illegal: %s\n", routine, pos, name, why);
	return -pos;
}

int pl_check_tile(const char *who, int pos, const char *name, starpu_data_handle_t h, size_t elem)
{
	if (!h)
		return pl_arg_error(who, pos, name, "NULL handle");
	if (starpu_data_get_interface_id(h) != STARPU_MATRIX_INTERFACE_ID)
		return pl_arg_error(who, pos, name, "not a StarPU matrix handle");
	uint32_t nx = starpu_matrix_get_nx(h), ny = starpu_matrix_get_ny(h), ld = nx;
	size_t es = starpu_matrix_get_elemsize(h);
	int home = starpu_data_get_home_node(h);
	if (home >= 0) { /* the user's own storage: its leading dimension reaches the kernels */
		const struct starpu_matrix_interface *mi = starpu_data_get_interface_on_node(h, (unsigned)home);
		ld = mi->ld;
	}
	if (es != elem)
		return pl_arg_error(who, pos, name, "elements of %zu bytes, not %zu", es, elem);
	if (nx > INT_MAX || ny > INT_MAX || ld > INT_MAX)
		return pl_arg_error(who, pos, name, "%" PRIu32 " x %" PRIu32 " with leading dimension %"
		                    PRIu32 ": more than a BLAS int holds", nx, ny, ld);
	if ((uint64_t)nx * ny > UINT32_MAX)
		return pl_arg_error(who, pos, name, "%" PRIu32 " x %" PRIu32 " elements: StarPU counts a "
		                    "matrix's elements in 32 bits", nx, ny);
	return 0;
}

/* Workers allowed for the tasks this thread submits inside a routine call; the array belongs to a
 * cached plan, which lives until paralia_shutdown, so tasks may point at it. */
static __thread struct { const uint32_t *ids; unsigned len; } submit_scope;

void pl_submit_scope(const uint32_t *ids, unsigned len)
{
	submit_scope.ids = len ? ids : NULL;
	submit_scope.len = ids ? len : 0;
}

/* Fetching ahead along a chain. StarPU pushes a task to the scheduler only once it is ready, so
 * nothing prefetches the inputs of step l + 1 of a gemm's chain over k before step l has ended:
 * with a lone chain (a C of one tile, long k) every step waited for its A and B tiles with
 * the GPU idle, then computed with the link idle (4096x4096x32768 at tile 4096: 66.8 ms on one
 * H200, where the link alone needs 44). So when a worker takes step l (StarPU's pop prologue, on
 * the worker's thread, no scheduler lock held), step l + 1's A and B tiles are requested on its
 * memory node. Idle requests: StarPU serves them only when that link direction has nothing else
 * queued, so they never jump a queued copy; but one started in a gap holds up the copies asked
 * for after it, by up to one tile's copy, which is why gemm fetches ahead only where its model
 * says the gain is larger (pm_fetch_ahead). StarPU keeps the coherence (the tiles are read-only
 * inputs of the call). The handles outlive the request: a call unregisters
 * its A and B tiles in index order, step l's before step l + 1's, after step l has run. */
static __thread struct { starpu_data_handle_t h[2]; } submit_ahead;

void pl_submit_fetch_ahead(starpu_data_handle_t a, starpu_data_handle_t b)
{
	submit_ahead.h[0] = a;
	submit_ahead.h[1] = b;
}

/* A callback for the next task this thread submits (pl_submit_on_end). */
static __thread struct { void (*fn)(void *); void *arg; } submit_end;

void pl_submit_on_end(void (*fn)(void *), void *arg)
{
	submit_end.fn = fn;
	submit_end.arg = arg;
}

static void fetch_ahead(void *arg)
{
	starpu_data_handle_t *h = arg;
	int w = starpu_worker_get_id();
	if (w < 0)
		return;
	unsigned node = starpu_worker_get_memory_node((unsigned)w);
	for (int i = 0; i < 2; i++)
		if (h[i])
			starpu_data_idle_prefetch_on_node(h[i], node, 1);
}

int pl_submit_task(const struct pl_submit *s, const struct paralia_task_opts *opts)
{
	starpu_data_handle_t ahead[2] = { submit_ahead.h[0], submit_ahead.h[1] };
	submit_ahead.h[0] = submit_ahead.h[1] = NULL; /* for this task only */
	void (*on_end)(void *) = submit_end.fn, *on_end_arg = submit_end.arg;
	submit_end.fn = NULL;
	submit_end.arg = NULL;
	struct starpu_task *task = starpu_task_create();
	if (!task)
		return PARALIA_ERR_NO_MEMORY;
	task->callback_func = on_end;
	task->callback_arg = on_end_arg;
	if (ahead[0] || ahead[1]) {
		task->prologue_callback_pop_arg = malloc(sizeof ahead);
		if (!task->prologue_callback_pop_arg) {
			task->destroy = 0; /* StarPU refuses to destroy a detached, self-destroying task */
			starpu_task_destroy(task);
			return PARALIA_ERR_NO_MEMORY;
		}
		memcpy(task->prologue_callback_pop_arg, ahead, sizeof ahead);
		task->prologue_callback_pop_arg_free = 1;
		task->prologue_callback_pop_func = fetch_ahead;
	}
	task->cl = s->cl;
	if (s->args_size) {
		/* StarPU frees the copy with the task (cl_arg_free), so callers pass stack blocks. */
		task->cl_arg = malloc(s->args_size);
		if (!task->cl_arg) {
			task->destroy = 0;
			starpu_task_destroy(task);
			return PARALIA_ERR_NO_MEMORY;
		}
		memcpy(task->cl_arg, s->args, s->args_size);
		task->cl_arg_size = s->args_size;
		task->cl_arg_free = 1;
	}
	task->nbuffers = s->nbuf;
	for (int i = 0; i < s->nbuf; i++) {
		STARPU_TASK_SET_HANDLE(task, s->handles[i], i);
		STARPU_TASK_SET_MODE(task, s->modes[i], i);
	}
	task->flops = s->flops;
	if (opts) {
		task->priority = opts->priority;
		/* Through the worker mask, not execute_on_a_specific_worker: the task still goes through
		 * the scheduler, so the paralia policy keeps its predictions right. */
		if (opts->worker >= 0 && paralia_task_pin(task, opts->worker) != 0) {
			task->destroy = 0;
			starpu_task_destroy(task);
			return PARALIA_ERR_NO_WORKER;
		}
	}
	/* Autotuner's device subset for the current routine call (pl_submit_scope). */
	if (submit_scope.len && (!opts || opts->worker < 0) && !task->workerids_len) {
		task->workerids = (uint32_t *)submit_scope.ids;
		task->workerids_len = submit_scope.len;
	}
	int ret = starpu_task_submit(task);
	if (ret == -ENODEV) {
		fprintf(stderr, "paralia: %s: no StarPU worker can run %s%s\n", s->who, s->cl->name,
		        (opts && opts->worker >= 0) ? " on the requested worker" : "");
		task->destroy = 0;
		starpu_task_destroy(task);
		return PARALIA_ERR_NO_WORKER;
	}
	if (ret != 0) {
		fprintf(stderr, "paralia: %s: starpu_task_submit failed (%d)\n", s->who, ret);
		task->destroy = 0;
		starpu_task_destroy(task);
		return PARALIA_ERR_RUNTIME;
	}
	return 0;
}
