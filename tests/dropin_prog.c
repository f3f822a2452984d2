/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * An ordinary BLAS program that knows nothing of paralia (linked against the system BLAS only):
 * tests/dropin.sh runs it as is and under LD_PRELOAD=libparalia_blas.so. Every Level-3 routine
 * (Fortran and CBLAS, column- and row-major, both precisions) on a large and a small problem,
 * each checked against the program's own loops; two threads at once; a forked child; and a bad
 * argument, which must reach this program's xerbla_ with reference BLAS's routine name and
 * argument number. Prints one line per check and exits 1 on any failure.
 */
#include <cblas.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

void dgemm_(const char *, const char *, const int *, const int *, const int *, const double *,
            const double *, const int *, const double *, const int *, const double *, double *,
            const int *, size_t, size_t);
void sgemm_(const char *, const char *, const int *, const int *, const int *, const float *,
            const float *, const int *, const float *, const int *, const float *, float *,
            const int *, size_t, size_t);
void dsymm_(const char *, const char *, const int *, const int *, const double *, const double *,
            const int *, const double *, const int *, const double *, double *, const int *,
            size_t, size_t);
void dsyrk_(const char *, const char *, const int *, const int *, const double *, const double *,
            const int *, const double *, double *, const int *, size_t, size_t);
void dsyr2k_(const char *, const char *, const int *, const int *, const double *, const double *,
             const int *, const double *, const int *, const double *, double *, const int *,
             size_t, size_t);
void dtrmm_(const char *, const char *, const char *, const char *, const int *, const int *,
            const double *, const double *, const int *, double *, const int *, size_t, size_t,
            size_t, size_t);
void dtrsm_(const char *, const char *, const char *, const char *, const int *, const int *,
            const double *, const double *, const int *, double *, const int *, size_t, size_t,
            size_t, size_t);

static int failures;
static char xname[8];
static int xinfo;

/* The program's own xerbla_: reference BLAS calls it with the routine name and the argument. */
void xerbla_(const char *name, const int *info, size_t len)
{
	memset(xname, 0, sizeof xname);
	memcpy(xname, name, len < 7 ? len : 7);
	xinfo = *info;
}

static void check(int ok, const char *what)
{
	printf("dropin_prog: %s %s\n", ok ? "ok  " : "FAIL", what);
	failures += !ok;
}

static double *rnd(int n, unsigned *s)
{
	double *a = malloc(sizeof *a * (size_t)n);
	for (int i = 0; i < n; i++)
		a[i] = rand_r(s) / (double)RAND_MAX - 0.5;
	return a;
}

/* C = alpha op(A) op(B) + beta C by loops, column-major (A: m x k when not transposed). */
static void ref_gemm(int ta, int tb, int m, int n, int k, double alpha, const double *A, int lda,
                     const double *B, int ldb, double beta, double *C, int ldc)
{
	for (int j = 0; j < n; j++)
		for (int i = 0; i < m; i++) {
			double s = 0;
			for (int l = 0; l < k; l++)
				s += (ta ? A[l + (size_t)i * lda] : A[i + (size_t)l * lda]) *
				     (tb ? B[j + (size_t)l * ldb] : B[l + (size_t)j * ldb]);
			C[i + (size_t)j * ldc] = alpha * s + beta * C[i + (size_t)j * ldc];
		}
}

static double maxdiff(const double *a, const double *b, size_t n)
{
	double d = 0;
	for (size_t i = 0; i < n; i++)
		d = fmax(d, fabs(a[i] - b[i]));
	return d;
}

static void gemm_case(int n, const char *label)
{
	unsigned s = (unsigned)n;
	double *A = rnd(n * n, &s), *B = rnd(n * n, &s), *C = rnd(n * n, &s);
	double *R = malloc(sizeof *R * (size_t)n * n), *R2 = malloc(sizeof *R * (size_t)n * n);
	memcpy(R, C, sizeof *R * (size_t)n * n);
	memcpy(R2, C, sizeof *R * (size_t)n * n);
	double al = 0.7, be = -0.3;
	ref_gemm(0, 1, n, n, n, al, A, n, B, n, be, R, n);
	dgemm_("N", "T", &n, &n, &n, &al, A, &n, B, &n, &be, C, &n, 1, 1);
	char what[96];
	snprintf(what, sizeof what, "dgemm_ NT %s %d^3", label, n);
	check(maxdiff(C, R, (size_t)n * n) < 1e-12 * n, what);
	/* row-major CBLAS: C = A B in row-major is C^T = B^T A^T column-major */
	double *Ct = malloc(sizeof *Ct * (size_t)n * n);
	memcpy(Ct, R2, sizeof *Ct * (size_t)n * n);
	cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, n, n, n, al, A, n, B, n, be, Ct, n);
	ref_gemm(0, 0, n, n, n, al, B, n, A, n, be, R2, n); /* column-major view of the same */
	snprintf(what, sizeof what, "cblas_dgemm row-major %s %d^3", label, n);
	check(maxdiff(Ct, R2, (size_t)n * n) < 1e-12 * n, what);
	/* single precision */
	float *a = malloc(sizeof *a * (size_t)n * n), *b = malloc(sizeof *b * (size_t)n * n);
	float *c = calloc((size_t)n * n, sizeof *c);
	for (size_t i = 0; i < (size_t)n * n; i++)
		a[i] = (float)A[i], b[i] = (float)B[i];
	float fa = 1, fb = 0;
	sgemm_("N", "N", &n, &n, &n, &fa, a, &n, b, &n, &fb, c, &n, 1, 1);
	double err = 0;
	for (int j = 0; j < n; j++)
		for (int i = 0; i < n; i++) {
			double r = 0;
			for (int l = 0; l < n; l++)
				r += (double)a[i + (size_t)l * n] * b[l + (size_t)j * n];
			err = fmax(err, fabs(r - c[i + (size_t)j * n]));
		}
	snprintf(what, sizeof what, "sgemm_ NN %s %d^3", label, n);
	check(err < 1e-5 * n, what);
	free(A); free(B); free(C); free(R); free(R2); free(Ct); free(a); free(b); free(c);
}

/* symm, syrk, syr2k, trmm, trsm against gemm-based references (dgemm_ itself was checked). */
static void others(int n)
{
	unsigned s = 99;
	double *A = rnd(n * n, &s), *B = rnd(n * n, &s), *C = rnd(n * n, &s), *R = rnd(n * n, &s);
	double *S = malloc(sizeof *S * (size_t)n * n);
	for (int j = 0; j < n; j++) /* S: symmetric (from A's lower triangle); A += n I: solvable */
		for (int i = 0; i < n; i++)
			S[i + (size_t)j * n] = i >= j ? A[i + (size_t)j * n] : A[j + (size_t)i * n];
	for (int i = 0; i < n; i++)
		A[i + (size_t)i * n] += n;
	double one = 1, zero = 0, al = 0.5;
	char what[64];
	/* symm L L: C = S B */
	dsymm_("L", "L", &n, &n, &one, A, &n, B, &n, &zero, C, &n, 1, 1);
	for (int i = 0; i < n; i++) /* S with A's shifted diagonal */
		S[i + (size_t)i * n] = A[i + (size_t)i * n];
	ref_gemm(0, 0, n, n, n, 1, S, n, B, n, 0, R, n);
	snprintf(what, sizeof what, "dsymm_ LL %d", n);
	check(maxdiff(C, R, (size_t)n * n) < 1e-10 * n * n, what);
	/* syrk L N: lower triangle of A A^T */
	dsyrk_("L", "N", &n, &n, &one, A, &n, &zero, C, &n, 1, 1);
	ref_gemm(0, 1, n, n, n, 1, A, n, A, n, 0, R, n);
	double e = 0;
	for (int j = 0; j < n; j++)
		for (int i = j; i < n; i++)
			e = fmax(e, fabs(C[i + (size_t)j * n] - R[i + (size_t)j * n]));
	snprintf(what, sizeof what, "dsyrk_ LN %d", n);
	check(e < 1e-10 * n * n, what);
	/* syr2k U T: upper triangle of A^T B + B^T A */
	dsyr2k_("U", "T", &n, &n, &one, A, &n, B, &n, &zero, C, &n, 1, 1);
	ref_gemm(1, 0, n, n, n, 1, A, n, B, n, 0, R, n);
	ref_gemm(1, 0, n, n, n, 1, B, n, A, n, 1, R, n);
	e = 0;
	for (int j = 0; j < n; j++)
		for (int i = 0; i <= j; i++)
			e = fmax(e, fabs(C[i + (size_t)j * n] - R[i + (size_t)j * n]));
	snprintf(what, sizeof what, "dsyr2k_ UT %d", n);
	check(e < 1e-10 * n * n, what);
	/* trmm then trsm with the same triangle gives B back */
	memcpy(C, B, sizeof *C * (size_t)n * n);
	dtrmm_("L", "U", "N", "N", &n, &n, &al, A, &n, C, &n, 1, 1, 1, 1);
	double *Tu = calloc((size_t)n * n, sizeof *Tu);
	for (int j = 0; j < n; j++)
		for (int i = 0; i <= j; i++)
			Tu[i + (size_t)j * n] = A[i + (size_t)j * n];
	ref_gemm(0, 0, n, n, n, al, Tu, n, B, n, 0, R, n);
	snprintf(what, sizeof what, "dtrmm_ LUNN %d", n);
	check(maxdiff(C, R, (size_t)n * n) < 1e-10 * n * n, what);
	double inv = 1 / al;
	dtrsm_("L", "U", "N", "N", &n, &n, &inv, A, &n, C, &n, 1, 1, 1, 1);
	snprintf(what, sizeof what, "dtrsm_ LUNN %d (undoes trmm)", n);
	check(maxdiff(C, B, (size_t)n * n) < 1e-9 * n, what);
	free(A); free(B); free(C); free(R); free(S); free(Tu);
}

/* Leading dimensions larger than the rows, and what a call must not touch: the rows between
 * columns (padding) and, for syrk, the other triangle. An offloaded call may work on copies of
 * the operands (staging): what comes back must be only what BLAS writes. */
static void ld_case(int n)
{
	int ld = n + 5;
	unsigned s = 7;
	double *A = rnd(ld * n, &s), *B = rnd(ld * n, &s), *C = rnd(ld * n, &s), *R = rnd(ld * n, &s);
	for (int j = 0; j < n; j++)
		for (int i = n; i < ld; i++)
			C[i + (size_t)j * ld] = 12345.0;
	memcpy(R, C, sizeof *R * (size_t)ld * n);
	double al = 1.5, be = 0.5, zero = 0;
	dgemm_("N", "N", &n, &n, &n, &al, A, &ld, B, &ld, &be, C, &ld, 1, 1);
	ref_gemm(0, 0, n, n, n, al, A, ld, B, ld, be, R, ld);
	char what[80];
	snprintf(what, sizeof what, "dgemm_ NN %d^3, ld %d: values and padding", n, ld);
	check(maxdiff(C, R, (size_t)ld * n) < 1e-12 * n, what);
	/* syrk U with beta = 0: the strict lower triangle and the padding keep their values */
	memcpy(R, C, sizeof *R * (size_t)ld * n);
	dsyrk_("U", "T", &n, &n, &al, A, &ld, &zero, C, &ld, 1, 1);
	int kept = 1;
	for (int j = 0; j < n; j++)
		for (int i = j + 1; i < ld; i++)
			kept &= C[i + (size_t)j * ld] == R[i + (size_t)j * ld];
	ref_gemm(1, 0, n, n, n, al, A, ld, A, ld, 0, R, ld);
	double e = 0;
	for (int j = 0; j < n; j++)
		for (int i = 0; i <= j; i++)
			e = fmax(e, fabs(C[i + (size_t)j * ld] - R[i + (size_t)j * ld]));
	snprintf(what, sizeof what, "dsyrk_ UT %d, ld %d: upper triangle right, the rest untouched", n, ld);
	check(kept && e < 1e-10 * n * n, what);
	free(A); free(B); free(C); free(R);
}

static void *thread_main(void *arg)
{
	gemm_case(*(int *)arg, "thread");
	return NULL;
}

int main(int argc, char **argv)
{
	int big = argc > 1 ? atoi(argv[1]) : 300, small = 20;
	gemm_case(big, "large");
	gemm_case(small, "small");
	others(big);
	ld_case(big);
	pthread_t th[2];
	int sizes[2] = { big, big + 7 };
	for (int i = 0; i < 2; i++)
		pthread_create(&th[i], NULL, thread_main, &sizes[i]);
	for (int i = 0; i < 2; i++)
		pthread_join(th[i], NULL);
	/* A forked child: its parent's runtime threads are not there; its calls must still work. */
	fflush(stdout);
	pid_t pid = fork();
	if (pid == 0) {
		failures = 0;
		gemm_case(big, "forked child");
		fflush(stdout);
		_exit(failures ? 1 : 0);
	}
	int st = 0;
	waitpid(pid, &st, 0);
	check(WIFEXITED(st) && WEXITSTATUS(st) == 0, "forked child's calls");
	/* A bad argument (lda < m) on a large call: the program's xerbla_ gets DGEMM and 8. */
	int m = big, lda = big - 1;
	double one = 1, *A = calloc((size_t)big * big, sizeof *A), *C = calloc((size_t)big * big, sizeof *C);
	xinfo = 0;
	dgemm_("N", "N", &m, &m, &m, &one, A, &lda, A, &m, &one, C, &m, 1, 1);
	char what[64];
	snprintf(what, sizeof what, "bad lda reached xerbla_ as %.6s %d", xname, xinfo);
	check(xinfo == 8 && !strncmp(xname, "DGEMM", 5), what);
	free(A); free(C);
	printf("dropin_prog: %s\n", failures ? "FAILED" : "all ok");
	return failures ? 1 : 0;
}
