/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * How fast the host's cores add a tile into C (C = P + beta C, FP64, column slices of one tile per
 * thread): the rate behind gemm's "C added at home" (docs/AUTOTUNER.md step 3), measured for 1, 2,
 * 4, ... threads up to the cores online. GB/s count the three streams (P and C read, C written).
 *   cc -O2 -pthread bench/host_sum.c -o host_sum && ./host_sum [MB per thread (64)]
 * Prints CSV: threads,gbs_all,gbs_per_thread.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

struct job {
	double *p, *c;
	size_t n;
	pthread_barrier_t *go;
	double t0, t1; /* this thread's start and end: the main thread may not run meanwhile */
};

static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static void *add(void *arg)
{
	struct job *j = arg;
	pthread_barrier_wait(j->go);
	j->t0 = now();
	const double beta = 0.5;
	for (size_t i = 0; i < j->n; i++)
		j->c[i] = j->p[i] + beta * j->c[i];
	j->t1 = now();
	return NULL;
}

int main(int argc, char **argv)
{
	size_t mb = argc > 1 ? (size_t)atol(argv[1]) : 64, n = mb << 20 >> 3;
	int cores = (int)sysconf(_SC_NPROCESSORS_ONLN);
	printf("threads,gbs_all,gbs_per_thread\n");
	for (int nt = 1; nt <= cores; nt = nt * 2 > cores && nt < cores ? cores : nt * 2) {
		struct job *jobs = calloc((size_t)nt, sizeof *jobs);
		pthread_t *th = calloc((size_t)nt, sizeof *th);
		pthread_barrier_t go;
		pthread_barrier_init(&go, NULL, (unsigned)nt);
		for (int t = 0; t < nt; t++) {
			jobs[t].p = malloc(n * sizeof(double));
			jobs[t].c = malloc(n * sizeof(double));
			if (!jobs[t].p || !jobs[t].c) {
				fprintf(stderr, "host_sum: out of memory at %d threads\n", nt);
				return 1;
			}
			memset(jobs[t].p, 0, n * sizeof(double)); /* touched: no page faults timed */
			memset(jobs[t].c, 0, n * sizeof(double));
			jobs[t].n = n;
			jobs[t].go = &go;
		}
		double best = 0;
		for (int rep = 0; rep < 5; rep++) {
			for (int t = 0; t < nt; t++)
				pthread_create(&th[t], NULL, add, &jobs[t]);
			double t0 = 0, t1 = 0;
			for (int t = 0; t < nt; t++) {
				pthread_join(th[t], NULL);
				t0 = t == 0 || jobs[t].t0 < t0 ? jobs[t].t0 : t0;
				t1 = jobs[t].t1 > t1 ? jobs[t].t1 : t1;
			}
			double dt = t1 - t0;
			double gbs = 3.0 * (double)nt * (double)n * sizeof(double) / dt / 1e9;
			best = gbs > best ? gbs : best;
		}
		printf("%d,%.1f,%.1f\n", nt, best, best / nt);
		for (int t = 0; t < nt; t++) {
			free(jobs[t].p);
			free(jobs[t].c);
		}
		free(jobs);
		free(th);
		pthread_barrier_destroy(&go);
		if (nt == cores)
			break;
	}
	return 0;
}
