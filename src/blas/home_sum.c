/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * C added at home (gemm, step 3 of docs/AUTOTUNER.md): a C tile read late, whose chain ran on a
 * GPU into a scratch tile S while C lives on the host, is finished on the host. S crosses home as
 * one copy (its columns are contiguous; C's tile would cross a column per run), and the CPU workers
 * of C's memory node add it into C (C = S + beta C) in column slices, one task each, so that the
 * last tile's sum is spread over the cores. C never crosses to the GPU: its bytes leave the
 * inbound link to A and B.
 * C's tile is split by StarPU's asynchronous partitioning (views of C where it lives, no copy).
 * S is not: StarPU allocates it lazily, and a plan's children are views only where the parent
 * was allocated when the plan was made, so each slice's task reads the whole of S (its copy home
 * is made once) from its own first column.
 */
#ifndef PARALIA_PREC
#include <stdlib.h>
#define PARALIA_SELF "blas/home_sum.c"
#include "common/instantiate.h"

/* PARALIA_HOME_PARTS=n (a measuring knob): each tile's sum in n slices, not one per CPU worker. */
int pl_home_parts_env(void)
{
	static int parts = -1;
	if (__atomic_load_n(&parts, __ATOMIC_RELAXED) < 0) {
		const char *v = getenv("PARALIA_HOME_PARTS");
		int n = v ? atoi(v) : 0;
		__atomic_store_n(&parts, n > 0 && n <= PL_HOME_MAX_PARTS ? n : 0, __ATOMIC_RELAXED);
	}
	return parts;
}
#else
#include "blas/tiled.h"
#include "codelets/codelet.h"

int LOCAL(pl_home_sum)(starpu_data_handle_t s, real_t beta, starpu_data_handle_t c,
                       const struct pm_plan *plan, int priority)
{
	int knob = pl_home_parts_env();
	unsigned cols = starpu_matrix_get_ny(c), parts = (unsigned)(knob > 0 ? knob : plan->home_workers);
	parts = parts < cols ? parts : cols;
	parts = parts < PL_HOME_MAX_PARTS ? parts : PL_HOME_MAX_PARTS;
	parts = parts > 0 ? parts : 1;
	struct starpu_data_filter by_columns = {
		.filter_func = starpu_matrix_filter_vertical_block, .nchildren = parts,
	};
	starpu_data_handle_t cp[PL_HOME_MAX_PARTS];
	starpu_data_partition_plan(c, &by_columns, cp);
	starpu_data_partition_submit(c, parts, cp);
	/* on the CPU workers of C's node, not the plan's devices: this thread's scope for a moment */
	pl_submit_scope(plan->home_mask, plan->home_mask_len);
	struct paralia_task_opts at = { priority, -1 };
	int ret = 0;
	/* the filter's split: the first cols % parts slices have one column more */
	for (unsigned x = 0, col0 = 0; x < parts && !ret; x++) {
		ret = LOCAL(pl_task_geadd_cols)(1, s, (int)col0, beta, cp[x], &at);
		col0 += starpu_matrix_get_ny(cp[x]);
	}
	pl_submit_scope(plan->mask, plan->mask_len);
	starpu_data_partition_clean(c, parts, cp);
	return ret;
}
#endif
