/*
 * A user's column-major matrix seen as a grid of StarPU tile handles. Tiles are registered on the
 * memory node where the matrix lives (host RAM or a GPU), on first use, so triangular and
 * symmetric operands only register the half they touch. Finishing unregisters every tile: that
 * waits for the tasks using it and brings modified tiles back home (StarPU's coherence does the
 * write-back; paralia never copies data itself).
 */
#ifndef PARALIA_TILED_H
#define PARALIA_TILED_H
#include "core/core.h"

struct pl_matrix {
	char *ptr;        /* element (0,0) */
	int m, n, ld;     /* rows, columns, leading dimension (elements) */
	size_t elem;      /* bytes per element */
	int nb;           /* tile size */
	int mt, nt;       /* tiles per column, per row */
	unsigned node;    /* StarPU memory node that owns the data */
	starpu_data_handle_t *tiles; /* mt * nt, column-major; NULL until first used */
};

/* Prepares M (no registration yet). Returns 0, PARALIA_ERR_PLACEMENT (message names the
 * argument) or PARALIA_ERR_NO_MEMORY. */
int pl_matrix_init(struct pl_matrix *M, const char *routine, const char *argname, const void *ptr,
                   int m, int n, int ld, size_t elem, int nb);
/* Tile (i, j), registered on first use. */
starpu_data_handle_t pl_matrix_tile(struct pl_matrix *M, int i, int j);
int pl_matrix_tile_rows(const struct pl_matrix *M, int i);
int pl_matrix_tile_cols(const struct pl_matrix *M, int j);
/* Waits for the tasks on M's tiles, writes modified tiles back home, frees everything. */
void pl_matrix_finish(struct pl_matrix *M);

/* Common routine prologue: paralia is initialised, and the tile size to use for these dims. */
int pl_routine_begin(const char *routine);
int pl_tile_size_for(int m, int n, int k);

/* Argument checks in BLAS order; each returns 0 or -pos with one line on stderr. */
int pl_check_trans(const char *routine, int pos, const char *name, char c);
int pl_check_uplo(const char *routine, int pos, char c);
int pl_check_side(const char *routine, int pos, char c);
int pl_check_diag(const char *routine, int pos, char c);
int pl_check_dim(const char *routine, int pos, const char *name, int v);
int pl_check_ld(const char *routine, int pos, const char *name, int ld, int rows);
int pl_check_ptr(const char *routine, int pos, const char *name, const void *p, int needed);
#endif
