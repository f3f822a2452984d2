/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Per-precision helpers of the test harness (defined in testing_prec.c for s and d). */
#define T_DECLARE(p, T)                                                                      \
	void t_fill_##p(T *a, int m, int n, int ld, unsigned *seed);                             \
	void t_poison_##p(T *a, int m, int n, int ld, T value);                                  \
	double t_maxabs_##p(const T *a, int m, int n, int ld);                                   \
	double t_maxdiff_##p(const T *a, int lda, const T *b, int ldb, int m, int n);            \
	int t_has_nan_##p(const T *a, int m, int n, int ld);                                     \
	void t_make_dominant_##p(T *a, int n, int ld);                                           \
	void t_poison_unreferenced_##p(T *a, int n, int ld, char uplo, char diag, T value);
T_DECLARE(s, float)
T_DECLARE(d, double)
#undef T_DECLARE

/* CBLAS enum for a BLAS character (tests call CBLAS directly as the reference). */
#include <cblas.h>
static inline enum CBLAS_TRANSPOSE pl_cblas_trans_t(char t)
{ return t == 'N' ? CblasNoTrans : (t == 'T' ? CblasTrans : CblasConjTrans); }
static inline enum CBLAS_UPLO pl_cblas_uplo_t(char u) { return u == 'U' ? CblasUpper : CblasLower; }
static inline enum CBLAS_SIDE pl_cblas_side_t(char s) { return s == 'L' ? CblasLeft : CblasRight; }
static inline enum CBLAS_DIAG pl_cblas_diag_t(char d) { return d == 'U' ? CblasUnit : CblasNonUnit; }
