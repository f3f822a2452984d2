/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Tiling of user matrices into StarPU handles, and the argument checks shared by the routines. */
#include "config.h"
#include "blas/tiled.h"
#include <stdio.h>
#include <stdlib.h>

int pl_matrix_init_tiles(struct pl_matrix *M, const char *routine, const char *argname,
                         const void *ptr, int m, int n, int ld, size_t elem, int mb, int nb)
{
	M->ptr = (char *)ptr;
	M->m = m; M->n = n; M->ld = ld; M->elem = elem; M->mb = mb; M->nb = nb;
	M->mt = pl_tile_count(m, mb);
	M->nt = pl_tile_count(n, nb);
	M->tiles = NULL;
	M->kept = 0;
	M->panels = NULL;
	M->panel_worker = -1;
	M->panel_prio = 0;
	uint64_t bytes;
	if (pl_span_bytes(ptr, m, n, ld, elem, &bytes) != 0) {
		fprintf(stderr, "paralia: %s: matrix %s (%d x %d, leading dimension %d, %zu-byte elements) "
		        "spans more bytes than the address space holds\n", routine, argname, m, n, ld, elem);
		return PARALIA_ERR_TOO_LARGE;
	}
	if (pl_memory_node_of(ptr, &M->node) != 0) {
		fprintf(stderr, "paralia: %s: matrix %s lives on GPU %d, which StarPU does not use "
		        "(check STARPU_NCUDA / STARPU_WORKERS_CUDAID)\n", routine, argname, paralia_locate(ptr));
		return PARALIA_ERR_PLACEMENT;
	}
	if ((size_t)M->mt * M->nt == 0)
		return 0;
	int k = pl_kept_attach(M, routine, argname);
	if (k != 0)
		return k == 1 ? 0 : k;
	M->tiles = calloc((size_t)M->mt * M->nt, sizeof *M->tiles);
	if (!M->tiles) {
		fprintf(stderr, "paralia: %s: matrix %s: no memory for its table of %d x %d tiles (tiles of "
		        "%d x %d)\n", routine, argname, M->mt, M->nt, mb, nb);
		return PARALIA_ERR_NO_MEMORY;
	}
	return 0;
}

int pl_matrix_tile_rows(const struct pl_matrix *M, int i)
{
	return i == M->mt - 1 ? M->m - i * M->mb : M->mb;
}

int pl_matrix_tile_cols(const struct pl_matrix *M, int j)
{
	return j == M->nt - 1 ? M->n - j * M->nb : M->nb;
}

void pl_matrix_view(struct pl_matrix *M, int i, int j)
{
	char *p = M->ptr + ((size_t)i * M->mb + (size_t)j * M->nb * M->ld) * M->elem;
	starpu_matrix_data_register(&M->tiles[(size_t)j * M->mt + i], (int)M->node, (uintptr_t)p,
	                            (uint32_t)M->ld, (uint32_t)pl_matrix_tile_rows(M, i),
	                            (uint32_t)pl_matrix_tile_cols(M, j), M->elem);
}

starpu_data_handle_t pl_matrix_tile(struct pl_matrix *M, int i, int j)
{
	starpu_data_handle_t *h = &M->tiles[(size_t)j * M->mt + i];
	if (!*h && M->panels)
		return pl_panel_tile(M, i, j);
	if (!*h)
		pl_matrix_view(M, i, j);
	return *h;
}

static void release_home(void *handle)
{
	starpu_data_handle_t h = handle;
	starpu_data_release_on_node(h, starpu_data_get_home_node(h));
}

void pl_matrix_finish(struct pl_matrix *M, int written)
{
	if (M->kept) { /* stays registered and resident: paralia_sync/paralia_release bring it home */
		M->tiles = NULL;
		M->kept = 0;
		return;
	}
	if (!M->tiles)
		return;
	if (M->panels) { /* the tiles are cut from the panels (panel.c) */
		pl_panels_finish(M);
		free(M->tiles);
		M->tiles = NULL;
		return;
	}
	/* Each tile starts home as soon as its last task ends (an acquire on the home node, ordered
	 * after the tasks by StarPU): tiles written on GPUs travel back while others still compute,
	 * instead of one after another inside the blocking unregisters below. Not for a matrix the
	 * call only read (nothing goes home) or of one tile (its unregister comes next): each acquire
	 * costs a few microseconds of the call (~2 us per tile on the build machine). */
	size_t ntiles = (size_t)M->mt * M->nt;
	for (size_t t = 0; written && ntiles > 1 && t < ntiles; t++)
		if (M->tiles[t])
			starpu_data_acquire_on_node_cb(M->tiles[t], (int)M->node, STARPU_R, release_home,
			                               M->tiles[t]);
	for (size_t t = 0; t < (size_t)M->mt * M->nt; t++)
		if (M->tiles[t])
			starpu_data_unregister(M->tiles[t]);
	free(M->tiles);
	M->tiles = NULL;
}

int pl_routine_begin(const char *routine)
{
	if (!paralia_is_initialized()) {
		fprintf(stderr, "paralia: %s: call paralia_init() first\n", routine);
		return PARALIA_ERR_NOT_INITIALIZED;
	}
	return 0;
}

int pl_check_trans(const char *routine, int pos, const char *name, char c)
{
	return pl_valid_trans(c) ? 0 : pl_arg_error(routine, pos, name, "'%c' is not N, T or C", c);
}
int pl_check_uplo(const char *routine, int pos, char c)
{
	return pl_valid_uplo(c) ? 0 : pl_arg_error(routine, pos, "uplo", "'%c' is not U or L", c);
}
int pl_check_side(const char *routine, int pos, char c)
{
	return pl_valid_side(c) ? 0 : pl_arg_error(routine, pos, "side", "'%c' is not L or R", c);
}
int pl_check_diag(const char *routine, int pos, char c)
{
	return pl_valid_diag(c) ? 0 : pl_arg_error(routine, pos, "diag", "'%c' is not N or U", c);
}
int pl_check_dim(const char *routine, int pos, const char *name, int v)
{
	return v >= 0 ? 0 : pl_arg_error(routine, pos, name, "%d is negative", v);
}
int pl_check_ld(const char *routine, int pos, const char *name, int ld, int rows)
{
	int min = rows > 1 ? rows : 1;
	return ld >= min ? 0 : pl_arg_error(routine, pos, name, "%d is less than max(1, %d)", ld, rows);
}
int pl_check_ptr(const char *routine, int pos, const char *name, const void *p, int needed)
{
	return (p || !needed) ? 0 : pl_arg_error(routine, pos, name, "NULL but the matrix is referenced");
}
