/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The drop-in BLAS's entry points: the Fortran Level-3 routines (gfortran's calling convention:
 * every argument by address, the hidden lengths of the character arguments last) and their CBLAS
 * counterparts (row-major calls become the column-major call on the transposed problem, as
 * reference CBLAS does). Each one asks dropin.c whether paralia runs the call; if not, or if
 * paralia refuses it, the next BLAS in the process answers with the very same arguments, so bad
 * arguments reach the program's xerbla_ with reference BLAS's semantics.
 */
#ifndef PARALIA_PREC
#include "config.h"
#include "dropin/dropin.h"
#include <paralia.h>
#include <cblas.h>
#include <stddef.h>

static char trans_of(enum CBLAS_TRANSPOSE t) { return t == CblasNoTrans ? 'N' : t == CblasTrans ? 'T' : 'C'; }
static char uplo_of(enum CBLAS_UPLO u, int swap) { return (u == CblasUpper) != swap ? 'U' : 'L'; }
static char side_of(enum CBLAS_SIDE s, int swap) { return (s == CblasLeft) != swap ? 'L' : 'R'; }
static char diag_of(enum CBLAS_DIAG d) { return d == CblasUnit ? 'U' : 'N'; }
/* syrk/syr2k in row-major: the transposed problem has the other trans */
static char trans_swapped(enum CBLAS_TRANSPOSE t) { return t == CblasNoTrans ? 'T' : 'N'; }
static int up(char c) { return c >= 'a' && c <= 'z' ? c - 'a' + 'A' : c; }

#define PARALIA_SELF "dropin/blas.c"
#include "common/instantiate.h"
#else

#define F77(op) PARALIA_CAT3(PARALIA_PREC, op, _)                   /* dgemm_ */
#define F77_STR(op) PARALIA_STR(PARALIA_PREC) #op "_"               /* "dgemm_" */
#define ROUTINE_STR(op) PARALIA_STR(PARALIA_PREC) #op               /* "dgemm" */
#define CBLAS_STR(op) "cblas_" PARALIA_STR(PARALIA_PREC) #op        /* "cblas_dgemm" */
static const char LOCAL(prec) = sizeof(real_t) == sizeof(double) ? 'd' : 's';

/* ---- the column-major calls, offloaded or not: 1 when paralia ran them ---- */

static int LOCAL(try_gemm)(struct pl_dropin_call *c, char ta, char tb, int m, int n, int k,
                           real_t alpha, const real_t *A, int lda, const real_t *B, int ldb,
                           real_t beta, real_t *C, int ldc, int have_next)
{
	if (!pl_dropin_begin(c, ROUTINE_STR(gemm), 2.0 * m * n * (double)k, 'g', LOCAL(prec), m, n, k,
	                     A, B, C, beta, have_next))
		return 0;
	A = pl_dropin_operand(c, A, up(ta) == 'N' ? m : k, up(ta) == 'N' ? k : m, &lda, sizeof(real_t), 1, 0);
	B = pl_dropin_operand(c, B, up(tb) == 'N' ? k : n, up(tb) == 'N' ? n : k, &ldb, sizeof(real_t), 1, 0);
	/* beta == 0: C is not read (paralia's tiles of C are write-only then) */
	C = pl_dropin_operand(c, C, m, n, &ldc, sizeof(real_t), beta != (real_t)0, 1);
	int ret = FN(gemm)(ta, tb, m, n, k, alpha, A, lda, B, ldb, beta, C, ldc);
	return !pl_dropin_end(c, ret);
}

static int LOCAL(try_symm)(struct pl_dropin_call *c, char side, char uplo, int m, int n,
                           real_t alpha, const real_t *A, int lda, const real_t *B, int ldb,
                           real_t beta, real_t *C, int ldc, int have_next)
{
	int ka = up(side) == 'L' ? m : n;
	if (!pl_dropin_begin(c, ROUTINE_STR(symm), 2.0 * m * n * (double)ka, 'm', LOCAL(prec), m, n,
	                     ka, A, B, C, beta, have_next))
		return 0;
	A = pl_dropin_operand(c, A, ka, ka, &lda, sizeof(real_t), 1, 0);
	B = pl_dropin_operand(c, B, m, n, &ldb, sizeof(real_t), 1, 0);
	C = pl_dropin_operand(c, C, m, n, &ldc, sizeof(real_t), beta != (real_t)0, 1);
	int ret = FN(symm)(side, uplo, m, n, alpha, A, lda, B, ldb, beta, C, ldc);
	return !pl_dropin_end(c, ret);
}

/* syrk (B NULL) and syr2k */
static int LOCAL(try_rank)(struct pl_dropin_call *c, char uplo, char tr, int n, int k, real_t alpha,
                           const real_t *A, int lda, const real_t *B, int ldb, real_t beta,
                           real_t *C, int ldc, int have_next)
{
	int two = B != NULL;
	if (!pl_dropin_begin(c, two ? ROUTINE_STR(syr2k) : ROUTINE_STR(syrk),
	                     (two ? 2.0 : 1.0) * n * (double)n * k, two ? 'y' : 's', LOCAL(prec), n, n,
	                     k, A, B, C, beta, have_next))
		return 0;
	int ra = up(tr) == 'N' ? n : k, ca = up(tr) == 'N' ? k : n;
	A = pl_dropin_operand(c, A, ra, ca, &lda, sizeof(real_t), 1, 0);
	if (two)
		B = pl_dropin_operand(c, B, ra, ca, &ldb, sizeof(real_t), 1, 0);
	/* read even when beta == 0: the call writes one triangle, the copy back carries both */
	C = pl_dropin_operand(c, C, n, n, &ldc, sizeof(real_t), 1, 1);
	int ret = two ? FN(syr2k)(uplo, tr, n, k, alpha, A, lda, B, ldb, beta, C, ldc)
	              : FN(syrk)(uplo, tr, n, k, alpha, A, lda, beta, C, ldc);
	return !pl_dropin_end(c, ret);
}

/* trmm (solve 0) and trsm (solve 1) */
static int LOCAL(try_tri)(struct pl_dropin_call *c, int solve, char side, char uplo, char ta,
                          char diag, int m, int n, real_t alpha, const real_t *A, int lda,
                          real_t *B, int ldb, int have_next)
{
	int ka = up(side) == 'L' ? m : n;
	if (!pl_dropin_begin(c, solve ? ROUTINE_STR(trsm) : ROUTINE_STR(trmm), (double)m * n * ka,
	                     solve ? 'r' : 't', LOCAL(prec), m, n, ka, A, NULL, B, 1.0, have_next))
		return 0;
	A = pl_dropin_operand(c, A, ka, ka, &lda, sizeof(real_t), 1, 0);
	B = pl_dropin_operand(c, B, m, n, &ldb, sizeof(real_t), 1, 1);
	int ret = solve ? FN(trsm)(side, uplo, ta, diag, m, n, alpha, A, lda, B, ldb)
	                : FN(trmm)(side, uplo, ta, diag, m, n, alpha, A, lda, B, ldb);
	return !pl_dropin_end(c, ret);
}

/* ---- Fortran ---- */

/* The next BLAS's routine, or NULL (said once). Called with the argument list of the routine. */
#define NEXT(type, sym) type next = (type)pl_dropin_next(sym)
#define OR_NEXT(done, sym, ...) do {                                                         \
		if (done)                                                                        \
			return;                                                          \
		if (next) {                                                                      \
			next(__VA_ARGS__);                                                       \
			pl_dropin_fallback_done(&c);                                             \
		} else {                                                                         \
			pl_dropin_no_fallback(sym);                                              \
		}                                                                                \
	} while (0)

typedef void (*LOCAL(f_gemm))(const char *, const char *, const int *, const int *, const int *,
                              const real_t *, const real_t *, const int *, const real_t *,
                              const int *, const real_t *, real_t *, const int *, size_t, size_t);
void F77(gemm)(const char *ta, const char *tb, const int *m, const int *n, const int *k,
               const real_t *alpha, const real_t *A, const int *lda, const real_t *B,
               const int *ldb, const real_t *beta, real_t *C, const int *ldc, size_t lta,
               size_t ltb)
{
	struct pl_dropin_call c;
	NEXT(LOCAL(f_gemm), F77_STR(gemm));
	OR_NEXT(LOCAL(try_gemm)(&c, *ta, *tb, *m, *n, *k, *alpha, A, *lda, B, *ldb, *beta, C, *ldc,
	                        next != NULL), F77_STR(gemm),
	        ta, tb, m, n, k, alpha, A, lda, B, ldb, beta, C, ldc, lta, ltb);
}

typedef void (*LOCAL(f_symm))(const char *, const char *, const int *, const int *,
                              const real_t *, const real_t *, const int *, const real_t *,
                              const int *, const real_t *, real_t *, const int *, size_t, size_t);
void F77(symm)(const char *side, const char *uplo, const int *m, const int *n,
               const real_t *alpha, const real_t *A, const int *lda, const real_t *B,
               const int *ldb, const real_t *beta, real_t *C, const int *ldc, size_t l1, size_t l2)
{
	struct pl_dropin_call c;
	NEXT(LOCAL(f_symm), F77_STR(symm));
	OR_NEXT(LOCAL(try_symm)(&c, *side, *uplo, *m, *n, *alpha, A, *lda, B, *ldb, *beta, C, *ldc,
	                        next != NULL), F77_STR(symm),
	        side, uplo, m, n, alpha, A, lda, B, ldb, beta, C, ldc, l1, l2);
}

typedef void (*LOCAL(f_syrk))(const char *, const char *, const int *, const int *,
                              const real_t *, const real_t *, const int *, const real_t *,
                              real_t *, const int *, size_t, size_t);
void F77(syrk)(const char *uplo, const char *tr, const int *n, const int *k, const real_t *alpha,
               const real_t *A, const int *lda, const real_t *beta, real_t *C, const int *ldc,
               size_t l1, size_t l2)
{
	struct pl_dropin_call c;
	NEXT(LOCAL(f_syrk), F77_STR(syrk));
	OR_NEXT(LOCAL(try_rank)(&c, *uplo, *tr, *n, *k, *alpha, A, *lda, NULL, 0, *beta, C, *ldc,
	                        next != NULL), F77_STR(syrk),
	        uplo, tr, n, k, alpha, A, lda, beta, C, ldc, l1, l2);
}

typedef void (*LOCAL(f_syr2k))(const char *, const char *, const int *, const int *,
                               const real_t *, const real_t *, const int *, const real_t *,
                               const int *, const real_t *, real_t *, const int *, size_t, size_t);
void F77(syr2k)(const char *uplo, const char *tr, const int *n, const int *k, const real_t *alpha,
                const real_t *A, const int *lda, const real_t *B, const int *ldb,
                const real_t *beta, real_t *C, const int *ldc, size_t l1, size_t l2)
{
	struct pl_dropin_call c;
	NEXT(LOCAL(f_syr2k), F77_STR(syr2k));
	/* B NULL would mean syrk to try_rank: a Fortran B is never NULL */
	OR_NEXT(B && LOCAL(try_rank)(&c, *uplo, *tr, *n, *k, *alpha, A, *lda, B, *ldb, *beta, C, *ldc,
	                             next != NULL), F77_STR(syr2k),
	        uplo, tr, n, k, alpha, A, lda, B, ldb, beta, C, ldc, l1, l2);
}

typedef void (*LOCAL(f_tri))(const char *, const char *, const char *, const char *, const int *,
                             const int *, const real_t *, const real_t *, const int *, real_t *,
                             const int *, size_t, size_t, size_t, size_t);
void F77(trmm)(const char *side, const char *uplo, const char *ta, const char *diag, const int *m,
               const int *n, const real_t *alpha, const real_t *A, const int *lda, real_t *B,
               const int *ldb, size_t l1, size_t l2, size_t l3, size_t l4)
{
	struct pl_dropin_call c;
	NEXT(LOCAL(f_tri), F77_STR(trmm));
	OR_NEXT(LOCAL(try_tri)(&c, 0, *side, *uplo, *ta, *diag, *m, *n, *alpha, A, *lda, B, *ldb,
	                       next != NULL), F77_STR(trmm),
	        side, uplo, ta, diag, m, n, alpha, A, lda, B, ldb, l1, l2, l3, l4);
}

void F77(trsm)(const char *side, const char *uplo, const char *ta, const char *diag, const int *m,
               const int *n, const real_t *alpha, const real_t *A, const int *lda, real_t *B,
               const int *ldb, size_t l1, size_t l2, size_t l3, size_t l4)
{
	struct pl_dropin_call c;
	NEXT(LOCAL(f_tri), F77_STR(trsm));
	OR_NEXT(LOCAL(try_tri)(&c, 1, *side, *uplo, *ta, *diag, *m, *n, *alpha, A, *lda, B, *ldb,
	                       next != NULL), F77_STR(trsm),
	        side, uplo, ta, diag, m, n, alpha, A, lda, B, ldb, l1, l2, l3, l4);
}

/* ---- CBLAS: a row-major call is the column-major call on the transposed problem ---- */

typedef void (*LOCAL(c_gemm))(enum CBLAS_ORDER, enum CBLAS_TRANSPOSE, enum CBLAS_TRANSPOSE,
                              blasint, blasint, blasint, real_t, const real_t *, blasint,
                              const real_t *, blasint, real_t, real_t *, blasint);
void CBLAS(gemm)(enum CBLAS_ORDER o, enum CBLAS_TRANSPOSE ta, enum CBLAS_TRANSPOSE tb, blasint m,
                 blasint n, blasint k, real_t alpha, const real_t *A, blasint lda,
                 const real_t *B, blasint ldb, real_t beta, real_t *C, blasint ldc)
{
	struct pl_dropin_call c;
	NEXT(LOCAL(c_gemm), CBLAS_STR(gemm));
	int col = o == CblasColMajor, done = o != CblasColMajor && o != CblasRowMajor ? 0
		: col ? LOCAL(try_gemm)(&c, trans_of(ta), trans_of(tb), m, n, k, alpha, A, lda, B, ldb,
		                        beta, C, ldc, next != NULL)
		      : LOCAL(try_gemm)(&c, trans_of(tb), trans_of(ta), n, m, k, alpha, B, ldb, A, lda,
		                        beta, C, ldc, next != NULL);
	OR_NEXT(done, CBLAS_STR(gemm), o, ta, tb, m, n, k, alpha, A, lda, B, ldb, beta, C, ldc);
}

typedef void (*LOCAL(c_symm))(enum CBLAS_ORDER, enum CBLAS_SIDE, enum CBLAS_UPLO, blasint,
                              blasint, real_t, const real_t *, blasint, const real_t *, blasint,
                              real_t, real_t *, blasint);
void CBLAS(symm)(enum CBLAS_ORDER o, enum CBLAS_SIDE side, enum CBLAS_UPLO uplo, blasint m,
                 blasint n, real_t alpha, const real_t *A, blasint lda, const real_t *B,
                 blasint ldb, real_t beta, real_t *C, blasint ldc)
{
	struct pl_dropin_call c;
	NEXT(LOCAL(c_symm), CBLAS_STR(symm));
	int row = o == CblasRowMajor;
	int done = o != CblasColMajor && !row ? 0
		: LOCAL(try_symm)(&c, side_of(side, row), uplo_of(uplo, row), row ? n : m, row ? m : n,
		                  alpha, A, lda, B, ldb, beta, C, ldc, next != NULL);
	OR_NEXT(done, CBLAS_STR(symm), o, side, uplo, m, n, alpha, A, lda, B, ldb, beta, C, ldc);
}

typedef void (*LOCAL(c_syrk))(enum CBLAS_ORDER, enum CBLAS_UPLO, enum CBLAS_TRANSPOSE, blasint,
                              blasint, real_t, const real_t *, blasint, real_t, real_t *, blasint);
void CBLAS(syrk)(enum CBLAS_ORDER o, enum CBLAS_UPLO uplo, enum CBLAS_TRANSPOSE tr, blasint n,
                 blasint k, real_t alpha, const real_t *A, blasint lda, real_t beta, real_t *C,
                 blasint ldc)
{
	struct pl_dropin_call c;
	NEXT(LOCAL(c_syrk), CBLAS_STR(syrk));
	int row = o == CblasRowMajor;
	int done = o != CblasColMajor && !row ? 0
		: LOCAL(try_rank)(&c, uplo_of(uplo, row), row ? trans_swapped(tr) : trans_of(tr), n, k,
		                  alpha, A, lda, NULL, 0, beta, C, ldc, next != NULL);
	OR_NEXT(done, CBLAS_STR(syrk), o, uplo, tr, n, k, alpha, A, lda, beta, C, ldc);
}

typedef void (*LOCAL(c_syr2k))(enum CBLAS_ORDER, enum CBLAS_UPLO, enum CBLAS_TRANSPOSE, blasint,
                               blasint, real_t, const real_t *, blasint, const real_t *, blasint,
                               real_t, real_t *, blasint);
void CBLAS(syr2k)(enum CBLAS_ORDER o, enum CBLAS_UPLO uplo, enum CBLAS_TRANSPOSE tr, blasint n,
                  blasint k, real_t alpha, const real_t *A, blasint lda, const real_t *B,
                  blasint ldb, real_t beta, real_t *C, blasint ldc)
{
	struct pl_dropin_call c;
	NEXT(LOCAL(c_syr2k), CBLAS_STR(syr2k));
	int row = o == CblasRowMajor;
	int done = (o != CblasColMajor && !row) || !B ? 0
		: LOCAL(try_rank)(&c, uplo_of(uplo, row), row ? trans_swapped(tr) : trans_of(tr), n, k,
		                  alpha, A, lda, B, ldb, beta, C, ldc, next != NULL);
	OR_NEXT(done, CBLAS_STR(syr2k), o, uplo, tr, n, k, alpha, A, lda, B, ldb, beta, C, ldc);
}

typedef void (*LOCAL(c_tri))(enum CBLAS_ORDER, enum CBLAS_SIDE, enum CBLAS_UPLO,
                             enum CBLAS_TRANSPOSE, enum CBLAS_DIAG, blasint, blasint, real_t,
                             const real_t *, blasint, real_t *, blasint);
static void LOCAL(cblas_tri)(int solve, enum CBLAS_ORDER o, enum CBLAS_SIDE side,
                             enum CBLAS_UPLO uplo, enum CBLAS_TRANSPOSE ta, enum CBLAS_DIAG diag,
                             blasint m, blasint n, real_t alpha, const real_t *A, blasint lda,
                             real_t *B, blasint ldb)
{
	struct pl_dropin_call c;
	const char *sym = solve ? CBLAS_STR(trsm) : CBLAS_STR(trmm);
	NEXT(LOCAL(c_tri), sym);
	int row = o == CblasRowMajor;
	int done = o != CblasColMajor && !row ? 0
		: LOCAL(try_tri)(&c, solve, side_of(side, row), uplo_of(uplo, row), trans_of(ta),
		                 diag_of(diag), row ? n : m, row ? m : n, alpha, A, lda, B, ldb,
		                 next != NULL);
	OR_NEXT(done, sym, o, side, uplo, ta, diag, m, n, alpha, A, lda, B, ldb);
}

void CBLAS(trmm)(enum CBLAS_ORDER o, enum CBLAS_SIDE side, enum CBLAS_UPLO uplo,
                 enum CBLAS_TRANSPOSE ta, enum CBLAS_DIAG diag, blasint m, blasint n, real_t alpha,
                 const real_t *A, blasint lda, real_t *B, blasint ldb)
{
	LOCAL(cblas_tri)(0, o, side, uplo, ta, diag, m, n, alpha, A, lda, B, ldb);
}

void CBLAS(trsm)(enum CBLAS_ORDER o, enum CBLAS_SIDE side, enum CBLAS_UPLO uplo,
                 enum CBLAS_TRANSPOSE ta, enum CBLAS_DIAG diag, blasint m, blasint n, real_t alpha,
                 const real_t *A, blasint lda, real_t *B, blasint ldb)
{
	LOCAL(cblas_tri)(1, o, side, uplo, ta, diag, m, n, alpha, A, lda, B, ldb);
}

#undef F77
#undef F77_STR
#undef ROUTINE_STR
#undef CBLAS_STR
#undef NEXT
#undef OR_NEXT
#endif
