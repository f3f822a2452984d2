/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * An unmodified BLAS program for bench/dropin_compare.sh: C = A B + C with the Fortran dgemm_ or
 * sgemm_ of whatever BLAS answers (the system's, NVBLAS or paralia under LD_PRELOAD), on malloc'd
 * (pageable) n x n matrices, as such programs have them. One warm-up call, then REPS timed calls;
 * prints the best and the median in ms and TFLOP/s, and a checksum of C.
 *   blas_prog d|s N [REPS]
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

void dgemm_(const char *, const char *, const int *, const int *, const int *, const double *,
            const double *, const int *, const double *, const int *, const double *, double *,
            const int *, size_t, size_t);
void sgemm_(const char *, const char *, const int *, const int *, const int *, const float *,
            const float *, const int *, const float *, const int *, const float *, float *,
            const int *, size_t, size_t);

static double now_ms(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1e3 + t.tv_nsec * 1e-6;
}

static int cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
	if (argc < 3 || (argv[1][0] != 'd' && argv[1][0] != 's')) {
		fprintf(stderr, "usage: blas_prog d|s N [REPS]\n");
		return 2;
	}
	int dbl = argv[1][0] == 'd', n = atoi(argv[2]), reps = argc > 3 ? atoi(argv[3]) : 2;
	size_t es = dbl ? 8 : 4, count = (size_t)n * n;
	char *A = malloc(count * es), *B = malloc(count * es), *C = malloc(count * es);
	if (!A || !B || !C || n <= 0 || reps < 1 || reps > 50)
		return 2;
	for (size_t i = 0; i < count; i++) {
		double a = (double)(i % 1021) / 1021 - 0.5, b = (double)(i % 977) / 977 - 0.5;
		if (dbl)
			((double *)A)[i] = a, ((double *)B)[i] = b, ((double *)C)[i] = 0;
		else
			((float *)A)[i] = (float)a, ((float *)B)[i] = (float)b, ((float *)C)[i] = 0;
	}
	double t[51], one = 1;
	float onef = 1;
	for (int r = 0; r <= reps; r++) {
		double t0 = now_ms();
		if (dbl)
			dgemm_("N", "N", &n, &n, &n, &one, (double *)A, &n, (double *)B, &n, &one, (double *)C, &n, 1, 1);
		else
			sgemm_("N", "N", &n, &n, &n, &onef, (float *)A, &n, (float *)B, &n, &onef, (float *)C, &n, 1, 1);
		t[r] = now_ms() - t0;
	}
	double sum = 0;
	for (size_t i = 0; i < count; i += count / 1000 + 1)
		sum += dbl ? ((double *)C)[i] : ((float *)C)[i];
	qsort(t + 1, reps, sizeof *t, cmp);
	double flops = 2.0 * n * n * (double)n;
	printf("%c,%d,%.1f,%.1f,%.2f,%.2f,%.6g,warm-up %.1f ms\n", argv[1][0], n, t[1], t[1 + reps / 2],
	       flops / (t[1] * 1e9), flops / (t[1 + reps / 2] * 1e9), sum, t[0]);
	return 0;
}
