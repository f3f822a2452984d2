/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * While StarPU's history has no calibrated time for a gemm task on a GPU (fewer than 10 samples of
 * its shape), the policy times it from the kernel table (pl_table_kernel_us,
 * src/sched_policy/candidates.c) rather than at 20 TFLOP/s. The task's product is read from its
 * handles: C's rows and columns and A's other side, whether A is transposed or not; a tall tile
 * (C and A of more rows than the tile's columns) as the autotuner prices it, square products of
 * its columns (pm_product_us). The table serves only CUDA workers and the gemm codelets (FP64 and
 * FP32 at their own rates): another codelet, a CPU worker, or no table (PARALIA_KERNEL_TABLE=0, or
 * none fitting this machine) leaves the flops estimate. Runs on CPU workers: the tasks are built,
 * never submitted; the rates are set here.
 */
#include "tests/testing.h"
#include "sched_policy/policy.h"
#include <starpu.h>
#include <math.h>

/* A handle of rows x cols elements without data: only its shape is read. */
static starpu_data_handle_t shape(int rows, int cols, size_t elem)
{
	starpu_data_handle_t h;
	starpu_matrix_data_register(&h, -1, 0, (uint32_t)rows, (uint32_t)rows, (uint32_t)cols, elem);
	return h;
}

/* A task of codelet cl on A, B, C of the given shapes, not submitted. */
static struct starpu_task *product(struct starpu_codelet *cl, size_t elem, int ar, int ac, int br,
                                   int bc, int cr, int cc)
{
	struct starpu_task *t = starpu_task_create();
	t->cl = cl;
	t->destroy = 0;
	t->nbuffers = 3;
	STARPU_TASK_SET_HANDLE(t, shape(ar, ac, elem), 0);
	STARPU_TASK_SET_HANDLE(t, shape(br, bc, elem), 1);
	STARPU_TASK_SET_HANDLE(t, shape(cr, cc, elem), 2);
	return t;
}

static void drop(struct starpu_task *t)
{
	for (int i = 0; i < 3; i++)
		starpu_data_unregister(STARPU_TASK_GET_HANDLE(t, i));
	starpu_task_destroy(t);
}

static int same(double a, double b) { return fabs(a - b) <= 1e-9 * fabs(b) && b > 0; }

int main(void)
{
	t_begin("sched_kernel_table");
	struct pm_rates r;
	pm_rates_default(&r, PM_GPU);
	int had = pl_g.gpu_table; /* this machine's table, if the policy read one: put back below */
	struct pm_rates kept = pl_g.gpu_rates;
	pl_g.gpu_rates = r;
	pl_g.gpu_table = 1;
	enum starpu_worker_archtype gpu = STARPU_CUDA_WORKER;

	/* 300 x 100 x 200: A 300 x 200, or its transpose 200 x 300 */
	struct starpu_task *d = product(&paralia_cl_dgemm, 8, 300, 200, 200, 100, 300, 100);
	struct starpu_task *dt = product(&paralia_cl_dgemm, 8, 200, 300, 100, 200, 300, 100);
	double want = pm_product_us(&r, 1, 300, 100, 200, 200);
	t_check(same(pl_table_kernel_us(d, gpu), want), "FP64 300x100x200: %g us, table %g",
	        pl_table_kernel_us(d, gpu), want);
	t_check(same(pl_table_kernel_us(dt, gpu), want), "with A transposed: %g us, table %g",
	        pl_table_kernel_us(dt, gpu), want);

	/* FP32 at its own rate, which the defaults set apart from FP64's */
	struct starpu_task *s = product(&paralia_cl_sgemm, 4, 2048, 2048, 2048, 2048, 2048, 2048);
	double ws = pm_product_us(&r, 0, 2048, 2048, 2048, 2048), wd = pm_product_us(&r, 1, 2048, 2048, 2048, 2048);
	t_check(same(pl_table_kernel_us(s, gpu), ws) && !same(ws, wd),
	        "FP32 2048^3: %g us, FP32 table %g (FP64 %g)", pl_table_kernel_us(s, gpu), ws, wd);

	/* a tall tile: 6144 x 2048 x 2048 is three products of 2048^3 */
	struct starpu_task *tall = product(&paralia_cl_dgemm, 8, 6144, 2048, 2048, 2048, 6144, 2048);
	double w3 = 3 * pm_tile_us(&r, 1, 2048, 2048, 2048);
	t_check(same(pl_table_kernel_us(tall, gpu), w3), "tall 6144x2048x2048: %g us, 3 x 2048^3 %g",
	        pl_table_kernel_us(tall, gpu), w3);

	/* not the table's: a CPU worker, another codelet, no table */
	struct starpu_task *other = product(&paralia_cl_dsyr2k, 8, 300, 200, 300, 200, 300, 300);
	t_check(isnan(pl_table_kernel_us(d, STARPU_CPU_WORKER)), "a CPU worker: not the table");
	t_check(isnan(pl_table_kernel_us(other, gpu)), "another codelet (syr2k): not the table");
	pl_g.gpu_table = 0;
	t_check(isnan(pl_table_kernel_us(d, gpu)), "no table: not the table");

	pl_g.gpu_rates = kept;
	pl_g.gpu_table = had;
	drop(d), drop(dt), drop(s), drop(tall), drop(other);
	return t_end();
}
