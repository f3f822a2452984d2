/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Bigger than the memory the tiles may use: the routines still give the CBLAS result while
 * StarPU evicts tiles as it goes.
 *   With GPUs: each GPU's memory capped by STARPU_LIMIT_CUDA_MEM far below what a DGEMM needs
 *   (three 72 MB matrices against a 48 MB cap), for C on the host and C on a GPU, and the
 *   autotuner picks tiles whose working set fits the cap.
 *   Without: the same program again (argument "numa") on two NUMA memory nodes of a synthetic
 *   topology (as tests/sched_numa.sh), node 1 capped by STARPU_LIMIT_CPU_NUMA_1_MEM at 8 MB while
 *   its worker's share of a DGEMM reads more than that: the cap is in force (StarPU's total for
 *   the node), more bytes than the cap cross into node 1 (only A and B tiles do: beta = 0 and a
 *   single k tile let C tiles be written in place, so past the cap something was evicted), and
 *   the result is CBLAS's.
 */
#include "tests/testing.h"
#include <cblas.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include <starpu.h>

#define CAP_MB 48
#define NUMA_CAP_MB 8

static void one(int n, int where_c, unsigned *seed)
{
	double *A = malloc(sizeof(double) * (size_t)n * n), *B = malloc(sizeof(double) * (size_t)n * n);
	double *C = malloc(sizeof(double) * (size_t)n * n), *R = malloc(sizeof(double) * (size_t)n * n);
	t_fill_d(A, n, n, n, seed);
	t_fill_d(B, n, n, n, seed);
	t_fill_d(C, n, n, n, seed);
	memcpy(R, C, sizeof(double) * (size_t)n * n);
	cblas_dgemm(CblasColMajor, CblasNoTrans, CblasTrans, n, n, n, 1.1, A, n, B, n, 0.7, R, n);
	double *dC = t_place(C, n, n, n, sizeof(double), where_c);
	struct paralia_plan plan;
	int q = paralia_plan_query('g', 'd', n, n, n, A, B, dC, 0.7, &plan);
	int ret = paralia_dgemm('N', 'T', n, n, n, 1.1, A, n, B, n, 0.7, dC, n);
	t_fetch(C, dC, n, n, n, sizeof(double), where_c);
	t_release(dC, where_c);
	double bound = 4.0 * (n + 2) * 2.3e-16 *
	               (1.1 * n * t_maxabs_d(A, n, n, n) * t_maxabs_d(B, n, n, n) + 0.7 * t_maxabs_d(R, n, n, n));
	double err = t_maxdiff_d(C, n, R, n, n, n);
	t_check(q == 0 && 8.0 * plan.tile * plan.tile * sizeof(double) <= CAP_MB * 1048576.0,
	        "cap %d MB: plan tile %d keeps 8 tiles within the cap", CAP_MB, plan.tile);
	t_check(ret == 0 && err <= bound, "dgemm N=%d C@%s under a %d MB GPU cap: ret %d, err/bound %.2e",
	        n, t_placement_name(where_c), CAP_MB, ret, err / bound);
	free(A); free(B); free(C); free(R);
}

/* The CPU memory node that is not the home one (NUMA node 1), or -1. */
static int second_cpu_node(void)
{
	for (unsigned node = 0; node < starpu_memory_nodes_get_count(); node++)
		if (node != STARPU_MAIN_RAM && starpu_node_get_kind(node) == STARPU_CPU_RAM)
			return (int)node;
	return -1;
}

/* C (n x n) = A (n x nb) B^T (nb x n) with tiles of nb: one k tile, beta 0, so the only data that
 * travels to node 1 are A and B tiles; node 1's share of C tiles is written there. */
static int numa_main(void)
{
	t_begin("blas_memlimit(NUMA)");
	int node = second_cpu_node();
	if (node < 0) {
		printf("blas_memlimit(NUMA): SKIP: no second CPU memory node under HWLOC_SYNTHETIC\n");
		paralia_shutdown();
		return 77;
	}
	starpu_ssize_t total = starpu_memory_get_total((unsigned)node);
	t_check(total == (starpu_ssize_t)NUMA_CAP_MB << 20, "node %d capped at %d MB by "
	        "STARPU_LIMIT_CPU_NUMA_1_MEM (StarPU's total: %lld bytes)", node, NUMA_CAP_MB, (long long)total);
	const int n = 3072, nb = 512;
	unsigned seed = 17;
	double *A = malloc(sizeof(double) * (size_t)n * nb), *B = malloc(sizeof(double) * (size_t)n * nb);
	double *C = malloc(sizeof(double) * (size_t)n * n), *R = malloc(sizeof(double) * (size_t)n * n);
	t_fill_d(A, n, nb, n, &seed);
	t_fill_d(B, n, nb, n, &seed);
	t_poison_d(C, n, n, n, NAN); /* beta = 0: never read */
	cblas_dgemm(CblasColMajor, CblasNoTrans, CblasTrans, n, n, nb, 1.0, A, n, B, n, 0.0, R, n);
	paralia_set_tile_size(nb);
	starpu_profiling_status_set(STARPU_PROFILING_ENABLE);
	struct starpu_profiling_bus_info before, after;
	int bus = starpu_bus_get_id(STARPU_MAIN_RAM, node);
	starpu_bus_get_profiling_info(bus, &before); /* resets the counters */
	int ret = paralia_dgemm('N', 'T', n, n, nb, 1.0, A, n, B, n, 0.0, C, n);
	starpu_bus_get_profiling_info(bus, &after);
	double moved = (double)after.transferred_bytes / 1048576.0;
	t_check(moved > NUMA_CAP_MB, "%.1f MB of A and B tiles crossed into node %d, more than its %d MB: "
	        "StarPU evicted there (%d transfers; A and B have %d tiles of %d KB)", moved, node,
	        NUMA_CAP_MB, after.transfer_count, 2 * (n / nb), nb * nb * 8 / 1024);
	double bound = 4.0 * (nb + 2) * 2.3e-16 * nb * t_maxabs_d(A, n, nb, n) * t_maxabs_d(B, n, nb, n);
	double err = t_maxdiff_d(C, n, R, n, n, n);
	t_check(ret == 0 && err <= bound, "dgemm %dx%dx%d under the %d MB cap of node %d: ret %d, "
	        "err/bound %.2e", n, n, nb, NUMA_CAP_MB, node, ret, err / bound);
	paralia_set_tile_size(0);
	free(A); free(B); free(C); free(R);
	return t_end();
}

/* This program again with StarPU on two synthetic NUMA nodes, node 1 capped, in its own StarPU
 * home (the topology differs from the real one's bus calibration). Returns its exit status. */
static int run_numa_child(void)
{
	char home[512];
	const char *base = getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
	snprintf(home, sizeof home, "%s/blas_memlimit.XXXXXX", base);
	if (!mkdtemp(home)) {
		perror("blas_memlimit: mkdtemp");
		return 99;
	}
	fflush(stdout);
	pid_t pid = fork();
	if (pid == 0) {
		char cap[16];
		snprintf(cap, sizeof cap, "%d", NUMA_CAP_MB);
		setenv("STARPU_HOME", home, 1);
		setenv("HWLOC_SYNTHETIC", "package:1 numa:2 core:1 pu:1", 1);
		setenv("STARPU_USE_NUMA", "1", 1);
		setenv("STARPU_LIMIT_CPU_NUMA_1_MEM", cap, 1);
		unsetenv("STARPU_NCPU");
		execl("/proc/self/exe", "blas_memlimit", "numa", (char *)NULL);
		_exit(99);
	}
	int status = 0;
	int ok = pid > 0 && waitpid(pid, &status, 0) == pid && WIFEXITED(status);
	char cmd[600];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", home);
	if (system(cmd) != 0)
		fprintf(stderr, "blas_memlimit: could not remove %s\n", home);
	return ok ? WEXITSTATUS(status) : 99;
}

int main(int argc, char **argv)
{
	if (argc > 1 && strcmp(argv[1], "numa") == 0)
		return numa_main();
	char cap[16];
	snprintf(cap, sizeof cap, "%d", CAP_MB);
	setenv("STARPU_LIMIT_CUDA_MEM", cap, 1);
	t_begin("blas_memlimit");
	if (starpu_cuda_worker_get_count() == 0) {
		printf("blas_memlimit: no CUDA worker: the memory cap is tested on a NUMA node instead\n");
		paralia_shutdown();
		return run_numa_child();
	}
	paralia_set_tile_size(0);
	unsigned seed = 31;
	for (int p = 0; p < t_placement_count() && p < 2; p++)
		one(3072, t_placement(p), &seed);
	return t_end();
}
