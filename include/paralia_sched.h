/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * paralia's StarPU scheduling policy, for programs that set it up themselves.
 *
 * Any StarPU program can use it without code: STARPU_SCHED_LIB=<libdir>/libparalia.so
 * STARPU_SCHED=paralia. Programs that build their own starpu_conf can set
 * conf.sched_policy = paralia_sched_policy_get(). paralia_init() selects it when it starts
 * StarPU itself (unless STARPU_SCHED is set or PARALIA_SCHED=starpu-default).
 * Environment variables: docs/SCHEDULER.md.
 */
#ifndef PARALIA_SCHED_H_PUBLIC
#define PARALIA_SCHED_H_PUBLIC
#include <starpu.h>
#ifdef __cplusplus
extern "C" {
#endif

/* The policy, for starpu_conf.sched_policy. */
struct starpu_sched_policy *paralia_sched_policy_get(void);

/* Restricts task t to the one worker `workerid`, through t->workerids (a mask the scheduler
 * honours), so that the policy still schedules the task and keeps its predictions right; unlike
 * execute_on_a_specific_worker, which bypasses the scheduler. Call before submitting t.
 * Returns 0, or -1 (with one line on stderr) when workerid is not a worker of this StarPU. */
int paralia_task_pin(struct starpu_task *t, int workerid);

#ifdef __cplusplus
}
#endif
#endif
