/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * cut tile kernel: B = rows [row0, row0 + rows of B) of A, every column of B (same element
 * size). gemm's host operands cross to a GPU in whole column panels, one copy of long columns
 * each (src/blas/panel.c); this cuts a panel into its tiles where it arrived, a device-to-device
 * copy (HBM, ~0.1 ms for a 128 MB panel on an H200). Argument block: struct cut_args. Buffers:
 * A (R), B (W).
 */
#include "codelets/codelet.h"
#include <string.h>

struct cut_args {
	int row0;
};

static void cut_cpu(void *buffers[], void *cl_arg)
{
	const struct cut_args *a = cl_arg;
	size_t elem = STARPU_MATRIX_GET_ELEMSIZE(buffers[0]);
	struct pl_tile A = pl_tile_of(buffers[0]), B = pl_tile_of(buffers[1]);
	const char *src = (const char *)A.ptr + (size_t)a->row0 * elem;
	for (int j = 0; j < B.n; j++)
		memcpy((char *)B.ptr + (size_t)j * B.ld * elem, src + (size_t)j * A.ld * elem,
		       (size_t)B.m * elem);
}

#ifdef PARALIA_USE_CUDA
static void cut_cuda(void *buffers[], void *cl_arg)
{
	const struct cut_args *a = cl_arg;
	size_t elem = STARPU_MATRIX_GET_ELEMSIZE(buffers[0]);
	struct pl_tile A = pl_tile_of(buffers[0]), B = pl_tile_of(buffers[1]);
	PL_CUDA("cut", cudaMemcpy2DAsync(B.ptr, (size_t)B.ld * elem,
	                                 (const char *)A.ptr + (size_t)a->row0 * elem,
	                                 (size_t)A.ld * elem, (size_t)B.m * elem, (size_t)B.n,
	                                 cudaMemcpyDeviceToDevice, starpu_cuda_get_local_stream()));
}
#endif

/* A copy through memory, both ways: 2 bytes moved per byte of B at ~2 TB/s on a GPU (the
 * policy's estimate; a simulation needs no calibration for it). */
static double cut_cost(struct starpu_task *task, unsigned nimpl)
{
	(void)nimpl;
	starpu_data_handle_t b = STARPU_TASK_GET_HANDLE(task, 1);
	return 2.0 * (double)starpu_matrix_get_nx(b) * starpu_matrix_get_ny(b) *
	       starpu_matrix_get_elemsize(b) / 2e6;
}

static struct starpu_perfmodel cut_model = {
	.type = STARPU_COMMON,
	.cost_function = cut_cost,
	.symbol = "paralia_cut",
};

static struct starpu_codelet cut_cl = {
	.name = "paralia_cut",
	.cpu_funcs = { cut_cpu },
	.cpu_funcs_name = { "cut_cpu" },
	PL_CUDA_ENTRY(cut_cuda)
	.nbuffers = 2,
	.modes = { STARPU_R, STARPU_W },
	.model = &cut_model,
};

int pl_task_cut(starpu_data_handle_t A, int row0, starpu_data_handle_t B,
                const struct paralia_task_opts *opts)
{
	struct cut_args args = { row0 };
	struct pl_submit s = {
		.cl = &cut_cl, .who = "pl_task_cut", .args = &args, .args_size = sizeof args, .nbuf = 2,
		.handles = { A, B }, .modes = { STARPU_R, STARPU_W },
	};
	return pl_submit_task(&s, opts);
}
