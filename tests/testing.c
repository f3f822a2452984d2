/* SPDX-License-Identifier: LGPL-2.1-or-later */
#include "config.h"
#include "tests/testing.h"
#include <starpu.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#ifdef PARALIA_USE_CUDA
#include <cuda_runtime.h>
#endif

int t_failures, t_checks;
static const char *test_name;
static int verbose;
/* Tests may check from several threads (tests/threads.c): counts and lines stay whole. */
static pthread_mutex_t check_lock = PTHREAD_MUTEX_INITIALIZER;

void t_begin(const char *name)
{
	t_set_name(name);
	int ret = paralia_init();
	if (ret) {
		fprintf(stderr, "%s: paralia_init failed: %s\n", name, paralia_strerror(ret));
		exit(77);
	}
	printf("%s: %u CPU workers, %u CUDA workers\n", name, starpu_cpu_worker_get_count(),
	       starpu_cuda_worker_get_count());
}

void t_set_name(const char *name)
{
	test_name = name;
	verbose = getenv("PARALIA_TEST_VERBOSE") != NULL;
}

int t_summary(void)
{
	printf("%s: %d passed, %d failed\n", test_name, t_checks - t_failures, t_failures);
	return t_failures ? 1 : 0;
}

int t_end(void)
{
	paralia_shutdown();
	return t_summary();
}

int t_capture_stderr(int (*f)(void *), void *arg, char *out, size_t len)
{
	char path[] = "/tmp/paralia_test_stderr.XXXXXX";
	int fd = mkstemp(path);
	out[0] = '\0';
	if (fd < 0)
		return f(arg);
	unlink(path);
	fflush(stderr);
	int saved = dup(2);
	dup2(fd, 2);
	int ret = f(arg);
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	ssize_t n = pread(fd, out, len - 1, 0);
	out[n > 0 ? n : 0] = '\0';
	close(fd);
	return ret;
}

int t_lines(const char *s)
{
	int n = 0;
	for (; *s; s++)
		n += *s == '\n';
	return n;
}

void t_check(int ok, const char *fmt, ...)
{
	pthread_mutex_lock(&check_lock);
	t_checks++;
	if (!ok)
		t_failures++;
	if (ok && !verbose) {
		pthread_mutex_unlock(&check_lock);
		return;
	}
	va_list ap;
	va_start(ap, fmt);
	printf("%s: %s ", test_name, ok ? "ok  " : "FAIL");
	vprintf(fmt, ap);
	printf("\n");
	va_end(ap);
	pthread_mutex_unlock(&check_lock);
}

/* CUDA device numbers of the GPUs StarPU drives, one per CUDA memory node (not per CUDA worker:
 * STARPU_NWORKER_PER_CUDA > 1 gives a GPU several workers; STARPU_WORKERS_CUDAID may skip some). */
static int t_gpus(int *dev, int max)
{
	int g = 0;
	for (unsigned node = 0; node < starpu_memory_nodes_get_count() && g < max; node++)
		if (starpu_node_get_kind(node) == STARPU_CUDA_RAM)
			dev[g++] = starpu_memory_node_get_devid(node);
	return g;
}

int t_worker_off_main_memory(void)
{
	for (int i = 0; i < (int)starpu_worker_get_count(); i++)
		if (starpu_worker_get_memory_node((unsigned)i) != STARPU_MAIN_RAM)
			return i;
	printf("%s: skipped: every worker uses main memory (no GPU, no NUMA node)\n", test_name);
	paralia_shutdown();
	exit(77);
}

int t_placement_count(void)
{
	int dev[STARPU_MAXNODES], g = t_gpus(dev, STARPU_MAXNODES);
	return 1 + (g > 2 ? 2 : g);
}

int t_placement(int i)
{
	if (i == 0)
		return PARALIA_HOST;
	int dev[STARPU_MAXNODES], g = t_gpus(dev, STARPU_MAXNODES);
	return i == 1 ? dev[0] : dev[g - 1]; /* the first and the last GPU */
}

const char *t_placement_name(int where)
{
	static const char *names[] = { "gpu0", "gpu1", "gpu2", "gpu3", "gpu4", "gpu5", "gpu6", "gpu7" };
	return where == PARALIA_HOST ? "host" : (where < 8 ? names[where] : "gpu");
}

void *t_place(const void *host, int m, int n, int ld, size_t elem, int where)
{
	if (where == PARALIA_HOST)
		return (void *)host;
#ifdef PARALIA_USE_CUDA
	void *d = NULL;
	if (cudaSetDevice(where) != cudaSuccess) {
		fprintf(stderr, "t_place: cudaSetDevice(%d) failed\n", where);
		exit(99);
	}
	size_t bytes = (size_t)ld * (n > 0 ? n : 1) * elem;
	if (cudaMalloc(&d, bytes) != cudaSuccess) {
		fprintf(stderr, "t_place: cudaMalloc of %zu bytes on GPU %d failed\n", bytes, where);
		exit(99);
	}
	/* Copy the whole ld x n block, so padding rows travel too and can be checked untouched. */
	cudaMemcpy(d, host, bytes, cudaMemcpyHostToDevice);
	return d;
#else
	(void)m; (void)n; (void)ld; (void)elem;
	fprintf(stderr, "t_place: no CUDA in this build\n");
	exit(99);
#endif
}

void t_fetch(void *host, const void *placed, int m, int n, int ld, size_t elem, int where)
{
	(void)m;
	if (where == PARALIA_HOST)
		return;
#ifdef PARALIA_USE_CUDA
	cudaSetDevice(where);
	cudaMemcpy(host, placed, (size_t)ld * (n > 0 ? n : 1) * elem, cudaMemcpyDeviceToHost);
#else
	(void)host; (void)placed; (void)n; (void)ld; (void)elem;
#endif
}

void t_release(void *placed, int where)
{
	if (where == PARALIA_HOST)
		return;
#ifdef PARALIA_USE_CUDA
	cudaSetDevice(where);
	cudaFree(placed);
#else
	(void)placed;
#endif
}
