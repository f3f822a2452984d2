/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Kept matrices (PARALiA's chains of calls): a matrix registered once, tile by tile, and left
 * registered across routine calls, so StarPU keeps its valid copies on the GPUs between calls.
 * The routines find a kept matrix by pointer (pl_matrix_init) and borrow its tile handles.
 * Kept matrices never share an element with one another, nor with a call's other operands
 * (overlap.c decides on the elements themselves, in whichever order they come): StarPU would
 * otherwise hold two handles on one element and a copy written through one would be stale in
 * the other.
 */
#include "config.h"
#include "blas/tiled.h"
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct kept {
	char *ptr;
	int m, n, ld;
	size_t elem;
	int nb;                      /* 0 until a routine first uses it */
	int mt, nt;
	unsigned node;
	starpu_data_handle_t *tiles; /* mt * nt, registered on first use */
	struct kept *next;
};

static pthread_mutex_t keep_lock = PTHREAD_MUTEX_INITIALIZER; /* protects the list */
/* Its links are changed under the lock, atomically, so that pl_kept_any may read the head
 * without it: the drop-in BLAS asks at every call, from any of the program's threads. */
static struct kept *kept_list;

static struct kept *find_locked(const void *ptr)
{
	for (struct kept *k = kept_list; k; k = k->next)
		if (k->ptr == ptr)
			return k;
	return NULL;
}

static struct pl_extent extent_of(const struct kept *k)
{
	struct pl_extent e = { (uintptr_t)k->ptr, k->m, k->n, k->ld, k->elem };
	return e;
}

/* A kept matrix that shares an element with e, or NULL. */
static struct kept *overlap_locked(const struct pl_extent *e)
{
	for (struct kept *k = kept_list; k; k = k->next) {
		struct pl_extent ke = extent_of(k);
		if (pl_extents_overlap(e, &ke))
			return k;
	}
	return NULL;
}

static void keep_shutdown(void);

int paralia_keep(void *ptr, int m, int n, int ld, size_t elem_size)
{
	const char *who = "paralia_keep";
	if (!ptr) return pl_arg_error(who, 1, "ptr", "NULL");
	if (m <= 0) return pl_arg_error(who, 2, "m", "%d is not positive", m);
	if (n <= 0) return pl_arg_error(who, 3, "n", "%d is not positive", n);
	if (ld < m) return pl_arg_error(who, 4, "ld", "%d is less than m = %d", ld, m);
	if (elem_size != sizeof(float) && elem_size != sizeof(double))
		return pl_arg_error(who, 5, "elem_size", "%zu is not 4 or 8", elem_size);
	int ret = pl_routine_begin(who);
	if (ret)
		return ret;
	if (!pl_program_holds()) { /* running for the drop-in BLAS only: no shutdown of the program's
	                            * would bring the matrix home */
		fprintf(stderr, "paralia: %s: call paralia_init() first\n", who);
		return PARALIA_ERR_NOT_INITIALIZED;
	}
	unsigned node;
	if (pl_memory_node_of(ptr, &node) != 0) {
		fprintf(stderr, "paralia: %s: the matrix lives on GPU %d, which StarPU does not use\n", who,
		        paralia_locate(ptr));
		return PARALIA_ERR_PLACEMENT;
	}
	uint64_t bytes;
	if (pl_span_bytes(ptr, m, n, ld, elem_size, &bytes) != 0) {
		fprintf(stderr, "paralia: %s: the matrix (%d x %d, leading dimension %d, %zu-byte elements) "
		        "spans more bytes than the address space holds\n", who, m, n, ld, elem_size);
		return PARALIA_ERR_TOO_LARGE;
	}
	struct pl_extent e = { (uintptr_t)ptr, m, n, ld, elem_size };
	if (pl_on_shutdown(PL_SHUTDOWN_DATA, keep_shutdown)) {
		fprintf(stderr, "paralia: %s: no room for its shutdown hook\n", who);
		return PARALIA_ERR_RUNTIME;
	}
	pthread_mutex_lock(&keep_lock);
	struct kept *k = find_locked(ptr);
	if (k && k->m == m && k->n == n && k->ld == ld && k->elem == elem_size) {
		pthread_mutex_unlock(&keep_lock);
		return 0; /* keeping twice is harmless */
	}
	struct kept *o = overlap_locked(&e);
	if (o) {
		fprintf(stderr, "paralia: %s: the matrix at %p (%d x %d, leading dimension %d) shares elements "
		        "with the kept matrix at %p (%d x %d, leading dimension %d): release that one first\n",
		        who, ptr, m, n, ld, (void *)o->ptr, o->m, o->n, o->ld);
		pthread_mutex_unlock(&keep_lock);
		return PARALIA_ERR_KEPT_MISMATCH;
	}
	k = calloc(1, sizeof *k);
	if (!k) {
		pthread_mutex_unlock(&keep_lock);
		return PARALIA_ERR_NO_MEMORY;
	}
	*k = (struct kept){ ptr, m, n, ld, elem_size, 0, 0, 0, node, NULL, kept_list };
	__atomic_store_n(&kept_list, k, __ATOMIC_RELEASE);
	pthread_mutex_unlock(&keep_lock);
	return 0;
}

static void unregister_all(struct kept *k)
{
	if (!k->tiles)
		return;
	for (size_t t = 0; t < (size_t)k->mt * k->nt; t++)
		if (k->tiles[t])
			starpu_data_unregister(k->tiles[t]); /* waits, writes back home */
	free(k->tiles);
	k->tiles = NULL;
}

int paralia_sync(const void *ptr)
{
	pthread_mutex_lock(&keep_lock);
	struct kept *k = ptr ? find_locked(ptr) : NULL;
	pthread_mutex_unlock(&keep_lock);
	if (!k) {
		fprintf(stderr, "paralia: paralia_sync: argument 1 (ptr) is not a kept matrix\n");
		return -1;
	}
	if (!k->tiles)
		return 0;
	for (size_t t = 0; t < (size_t)k->mt * k->nt; t++) {
		starpu_data_handle_t h = k->tiles[t];
		/* Reading on the home node waits for the writers and makes the home copy valid; the
		 * device copies stay valid too (shared), ready for the next call. */
		if (h && starpu_data_acquire_on_node(h, (int)k->node, STARPU_R) == 0)
			starpu_data_release_on_node(h, (int)k->node);
	}
	return 0;
}

int paralia_release(void *ptr)
{
	pthread_mutex_lock(&keep_lock);
	struct kept **pp = &kept_list;
	while (*pp && (*pp)->ptr != ptr)
		pp = &(*pp)->next;
	struct kept *k = *pp;
	if (k)
		__atomic_store_n(pp, k->next, __ATOMIC_RELEASE);
	pthread_mutex_unlock(&keep_lock);
	if (!k) {
		fprintf(stderr, "paralia: paralia_release: argument 1 (ptr) is not a kept matrix\n");
		return -1;
	}
	unregister_all(k);
	free(k);
	return 0;
}

/* paralia_shutdown (a PL_SHUTDOWN_DATA hook): releases what is still kept. */
static void keep_shutdown(void)
{
	pthread_mutex_lock(&keep_lock);
	struct kept *k = kept_list;
	__atomic_store_n(&kept_list, NULL, __ATOMIC_RELEASE);
	pthread_mutex_unlock(&keep_lock);
	while (k) {
		struct kept *next = k->next;
		unregister_all(k);
		free(k);
		k = next;
	}
}

int pl_kept_any(void)
{
	return __atomic_load_n(&kept_list, __ATOMIC_ACQUIRE) != NULL;
}

int pl_kept_tile_size(const void *ptr)
{
	if (!ptr)
		return -1;
	pthread_mutex_lock(&keep_lock);
	struct kept *k = find_locked(ptr);
	int nb = k ? k->nb : -1;
	pthread_mutex_unlock(&keep_lock);
	return nb;
}

int pl_kept_attach(struct pl_matrix *M, const char *routine, const char *argname)
{
	pthread_mutex_lock(&keep_lock);
	struct kept *k = find_locked(M->ptr);
	int ret = 0;
	if (!k) {
		struct pl_extent e = { (uintptr_t)M->ptr, M->m, M->n, M->ld, M->elem };
		struct kept *in = overlap_locked(&e);
		if (in) {
			fprintf(stderr, "paralia: %s: matrix %s shares elements with the kept matrix at %p "
			        "(%d x %d, leading dimension %d) without being it: pass the kept matrix itself "
			        "or release it first\n", routine, argname, (void *)in->ptr, in->m, in->n, in->ld);
			ret = PARALIA_ERR_KEPT_MISMATCH;
		}
		pthread_mutex_unlock(&keep_lock);
		return ret;
	}
	if (M->mb != M->nb) { /* gemm's tall tiles: its plan never takes them with a kept operand */
		fprintf(stderr, "paralia: %s: matrix %s is kept, and a kept matrix has square tiles, but "
		        "this call tiles it %d x %d\n", routine, argname, M->mb, M->nb);
		pthread_mutex_unlock(&keep_lock);
		return PARALIA_ERR_KEPT_MISMATCH;
	}
	if (k->m != M->m || k->n != M->n || k->ld != M->ld || k->elem != M->elem ||
	    (k->nb && k->nb != M->nb)) {
		fprintf(stderr, "paralia: %s: matrix %s is kept as %dx%d (ld %d, %zu-byte elements, tile "
		        "%d) but this call uses it as %dx%d (ld %d, %zu-byte elements, tile %d)\n", routine,
		        argname, k->m, k->n, k->ld, k->elem, k->nb, M->m, M->n, M->ld, M->elem, M->nb);
		pthread_mutex_unlock(&keep_lock);
		return PARALIA_ERR_KEPT_MISMATCH;
	}
	if (!k->tiles) {
		k->nb = M->nb;
		k->mt = M->mt;
		k->nt = M->nt;
		k->tiles = calloc((size_t)k->mt * k->nt, sizeof *k->tiles);
		if (!k->tiles) {
			fprintf(stderr, "paralia: %s: kept matrix %s: no memory for its table of %d x %d tiles "
			        "(tile size %d)\n", routine, argname, k->mt, k->nt, k->nb);
			k->nb = 0;
			pthread_mutex_unlock(&keep_lock);
			return PARALIA_ERR_NO_MEMORY;
		}
	}
	M->tiles = k->tiles;
	M->kept = 1;
	pthread_mutex_unlock(&keep_lock);
	return 1;
}
