/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The policy paralia_init starts StarPU with follows its rule (paralia's own, unless STARPU_SCHED
 * or PARALIA_SCHED say otherwise). paralia_task_pin: a pinned task runs on its worker and still
 * goes through the policy (worker mask, not execute_on_a_specific_worker); bad worker ids are
 * refused with a message; the tile helpers' opts.worker pins the same way and the results stay
 * right.
 */
#include "tests/testing.h"
#include <paralia_codelets.h>
#include <paralia_sched.h>
#include <starpu.h>
#include <string.h>

static void record(void *buffers[], void *arg)
{
	(void)buffers;
	*(int *)arg = starpu_worker_get_id();
}

static struct starpu_codelet cl_record = {
	.cpu_funcs = { record },
	.cuda_funcs = { record }, /* host code only: fine on a CUDA worker's thread */
	.nbuffers = 0,
	.name = "pin_record",
};

int main(void)
{
	t_begin("sched_pin");
	/* paralia_init's rule (src/core/init.c): its own policy unless PARALIA_SCHED asks for StarPU's
	 * choice or STARPU_SCHED names another policy, which StarPU then runs. */
	struct starpu_sched_policy *pol = starpu_sched_get_sched_policy();
	const char *name = pol && pol->policy_name ? pol->policy_name : "?";
	const char *env = getenv("STARPU_SCHED"), *ps = getenv("PARALIA_SCHED");
	int default_asked = ps && *ps && strcmp(ps, "paralia") != 0;
	int other = env && *env && strcmp(env, "paralia") != 0;
	if (other || (env && *env && !default_asked))
		t_check(strcmp(name, env) == 0, "STARPU_SCHED=%s: StarPU runs that policy (got %s)", env, name);
	else if (default_asked)
		t_check(strcmp(name, "paralia") != 0, "PARALIA_SCHED=%s: StarPU's own choice, not paralia "
		        "(got %s)", ps, name);
	else
		t_check(strcmp(name, "paralia") == 0, "paralia_init selected the paralia policy (got %s)", name);

	int nw = (int)starpu_worker_get_count();
	enum { REPEAT = 4 };
	int ran[STARPU_NMAXWORKERS][REPEAT];
	for (int w = 0; w < nw; w++)
		for (int r = 0; r < REPEAT; r++) {
			ran[w][r] = -1;
			struct starpu_task *t = starpu_task_create();
			t->cl = &cl_record;
			t->cl_arg = &ran[w][r];
			int ret = paralia_task_pin(t, w);
			t_check(ret == 0 && t->execute_on_a_specific_worker == 0 && t->workerids_len >= 1
			        && (t->workerids[w / 32] >> (w % 32) & 1), "pin to worker %d sets the mask only", w);
			ret = starpu_task_submit(t);
			t_check(ret == 0, "pinned task %d/%d submitted (%d)", w, r, ret);
		}
	starpu_task_wait_for_all();
	for (int w = 0; w < nw; w++)
		for (int r = 0; r < REPEAT; r++)
			t_check(ran[w][r] == w, "task pinned to worker %d ran on worker %d", w, ran[w][r]);

	struct starpu_task *bad = starpu_task_create();
	bad->cl = &cl_record;
	t_check(paralia_task_pin(bad, nw) == -1, "worker %d (out of range) refused", nw);
	t_check(paralia_task_pin(bad, -1) == -1, "worker -1 refused");
	t_check(paralia_task_pin(NULL, 0) == -1, "NULL task refused");
	bad->destroy = 0;
	starpu_task_destroy(bad);

	/* Tile helper with opts.worker: C = A * B on each worker that can run it, checked. */
	enum { N = 8 };
	double A[N * N], B[N * N], C[N * N];
	for (int i = 0; i < N * N; i++)
		A[i] = (double)(i % 7) - 3, B[i] = (double)(i % 5) - 2;
	for (int w = 0; w < nw; w++) {
		memset(C, 0, sizeof C);
		starpu_data_handle_t hA, hB, hC;
		starpu_matrix_data_register(&hA, STARPU_MAIN_RAM, (uintptr_t)A, N, N, N, sizeof(double));
		starpu_matrix_data_register(&hB, STARPU_MAIN_RAM, (uintptr_t)B, N, N, N, sizeof(double));
		starpu_matrix_data_register(&hC, STARPU_MAIN_RAM, (uintptr_t)C, N, N, N, sizeof(double));
		struct paralia_task_opts o = { 0, w };
		int ret = paralia_task_dgemm(ParaliaNoTrans, ParaliaNoTrans, 1.0, hA, hB, 0.0, hC, &o);
		t_check(ret == 0, "paralia_task_dgemm pinned to worker %d: %d", w, ret);
		starpu_task_wait_for_all();
		starpu_data_unregister(hA);
		starpu_data_unregister(hB);
		starpu_data_unregister(hC);
		double err = 0;
		for (int j = 0; j < N; j++)
			for (int i = 0; i < N; i++) {
				double s = 0;
				for (int k = 0; k < N; k++)
					s += A[i + k * N] * B[k + j * N];
				double e = s - C[i + j * N];
				err += e < 0 ? -e : e;
			}
		t_check(err < 1e-9, "pinned gemm on worker %d correct (err %g)", w, err);
	}
	struct paralia_task_opts o = { 0, nw + 5 };
	starpu_data_handle_t h;
	starpu_matrix_data_register(&h, STARPU_MAIN_RAM, (uintptr_t)C, N, N, N, sizeof(double));
	int ret = paralia_task_dgemm(ParaliaNoTrans, ParaliaNoTrans, 1.0, h, h, 0.0, h, &o);
	t_check(ret == PARALIA_ERR_NO_WORKER, "opts.worker out of range: PARALIA_ERR_NO_WORKER (%d)", ret);
	starpu_data_unregister(h);
	return t_end();
}
