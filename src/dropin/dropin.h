/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The drop-in BLAS (libparalia_blas.so): Fortran and CBLAS Level-3 entry points that send a call
 * to paralia when it pays and to the program's own BLAS otherwise. This header is the service
 * every entry point uses: the decision, the fallback, the guards, the pinning, the verbose line.
 */
#ifndef PARALIA_DROPIN_H
#define PARALIA_DROPIN_H
#include <stddef.h>

/* The next definition of a BLAS symbol after this library (the BLAS the program was linked with),
 * or the one in the library PARALIA_BLAS_FALLBACK names; NULL when there is none. */
void *pl_dropin_next(const char *symbol);

/* One call being served. */
struct pl_dropin_call {
	const char *routine;  /* "dgemm", ... */
	double flops;
	double t0;
	int offload;          /* 1: paralia runs it */
	int kept;             /* 1: a matrix is kept (paralia_keep): paralia runs every call */
	const char *why;      /* the decision, for the verbose line */
	struct pl_dropin_staged {  /* operands copied into the pinned staging area (stage.c) */
		void *orig, *buf;
		int rows, cols, ld;
		size_t elem;
		int out;           /* the call writes it: copied back */
	} staged[3];
	int nstaged, stage_held;
};

/* Decides whether paralia runs the call. Calls from StarPU's workers and from inside an
 * offloaded call, from a forked child, and calls too small for PARALIA_BLAS_OFFLOAD's rule go to
 * the program's BLAS (returns 0). Otherwise starts paralia if needed (once) and returns 1. `plan`
 * gives paralia_plan_query's arguments for the model's comparison with the CPU BLAS:
 * routine letter, precision, m, n, k, A, B, C, beta. */
int pl_dropin_begin(struct pl_dropin_call *c, const char *routine, double flops, char r, char prec,
                    int m, int n, int k, const void *A, const void *B, const void *C, double beta,
                    int have_fallback);
/* The pointer paralia is given for a host operand of rows x cols with leading dimension *ld:
 * one that is pinned already, on a GPU, with *ld < rows (paralia refuses it), or with
 * PARALIA_BLAS_PIN=none: itself; otherwise a packed copy in pinned memory (*ld becomes rows;
 * copied in when `in`, back at the end when `out`), or itself when no pinned memory is left. */
void *pl_dropin_operand(struct pl_dropin_call *c, const void *ptr, int rows, int cols, int *ld,
                        size_t elem, int in, int out);
/* stage.c: the staged copy of an operand, or NULL (out of pinned memory). */
void *pl_dropin_stage(struct pl_dropin_call *c, const void *ptr, int rows, int cols, int *ld,
                      size_t elem, int in, int out);
/* Copies the written staged operands back (when copy_back) and gives the staging area up. */
void pl_dropin_unstage(struct pl_dropin_call *c, int copy_back);
/* Ends an offloaded call: copies staged results back, leaves the guard. ret is paralia's return code. Returns 1 when
 * the program's BLAS must run the call instead (paralia refused it before touching any data). */
int pl_dropin_end(struct pl_dropin_call *c, int ret);
/* The verbose line (PARALIA_BLAS_VERBOSE=1) for a call the program's BLAS ran. */
void pl_dropin_fallback_done(struct pl_dropin_call *c);
/* No BLAS to fall back on: says so once. */
void pl_dropin_no_fallback(const char *symbol);
#endif
