/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Stress: every routine x every host/GPU placement of its operands x edge shapes, many rounds,
 * several application threads calling at once, each case checked against CBLAS on the same
 * inputs. Built to make races likely rather than to cover arguments (the blas_* tests do that):
 * small tiles (T_TILE), shapes at the tile's edges (1, T-1, T, T+1, 2T+3: a C narrower than a
 * tile, one just over it), leading dimensions larger than the rows, operands freshly copied to a
 * GPU just before the call (issue 12: the copy's DMA could still be in flight), and CPU and CUDA
 * workers sharing the tiles.
 *   PARALIA_STRESS_THREADS (default 4) application threads, PARALIA_STRESS_ROUNDS (default 2)
 *   rounds; each round runs every routine, both precisions, every placement combination, with
 *   shapes and flags that change from round to round and thread to thread.
 * Checks per case: return code 0; the written operand within the CBLAS bound on its referenced
 * part (triangle for syrk/syr2k); everything else of it (padding rows, the other triangle)
 * bit-for-bit unchanged; NaNs in C do not survive beta == 0.
 */
#include "tests/testing.h"
#ifndef PARALIA_PREC
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

/* The routines a round runs, their operand counts, and their flags for a case number x. */
enum { R_GEMM, R_SYRK, R_SYR2K, R_SYMM, R_TRMM, R_TRSM, R_COUNT };
static const int noperands[R_COUNT] = { 3, 2, 3, 3, 2, 2 };

static void flags_for(int r, unsigned x, char *f)
{
	static const char tr[] = "NTC", ul[] = "UL", sd[] = "LR", dg[] = "NU";
	switch (r) {
	case R_GEMM:  f[0] = tr[x % 3]; f[1] = tr[(x / 3) % 3]; f[2] = 0; break;
	case R_SYRK:
	case R_SYR2K: f[0] = ul[x % 2]; f[1] = tr[(x / 2) % 3]; f[2] = 0; break;
	case R_SYMM:  f[0] = sd[x % 2]; f[1] = ul[(x / 2) % 2]; f[2] = 0; break;
	default:      f[0] = sd[x % 2]; f[1] = ul[(x / 2) % 2]; f[2] = tr[(x / 4) % 3];
	              f[3] = dg[(x / 12) % 2]; f[4] = 0; break;
	}
}

#define PARALIA_SELF "tests/stress.c"
#include "common/instantiate.h"

static int env_int(const char *name, int dflt)
{
	const char *s = getenv(name);
	int v = s ? atoi(s) : 0;
	return v > 0 ? v : dflt;
}

static int rounds;

static void *thread_main(void *arg)
{
	int id = (int)(size_t)arg;
	for (int r = 0; r < rounds; r++) {
		stress_round_s(id, r);
		stress_round_d(id, r);
	}
	return NULL;
}

int main(void)
{
	t_begin("stress");
	paralia_set_tile_size(T_TILE);
	int nthreads = env_int("PARALIA_STRESS_THREADS", 4);
	rounds = env_int("PARALIA_STRESS_ROUNDS", 2);
	printf("stress: %d threads x %d rounds, tile %d, %d placements\n", nthreads, rounds, T_TILE,
	       t_placement_count());
	pthread_t *th = calloc((size_t)nthreads, sizeof *th);
	int started = 0;
	for (; started < nthreads; started++)
		if (pthread_create(&th[started], NULL, thread_main, (void *)(size_t)started) != 0) {
			t_check(0, "pthread_create of thread %d failed", started);
			break;
		}
	for (int i = 0; i < started; i++)
		pthread_join(th[i], NULL);
	free(th);
	return t_end();
}
#else
#include <cblas.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tests/testing_tri.h"

/* One operand: host array (ld x cols), where the call gets it, and that pointer. */
struct LOCAL(opnd) {
	real_t *h;
	int rows, cols, ld, where;
	real_t *p;
};

static void LOCAL(opnd_new)(struct LOCAL(opnd) *o, int rows, int cols, int pad, int where,
                            unsigned *seed)
{
	o->rows = rows;
	o->cols = cols;
	o->ld = rows + pad;
	o->where = where;
	o->h = malloc(sizeof(real_t) * (size_t)o->ld * (size_t)(cols ? cols : 1));
	LOCAL(t_fill)(o->h, o->ld, cols, o->ld, seed);
}

/* Copied to its place as late as possible: right before the call. */
static void LOCAL(opnd_place)(struct LOCAL(opnd) *o)
{
	o->p = t_place(o->h, o->rows, o->cols, o->ld, sizeof(real_t), o->where);
}

static void LOCAL(opnd_fetch_free)(struct LOCAL(opnd) *o)
{
	t_fetch(o->h, o->p, o->rows, o->cols, o->ld, sizeof(real_t), o->where);
	t_release(o->p, o->where);
}

/* A case in a form every routine fills in: the written operand and its expected value. */
struct LOCAL(verdict) {
	const char *routine;
	char flags[5];
	int m, n, k;
	const struct LOCAL(opnd) *in[2];
	int nin;
	struct LOCAL(opnd) *out; /* its h holds the result after the call */
	const real_t *ref;       /* CBLAS's result, ld x cols like out */
	const real_t *orig;      /* out's initial contents */
	char tri;                /* 'U'/'L': only that triangle is written; 'G': all m x n */
	double bound;
	int ret, thread, round;
};

static void LOCAL(judge)(const struct LOCAL(verdict) *v)
{
	const struct LOCAL(opnd) *o = v->out;
	double err = LOCAL(t_maxdiff_tri)(o->h, v->ref, o->rows, o->cols, o->ld, v->tri);
	int changed = LOCAL(t_changed_outside)(o->h, v->orig, o->rows, o->cols, o->ld, v->tri);
	char places[64] = "";
	for (int i = 0; i < v->nin; i++)
		snprintf(places + strlen(places), sizeof places - strlen(places), "%s%s", i ? "," : "",
		         t_placement_name(v->in[i]->where));
	t_check(v->ret == 0 && err <= v->bound && changed == 0,
	        "%s %s m=%d n=%d k=%d ld=%d in@%s out@%s thread %d round %d: ret=%d err/bound=%.2e "
	        "changed outside=%d", v->routine, v->flags, v->m, v->n, v->k, o->ld, places,
	        t_placement_name(o->where), v->thread, v->round, v->ret, v->bound > 0 ? err / v->bound : err,
	        changed);
}

/* Snapshot of the output before the call (orig) and the reference computed on a copy of it. */
static real_t *LOCAL(copy_of)(const struct LOCAL(opnd) *o)
{
	size_t bytes = sizeof(real_t) * (size_t)o->ld * (size_t)(o->cols ? o->cols : 1);
	real_t *c = malloc(bytes);
	memcpy(c, o->h, bytes);
	return c;
}

static void LOCAL(free_case)(struct LOCAL(opnd) *ops, int n, real_t *ref, real_t *orig)
{
	for (int i = 0; i < n; i++)
		free(ops[i].h);
	free(ref);
	free(orig);
}

/* beta == 0: C is not read, so NaNs in it must not survive. */
static void LOCAL(poison_if_unread)(struct LOCAL(opnd) *c, real_t beta)
{
	if (beta == 0)
		LOCAL(t_poison)(c->h, c->rows, c->cols, c->ld, (real_t)NAN);
}

static double LOCAL(gemm_bound)(int k, double a, double b, double alpha, double beta, double c)
{
	return 4.0 * (k + 2) * PREC_EPS * (fabs(alpha) * k * a * b + fabs(beta) * c) + 1e-300;
}

/* ---- one case per routine; place[] gives each operand's placement, v the common fields ---- */

static void LOCAL(case_gemm)(struct LOCAL(verdict) *v, const int *place, int pad, unsigned *seed)
{
	char ta = v->flags[0], tb = v->flags[1];
	real_t alpha = (real_t)-0.7, beta = (real_t)(v->round % 3 == 0 ? 0 : 0.5);
	struct LOCAL(opnd) op[3];
	LOCAL(opnd_new)(&op[0], ta == 'N' ? v->m : v->k, ta == 'N' ? v->k : v->m, pad, place[0], seed);
	LOCAL(opnd_new)(&op[1], tb == 'N' ? v->k : v->n, tb == 'N' ? v->n : v->k, pad + 1, place[1], seed);
	LOCAL(opnd_new)(&op[2], v->m, v->n, pad + 2, place[2], seed);
	LOCAL(poison_if_unread)(&op[2], beta);
	real_t *orig = LOCAL(copy_of)(&op[2]), *ref = LOCAL(copy_of)(&op[2]);
	double c0 = beta == 0 ? 0 : LOCAL(t_maxabs)(op[2].h, v->m, v->n, op[2].ld);
	CBLAS(gemm)(CblasColMajor, pl_cblas_trans_t(ta), pl_cblas_trans_t(tb), v->m, v->n, v->k, alpha,
	            op[0].h, op[0].ld, op[1].h, op[1].ld, beta, ref, op[2].ld);
	for (int i = 0; i < 3; i++)
		LOCAL(opnd_place)(&op[i]);
	v->ret = FN(gemm)(ta, tb, v->m, v->n, v->k, alpha, op[0].p, op[0].ld, op[1].p, op[1].ld, beta,
	                  op[2].p, op[2].ld);
	for (int i = 0; i < 3; i++)
		LOCAL(opnd_fetch_free)(&op[i]);
	v->in[0] = &op[0]; v->in[1] = &op[1]; v->nin = 2;
	v->out = &op[2]; v->ref = ref; v->orig = orig; v->tri = 'G';
	v->bound = LOCAL(gemm_bound)(v->k, LOCAL(t_maxabs)(op[0].h, op[0].rows, op[0].cols, op[0].ld),
	                             LOCAL(t_maxabs)(op[1].h, op[1].rows, op[1].cols, op[1].ld),
	                             alpha, beta, c0);
	LOCAL(judge)(v);
	LOCAL(free_case)(op, 3, ref, orig);
}

/* syrk (two = 0) and syr2k (two = 1): C = alpha op(A) op(B)^T (+ the transpose) + beta C. */
static void LOCAL(case_rank)(struct LOCAL(verdict) *v, const int *place, int pad, unsigned *seed,
                             int two)
{
	char uplo = v->flags[0], tr = v->flags[1];
	int n = v->n, k = v->k, ra = tr == 'N' ? n : k, ca = tr == 'N' ? k : n;
	real_t alpha = (real_t)1.5, beta = (real_t)(v->round % 2 ? 0 : -0.3);
	struct LOCAL(opnd) op[3];
	int nop = two ? 3 : 2, c = nop - 1;
	LOCAL(opnd_new)(&op[0], ra, ca, pad, place[0], seed);
	if (two)
		LOCAL(opnd_new)(&op[1], ra, ca, pad + 1, place[1], seed);
	LOCAL(opnd_new)(&op[c], n, n, pad + 2, place[c], seed);
	LOCAL(poison_if_unread)(&op[c], beta);
	real_t *orig = LOCAL(copy_of)(&op[c]), *ref = LOCAL(copy_of)(&op[c]);
	double c0 = beta == 0 ? 0 : LOCAL(t_maxabs)(op[c].h, n, n, op[c].ld);
	if (two)
		CBLAS(syr2k)(CblasColMajor, pl_cblas_uplo_t(uplo), pl_cblas_trans_t(tr), n, k, alpha,
		             op[0].h, op[0].ld, op[1].h, op[1].ld, beta, ref, op[c].ld);
	else
		CBLAS(syrk)(CblasColMajor, pl_cblas_uplo_t(uplo), pl_cblas_trans_t(tr), n, k, alpha,
		            op[0].h, op[0].ld, beta, ref, op[c].ld);
	for (int i = 0; i < nop; i++)
		LOCAL(opnd_place)(&op[i]);
	v->ret = two ? FN(syr2k)(uplo, tr, n, k, alpha, op[0].p, op[0].ld, op[1].p, op[1].ld, beta,
	                         op[c].p, op[c].ld)
	             : FN(syrk)(uplo, tr, n, k, alpha, op[0].p, op[0].ld, beta, op[c].p, op[c].ld);
	for (int i = 0; i < nop; i++)
		LOCAL(opnd_fetch_free)(&op[i]);
	double a = LOCAL(t_maxabs)(op[0].h, ra, ca, op[0].ld);
	double b = two ? LOCAL(t_maxabs)(op[1].h, ra, ca, op[1].ld) : a;
	for (int i = 0; i < c; i++)
		v->in[i] = &op[i];
	v->nin = c;
	v->out = &op[c]; v->ref = ref; v->orig = orig; v->tri = uplo;
	v->bound = LOCAL(gemm_bound)((two + 1) * k, a, b, alpha, beta, c0);
	LOCAL(judge)(v);
	LOCAL(free_case)(op, nop, ref, orig);
}

static void LOCAL(case_symm)(struct LOCAL(verdict) *v, const int *place, int pad, unsigned *seed)
{
	char side = v->flags[0], uplo = v->flags[1];
	int m = v->m, n = v->n, ka = side == 'L' ? m : n;
	real_t alpha = (real_t)-0.7, beta = (real_t)(v->round % 2 ? 0.5 : 0);
	struct LOCAL(opnd) op[3];
	LOCAL(opnd_new)(&op[0], ka, ka, pad, place[0], seed);
	LOCAL(t_poison_other_tri)(op[0].h, ka, op[0].ld, uplo); /* never to be read */
	LOCAL(opnd_new)(&op[1], m, n, pad + 1, place[1], seed);
	LOCAL(opnd_new)(&op[2], m, n, pad + 2, place[2], seed);
	LOCAL(poison_if_unread)(&op[2], beta);
	real_t *orig = LOCAL(copy_of)(&op[2]), *ref = LOCAL(copy_of)(&op[2]);
	double c0 = beta == 0 ? 0 : LOCAL(t_maxabs)(op[2].h, m, n, op[2].ld);
	CBLAS(symm)(CblasColMajor, pl_cblas_side_t(side), pl_cblas_uplo_t(uplo), m, n, alpha, op[0].h,
	            op[0].ld, op[1].h, op[1].ld, beta, ref, op[2].ld);
	for (int i = 0; i < 3; i++)
		LOCAL(opnd_place)(&op[i]);
	v->ret = FN(symm)(side, uplo, m, n, alpha, op[0].p, op[0].ld, op[1].p, op[1].ld, beta,
	                  op[2].p, op[2].ld);
	for (int i = 0; i < 3; i++)
		LOCAL(opnd_fetch_free)(&op[i]);
	v->in[0] = &op[0]; v->in[1] = &op[1]; v->nin = 2;
	v->out = &op[2]; v->ref = ref; v->orig = orig; v->tri = 'G';
	v->bound = LOCAL(gemm_bound)(ka, LOCAL(t_maxabs)(op[0].h, ka, ka, op[0].ld),
	                             LOCAL(t_maxabs)(op[1].h, m, n, op[1].ld), alpha, beta, c0);
	LOCAL(judge)(v);
	LOCAL(free_case)(op, 3, ref, orig);
}

/* trmm (solve = 0) and trsm (solve = 1), in place on B. For trsm A is made well conditioned as
 * in tests/blas_trsm.c (dominant diagonal; off-diagonal scaled by 1/k for a unit diagonal). */
static void LOCAL(case_tri)(struct LOCAL(verdict) *v, const int *place, int pad, unsigned *seed,
                            int solve)
{
	char side = v->flags[0], uplo = v->flags[1], ta = v->flags[2], diag = v->flags[3];
	int m = v->m, n = v->n, ka = side == 'L' ? m : n;
	real_t alpha = (real_t)(v->round % 2 ? 1.5 : -0.7);
	struct LOCAL(opnd) op[2];
	LOCAL(opnd_new)(&op[0], ka, ka, pad, place[0], seed);
	if (solve && diag == 'N')
		LOCAL(t_make_dominant)(op[0].h, ka, op[0].ld);
	else if (solve)
		for (int j = 0; j < ka; j++)
			for (int i = 0; i < ka; i++)
				op[0].h[i + (size_t)j * op[0].ld] /= (real_t)ka;
	LOCAL(t_poison_unreferenced)(op[0].h, ka, op[0].ld, uplo, diag, (real_t)NAN);
	LOCAL(opnd_new)(&op[1], m, n, pad + 2, place[1], seed);
	real_t *orig = LOCAL(copy_of)(&op[1]), *ref = LOCAL(copy_of)(&op[1]);
	double a = fmax(1.0, LOCAL(t_maxabs)(op[0].h, ka, ka, op[0].ld));
	double b = LOCAL(t_maxabs)(op[1].h, m, n, op[1].ld);
	if (solve)
		CBLAS(trsm)(CblasColMajor, pl_cblas_side_t(side), pl_cblas_uplo_t(uplo),
		            pl_cblas_trans_t(ta), pl_cblas_diag_t(diag), m, n, alpha, op[0].h, op[0].ld,
		            ref, op[1].ld);
	else
		CBLAS(trmm)(CblasColMajor, pl_cblas_side_t(side), pl_cblas_uplo_t(uplo),
		            pl_cblas_trans_t(ta), pl_cblas_diag_t(diag), m, n, alpha, op[0].h, op[0].ld,
		            ref, op[1].ld);
	for (int i = 0; i < 2; i++)
		LOCAL(opnd_place)(&op[i]);
	v->ret = solve ? FN(trsm)(side, uplo, ta, diag, m, n, alpha, op[0].p, op[0].ld, op[1].p, op[1].ld)
	               : FN(trmm)(side, uplo, ta, diag, m, n, alpha, op[0].p, op[0].ld, op[1].p, op[1].ld);
	for (int i = 0; i < 2; i++)
		LOCAL(opnd_fetch_free)(&op[i]);
	v->in[0] = &op[0]; v->nin = 1;
	v->out = &op[1]; v->ref = ref; v->orig = orig; v->tri = 'G';
	/* trsm: forward error, ||op(A)^-1|| <= 2 by construction (see tests/blas_trsm.c). */
	v->bound = solve ? 8.0 * (ka + 2) * PREC_EPS * LOCAL(t_maxabs)(ref, m, n, op[1].ld) + 1e-300
	                 : 4.0 * (ka + 2) * PREC_EPS * fabs((double)alpha) * ka * a * b + 1e-300;
	LOCAL(judge)(v);
	LOCAL(free_case)(op, 2, ref, orig);
}

/* ---- a round: every routine x every placement combination, shapes from the tile's edges ---- */

static const char *const LOCAL(names)[R_COUNT] = {
	NAME_STR(gemm), NAME_STR(syrk), NAME_STR(syr2k), NAME_STR(symm), NAME_STR(trmm), NAME_STR(trsm)
};

static void LOCAL(stress_round)(int thread, int round)
{
	/* 1, just below, at and just above one tile, and a ragged two-tile size. */
	static const int edges[] = { 1, T_TILE - 1, T_TILE, T_TILE + 1, 2 * T_TILE + 3 };
	int np = t_placement_count();
	unsigned seed = 7919u * (unsigned)thread + 104729u * (unsigned)round + 1u;
	for (int r = 0; r < R_COUNT; r++) {
		int nop = noperands[r], combos = 1;
		for (int i = 0; i < nop; i++)
			combos *= np;
		for (int c = 0; c < combos; c++) {
			unsigned x = (unsigned)(thread * 131 + round * 17 + c * 7 + r);
			struct LOCAL(verdict) v = { .routine = LOCAL(names)[r], .thread = thread, .round = round };
			flags_for(r, x, v.flags);
			v.m = edges[x % 5];
			v.n = edges[(x / 5 + (unsigned)c) % 5];
			v.k = edges[(x / 25 + (unsigned)round) % 5];
			int place[3], cc = c;
			for (int i = 0; i < nop; i++, cc /= np)
				place[i] = t_placement(cc % np);
			int pad = (int)(x % 2) * 2; /* ld = rows or rows + 2.. */
			switch (r) {
			case R_GEMM:  LOCAL(case_gemm)(&v, place, pad, &seed); break;
			case R_SYRK:  LOCAL(case_rank)(&v, place, pad, &seed, 0); break;
			case R_SYR2K: LOCAL(case_rank)(&v, place, pad, &seed, 1); break;
			case R_SYMM:  LOCAL(case_symm)(&v, place, pad, &seed); break;
			case R_TRMM:  LOCAL(case_tri)(&v, place, pad, &seed, 0); break;
			default:      LOCAL(case_tri)(&v, place, pad, &seed, 1); break;
			}
		}
	}
}
#endif
