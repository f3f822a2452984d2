/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The drop-in BLAS beside kept matrices (paralia_keep), in a program that uses paralia itself and
 * is linked with libparalia_blas before the system BLAS (tests/local.mk), its own BLAS answering
 * every size (PARALIA_BLAS_MIN_FLOPS above it). It keeps A, B and C and multiplies them with
 * paralia_dgemm, which returns once its tasks are submitted (every operand is kept); then:
 *   - a child forked before the process's first drop-in call makes a small dgemm_ of its own: it
 *     must use the program's BLAS, not paralia, whose workers are not in the child (it hung);
 *   - dgemm_ reads the kept C at once (D = C times the identity): the program's BLAS would read
 *     C while paralia's tasks still write it, so every call goes to paralia while a matrix is
 *     kept, which orders it after them (relative errors 0.5-0.8 before);
 *   - a second product into a kept C2, a small unrelated dgemm_, then paralia_shutdown, which
 *     brings what is still kept home: the drop-in must not hold paralia up past the program's
 *     own shutdown (it did once it had started paralia for a call);
 *   - in a second process (this program run again with the argument "first"), the drop-in starts
 *     paralia for a call before the program's paralia_init: paralia_keep is refused until the
 *     program starts paralia itself; then the program keeps C, multiplies into it and shuts
 *     paralia down, and C must be home then, though the drop-in's hold keeps StarPU running for
 *     its own calls (C was not brought home: its products were still running).
 * Checked against a plain triple loop on the same inputs (the system BLAS's cblas_dgemm would be
 * a drop-in call itself, before the fork).
 *   dropin_keep [N]        (N from 2 to 4096, default 768)
 *   dropin_keep first [N]  (the second process's part alone)
 */
#include <paralia.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

void dgemm_(const char *ta, const char *tb, const int *m, const int *n, const int *k,
            const double *alpha, const double *A, const int *lda, const double *B, const int *ldb,
            const double *beta, double *C, const int *ldc, size_t lta, size_t ltb);

static double max_err(const double *x, const double *ref, size_t len)
{
	double e = 0, scale = 1e-300;
	for (size_t i = 0; i < len; i++) {
		e = fmax(e, fabs(x[i] - ref[i]));
		scale = fmax(scale, fabs(ref[i]));
	}
	return e / scale;
}

/* ref = A B, column-major n x n, j-l-i order */
static void reference(int n, const double *A, const double *B, double *ref)
{
	memset(ref, 0, (size_t)n * n * sizeof *ref);
	for (int j = 0; j < n; j++)
		for (int l = 0; l < n; l++) {
			double b = B[(size_t)j * n + l];
			for (int i = 0; i < n; i++)
				ref[(size_t)j * n + i] += A[(size_t)l * n + i] * b;
		}
}

/* The exit status of child pid once it ends (128 + the signal that ended it), -1 if it cannot be
 * waited for. */
static int exit_status(pid_t pid)
{
	int status = 0;
	if (waitpid(pid, &status, 0) != pid)
		return -1;
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + (WIFSIGNALED(status) ? WTERMSIG(status) : 0);
}

/* A and B (len entries each) in [-0.5, 0.5) from seed. */
static void fill_inputs(double *A, double *B, size_t len, unsigned seed)
{
	srand(seed);
	for (size_t i = 0; i < len; i++) {
		A[i] = rand() / (double)RAND_MAX - 0.5;
		B[i] = rand() / (double)RAND_MAX - 0.5;
	}
}

/* A small dgemm_ of its own in a child forked now: 0 when it ended normally with the right
 * answer within 30 s. */
static int child_small_call(void)
{
	pid_t pid = fork();
	if (pid < 0)
		return -1;
	if (pid == 0) {
		alarm(30);
		double x[4] = { 1, 2, 3, 4 }, y[4] = { 1, 0, 0, 1 }, z[4] = { 0 }, one = 1, zero = 0;
		int two = 2;
		dgemm_("N", "N", &two, &two, &two, &one, x, &two, y, &two, &zero, z, &two, 1, 1);
		_exit(memcmp(x, z, sizeof x) == 0 ? 0 : 1);
	}
	return exit_status(pid);
}

static int check(int ok, const char *what, double e)
{
	printf("dropin_keep: %s %s: error %.2e\n", ok ? "ok  " : "FAIL", what, e);
	return !ok;
}

/* The drop-in starts paralia for a call of the program's before the program's paralia_init;
 * then the program keeps A, B and C, multiplies into C (paralia_dgemm returns at submission) and
 * calls paralia_shutdown, its last: C must be home and right then, and the drop-in still runs
 * calls through paralia. 0 when all is right. */
static int dropin_first(int n)
{
	/* read at the drop-in's first call: every call to paralia */
	setenv("PARALIA_BLAS_MIN_FLOPS", "0", 1);
	setenv("PARALIA_BLAS_OFFLOAD", "size", 1);
	size_t len = (size_t)n * n;
	double *A = malloc(len * sizeof *A), *B = malloc(len * sizeof *B), *C = calloc(len, sizeof *C);
	double *D = calloc(len, sizeof *D), *ref = malloc(len * sizeof *ref);
	if (!A || !B || !C || !D || !ref)
		return 99;
	fill_inputs(A, B, len, 11);
	reference(n, A, B, ref);
	double one = 1, zero = 0;
	int fail = 0;
	dgemm_("N", "N", &n, &n, &n, &one, A, &n, B, &n, &zero, D, &n, 1, 1);
	if (!paralia_is_initialized()) {
		fprintf(stderr, "dropin_keep: first: paralia did not start for the drop-in: skipped\n");
		return 77;
	}
	double e = max_err(D, ref, len);
	fail += check(e < 1e-12, "first: a dgemm_ before paralia_init, through paralia", e);
	/* paralia runs, for the drop-in only: the program must start it itself to keep a matrix,
	 * since its paralia_shutdown is what brings the matrix home */
	int early = paralia_keep(A, n, n, n, sizeof *A);
	printf("dropin_keep: %s first: paralia_keep before the program's paralia_init refused (%s)\n",
	       early == PARALIA_ERR_NOT_INITIALIZED ? "ok  " : "FAIL", paralia_strerror(early));
	fail += early != PARALIA_ERR_NOT_INITIALIZED;
	if (paralia_init() != 0 || paralia_keep(A, n, n, n, sizeof *A) ||
	    paralia_keep(B, n, n, n, sizeof *B) || paralia_keep(C, n, n, n, sizeof *C)) {
		fprintf(stderr, "dropin_keep: first: paralia_init or paralia_keep refused\n");
		return 1;
	}
	int ret = paralia_dgemm(ParaliaNoTrans, ParaliaNoTrans, n, n, n, 1.0, A, n, B, n, 0.0, C, n);
	paralia_shutdown(); /* the program's last: A, B and C come home */
	e = max_err(C, ref, len);
	fail += check(ret == 0 && e < 1e-12, "first: C after the program's paralia_shutdown", e);
	memset(D, 0, len * sizeof *D);
	dgemm_("N", "N", &n, &n, &n, &one, A, &n, B, &n, &zero, D, &n, 1, 1);
	e = max_err(D, ref, len);
	fail += check(e < 1e-12 && paralia_is_initialized(),
	              "first: a dgemm_ after it, through the drop-in's paralia", e);
	if (!fail) /* on failure C may still be kept: paralia's write-back at exit would write it */
		free(A), free(B), free(C), free(D), free(ref);
	return fail;
}

/* This program again with "first" (its own binary: the libtool wrapper's environment is
 * inherited), in a process that starts clean. Its exit status. */
static int run_first(int n)
{
	char arg[16];
	snprintf(arg, sizeof arg, "%d", n);
	pid_t pid = fork();
	if (pid < 0)
		return -1;
	if (pid == 0) {
		execl("/proc/self/exe", "dropin_keep", "first", arg, (char *)NULL);
		_exit(127);
	}
	return exit_status(pid);
}

int main(int argc, char **argv)
{
	setvbuf(stdout, NULL, _IOLBF, 0); /* each line out before a crash */
	int first = argc > 1 && !strcmp(argv[1], "first");
	int n = argc > 1 + first ? atoi(argv[1 + first]) : 768, fail = 0;
	if (n < 2 || n > 4096) {
		fprintf(stderr, "dropin_keep: N from 2 to 4096\n");
		return 2;
	}
	if (first)
		return dropin_first(n) ? 1 : 0;
	/* before this process makes any call: the second process starts clean */
	int st = run_first(n);
	printf("dropin_keep: %s the drop-in started paralia first, in a process of its own (status "
	       "%d)\n", st == 0 ? "ok  " : st == 77 ? "skip" : "FAIL", st);
	fail += st != 0 && st != 77;
	/* the drop-in reads its rules at its first call: the program's BLAS for any size */
	setenv("PARALIA_BLAS_MIN_FLOPS", "1e15", 1);
	size_t len = (size_t)n * n;
	double *A = malloc(len * sizeof *A), *B = malloc(len * sizeof *B), *C = calloc(len, sizeof *C);
	double *C2 = calloc(len, sizeof *C2), *eye = calloc(len, sizeof *eye);
	double *D = calloc(len, sizeof *D), *ref = malloc(len * sizeof *ref);
	if (!A || !B || !C || !C2 || !eye || !D || !ref)
		return 99;
	fill_inputs(A, B, len, 7);
	for (int i = 0; i < n; i++)
		eye[(size_t)i * n + i] = 1;
	reference(n, A, B, ref);
	if (paralia_init() != 0) {
		fprintf(stderr, "dropin_keep: paralia did not start: skipped\n");
		return 77;
	}
	if (paralia_keep(A, n, n, n, sizeof *A) || paralia_keep(B, n, n, n, sizeof *B) ||
	    paralia_keep(C, n, n, n, sizeof *C) || paralia_keep(C2, n, n, n, sizeof *C2)) {
		fprintf(stderr, "dropin_keep: paralia_keep refused\n");
		return 1;
	}
	int ret = paralia_dgemm(ParaliaNoTrans, ParaliaNoTrans, n, n, n, 1.0, A, n, B, n, 0.0, C, n);
	if (ret != 0) {
		fprintf(stderr, "dropin_keep: paralia_dgemm: %s\n", paralia_strerror(ret));
		return 1;
	}
	int child = child_small_call();
	printf("dropin_keep: %s a child forked before the first drop-in call: its small dgemm_ "
	       "(status %d)\n", child == 0 ? "ok  " : "FAIL", child);
	fail += child != 0;

	double one = 1, zero = 0;
	dgemm_("N", "N", &n, &n, &n, &one, C, &n, eye, &n, &zero, D, &n, 1, 1);
	double e = max_err(D, ref, len);
	fail += check(e < 1e-12, "dgemm_ on the kept C right after paralia_dgemm", e);
	paralia_release(C);
	e = max_err(C, ref, len);
	fail += check(e < 1e-12, "C after paralia_release", e);

	ret = paralia_dgemm(ParaliaNoTrans, ParaliaNoTrans, n, n, n, 1.0, A, n, B, n, 0.0, C2, n);
	double x[4] = { 1, 2, 3, 4 }, z[4];
	int two = 2;
	dgemm_("N", "N", &two, &two, &two, &one, x, &two, x, &two, &zero, z, &two, 1, 1);
	paralia_shutdown(); /* releases A, B and C2: C2 comes home */
	e = max_err(C2, ref, len);
	fail += check(ret == 0 && e < 1e-12 && !paralia_is_initialized(),
	              "C2 after paralia_shutdown, a small dgemm_ between", e);

	printf("dropin_keep: %s\n", fail ? "FAILED" : "all ok");
	free(A), free(B), free(C), free(C2), free(eye), free(D), free(ref);
	return fail ? 1 : 0;
}
