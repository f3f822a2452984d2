/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Two application threads calling paralia routines at the same time, each on its own matrices:
 * both must get the CBLAS answer. Each thread also takes and drops its own paralia_init
 * reference, so the init refcount is exercised concurrently too. Placements alternate between the
 * host and the GPUs the machine has, so with CUDA workers the threads' tiles share the links.
 */
#include "tests/testing.h"
#include <cblas.h>
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#define ROUNDS 6

struct job {
	int id;
};

static double bound_d(int k, double amax, double bmax, double cmax)
{
	return 4.0 * (k + 2) * 2.220446049250313e-16 * (k * amax * bmax + cmax) + 1e-300;
}

static void *worker(void *arg)
{
	struct job *job = arg;
	unsigned seed = 1234u + (unsigned)job->id;
	int ret0 = paralia_init();
	t_check(ret0 == 0, "thread %d: paralia_init returned %d", job->id, ret0);
	if (ret0)
		return NULL;
	for (int r = 0; r < ROUNDS; r++) {
		/* Different shapes per thread and round, ragged against T_TILE. */
		int m = 37 + 11 * job->id + 5 * r, n = 29 + 7 * r, k = 41 + 3 * job->id;
		int where = t_placement((job->id + r) % t_placement_count());
		double *A = malloc(sizeof(double) * m * k), *B = malloc(sizeof(double) * k * n);
		double *C = malloc(sizeof(double) * m * n), *R = malloc(sizeof(double) * m * n);
		t_fill_d(A, m, k, m, &seed);
		t_fill_d(B, k, n, k, &seed);
		t_fill_d(C, m, n, m, &seed);
		memcpy(R, C, sizeof(double) * m * n);
		double cmax = t_maxabs_d(C, m, n, m);
		cblas_dgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, m, n, k, 1.5, A, m, B, k, -0.5,
		            R, m);
		double *dA = t_place(A, m, k, m, sizeof(double), where);
		double *dB = t_place(B, k, n, k, sizeof(double), PARALIA_HOST);
		double *dC = t_place(C, m, n, m, sizeof(double), where);
		int ret = paralia_dgemm('N', 'N', m, n, k, 1.5, dA, m, dB, k, -0.5, dC, m);
		t_fetch(C, dC, m, n, m, sizeof(double), where);
		double err = t_maxdiff_d(C, m, R, m, m, n);
		double bound = bound_d(k, t_maxabs_d(A, m, k, m), t_maxabs_d(B, k, n, k), 0.5 * cmax);
		t_check(ret == 0 && err <= bound,
		        "thread %d round %d dgemm m=%d n=%d k=%d C@%s: ret=%d err/bound=%.2e", job->id, r,
		        m, n, k, t_placement_name(where), ret, err / bound);
		t_release(dA, where);
		t_release(dB, PARALIA_HOST);
		t_release(dC, where);
		free(A), free(B), free(C), free(R);
	}
	paralia_shutdown();
	return NULL;
}

int main(void)
{
	t_begin("threads");
	paralia_set_tile_size(T_TILE);
	pthread_t th[2];
	struct job jobs[2] = {{0}, {1}};
	for (int i = 0; i < 2; i++)
		if (pthread_create(&th[i], NULL, worker, &jobs[i]) != 0) {
			t_check(0, "pthread_create failed");
			return t_end();
		}
	for (int i = 0; i < 2; i++)
		pthread_join(th[i], NULL);
	/* Both threads dropped their references; paralia must still be up for the main thread. */
	t_check(paralia_is_initialized(), "paralia still initialised after the threads' shutdowns");
	return t_end();
}
