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

int pl_submit_task(const struct pl_submit *s, const struct paralia_task_opts *opts)
{
	struct starpu_task *task = starpu_task_create();
	if (!task)
		return PARALIA_ERR_NO_MEMORY;
	task->cl = s->cl;
	if (s->args_size) {
		/* StarPU frees the copy with the task (cl_arg_free), so callers pass stack blocks. */
		task->cl_arg = malloc(s->args_size);
		if (!task->cl_arg) {
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
