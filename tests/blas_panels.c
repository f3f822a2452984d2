/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Column panels (src/blas/panel.c): a host matrix in panels, its tiles asked for with a worker of
 * another memory node as the panel worker (a GPU, or an emulated NUMA node under
 * tests/sched_numa.sh):
 *   (a) asking for a tile cuts its whole panel and only that one, on that worker: every tile of
 *       the panel is valid on the worker's node, the panel too (its one copy), and the panel is
 *       still valid at home; the tiles have no home, so no policy sends them anywhere;
 *   (b) each tile holds its block of the matrix, ragged last tile row and last panel included;
 *   (c) finishing leaves the matrix unchanged at home;
 *   (d) a panel whose cut cannot be submitted (no such worker) falls back to views of the matrix.
 * Skipped (77) where every worker shares main memory's node.
 */
#include "blas/tiled.h"
#include "codelets/codelet.h"
#include "tests/testing.h"
#include <starpu.h>

enum { M = 300, N = 250, NB = 64, LD = 310 };

static int valid_on(starpu_data_handle_t h, int node)
{
	int allocated, valid, loading, requested;
	starpu_data_query_status2(h, node, &allocated, &valid, &loading, &requested);
	return valid;
}

/* Whether tile t (rows x cols) holds the matrix's block at (r0, c0): read at home. */
static int holds(starpu_data_handle_t t, const double *a, int r0, int c0)
{
	starpu_data_acquire(t, STARPU_R);
	const double *p = (const double *)starpu_matrix_get_local_ptr(t);
	int rows = (int)starpu_matrix_get_nx(t), cols = (int)starpu_matrix_get_ny(t);
	int ld = (int)starpu_matrix_get_local_ld(t), ok = 1;
	for (int j = 0; j < cols; j++)
		for (int i = 0; i < rows; i++)
			ok &= p[i + (size_t)j * ld] == a[r0 + i + (size_t)(c0 + j) * LD];
	starpu_data_release(t);
	return ok;
}

int main(void)
{
	t_begin("blas_panels");
	int w = t_worker_off_main_memory();
	int node = (int)starpu_worker_get_memory_node((unsigned)w);
	static double a[LD * N];
	for (int i = 0; i < LD * N; i++)
		a[i] = i % 977;
	struct pl_matrix A;
	int ret = pl_matrix_init(&A, "blas_panels", "A", a, M, N, LD, sizeof(double), NB);
	t_check(ret == 0 && A.mt == 5 && A.nt == 4, "matrix of %d x %d tiles (ret %d)", A.mt, A.nt, ret);
	ret = pl_matrix_panels(&A, "blas_panels", "A", w);
	t_check(ret == 0 && A.panels, "panels cut on worker %d, node %d (ret %d)", w, node, ret);

	/* (a) tile (2, 1) cuts panel 1 */
	pl_matrix_tile(&A, 2, 1);
	starpu_task_wait_for_all();
	int there = 1, homeless = 1;
	for (int i = 0; i < A.mt; i++) {
		there &= valid_on(A.tiles[1 * A.mt + i], node);
		homeless &= starpu_data_get_home_node(A.tiles[1 * A.mt + i]) < 0;
	}
	t_check(there, "every tile of the panel is valid on node %d", node);
	t_check(homeless, "the tiles have no home");
	t_check(valid_on(A.panels[1], node) && valid_on(A.panels[1], STARPU_MAIN_RAM),
	        "the panel is on node %d (one copy) and still at home", node);
	t_check(A.panels[0] == NULL && A.panels[2] == NULL && A.panels[3] == NULL &&
	        A.tiles[0] == NULL && A.tiles[2 * A.mt] == NULL, "no other panel is cut");

	/* (b) the blocks, the ragged last panel (58 columns) and tile row (44 rows) included */
	int right = 1;
	for (int j = 1; j < A.nt; j += 2)
		for (int i = 0; i < A.mt; i++)
			right &= holds(pl_matrix_tile(&A, i, j), a, i * NB, j * NB);
	t_check(right, "each tile holds its block of the matrix");
	t_check(pl_matrix_tile_rows(&A, A.mt - 1) == 44 && pl_matrix_tile_cols(&A, A.nt - 1) == 58 &&
	        (int)starpu_matrix_get_nx(A.tiles[3 * A.mt + A.mt - 1]) == 44 &&
	        (int)starpu_matrix_get_ny(A.tiles[3 * A.mt + A.mt - 1]) == 58, "the corner tile is 44 x 58");

	/* (d) a cut that cannot be submitted (no such worker) leaves views of the matrix, never a
	 * tile nothing wrote */
	struct pl_matrix B;
	ret = pl_matrix_init(&B, "blas_panels", "B", a, M, N, LD, sizeof(double), NB);
	ret = ret ? ret : pl_matrix_panels(&B, "blas_panels", "B", 1 << 20);
	int views = ret == 0, fine = 1;
	for (int i = 0; i < B.mt && views; i++) {
		starpu_data_handle_t t = pl_matrix_tile(&B, i, 2);
		views &= starpu_data_get_home_node(t) == STARPU_MAIN_RAM;
		fine &= holds(t, a, i * NB, 2 * NB);
	}
	t_check(views && fine, "a panel that could not be cut: its tiles are views, right");
	pl_matrix_finish(&B, 0);

	/* (c) finished: unchanged at home */
	pl_matrix_finish(&A, 0);
	int same = 1;
	for (int i = 0; i < LD * N; i++)
		same &= a[i] == i % 977;
	t_check(same && A.panels == NULL, "finished, the matrix is unchanged at home");
	return t_end();
}
