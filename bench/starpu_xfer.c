/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * How fast StarPU moves tiles between the host and a GPU, through its own request machinery
 * (prefetch and fetch requests, the CUDA driver's progress loop, write-backs), against the raw
 * copies of bench/copy2d: the autotuner's transfer model needs the rate StarPU achieves, not the
 * link's (issue 14).
 *
 *   starpu_xfer T [LD] [NCOLS]     (defaults: LD 32768, NCOLS 8192: a pinned LD x NCOLS matrix of
 *                                   doubles cut into T x T tiles)
 *
 * Phases, each timed, GB/s printed:
 *   prefetch   starpu_data_prefetch_on_node of every tile to the GPU, then waiting for all
 *   refetch    the same after the host took the tiles back (allocation cache warm)
 *   fetch      starpu_data_fetch_on_node (async, fetch class), after the host took them back
 *   touch      a no-op CUDA task (lascal beta 1) per tile makes the GPU copy the only valid one
 *   writeback  starpu_data_acquire_on_node_cb on the host for every tile, waiting for all
 *   duplex     half the tiles owned by the GPU (touched), half by the host: at once, the host half
 *              prefetched to the GPU and the GPU half written back with acquire_cb (both
 *              directions busy; GB/s counts both)
 *   duplex+k   the same while a no-op CUDA task per tile keeps the GPU worker's pipeline busy
 *   unreg      the same touch, then starpu_data_unregister of every tile, one after the other
 */
#include <paralia.h>
#include <starpu.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int gpu_node = -1, gpu_worker = -1;
static volatile int pending;

static void done_cb(void *arg)
{
	starpu_data_release_on_node((starpu_data_handle_t)arg, STARPU_MAIN_RAM);
	__atomic_sub_fetch(&pending, 1, __ATOMIC_RELEASE);
}

static void host_takes_back(starpu_data_handle_t *h, int n)
{
	for (int i = 0; i < n; i++) {
		starpu_data_acquire_on_node(h[i], STARPU_MAIN_RAM, STARPU_RW);
		starpu_data_release_on_node(h[i], STARPU_MAIN_RAM);
	}
}

static void wait_on_gpu(starpu_data_handle_t *h, int n)
{
	for (int i = 0; i < n; i++) {
		starpu_data_acquire_on_node(h[i], gpu_node, STARPU_R);
		starpu_data_release_on_node(h[i], gpu_node);
	}
}

static void touch(starpu_data_handle_t *h, int n)
{
	struct paralia_task_opts o = { 0, gpu_worker };
	for (int i = 0; i < n; i++)
		paralia_task_dlascal('G', 1.0, h[i], &o);
	starpu_task_wait_for_all();
}

static void report(const char *what, double t0, double bytes)
{
	double s = (starpu_timing_now() - t0) * 1e-6;
	printf("%-10s %8.1f ms %7.1f GB/s\n", what, s * 1e3, bytes / s * 1e-9);
	fflush(stdout);
}

int main(int argc, char **argv)
{
	int T = argc > 1 ? atoi(argv[1]) : 2048;
	long ld = argc > 2 ? atol(argv[2]) : 32768, ncols = argc > 3 ? atol(argv[3]) : 8192;
	if (T <= 0 || ld % T || ncols % T) {
		fprintf(stderr, "starpu_xfer: T must divide LD and NCOLS\n");
		return 2;
	}
	if (paralia_init() != 0)
		return 77;
	for (unsigned w = 0; w < starpu_worker_get_count(); w++)
		if (starpu_worker_get_type((int)w) == STARPU_CUDA_WORKER) {
			gpu_worker = (int)w;
			gpu_node = (int)starpu_worker_get_memory_node(w);
			break;
		}
	if (gpu_node < 0) {
		fprintf(stderr, "starpu_xfer: no CUDA worker\n");
		paralia_shutdown();
		return 77;
	}
	double *A;
	size_t bytes = (size_t)ld * ncols * sizeof *A;
	starpu_malloc((void **)&A, bytes);
	memset(A, 0, bytes);
	int mt = (int)(ld / T), nt = (int)(ncols / T), n = mt * nt;
	starpu_data_handle_t *h = malloc(sizeof *h * n);
	for (int j = 0; j < nt; j++)
		for (int i = 0; i < mt; i++)
			starpu_matrix_data_register(&h[j * mt + i], STARPU_MAIN_RAM,
			                            (uintptr_t)(A + (size_t)i * T + (size_t)j * T * ld),
			                            (uint32_t)ld, (uint32_t)T, (uint32_t)T, sizeof *A);
	printf("starpu_xfer: T=%d, %d tiles of %.1f MB (%.2f GB), ld %ld\n", T, n,
	       (double)T * T * 8 / 1e6, (double)bytes / 1e9, ld);
	double t0 = starpu_timing_now();
	for (int i = 0; i < n; i++)
		starpu_data_prefetch_on_node(h[i], (unsigned)gpu_node, 1);
	wait_on_gpu(h, n);
	report("prefetch", t0, (double)bytes);

	host_takes_back(h, n);
	t0 = starpu_timing_now();
	for (int i = 0; i < n; i++)
		starpu_data_prefetch_on_node(h[i], (unsigned)gpu_node, 1);
	wait_on_gpu(h, n);
	report("refetch", t0, (double)bytes);

	host_takes_back(h, n);
	t0 = starpu_timing_now();
	for (int i = 0; i < n; i++)
		starpu_data_fetch_on_node(h[i], (unsigned)gpu_node, 1);
	wait_on_gpu(h, n);
	report("fetch", t0, (double)bytes);

	t0 = starpu_timing_now();
	touch(h, n);
	report("touch", t0, 0);

	t0 = starpu_timing_now();
	pending = n;
	for (int i = 0; i < n; i++)
		starpu_data_acquire_on_node_cb(h[i], STARPU_MAIN_RAM, STARPU_R, done_cb, h[i]);
	while (__atomic_load_n(&pending, __ATOMIC_ACQUIRE) > 0)
		starpu_sleep(0.00001);
	report("writeback", t0, (double)bytes);

	for (int pass = 0; pass < 2; pass++) {
		/* even tiles owned by the GPU, odd tiles by the host */
		for (int i = 0; i < n; i++)
			starpu_data_fetch_on_node(h[i], (unsigned)gpu_node, 1);
		wait_on_gpu(h, n);
		touch(h, n);
		for (int i = 1; i < n; i += 2) {
			starpu_data_acquire_on_node(h[i], STARPU_MAIN_RAM, STARPU_RW);
			starpu_data_release_on_node(h[i], STARPU_MAIN_RAM);
		}
		struct paralia_task_opts o = { 0, gpu_worker };
		/* pass 1: a GPU-only scratch matrix updated in place by a chain of kernels meanwhile */
		starpu_data_handle_t busy = NULL;
		if (pass == 1) {
			starpu_matrix_data_register(&busy, -1, 0, 4096, 4096, 4096, sizeof(double));
			paralia_task_dlascal('G', 0.0, busy, &o);
			starpu_task_wait_for_all();
		}
		t0 = starpu_timing_now();
		pending = (n + 1) / 2;
		for (int i = 0; i < n; i++) {
			for (int r = 0; pass == 1 && r < 8; r++)
				paralia_task_dlascal('G', 1.0, busy, &o);
			if (i & 1)
				starpu_data_prefetch_on_node(h[i], (unsigned)gpu_node, 1);
			else
				starpu_data_acquire_on_node_cb(h[i], STARPU_MAIN_RAM, STARPU_R, done_cb, h[i]);
		}
		while (__atomic_load_n(&pending, __ATOMIC_ACQUIRE) > 0)
			starpu_sleep(0.00001);
		for (int i = 1; i < n; i += 2) {
			starpu_data_acquire_on_node(h[i], gpu_node, STARPU_R);
			starpu_data_release_on_node(h[i], gpu_node);
		}
		report(pass ? "duplex+k" : "duplex", t0, (double)bytes);
		starpu_task_wait_for_all();
		if (busy)
			starpu_data_unregister(busy);
	}

	/* GPU copies valid again (fetch), then owned by the GPU, then unregistered one by one. */
	for (int i = 0; i < n; i++)
		starpu_data_fetch_on_node(h[i], (unsigned)gpu_node, 1);
	wait_on_gpu(h, n);
	touch(h, n);
	t0 = starpu_timing_now();
	for (int i = 0; i < n; i++)
		starpu_data_unregister(h[i]);
	report("unreg", t0, (double)bytes);
	starpu_free_noflag(A, bytes);
	free(h);
	paralia_shutdown();
	return 0;
}
