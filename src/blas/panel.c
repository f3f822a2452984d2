/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Host operands that cross the link in whole column panels (issue 14, docs/AUTOTUNER.md step 3).
 *
 * StarPU copies a tile of a column-major matrix with one cudaMemcpy2DAsync: T elements per column
 * at the matrix's pitch. Beside the GPU's kernels such copies are slow when the columns are short:
 * on one H200, 32 GB/s for FP64 tiles of 2048 from a 64 KB pitch and 47 for 4096, against 55 for
 * columns of 64 KB and more, or one contiguous copy (bench/copy_ways.cu,
 * bench/results/gemm-panels-2026-11-26f.md). A column panel (every row of one tile column) is
 * one copy of columns as long as the matrix's.
 *
 * Each panel is registered at home and cut into its tiles by tasks on the GPU (the cut kernel: a
 * device-to-device copy into tiles StarPU allocates there, with no home), so StarPU brings the
 * panel by one copy for the first cut and keeps coherence, allocation and eviction as for any
 * handle. Every task is submitted at once, as with tiles. Partitioning the panel in place would
 * save the cut but not work here: starpu_data_partition's children inherit the panel's copy on
 * the GPU only when the panel is there before the partition, which makes the submitting thread
 * wait for each panel; tasks then ended before their chain's next step was submitted, and the
 * policy's write-back sent C tiles home early (one H200, two calls of 8192^3 at tile 2048: 69
 * copies of 32 MB home instead of 32; with the cuts, 32). For operands the call only reads.
 * Submitted at once, every panel's cuts are ready at once, and the policy requests their panels
 * ahead of the products' tiles from the host, which are asked for only once their product is
 * ready, after its cut: on one H200, FP32 4096^3 from the host at tile 1024 brought all four of
 * A's panels before its first B tile (the first kernel at 1.57 ms, 0.25 in tiles;
 * bench/results/gemm-2026-11-28p.md). The model prices that wait (perfmodel/evaluate.c,
 * first_product_bytes), so those points cross in tiles.
 *
 * The same cuts realign a B that lives on the GPU (the plan's b_cut): its panels are registered
 * there, so nothing crosses, and its tiles are copies whose leading dimension is their rows,
 * which cuBLAS reads at the kernel table's rate where B's own is off 128 bytes (perfmodel/ways.c's
 * pm_b_cut_choice says how much slower it reads that).
 */
#include "config.h"
#include "blas/tiled.h"
#include "codelets/codelet.h"
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int pl_matrix_panels(struct pl_matrix *M, const char *routine, const char *argname, int worker)
{
	/* StarPU counts a handle's elements in 32 bits: a longer panel stays in tiles */
	if (M->kept || !M->tiles || worker < 0 || (uint64_t)M->m * (uint64_t)M->nb > UINT32_MAX)
		return 0;
	M->panels = calloc((size_t)M->nt, sizeof *M->panels);
	if (!M->panels) {
		fprintf(stderr, "paralia: %s: matrix %s: no memory for its table of %d column panels\n",
		        routine, argname, M->nt);
		return PARALIA_ERR_NO_MEMORY;
	}
	M->panel_worker = worker;
	return 0;
}

/* Panel j: registered at home and cut into its tiles on the panel worker, first of its tasks. */
static int panel_cut(struct pl_matrix *M, int j)
{
	starpu_data_handle_t h;
	char *p = M->ptr + (size_t)j * M->nb * M->ld * M->elem;
	uint32_t cols = (uint32_t)pl_matrix_tile_cols(M, j);
	starpu_matrix_data_register(&h, (int)M->node, (uintptr_t)p, (uint32_t)M->ld, (uint32_t)M->m,
	                            cols, M->elem);
	M->panels[j] = h;
	/* At its first products' priority, submitted just before them: the panel crosses when they
	 * are next, not ahead of the C tiles the products before them wait for (one H200, 16384^3
	 * from the host at tile 2048: 240 ms with the cuts at the highest priority, 225 at this). */
	struct paralia_task_opts o = { M->panel_prio, M->panel_worker };
	int ret = 0;
	for (int i = 0; i < M->mt; i++) {
		starpu_data_handle_t *t = &M->tiles[(size_t)j * M->mt + i];
		uint32_t rows = (uint32_t)pl_matrix_tile_rows(M, i);
		if (!ret) { /* home -1: StarPU allocates the tile where the cut runs */
			starpu_matrix_data_register(t, -1, 0, rows, rows, cols, M->elem);
			if ((ret = pl_task_cut(h, i * M->mb, *t, &o)) != 0)
				starpu_data_unregister_submit(*t); /* never written: not a tile */
		}
		if (ret) /* a cut that could not be submitted: the tile is a view, as without panels */
			pl_matrix_view(M, i, j);
	}
	/* The panel's copy there stays until the call ends, beside its tiles (A and B twice on the
	 * GPU); it is clean, so StarPU can drop it when memory runs short, and a tile (its only
	 * copy, with no home) goes to main memory instead. starpu_data_wont_use would not help:
	 * called now it runs before the cuts (a read after reads), when there is no copy yet. */
	return ret;
}

starpu_data_handle_t pl_panel_tile(struct pl_matrix *M, int i, int j)
{
	if (!M->panels[j] && panel_cut(M, j) != 0)
		fprintf(stderr, "paralia: column panel %d: a cut could not be submitted; its tiles from "
		        "there on cross one by one\n", j);
	return M->tiles[(size_t)j * M->mt + i];
}

void pl_panels_finish(struct pl_matrix *M)
{
	for (int j = 0; j < M->nt; j++) {
		if (!M->panels[j])
			continue;
		for (int i = 0; i < M->mt; i++) {
			starpu_data_handle_t t = M->tiles[(size_t)j * M->mt + i];
			if (!t)
				continue;
			/* a cut tile is dropped once its tasks are done; a view (a cut that could not be
			 * submitted) is waited for, since the caller's matrix is read through it */
			if (starpu_data_get_home_node(t) < 0)
				starpu_data_unregister_submit(t);
			else
				starpu_data_unregister(t);
		}
		starpu_data_unregister(M->panels[j]); /* read only: nothing goes home */
	}
	free(M->panels);
	M->panels = NULL;
	M->panel_worker = -1;
}
