/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Push, step 1: the workers of a task's context that may run it, and each worker class's kernel
 * time for it (StarPU's calibrated model; while it calibrates, for paralia's gemm on a GPU the
 * kernel table, else an estimate from the flops),
 * after device selection (a class far slower than the best gets none of the task, and its
 * workers leave the list: the later steps walk only those that can run it).
 */
#include "config.h"
#include "sched_policy/policy.h"
#include <math.h>
#include <stdio.h>
#include <string.h>

/* Fallback speeds for codelets without a calibrated model: a core, a GPU (GFLOP/s). Only their
 * ratio matters much, and it is what excludes CPU cores beside GPUs. */
#define PL_CPU_GFLOPS 20.0
#define PL_GPU_GFLOPS 20000.0
#define PL_DEFAULT_TASK_US 100.0 /* a task without model nor flops, on a CPU core */

/* Estimate of the task on worker w when its model cannot say: from the flops and the device kind,
 * else StarPU's relative speed of the worker's arch. */
static double fallback_time(struct starpu_task *task, int w, unsigned ctx)
{
	int cpu = starpu_worker_get_type(w) == STARPU_CPU_WORKER;
	if (task->flops > 0)
		return task->flops / ((cpu ? PL_CPU_GFLOPS : PL_GPU_GFLOPS) * 1e3);
	double sp = starpu_worker_get_relative_speedup(starpu_worker_get_perf_archtype(w, ctx));
	return PL_DEFAULT_TASK_US / (sp > 0 ? sp : 1);
}

double pl_table_kernel_us(const struct starpu_task *task, enum starpu_worker_archtype type)
{
	int m, n, k, dbl;
	if (!pl_g.gpu_table || type != STARPU_CUDA_WORKER)
		return NAN;
	if (pl_gemm_shape_d(task, &m, &n, &k))
		dbl = 1;
	else if (pl_gemm_shape_s(task, &m, &n, &k))
		dbl = 0;
	else
		return NAN;
	return pm_product_us(&pl_g.gpu_rates, dbl, m, n, k, n > k ? n : k);
}

/* Kernel time of the task on worker w (which can run it with implementation impl), in us; *fb gets
 * the fallback estimate, and the result is StarPU's model's or, where it has none yet, the kernel
 * table's (*measured = 1).
 * StarPU's history first: it times this program's tasks as they run, and the table, square
 * kernels from rest interpolated at a product's cube root, read edge products 14-23% short and
 * full tiles 7% short of it under the power cap (one H200, FP64 27000x9500x14500 at tile 4096,
 * 8-395 samples each; bench/results/gemm-2026-11-27u.md). The table before the flops estimate:
 * until StarPU has 10 samples of a shape, the estimate priced a 2.3 ms product of 4096^3 at
 * 6.9 ms (20 TFLOP/s). */
static double kernel_time(struct starpu_task *task, int w, unsigned ctx, unsigned impl,
                          double *fb, int *measured)
{
	double t = NAN;
	if (task->cl && task->cl->model)
		t = starpu_task_worker_expected_length(task, w, ctx, impl);
	if (!(t >= 0 && !isinf(t))) {
		t = pl_table_kernel_us(task, starpu_worker_get_type(w));
		if (!isnan(t))
			__atomic_add_fetch(&pl_g.ntable_kernel, 1, __ATOMIC_RELAXED);
	}
	*fb = fallback_time(task, w, ctx);
	*measured = t >= 0 && !isinf(t);
	if (!*measured) {
		/* Uncalibrated or no model: never block on calibration. */
		__atomic_add_fetch(&pl_g.nfallback_kernel, 1, __ATOMIC_RELAXED);
		t = *fb;
	}
	return t;
}

/* The workers that may run the task; PARALIA_DEVICES first, any worker if it leaves none.
 * cls_state[c]: 1 when kernel_us[c] was computed, 2 when the class cannot run the task. */
static int eligible_workers(struct starpu_task *task, unsigned ctx, struct pl_cand *cand,
                            double *kernel_us, double *fb_us, int *measured, signed char *cls_state)
{
	struct starpu_worker_collection *workers = starpu_sched_ctx_get_worker_collection(ctx);
	/* Per-worker checks only when something can differ between workers of one class. */
	int per_worker = task->workerids_len > 0 || (task->cl && task->cl->can_execute);
	int nc = 0;
	for (int pass = 0; pass < 2 && nc == 0; pass++) {
		memset(cls_state, 0, PL_MAX_CLASSES);
		struct starpu_sched_ctx_iterator it;
		workers->init_iterator_for_parallel_tasks(workers, &it, task);
		while (workers->has_next(workers, &it)) {
			int w = (int)workers->get_next(workers, &it);
			struct pl_wstate *ws = &pl_g.w[w];
			if (!ws->used || (pass == 0 && !ws->allowed))
				continue;
			int c = ws->cls;
			if (cls_state[c] == 2)
				continue;
			if (per_worker || cls_state[c] == 0) {
				unsigned impl;
				if (!starpu_worker_can_execute_task_first_impl(w, task, &impl)) {
					if (!per_worker)
						cls_state[c] = 2;
					continue;
				}
				if (cls_state[c] == 0) {
					kernel_us[c] = kernel_time(task, w, ctx, impl, &fb_us[c], &measured[c]);
					cls_state[c] = 1;
				}
			}
			cand[nc++] = (struct pl_cand){ w, ws->node, c, 0 };
		}
		if (nc == 0 && pass == 0 && pl_g.set.devices[0]
		    && !__atomic_exchange_n(&pl_g.warned_devices, 1, __ATOMIC_RELAXED))
			fprintf(stderr, "paralia: PARALIA_DEVICES=%s leaves no worker for codelet %s; "
			        "using any worker for such tasks\n", pl_g.set.devices,
			        task->cl && task->cl->name ? task->cl->name : "(unnamed)");
	}
	return nc;
}

int pl_candidates(struct starpu_task *task, unsigned ctx, struct pl_cand *cand, double *kernel_us)
{
	double fb_us[PL_MAX_CLASSES];
	int measured[PL_MAX_CLASSES];
	signed char cls_state[PL_MAX_CLASSES];
	int nc = eligible_workers(task, ctx, cand, kernel_us, fb_us, measured, cls_state);
	STARPU_ASSERT_MSG(nc > 0, "paralia: no worker of context %u can run the task", ctx);
	int usable[PL_MAX_CLASSES], type[PL_MAX_CLASSES];
	uint64_t classes = 0; /* the candidates' classes: those whose kernel time was computed */
	for (int c = 0; c < pl_g.ncls; c++) {
		usable[c] = cls_state[c] == 1, type[c] = (int)pl_g.cls[c].type;
		classes |= (uint64_t)usable[c] << c;
	}
	pl_anchor_fallbacks(kernel_us, fb_us, measured, usable, type, pl_g.ncls);
	long nx = pl_exclude_slow_classes(kernel_us, classes, pl_g.set.slow_ratio);
	__atomic_add_fetch(&pl_g.nexcluded, nx, __ATOMIC_RELAXED);
	return pl_runnable(cand, nc, kernel_us);
}
