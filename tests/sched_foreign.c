/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * A plain StarPU program, knowing nothing of paralia: run by tests/sched_env.sh under
 * STARPU_SCHED_LIB=libparalia.so STARPU_SCHED=paralia. Codelets without a performance model,
 * a CPU-only codelet, priorities, a second scheduling context, and a chain of dependent tasks;
 * every result is checked. Exits 0 when all are right, 1 otherwise.
 */
#include <starpu.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 4096
#define NV 16

static void scale_cpu(void *buffers[], void *arg)
{
	double f;
	starpu_codelet_unpack_args(arg, &f);
	double *v = (double *)STARPU_VECTOR_GET_PTR(buffers[0]);
	unsigned n = STARPU_VECTOR_GET_NX(buffers[0]);
	for (unsigned i = 0; i < n; i++)
		v[i] *= f;
}

static void add_cpu(void *buffers[], void *arg)
{
	(void)arg;
	double *x = (double *)STARPU_VECTOR_GET_PTR(buffers[0]);
	double *y = (double *)STARPU_VECTOR_GET_PTR(buffers[1]);
	unsigned n = STARPU_VECTOR_GET_NX(buffers[0]);
	for (unsigned i = 0; i < n; i++)
		y[i] += x[i];
}

static struct starpu_codelet cl_scale = { /* no model: the policy must not wait for calibration */
	.cpu_funcs = { scale_cpu }, .nbuffers = 1, .modes = { STARPU_RW }, .name = "foreign_scale" };
static struct starpu_perfmodel add_model = { .type = STARPU_HISTORY_BASED, .symbol = "foreign_add" };
static struct starpu_codelet cl_add = {
	.cpu_funcs = { add_cpu }, .nbuffers = 2, .modes = { STARPU_R, STARPU_RW }, .model = &add_model,
	.name = "foreign_add" };

int main(void)
{
	int ret = starpu_init(NULL);
	if (ret == -ENODEV)
		return 77;
	if (ret != 0) {
		fprintf(stderr, "sched_foreign: starpu_init failed (%d)\n", ret);
		return 1;
	}
	struct starpu_sched_policy *pol = starpu_sched_get_sched_policy();
	printf("sched_foreign: policy %s\n", pol && pol->policy_name ? pol->policy_name : "?");

	static double v[NV][N];
	starpu_data_handle_t h[NV];
	for (int k = 0; k < NV; k++) {
		for (int i = 0; i < N; i++)
			v[k][i] = k + i * 1e-3;
		starpu_vector_data_register(&h[k], STARPU_MAIN_RAM, (uintptr_t)v[k], N, sizeof(double));
	}
	/* a second context on the same workers, for half the vectors */
	int nw = (int)starpu_worker_get_count();
	int ids[STARPU_NMAXWORKERS];
	for (int i = 0; i < nw; i++)
		ids[i] = i;
	unsigned ctx2 = starpu_sched_ctx_create(ids, nw, "second", STARPU_SCHED_CTX_POLICY_STRUCT,
	                                        starpu_sched_get_sched_policy(), 0);
	double two = 2.0;
	/* per vector: x2 three times (chain), priorities mixed; then y[k+1] += y[k] pairwise */
	for (int r = 0; r < 3; r++)
		for (int k = 0; k < NV; k++) {
			ret = starpu_task_insert(&cl_scale, STARPU_RW, h[k], STARPU_VALUE, &two, sizeof two,
			                         STARPU_PRIORITY, (k * 7 + r) % 5 - 2,
			                         STARPU_SCHED_CTX, k % 2 ? ctx2 : 0, 0);
			if (ret != 0) {
				fprintf(stderr, "sched_foreign: submit failed (%d)\n", ret);
				return 1;
			}
		}
	for (int k = 0; k + 1 < NV; k += 2) {
		ret = starpu_task_insert(&cl_add, STARPU_R, h[k], STARPU_RW, h[k + 1], 0);
		if (ret != 0) {
			fprintf(stderr, "sched_foreign: submit failed (%d)\n", ret);
			return 1;
		}
	}
	starpu_task_wait_for_all();
	for (int k = 0; k < NV; k++)
		starpu_data_unregister(h[k]);
	starpu_sched_ctx_delete(ctx2);
	int bad = 0;
	for (int k = 0; k < NV; k++)
		for (int i = 0; i < N; i++) {
			double want = 8 * (k + i * 1e-3) + (k % 2 ? 8 * (k - 1 + i * 1e-3) : 0);
			double d = v[k][i] - want;
			if (d > 1e-9 || d < -1e-9)
				bad++;
		}
	starpu_shutdown();
	printf("sched_foreign: %s (%d wrong values)\n", bad ? "FAILED" : "ok", bad);
	return bad ? 1 : 0;
}
