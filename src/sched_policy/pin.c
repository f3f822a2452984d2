/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * paralia_task_pin: one worker for a task, chosen through the worker mask (task->workerids) so
 * that the task still goes through the policy's push, which then keeps its link and worker
 * predictions right. execute_on_a_specific_worker would bypass the policy altogether.
 */
#include "config.h"
#include <paralia_sched.h>
#include <starpu_scheduler.h>
#include <stdint.h>
#include <stdio.h>

#define PL_MASK_WORDS ((STARPU_NMAXWORKERS + 31) / 32)

/* One constant mask per worker: tasks point into it, so nothing is allocated or freed per task. */
static uint32_t masks[STARPU_NMAXWORKERS][PL_MASK_WORDS];

int paralia_task_pin(struct starpu_task *t, int workerid)
{
	if (!t) {
		fprintf(stderr, "paralia: paralia_task_pin: argument 1 (t) is NULL\n");
		return -1;
	}
	int n = starpu_is_initialized() ? (int)starpu_worker_get_count() : STARPU_NMAXWORKERS;
	if (workerid < 0 || workerid >= n || workerid >= STARPU_NMAXWORKERS) {
		fprintf(stderr, "paralia: paralia_task_pin: argument 2 (workerid) is %d, not a worker id "
		        "in 0..%d\n", workerid, n - 1);
		return -1;
	}
	uint32_t *m = masks[workerid];
	/* Benign race: concurrent callers write the same bit. */
	__atomic_store_n(&m[workerid / 32], 1u << (workerid % 32), __ATOMIC_RELAXED);
	t->workerids = m;
	t->workerids_len = (unsigned)(workerid / 32 + 1);
	t->execute_on_a_specific_worker = 0;
	return 0;
}
