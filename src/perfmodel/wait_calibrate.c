/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The kernel table's "wait" lines: what a host tile's copy to a GPU takes through StarPU's
 * requests beyond the copy itself, per tile size. Step 3 of docs/AUTOTUNER.md prices the host
 * link busy from its first copy to its last at the xfer lines' rates; on one H200 the GPU's
 * timeline of FP32 4096^3 from the host in tiles of 1024 showed the link idle 20-45 us between
 * copies of 84 us (bench/results/gemm-h200-2026-11-26q.md), and the model 17-27% under the
 * measured time there whatever StarPU's knobs (2026-11-28n). The link's own latency is 5 us: the
 * rest is the time between one tile's copy and the next one's request reaching the copy engine,
 * which is what is measured here.
 *
 * Timed as gemm's tiles go: WAIT_TILES tiles of T x T floats cut from a pinned host matrix of 4T
 * rows (the xfer lines' default pitch), each registered as a handle, one task per tile pinned to
 * the GPU's worker (the policy requests their copies ahead, as gemm's), all submitted at once,
 * the handles unregistered after (as a call's). Each task multiplies its tile by a narrow B
 * (T x T/4, resident) into one of NC resident C tiles, through paralia's gemm codelet, so that
 * the worker launches kernels between copies as in a call while the copies stay the longer part
 * (a quarter of a square product). The same tasks doing nothing, and the same tiles copied
 * alone (one cudaMemcpy2DAsync each, back to back on one stream), are timed beside them. Rounds
 * alternate the three, after one untimed round of each; each reads as its median. The line keeps
 * the time per tile beside products and the copy's alone; the model's wait is their difference
 * (pm_xfer_load). To tasks that do nothing StarPU's requests added 2-6 us per tile on one H200
 * (bench/results/gemm-2026-11-28p.md): the request itself is not the wait.
 */
#include "config.h"
#include "perfmodel/plan.h"
#include "core/core.h"
#include <paralia_sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define WAIT_COMMENT "# wait tile-bytes us-through-StarPU us-copied-alone"
#define WAIT_COMMENT_2 "# matrix of 4T rows"

#ifdef PARALIA_USE_CUDA
#include <cuda_runtime.h>

#define WAIT_TILES 32
#define WAIT_ROUNDS 7
#define NC 4 /* C tiles the products write in turn, so that they do not wait for each other */
/* FP32 tiles of 1, 4 and 16 MB: the copies of the tile sizes where the wait shows (512-2048);
 * beyond, a copy takes milliseconds and a wait of tens of microseconds is lost in it */
static const int wait_T[] = { 512, 1024, 2048 };
#define NWAIT_T (int)(sizeof wait_T / sizeof wait_T[0])

static void take_nothing(void *buffers[], void *arg)
{
	(void)buffers;
	(void)arg;
}

static struct starpu_codelet take_tile = {
	.cuda_funcs = { take_nothing },
	.cuda_flags = { STARPU_CUDA_ASYNC },
	.nbuffers = 1,
	.modes = { STARPU_R },
	.name = "pl_wait_probe",
};

struct wait_bench {
	float *host;      /* 4T x (WAIT_TILES / 4) T, pinned, then the products' B and C tiles */
	size_t tiles_floats;
	char *dev;        /* WAIT_TILES tiles, packed */
	cudaStream_t s;
	cudaEvent_t a, b;
};

static int ok(cudaError_t e, const char *who, const char *what)
{
	if (e == cudaSuccess)
		return 1;
	fprintf(stderr, "paralia: %s: %s: %s\n", who, what, cudaGetErrorString(e));
	cudaGetLastError();
	return 0;
}

/* Tile i's first element: tile rows of 4 in the 4T-row host matrix. */
static float *tile_at(const struct wait_bench *B, int T, int i)
{
	size_t ld = 4 * (size_t)T;
	return B->host + (size_t)(i % 4) * T + (size_t)(i / 4) * T * ld;
}

/* us per tile to bring the tiles to worker w through StarPU; 0 on failure. With bc (a narrow B and
 * NC C tiles, T x T/4, resident on the GPU), each task multiplies its tile by B into one of the
 * C tiles, through paralia's gemm codelet as a call's products run; without, it does nothing. */
static double through_starpu(const struct wait_bench *B, int T, int w, starpu_data_handle_t *bc)
{
	starpu_data_handle_t h[WAIT_TILES];
	for (int i = 0; i < WAIT_TILES; i++)
		starpu_matrix_data_register(&h[i], STARPU_MAIN_RAM, (uintptr_t)tile_at(B, T, i), 4 * (uint32_t)T,
		                            (uint32_t)T, (uint32_t)T, sizeof(float));
	int ret = 0;
	struct paralia_task_opts o = { 0, w };
	double t0 = starpu_timing_now();
	for (int i = 0; i < WAIT_TILES && !ret; i++) {
		if (bc) {
			ret = paralia_task_sgemm('N', 'N', 1.0f, h[i], bc[0], 0.5f, bc[1 + i % NC], &o);
			continue;
		}
		struct starpu_task *t = starpu_task_create();
		t->cl = &take_tile;
		t->handles[0] = h[i];
		ret = paralia_task_pin(t, w);
		if (!ret)
			ret = starpu_task_submit(t);
		else
			starpu_task_destroy(t);
	}
	starpu_task_wait_for_all();
	double us = (starpu_timing_now() - t0) / WAIT_TILES;
	for (int i = 0; i < WAIT_TILES; i++)
		starpu_data_unregister(h[i]);
	return ret ? 0 : us;
}

/* us per tile to copy the same tiles alone, back to back on one stream; 0 on failure. */
static double alone(const struct wait_bench *B, int T, const char *who)
{
	size_t run = (size_t)T * sizeof(float), ld = 4 * run;
	int good = ok(cudaEventRecord(B->a, B->s), who, "time the copies");
	for (int i = 0; i < WAIT_TILES && good; i++)
		good = ok(cudaMemcpy2DAsync(B->dev + (size_t)i * run * T, run, tile_at(B, T, i), ld, run,
		                            (size_t)T, cudaMemcpyHostToDevice, B->s), who, "copy a tile");
	float ms = 0;
	good = good && ok(cudaEventRecord(B->b, B->s), who, "time the copies") &&
	       ok(cudaEventSynchronize(B->b), who, "wait for the copies") &&
	       ok(cudaEventElapsedTime(&ms, B->a, B->b), who, "time the copies");
	return good ? 1e3 * ms / WAIT_TILES : 0;
}

static int cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

static double median(double *v, int n)
{
	qsort(v, (size_t)n, sizeof *v, cmp);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* The times per tile at tile size T (us), the rounds alternating: through StarPU with products
 * (via), with tasks that do nothing (idle), copied alone (copy); 0 on failure. */
static int time_size(struct wait_bench *B, int T, int w, const char *who, double *via, double *idle,
                     double *copy)
{
	double v[WAIT_ROUNDS], d[WAIT_ROUNDS], c[WAIT_ROUNDS];
	starpu_data_handle_t bc[1 + NC];
	for (int i = 0; i < 1 + NC; i++) /* B and the C tiles: T x T/4, in the tiles' own buffer's end */
		starpu_matrix_data_register(&bc[i], STARPU_MAIN_RAM,
		                            (uintptr_t)(B->host + B->tiles_floats + (size_t)i * T * (T / 4)),
		                            (uint32_t)T, (uint32_t)T, (uint32_t)(T / 4), sizeof(float));
	int good = through_starpu(B, T, w, bc) > 0 && through_starpu(B, T, w, NULL) > 0 &&
	           alone(B, T, who) > 0; /* untimed: B and C to the GPU, the kernel's algorithm chosen */
	for (int r = 0; r < WAIT_ROUNDS && good; r++) {
		v[r] = through_starpu(B, T, w, bc);
		d[r] = through_starpu(B, T, w, NULL);
		c[r] = alone(B, T, who);
		good = v[r] > 0 && d[r] > 0 && c[r] > 0;
	}
	for (int i = 0; i < 1 + NC; i++)
		starpu_data_unregister(bc[i]);
	if (!good)
		return 0;
	*via = median(v, WAIT_ROUNDS);
	*idle = median(d, WAIT_ROUNDS);
	*copy = median(c, WAIT_ROUNDS);
	return 1;
}

int pm_calibrate_wait(FILE *f, const char *who, int worker)
{
	int Tmax = wait_T[NWAIT_T - 1], dev = starpu_worker_get_devid(worker), old = -1, lines = 0;
	size_t tiles = (size_t)Tmax * Tmax * WAIT_TILES, bytes = (tiles + (size_t)Tmax * (Tmax / 4) * (1 + NC)) * sizeof(float);
	struct wait_bench B;
	memset(&B, 0, sizeof B);
	cudaGetDevice(&old);
	if (starpu_malloc((void **)&B.host, bytes) != 0) {
		fprintf(stderr, "paralia: %s: no room for %zu MB of pinned host tiles: no wait lines\n", who,
		        bytes >> 20);
		return 0;
	}
	memset(B.host, 0, bytes);
	B.tiles_floats = tiles;
	int good = ok(cudaSetDevice(dev), who, "select the GPU") &&
	           ok(cudaMalloc((void **)&B.dev, tiles * sizeof(float)), who, "allocate the GPU's tiles") &&
	           ok(cudaStreamCreateWithFlags(&B.s, cudaStreamNonBlocking), who, "make a stream") &&
	           ok(cudaEventCreate(&B.a), who, "make an event") && ok(cudaEventCreate(&B.b), who, "make an event");
	if (good)
		fprintf(f, WAIT_COMMENT ": FP32 T x T tiles from a pinned host\n"
		        WAIT_COMMENT_2 " to the GPU's worker beside products, and alone: the model adds the difference\n");
	for (int i = 0; i < NWAIT_T && good; i++) {
		double via, idle, copy;
		if (!time_size(&B, wait_T[i], worker, who, &via, &idle, &copy))
			break;
		size_t tb = (size_t)wait_T[i] * wait_T[i] * sizeof(float);
		fprintf(stderr, "paralia: %s: FP32 tiles of %d (%zu KB) to the GPU: %.1f us each through "
		        "StarPU beside products, %.1f to tasks that do nothing, %.1f copied alone: a wait "
		        "of %.1f us (%.1f without products)\n", who, wait_T[i], tb >> 10, via, idle, copy,
		        via > copy ? via - copy : 0, idle > copy ? idle - copy : 0);
		fprintf(f, "wait %zu %.2f %.2f\n", tb, via, copy);
		lines++;
	}
	if (B.a)
		cudaEventDestroy(B.a);
	if (B.b)
		cudaEventDestroy(B.b);
	if (B.s)
		cudaStreamDestroy(B.s);
	if (B.dev)
		cudaFree(B.dev);
	starpu_free_noflag(B.host, bytes);
	if (old >= 0)
		cudaSetDevice(old);
	return lines;
}
#else
int pm_calibrate_wait(FILE *f, const char *who, int worker)
{
	(void)f;
	(void)who;
	(void)worker;
	return 0;
}
#endif

int paralia_calibrate_wait(const char *path)
{
	const char *who = "paralia_calibrate_wait";
	char def[512], tmp[600];
	int ret = pm_table_path(who, &path, def, sizeof def);
	if (ret)
		return ret;
	int w = starpu_worker_get_by_type(STARPU_CUDA_WORKER, 0);
	if (w < 0) {
		fprintf(stderr, "paralia: %s: no GPU worker to bring tiles to\n", who);
		return PARALIA_ERR_RUNTIME;
	}
	/* the table as it was, less older wait lines and their comment */
	FILE *out = pm_table_rewrite(who, path, "wait", WAIT_COMMENT, WAIT_COMMENT_2, tmp, sizeof tmp);
	if (!out)
		return PARALIA_ERR_RUNTIME;
	if (pm_calibrate_wait(out, who, w) == 0) {
		pm_table_discard(out, tmp);
		fprintf(stderr, "paralia: %s: no wait could be timed: %s unchanged\n", who, path);
		return PARALIA_ERR_RUNTIME;
	}
	return pm_table_commit(who, out, tmp, path);
}
