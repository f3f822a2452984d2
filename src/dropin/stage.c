/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Host operands that are not pinned, for the drop-in BLAS. Copies between pageable memory and a
 * GPU run at a fraction of the link's speed, so an offloaded call copies each such operand into
 * pinned memory kept from call to call (packed: leading dimension = rows) and what it writes back.
 * Measured on one H200 with 16384^2 operands (bench/results/dropin-2026-11-24.md): DGEMM 1.76x
 * NVBLAS with its autopin, where registering the program's pages for each call gave 1.27x (the
 * pinning costs about as much as the product) and copying them as they are 0.70x; registering
 * also broke on operands sharing pages (see pl_dropin_operand). One staging area per process:
 * concurrent calls take turns (they share the GPU anyway).
 */
#include "config.h"
#include "dropin/dropin.h"
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#ifdef PARALIA_USE_CUDA
#include <cuda_runtime.h>
#endif

#ifdef PARALIA_USE_CUDA
/* The staging area: one pinned buffer per operand slot, grown on demand, kept until exit. */
static pthread_mutex_t pool_lock = PTHREAD_MUTEX_INITIALIZER;
static void *slot_buf[3];
static size_t slot_bytes[3];

/* ---- copies by several threads: one core copies ~10 GB/s, the memory system several times more */
struct copy_part {
	char *dst;
	const char *src;
	size_t dld, sld, row_bytes; /* leading dimensions and a column's bytes */
	int c0, c1;                 /* columns [c0, c1) */
};

static void *copy_cols(void *p)
{
	const struct copy_part *x = p;
	for (int j = x->c0; j < x->c1; j++)
		memcpy(x->dst + (size_t)j * x->dld, x->src + (size_t)j * x->sld, x->row_bytes);
	return NULL;
}

static void copy_matrix(void *dst, size_t dld, const void *src, size_t sld, size_t row_bytes, int cols)
{
	long cores = sysconf(_SC_NPROCESSORS_ONLN);
	size_t total = row_bytes * (size_t)cols;
	int nt = (int)(total / (16u << 20)); /* a thread per 16 MB at least */
	if (nt > cores)
		nt = (int)cores;
	if (nt > 32)
		nt = 32;
	if (nt > cols)
		nt = cols;
	if (nt < 1)
		nt = 1;
	struct copy_part part[32];
	pthread_t tid[32];
	int started[32] = { 0 };
	for (int t = 0; t < nt; t++)
		part[t] = (struct copy_part){ dst, src, dld, sld, row_bytes, (int)((long)cols * t / nt),
		                              (int)((long)cols * (t + 1) / nt) };
	for (int t = 1; t < nt; t++)
		started[t] = pthread_create(&tid[t], NULL, copy_cols, &part[t]) == 0;
	copy_cols(&part[0]);
	for (int t = 1; t < nt; t++) {
		if (started[t])
			pthread_join(tid[t], NULL);
		else
			copy_cols(&part[t]); /* no thread: this one copies it */
	}
}

/* A pinned buffer of at least `bytes` in slot s, or NULL. */
static void *slot(int s, size_t bytes)
{
	if (slot_bytes[s] >= bytes)
		return slot_buf[s];
	if (slot_buf[s])
		cudaFreeHost(slot_buf[s]);
	slot_buf[s] = NULL, slot_bytes[s] = 0;
	if (cudaHostAlloc(&slot_buf[s], bytes, cudaHostAllocPortable) != cudaSuccess) {
		cudaGetLastError();
		slot_buf[s] = NULL;
		return NULL;
	}
	slot_bytes[s] = bytes;
	return slot_buf[s];
}

static void release_at_exit(void)
{
	for (int s = 0; s < 3; s++)
		if (slot_buf[s])
			cudaFreeHost(slot_buf[s]);
}
#endif

void *pl_dropin_stage(struct pl_dropin_call *c, const void *ptr, int rows, int cols, int *ld,
                      size_t elem, int in, int out)
{
#ifdef PARALIA_USE_CUDA
	if (c->nstaged == 3)
		return NULL;
	if (!c->stage_held) {
		pthread_mutex_lock(&pool_lock);
		static int once;
		if (!once++)
			atexit(release_at_exit);
		c->stage_held = 1;
	}
	size_t row_bytes = (size_t)rows * elem, bytes = row_bytes * (size_t)cols;
	void *buf = slot(c->nstaged, bytes);
	if (!buf)
		return NULL;
	if (in)
		copy_matrix(buf, row_bytes, ptr, (size_t)*ld * elem, row_bytes, cols);
	struct pl_dropin_staged *s = &c->staged[c->nstaged++];
	*s = (struct pl_dropin_staged){ (void *)ptr, buf, rows, cols, *ld, elem, out };
	*ld = rows;
	return buf;
#else
	(void)c; (void)ptr; (void)rows; (void)cols; (void)ld; (void)elem; (void)in; (void)out;
	return NULL;
#endif
}

void pl_dropin_unstage(struct pl_dropin_call *c, int copy_back)
{
#ifdef PARALIA_USE_CUDA
	for (int i = 0; i < c->nstaged && copy_back; i++) {
		const struct pl_dropin_staged *s = &c->staged[i];
		if (s->out)
			copy_matrix(s->orig, (size_t)s->ld * s->elem, s->buf, (size_t)s->rows * s->elem,
			            (size_t)s->rows * s->elem, s->cols);
	}
	c->nstaged = 0;
	if (c->stage_held)
		pthread_mutex_unlock(&pool_lock);
	c->stage_held = 0;
#else
	(void)c; (void)copy_back;
#endif
}
