/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * GEMM benchmark: one system, a list of points, one CSV line per point on stdout.
 *
 *   gemm_bench SYSTEM POINT...
 *   SYSTEM  paralia   paralia_{s,d}gemm (autotuned; the policy is paralia unless STARPU_SCHED says)
 *           graph     a plain tiled GEMM task graph of paralia's codelets on StarPU's current
 *                     policy (STARPU_SCHED=dmdas for the baseline), best tile of BENCH_TILES
 *           cublasxt  cuBLASXt on every GPU, best block size of BENCH_BLOCKS
 *                     (size lists: commas or spaces between sizes; anything else exits 2)
 *           cublas    one cuBLAS call on the operands' own pointers, for placements that put A, B
 *                     and C on one GPU (000, 111...): the reference for GPU-resident calls
 *           paired    paralia, cublas and cublasxt in one process on the same one-GPU operands,
 *                     alternating call by call, the rounds taking the six orders in turn
 *                     (run_paired: the power cap's drift alike for all three); a line per
 *                     system, as each prints alone
 *   POINT   prec:m:n:k:place, e.g. d:16384:16384:16384:hhh; place gives where A, B and C live,
 *           'h' host (pinned) or a GPU number: 000 all on GPU 0, 01h, hh0, 012 ...
 *
 * Every system gets the same data (same generator and seed), in pinned host memory or on the GPU
 * the placement names. Each timed call runs from entry until C is back where it lives (the graph
 * unregisters its tiles, cuBLASXt synchronizes every GPU). BENCH_UNTIMED (default 4; at least 1 +
 * the candidates) untimed calls: a warm-up and more (cuBLASXt's and dmdas's one per candidate
 * block or tile, the best kept; paralia's direct path measuring its way on its first four, so
 * fewer than 4 mixes its trials into the timed calls), so every system's timed calls start as far
 * into a run of the GPU; C is checked on sampled entries against double-precision dot products on
 * the host after the warm-up and after the untimed calls; then BENCH_REPS (default 5) timed calls;
 * the line gives their median, min and max (BENCH_EACH=1 also prints each call's time, in order,
 * on stderr: whether a process's calls are alike). C = A B + beta C
 * with beta = BENCH_BETA (default 0.5; 0: C is not read). BENCH_HOST_PAGES=huge puts the host
 * matrices in transparent huge pages (2 MB aligned, madvise(MADV_HUGEPAGE)) pinned by
 * cudaHostRegister instead of cudaHostAlloc: whether the GPU's copies of tiles cut from them
 * (one short run per column) cross faster from huge pages (issue 14). A point whose
 * placement names a GPU this machine lacks is skipped with a "skip" line.
 * In a simulation build (StarPU on SimGrid, scripts/simulate.sh) the times are simulated: host
 * matrices are folded (StarPU's STARPU_MALLOC_SIMULATION_FOLDED: address space, no memory), GPU
 * ones are simulated GPU memory, nothing is filled or checked (no kernel runs), and the status
 * column says "simulated".
 * BENCH_SWEEP="0 2048 4096 ..." (paralia only) runs each tile of the list on a point's operands,
 * filled once, a line each prefixed "T=<tile>," (0: the autotuner's pick; run_sweep).
 * CSV: system,prec,m,n,k,place,config,median_ms,min_ms,max_ms,tflops,predicted_ms,check,status
 */
#include <paralia.h>
#include <starpu.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include "config.h"
#include "core/core.h" /* pl_memory_node_of: where a pointer lives, as StarPU numbers it */
#include "host_fill.h"
#ifdef PARALIA_USE_CUDA
#include <cuda_runtime.h>
#include <cublasXt.h>
#include <cublas_v2.h>
#endif

#define MAX_CANDIDATES 8
#define SAMPLES 32

struct point {
	char prec;             /* 's' or 'd' */
	int m, n, k;
	char place[4];         /* where A, B, C live: 'h' or a GPU digit */
};

struct operands {
	size_t es;                     /* element size */
	void *host[3];                 /* A, B, C in host memory: the inputs, and C's home if 'h' */
	int pinned[3];                 /* host[i] from cudaHostAlloc (1), huge pages registered (2),
	                                  else malloc (no GPU here) */
	void *at[3];                   /* where each lives for the call (host[i] or a GPU copy) */
	int dev[3];                    /* PARALIA_HOST or the GPU */
	int si[SAMPLES], sj[SAMPLES];  /* sampled entries of C */
	double c0[SAMPLES];            /* their values before the warm-up call */
	size_t count[3];               /* elements of A, B, C (simulation builds free with it) */
};

#ifdef PARALIA_SIMULATION
/* Pinned as on the GPU machine (StarPU simulates the pinning), folded: no real memory. */
#define SIM_HOST_FLAGS (STARPU_MALLOC_PINNED | STARPU_MALLOC_SIMULATION_FOLDED)
#endif

/* GPUs the placements may name (in a simulation build: StarPU's simulated ones, once started). */
static int gpu_count(void)
{
	int n = 0;
#if defined(PARALIA_SIMULATION)
	n = (int)starpu_cuda_worker_get_count();
#elif defined(PARALIA_USE_CUDA)
	if (cudaGetDeviceCount(&n) != cudaSuccess) {
		cudaGetLastError();
		n = 0;
	}
#endif
	return n;
}

static int parse_point(const char *s, struct point *p)
{
	char place[8];
	if (sscanf(s, "%c:%d:%d:%d:%7s", &p->prec, &p->m, &p->n, &p->k, place) != 5
	    || (p->prec != 's' && p->prec != 'd') || p->m <= 0 || p->n <= 0 || p->k <= 0
	    || strlen(place) != 3)
		return -1;
	for (int i = 0; i < 3; i++)
		if (place[i] != 'h' && (place[i] < '0' || place[i] > '9'))
			return -1;
	memcpy(p->place, place, 4);
	return 0;
}

#ifdef PARALIA_SIMULATION
/* Simulated matrices: folded host memory, simulated GPU memory; never filled nor read. */
static void operands_free(struct operands *o)
{
	for (int i = 0; i < 3; i++) {
		if (o->at[i] && o->dev[i] != PARALIA_HOST)
			pl_sim_gpu_free(o->at[i]);
		if (o->host[i])
			starpu_free_flags(o->host[i], o->count[i] * o->es, SIM_HOST_FLAGS);
	}
	memset(o, 0, sizeof *o);
}

static int operands_init(struct operands *o, const struct point *p)
{
	memset(o, 0, sizeof *o);
	o->es = p->prec == 's' ? sizeof(float) : sizeof(double);
	size_t count[3] = { (size_t)p->m * p->k, (size_t)p->k * p->n, (size_t)p->m * p->n };
	for (int i = 0; i < 3; i++) {
		o->count[i] = count[i];
		o->dev[i] = p->place[i] == 'h' ? PARALIA_HOST : p->place[i] - '0';
		if (starpu_malloc_flags(&o->host[i], count[i] * o->es, SIM_HOST_FLAGS) != 0)
			o->host[i] = NULL;
		o->at[i] = o->dev[i] == PARALIA_HOST ? o->host[i] : pl_sim_gpu_alloc(o->dev[i], count[i] * o->es);
		if (!o->host[i] || !o->at[i]) {
			operands_free(o);
			return -1;
		}
	}
	return 0;
}
#else
static double get(const void *a, size_t i, int single)
{
	return single ? ((const float *)a)[i] : ((const double *)a)[i];
}

#ifdef PARALIA_USE_CUDA
/* BENCH_HOST_PAGES: "huge" or unset ("" and "normal" too); anything else exits 2. */
static int huge_pages(void)
{
	const char *v = getenv("BENCH_HOST_PAGES");
	if (!v || !*v || !strcmp(v, "normal"))
		return 0;
	if (!strcmp(v, "huge"))
		return 1;
	fprintf(stderr, "gemm_bench: BENCH_HOST_PAGES=%s is not huge or normal\n", v);
	exit(2);
}

/* bytes in 2 MB aligned memory the kernel is asked to back with huge pages, touched here */
static void *huge_alloc(size_t bytes)
{
	const size_t huge = (size_t)2 << 20;
	void *p = NULL;
	if (posix_memalign(&p, huge, (bytes + huge - 1) / huge * huge) != 0)
		return NULL;
	if (madvise(p, (bytes + huge - 1) / huge * huge, MADV_HUGEPAGE) != 0)
		fprintf(stderr, "gemm_bench: madvise(MADV_HUGEPAGE) failed: small pages\n");
	return p;
}
#endif

static void operands_free(struct operands *o)
{
	for (int i = 0; i < 3; i++) {
#ifdef PARALIA_USE_CUDA
		if (o->at[i] && o->dev[i] != PARALIA_HOST)
			cudaFree(o->at[i]);
		if (o->pinned[i] == 1)
			cudaFreeHost(o->host[i]);
		else if (o->pinned[i] == 2)
			cudaHostUnregister(o->host[i]);
		if (o->pinned[i] != 1)
#endif
			free(o->host[i]);
	}
	memset(o, 0, sizeof *o);
}

static int operands_init(struct operands *o, const struct point *p)
{
	memset(o, 0, sizeof *o);
	int single = p->prec == 's';
	o->es = single ? sizeof(float) : sizeof(double);
	size_t count[3] = { (size_t)p->m * p->k, (size_t)p->k * p->n, (size_t)p->m * p->n };
	for (int i = 0; i < 3; i++) {
		size_t bytes = count[i] * o->es;
#ifdef PARALIA_USE_CUDA
		/* Portable: pinned for every GPU, so every system moves it at full link speed. */
		if (huge_pages()) {
			o->host[i] = huge_alloc(bytes);
			if (o->host[i] && cudaHostRegister(o->host[i], bytes, cudaHostRegisterPortable) == cudaSuccess) {
				o->pinned[i] = 2;
			} else {
				cudaGetLastError();
				free(o->host[i]);
				o->host[i] = NULL;
				fprintf(stderr, "gemm_bench: BENCH_HOST_PAGES=huge: cannot pin %zu bytes\n", bytes);
				goto fail;
			}
		} else if (cudaHostAlloc(&o->host[i], bytes, cudaHostAllocPortable) == cudaSuccess) {
			o->pinned[i] = 1;
		} else {
			cudaGetLastError();
			o->host[i] = NULL;
		}
#endif
		if (!o->host[i])
			o->host[i] = malloc(bytes);
		if (!o->host[i])
			goto fail;
		host_fill_range(o->host[i], 0, count[i], single, 1u + (unsigned)i);
		o->dev[i] = p->place[i] == 'h' ? PARALIA_HOST : p->place[i] - '0';
		o->at[i] = o->host[i];
#ifdef PARALIA_USE_CUDA
		if (o->dev[i] != PARALIA_HOST) {
			o->at[i] = NULL;
			if (cudaSetDevice(o->dev[i]) != cudaSuccess || cudaMalloc(&o->at[i], bytes) != cudaSuccess
			    || cudaMemcpy(o->at[i], o->host[i], bytes, cudaMemcpyHostToDevice) != cudaSuccess) {
				cudaGetLastError();
				goto fail;
			}
		}
#endif
	}
	unsigned s = 12345;
	for (int t = 0; t < SAMPLES; t++) {
		s = s * 1103515245u + 12345u; o->si[t] = (int)(s % (unsigned)p->m);
		s = s * 1103515245u + 12345u; o->sj[t] = (int)(s % (unsigned)p->n);
		o->c0[t] = get(o->host[2], o->si[t] + (size_t)o->sj[t] * p->m, single);
	}
	return 0;
fail:
	operands_free(o);
	return -1;
}

/* Worst sampled error of C after `calls` calls of C = A B + beta C, that is beta^calls C0 +
 * (1 + beta + .. + beta^(calls-1)) A B, in units of k eps sum |a b| (below 1 is expected). */
static double check(const struct operands *o, const struct point *p, double beta, int calls)
{
	double bc = 1, sum = 0; /* beta^calls, the sum of the lower powers */
	for (int i = 0; i < calls; i++)
		sum += bc, bc *= beta;
	int single = p->prec == 's';
	double eps = single ? 5.96e-8 : 1.11e-16, worst = 0;
	for (int t = 0; t < SAMPLES; t++) {
		size_t ic = o->si[t] + (size_t)o->sj[t] * p->m;
		double c = 0;
		if (o->dev[2] == PARALIA_HOST) {
			c = get(o->at[2], ic, single);
		} else {
#ifdef PARALIA_USE_CUDA
			float f; double d;
			cudaSetDevice(o->dev[2]);
			cudaMemcpy(single ? (void *)&f : (void *)&d, (char *)o->at[2] + ic * o->es, o->es,
			           cudaMemcpyDeviceToHost);
			c = single ? f : d;
#endif
		}
		double ref = bc * o->c0[t], scale = fabs(ref);
		for (int l = 0; l < p->k; l++) {
			double ab = sum * get(o->host[0], o->si[t] + (size_t)l * p->m, single)
			          * get(o->host[1], l + (size_t)o->sj[t] * p->k, single);
			ref += ab;
			scale += fabs(ab);
		}
		worst = fmax(worst, fabs(c - ref) / (scale * p->k * eps + 1e-300));
	}
	return worst;
}

#endif /* PARALIA_SIMULATION */

/* ---- the systems: each runs one call, C = A B + beta C, and returns 0 when it ran -------- */

static int call_paralia(const struct point *p, struct operands *o, double beta, int cfg)
{
	(void)cfg;
	if (p->prec == 's')
		return paralia_sgemm('N', 'N', p->m, p->n, p->k, 1.0f, o->at[0], p->m, o->at[1], p->k,
		                     (float)beta, o->at[2], p->m);
	return paralia_dgemm('N', 'N', p->m, p->n, p->k, 1.0, o->at[0], p->m, o->at[1], p->k, beta,
	                     o->at[2], p->m);
}

/* StarPU's way, as in its own examples/mult: every operand cut into nb x nb tiles registered on
 * its home node, one gemm task per (i, j, l) in submission order, the scheduler decides the rest. */
static int call_graph(const struct point *p, struct operands *o, double beta, int nb)
{
	int dims[3][2] = { { p->m, p->k }, { p->k, p->n }, { p->m, p->n } };
	int nt[3][2];
	starpu_data_handle_t *h[3];
	unsigned home[3];
	for (int x = 0; x < 3; x++)
		if (pl_memory_node_of(o->at[x], &home[x]) != 0)
			return PARALIA_ERR_PLACEMENT;
	for (int x = 0; x < 3; x++) {
		nt[x][0] = (dims[x][0] + nb - 1) / nb;
		nt[x][1] = (dims[x][1] + nb - 1) / nb;
		h[x] = malloc(sizeof **h * nt[x][0] * nt[x][1]);
		for (int j = 0; j < nt[x][1]; j++)
			for (int i = 0; i < nt[x][0]; i++) {
				int rows = i == nt[x][0] - 1 ? dims[x][0] - i * nb : nb;
				int cols = j == nt[x][1] - 1 ? dims[x][1] - j * nb : nb;
				char *ptr = (char *)o->at[x] + o->es * ((size_t)i * nb + (size_t)j * nb * dims[x][0]);
				starpu_matrix_data_register(&h[x][i + (size_t)j * nt[x][0]], home[x],
				                            (uintptr_t)ptr, (uint32_t)dims[x][0], (uint32_t)rows,
				                            (uint32_t)cols, o->es);
			}
	}
	int ret = 0;
	for (int j = 0; j < nt[2][1] && !ret; j++)
		for (int i = 0; i < nt[2][0] && !ret; i++)
			for (int l = 0; l < nt[0][1] && !ret; l++) {
				starpu_data_handle_t a = h[0][i + (size_t)l * nt[0][0]], b = h[1][l + (size_t)j * nt[1][0]],
				                     c = h[2][i + (size_t)j * nt[2][0]];
				double bt = l == 0 ? beta : 1.0;
				ret = p->prec == 's' ? paralia_task_sgemm('N', 'N', 1.0f, a, b, (float)bt, c, NULL)
				                     : paralia_task_dgemm('N', 'N', 1.0, a, b, bt, c, NULL);
			}
	for (int x = 0; x < 3; x++) {
		for (int t = 0; t < nt[x][0] * nt[x][1]; t++)
			starpu_data_unregister(h[x][t]);
		free(h[x]);
	}
	return ret;
}

#ifdef PARALIA_USE_CUDA
static cublasXtHandle_t xt;

static int call_cublasxt(const struct point *p, struct operands *o, double beta, int block)
{
	cublasXtSetBlockDim(xt, block);
	cublasStatus_t st;
	if (p->prec == 's') {
		float al = 1.0f, be = (float)beta;
		st = cublasXtSgemm(xt, CUBLAS_OP_N, CUBLAS_OP_N, p->m, p->n, p->k, &al, o->at[0], p->m,
		                   o->at[1], p->k, &be, o->at[2], p->m);
	} else {
		double al = 1.0;
		st = cublasXtDgemm(xt, CUBLAS_OP_N, CUBLAS_OP_N, p->m, p->n, p->k, &al, o->at[0], p->m,
		                   o->at[1], p->k, &beta, o->at[2], p->m);
	}
	for (int d = 0, n = gpu_count(); d < n; d++) {
		cudaSetDevice(d);
		cudaDeviceSynchronize();
	}
	return st == CUBLAS_STATUS_SUCCESS ? 0 : (int)st;
}

/* One handle per GPU, made on first use (a cuBLAS handle belongs to the device current then). */
static cublasHandle_t cub[16];

static int call_cublas(const struct point *p, struct operands *o, double beta, int cfg)
{
	(void)cfg;
	int d = o->dev[0];
	if (d == PARALIA_HOST || d != o->dev[1] || d != o->dev[2] || d >= 16)
		return -1; /* not one GPU: no single cuBLAS call applies */
	cudaSetDevice(d);
	if (!cub[d] && cublasCreate(&cub[d]) != CUBLAS_STATUS_SUCCESS)
		return -2;
	cublasStatus_t st;
	if (p->prec == 's') {
		float al = 1.0f, be = (float)beta;
		st = cublasSgemm(cub[d], CUBLAS_OP_N, CUBLAS_OP_N, p->m, p->n, p->k, &al, o->at[0], p->m,
		                 o->at[1], p->k, &be, o->at[2], p->m);
	} else {
		double al = 1.0;
		st = cublasDgemm(cub[d], CUBLAS_OP_N, CUBLAS_OP_N, p->m, p->n, p->k, &al, o->at[0], p->m,
		                 o->at[1], p->k, &beta, o->at[2], p->m);
	}
	cudaDeviceSynchronize();
	return st == CUBLAS_STATUS_SUCCESS ? 0 : (int)st;
}
#endif

/* Microseconds; cuBLASXt runs without StarPU, so not starpu_timing_now, except in a simulation
 * build, where only StarPU's clock (SimGrid's) tells the simulated time. */
static double now_us(void)
{
#ifdef PARALIA_SIMULATION
	return starpu_timing_now();
#endif
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e6 + ts.tv_nsec * 1e-3;
}

typedef int (*call_fn)(const struct point *, struct operands *, double, int);

/* The systems of "paired", in its lines' order. */
static const char *const paired_name[3] = { "paralia", "cublas", "cublasxt" };

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

/* The sizes in list s, read for variable var: 1 to maxn integers from lo to hi, commas or spaces
 * between them; -1 with one line naming var when s holds anything else (a list read in part would
 * time fewer sizes than asked for without a word: "4096 8192" once ran 4096 only). */
static int size_list(const char *var, const char *s, long lo, long hi, int maxn, int *out)
{
	char buf[256];
	if (snprintf(buf, sizeof buf, "%s", s) >= (int)sizeof buf) {
		fprintf(stderr, "gemm_bench: %s is longer than %zu characters\n", var, sizeof buf - 1);
		return -1;
	}
	int n = 0;
	for (char *tok = strtok(buf, ", \t"); tok; tok = strtok(NULL, ", \t")) {
		char *end;
		long v = strtol(tok, &end, 10);
		if (*end || v < lo || v > hi || n == maxn) {
			fprintf(stderr, "gemm_bench: %s=%s: expected up to %d sizes from %ld to %ld separated by "
			        "commas or spaces (\"%s\" is not one)\n", var, s, maxn, lo, hi, tok);
			return -1;
		}
		out[n++] = (int)v;
	}
	if (n == 0)
		fprintf(stderr, "gemm_bench: %s=%s: no size\n", var, s);
	return n > 0 ? n : -1;
}

/* The sizes a system tries, from var or dflt (size_list: 1 to MAX_CANDIDATES positive ones). */
static int candidates(const char *var, const char *dflt, int *out)
{
	const char *s = getenv(var);
	return size_list(var, s && *s ? s : dflt, 1, INT_MAX, MAX_CANDIDATES, out);
}

/* Whether a point's A, B and C all live on one GPU (gemm's direct path; cuBLAS's reference). */
static int one_gpu(const struct point *p)
{
	return p->place[0] != 'h' && p->place[0] == p->place[1] && p->place[0] == p->place[2];
}

/* BENCH_BETA (default 0.5): with 0, C is not read (paralia and cuBLAS skip it). */
static double bench_beta(void)
{
	const char *v = getenv("BENCH_BETA");
	char *end;
	double b = v ? strtod(v, &end) : 0.5;
	if (v && (end == v || *end || !isfinite(b))) {
		fprintf(stderr, "gemm_bench: BENCH_BETA=%s is not a number: using 0.5\n", v);
		b = 0.5;
	}
	return b;
}

/* BENCH_UNTIMED: calls before the timed ones (default 4, at least 1: the checked warm-up). */
static int bench_untimed(void)
{
	const char *v = getenv("BENCH_UNTIMED");
	int n = v && *v ? atoi(v) : 4;
	return n < 1 ? 1 : n > 64 ? 64 : n;
}

/* paralia's plan for the point, as the config column says it; its predicted time (NAN: none). */
static double paralia_config(const struct point *p, const struct operands *o, double beta,
                             char *config, size_t size)
{
	struct paralia_plan plan;
	if (paralia_plan_query('g', p->prec, p->m, p->n, p->k, o->at[0], o->at[1], o->at[2], beta, &plan))
		return NAN;
	char tall[32] = "", deep[32] = "";
	if (plan.tile_rows > plan.tile) /* tall tiles: C's and op(A)'s rows */
		snprintf(tall, sizeof tall, " rows %d", plan.tile_rows);
	if (plan.tile_depth > plan.tile && plan.tile_depth < p->k) /* products in deeper layers */
		snprintf(deep, sizeof deep, " layers %d", plan.tile_depth);
	else if (plan.tile_depth > plan.tile) /* deep products: over the whole k */
		snprintf(deep, sizeof deep, " depth %d", plan.tile_depth);
	snprintf(config, size, "tile %d on %d dev%s%s%s", plan.tile, plan.ndevices,
	         plan.wr_lazy ? " wr-lazy" : "", tall, deep);
	return plan.predicted_ms;
}

static int median_line(const char *system, const struct point *p, const char *config, double *t,
                       int r, double predicted, double err);

/* One system's calls on operands o (C after *calls calls so far, counted on): the warm-up,
 * checked, the untimed calls and the timed ones, then its line, prefixed by label. Whether it
 * failed (1) or not. */
static int run_cell(const char *label, const char *system, call_fn call, const int *cand, int ncand,
                    const struct point *p, int reps, struct operands *o, int *calls)
{
	const double beta = bench_beta();
	double predicted = NAN;
	char config[64] = "";
	if (call == call_paralia)
		predicted = paralia_config(p, o, beta, config, sizeof config);
	/* Warm-up (first candidate), checked; then the best candidate from one call each. */
	int ret = call(p, o, beta, cand[0]);
#ifdef PARALIA_SIMULATION
	double err = NAN; /* no kernel ran: nothing to check */
#else
	double err = ret ? NAN : check(o, p, beta, ++*calls);
#endif
	/* Every system makes BENCH_UNTIMED calls before its timed ones, the warm-up and its choosing
	 * included (cuBLASXt's block and dmdas's tile: one call per candidate; paralia's direct path
	 * times each way twice on a shape's first four calls, src/blas/direct_way.c): a GPU under its
	 * power cap runs a call slower or faster by how long it has computed (one H100, FP64: a dip
	 * to 44-48 TFLOP/s 0.8-1.1 s into a run, gemm-cap-2026-11-26l.md), so the timed calls of
	 * every system start as far into the run (with more candidates than that, one call each). C is
	 * checked again after them: paralia's second call is its direct path's first in blocks. */
	int extra = bench_untimed() - 1 - (ncand > 1 ? ncand : 0);
	for (int i = 0; i < extra && !ret; i++, ++*calls)
		ret = call(p, o, beta, cand[0]);
#ifndef PARALIA_SIMULATION
	if (!ret && extra > 0)
		err = fmax(err, check(o, p, beta, *calls));
#endif
	int best = cand[0];
	if (!ret && ncand > 1) {
		double best_t = INFINITY;
		for (int c = 0; c < ncand && !ret; c++, ++*calls) {
			double t0 = now_us();
			ret = call(p, o, beta, cand[c]);
			double t = now_us() - t0;
			if (t < best_t) { best_t = t; best = cand[c]; }
		}
	}
	if (call != call_paralia)
		snprintf(config, sizeof config, "%s %d", call == call_graph ? "tile" : "block", best);
	double t[64];
	int r = 0, each = getenv("BENCH_EACH") && *getenv("BENCH_EACH") == '1';
	for (; r < reps && !ret; r++, ++*calls) {
		double t0 = now_us();
		ret = call(p, o, beta, best);
		t[r] = (now_us() - t0) * 1e-3;
		if (each)
			fprintf(stderr, "# %s%s %c:%d:%d:%d:%s call %d: %.2f ms\n", label, system, p->prec,
			        p->m, p->n, p->k, p->place, r + 1, t[r]);
	}
	if (ret) {
		printf("%s%s,%c,%d,%d,%d,%s,%s,,,,,,%.3g,failed (%d)\n", label, system, p->prec, p->m, p->n,
		       p->k, p->place, config, err, ret);
		fflush(stdout);
		return 1;
	}
	printf("%s", label);
	return median_line(system, p, config, t, r, predicted, err) ? 0 : 1;
}

static int run_point(const char *system, call_fn call, const int *cand, int ncand,
                     const struct point *p, int reps)
{
	struct operands o;
	if (operands_init(&o, p) != 0) {
		printf("%s,%c,%d,%d,%d,%s,,,,,,,,no memory\n", system, p->prec, p->m, p->n, p->k, p->place);
		return 1;
	}
	int calls = 0, bad = run_cell("", system, call, cand, ncand, p, reps, &o, &calls);
	operands_free(&o);
	return bad;
}

/* BENCH_SWEEP (gemm_bench paralia): each tile of the list (0: the autotuner's pick) on one point's
 * operands, allocated and filled once, a line each prefixed "T=<tile>," as bench/tile_sweep.sh
 * prefixes its cells. Fixed tiles are square (PARALIA_TALL, PARALIA_DEEP and PARALIA_DEPTH none),
 * the pick the model's (all "model"), as tile_sweep.sh sets them. A cell runs as run_point runs it, after the
 * cells before it on the same operands (C is checked after all their calls). A one-GPU point is
 * skipped: gemm's direct path keeps its trials per shape (src/blas/direct_way.c), so its cells
 * would share them; bench/tile_sweep.sh runs those one tile per process. */
static int run_sweep(const int *tiles, int ntiles, const struct point *p, int reps)
{
	if (one_gpu(p)) {
		printf("T=,paralia,%c,%d,%d,%d,%s,,,,,,,,skip (one GPU: sweep it one tile per process)\n",
		       p->prec, p->m, p->n, p->k, p->place);
		return 0;
	}
	struct operands o;
	if (operands_init(&o, p) != 0) {
		printf("T=,paralia,%c,%d,%d,%d,%s,,,,,,,,no memory\n", p->prec, p->m, p->n, p->k, p->place);
		return 1;
	}
	int calls = 0, bad = 0, cfg = 0; /* (call_paralia takes no candidate) */
	for (int i = 0; i < ntiles; i++) {
		char label[32];
		snprintf(label, sizeof label, "T=%d,", tiles[i]);
		const char *way = tiles[i] == 0 ? "model" : "none";
		if (paralia_set_tile_size(tiles[i]) != 0 || setenv("PARALIA_TALL", way, 1) != 0
		    || setenv("PARALIA_DEEP", way, 1) != 0 || setenv("PARALIA_DEPTH", way, 1) != 0) {
			bad++;
			continue;
		}
		bad += run_cell(label, "paralia", call_paralia, &cfg, 1, p, reps, &o, &calls);
	}
	operands_free(&o);
	return bad;
}

/* The tiles of BENCH_SWEEP: 1 to MAX_SWEEP sizes from 0 (the pick) to PARALIA_TILE_MAX
 * (size_list); 0 (not set) or -1 (anything else). */
#define MAX_SWEEP 16
static int sweep_tiles(int *out)
{
	const char *s = getenv("BENCH_SWEEP");
	return s ? size_list("BENCH_SWEEP", s, 0, PARALIA_TILE_MAX, MAX_SWEEP, out) : 0;
}

/* The point's CSV line from its r timed calls t (sorted here); whether its check passed. */
static int median_line(const char *system, const struct point *p, const char *config, double *t,
                       int r, double predicted, double err)
{
	qsort(t, (size_t)r, sizeof *t, cmp_double);
	double med = r % 2 ? t[r / 2] : 0.5 * (t[r / 2 - 1] + t[r / 2]);
	double flops = 2.0 * p->m * (double)p->n * p->k;
#ifdef PARALIA_SIMULATION
	int ok = 1;
	const char *verdict = "simulated";
#else
	int ok = err < 1.0;
	const char *verdict = ok ? "ok" : "WRONG";
#endif
	printf("%s,%c,%d,%d,%d,%s,%s,%.2f,%.2f,%.2f,%.2f,%.2f,%.3g,%s\n", system, p->prec, p->m, p->n,
	       p->k, p->place, config, med, t[0], t[r - 1], flops / (med * 1e-3) * 1e-12, predicted, err,
	       verdict);
	fflush(stdout);
	return ok;
}

#if defined(PARALIA_USE_CUDA) && !defined(PARALIA_SIMULATION)
/* "paired": paralia, one cuBLAS call and cuBLASXt (its best block of BENCH_BLOCKS) on the same
 * operands on one GPU, in one process, alternating call by call. Under FP64's power cap one
 * process's calls drift by up to 20% with how long the GPU has computed (one H200: every
 * system's calls at 27000x9500x14500 spread over 139-173 ms, gemm-2026-11-27y), more than the
 * systems differ by where they make the same cuBLAS call; alternating, each system's calls meet
 * the same drift. The rounds take the six orders of the three in turn, so that with BENCH_REPS
 * a multiple of 6 each system runs at each place of a round twice and, within the rounds, right
 * after each other one twice (in one order, or one order rotated, the same call's medians came
 * 3-6% apart, the same way in both rounds: 2026-11-27z calls 3 and 4). Checked as run_point's
 * calls are (C after all the calls so far, whoever made them: each system's first call is
 * checked on its own); cuBLASXt chooses its block by one untimed call per candidate, then every
 * system makes BENCH_UNTIMED - 1 more untimed calls. Three lines, one per system, as the systems
 * would print them alone. */
static int run_paired(const int *cand, int ncand, const struct point *p, int reps)
{
	const char *const *name = paired_name;
	const call_fn call[3] = { call_paralia, call_cublas, call_cublasxt };
	const double beta = bench_beta();
	struct operands o;
	if (operands_init(&o, p) != 0) {
		for (int s = 0; s < 3; s++)
			printf("%s,%c,%d,%d,%d,%s,,,,,,,,no memory\n", name[s], p->prec, p->m, p->n, p->k, p->place);
		return 3;
	}
	char config[3][64] = { "", "block 0", "" };
	double predicted[3] = { NAN, NAN, NAN }, err[3] = { NAN, NAN, NAN };
	predicted[0] = paralia_config(p, &o, beta, config[0], sizeof config[0]);
	int ret = 0, calls = 0, best = cand[0];
	for (int s = 0; s < 3 && !ret; s++) { /* each one's warm-up, checked */
		ret = call[s](p, &o, beta, cand[0]);
		err[s] = ret ? NAN : check(&o, p, beta, ++calls);
	}
	double best_t = INFINITY;
	for (int c = 0; c < ncand && ncand > 1 && !ret; c++, calls++) {
		double t0 = now_us();
		ret = call[2](p, &o, beta, cand[c]);
		double t = now_us() - t0;
		if (t < best_t) { best_t = t; best = cand[c]; }
	}
	snprintf(config[2], sizeof config[2], "block %d", best);
	static const int order[6][3] = { { 0, 1, 2 }, { 1, 2, 0 }, { 2, 0, 1 },
	                                 { 0, 2, 1 }, { 2, 1, 0 }, { 1, 0, 2 } };
	for (int i = 1; i < bench_untimed() && !ret; i++)
		for (int j = 0; j < 3 && !ret; j++, calls++)
			ret = call[order[i % 6][j]](p, &o, beta, best);
	double t[3][64];
	int r = 0, each = getenv("BENCH_EACH") && *getenv("BENCH_EACH") == '1';
	for (; r < reps && !ret; r++)
		for (int j = 0; j < 3 && !ret; j++, calls++) {
			int s = order[r % 6][j];
			double t0 = now_us();
			ret = call[s](p, &o, beta, best);
			t[s][r] = (now_us() - t0) * 1e-3;
			if (each)
				fprintf(stderr, "# %s %c:%d:%d:%d:%s call %d: %.2f ms\n", name[s], p->prec, p->m,
				        p->n, p->k, p->place, r + 1, t[s][r]);
		}
	if (ret) { /* every system's line: the three share the point's C */
		for (int s = 0; s < 3; s++)
			printf("%s,%c,%d,%d,%d,%s,%s,,,,,,%.3g,failed (%d)\n", name[s], p->prec, p->m, p->n,
			       p->k, p->place, config[s], err[s], ret);
		operands_free(&o);
		return 3;
	}
	double last = check(&o, p, beta, calls); /* whoever made the last calls: every line's */
	int bad = 0;
	for (int s = 0; s < 3; s++)
		bad += !median_line(name[s], p, config[s], t[s], r, predicted[s], fmax(err[s], last));
	operands_free(&o);
	return bad;
}
#endif

int main(int argc, char **argv)
{
	if (argc < 3) {
		fprintf(stderr, "usage: %s paralia|graph|cublasxt|cublas|paired prec:m:n:k:place...\n", argv[0]);
		return 2;
	}
	const char *system = argv[1];
	int reps = getenv("BENCH_REPS") ? atoi(getenv("BENCH_REPS")) : 5;
	if (reps < 1 || reps > 64)
		reps = 5;
	int cand[MAX_CANDIDATES] = { 0 }, ncand = 1, sweep[MAX_SWEEP], nsweep = 0;
	call_fn call;
	if (strcmp(system, "paralia") == 0) {
		call = call_paralia;
		nsweep = sweep_tiles(sweep);
		if (nsweep < 0)
			return 2;
	} else if (strcmp(system, "graph") == 0) {
		call = call_graph;
		ncand = candidates("BENCH_TILES", "2048,4096", cand);
		if (ncand < 0)
			return 2;
	} else if (strcmp(system, "cublasxt") == 0) {
#ifdef PARALIA_USE_CUDA
		call = call_cublasxt;
		ncand = candidates("BENCH_BLOCKS", "2048,4096,8192", cand);
		if (ncand < 0)
			return 2;
#else
		fprintf(stderr, "gemm_bench: built without CUDA, no cuBLASXt\n");
		return 2;
#endif
	} else if (strcmp(system, "cublas") == 0) {
#ifdef PARALIA_USE_CUDA
		call = call_cublas;
#else
		fprintf(stderr, "gemm_bench: built without CUDA, no cuBLAS\n");
		return 2;
#endif
	} else if (strcmp(system, "paired") == 0) {
#if defined(PARALIA_USE_CUDA) && !defined(PARALIA_SIMULATION)
		call = NULL; /* run_paired: all three */
		ncand = candidates("BENCH_BLOCKS", "2048,4096,8192", cand);
		if (ncand < 0)
			return 2;
#else
		fprintf(stderr, "gemm_bench: paired needs a CUDA build that runs kernels\n");
		return 2;
#endif
	} else {
		fprintf(stderr, "gemm_bench: unknown system '%s'\n", system);
		return 2;
	}
	if (ncand == 0) {
		fprintf(stderr, "gemm_bench: empty candidate list\n");
		return 2;
	}
	int gpus = 0, paired = call == NULL;
	int use_starpu = call == call_paralia || call == call_graph || paired;
	if (!use_starpu || paired) {
		gpus = gpu_count();
#ifdef PARALIA_USE_CUDA
		int devs[16];
		for (int d = 0; d < gpus && d < 16; d++)
			devs[d] = d;
		if (call == call_cublas || (paired && gpus == 0)) {
			if (gpus == 0) {
				fprintf(stderr, "gemm_bench: no GPU for cuBLAS\n");
				return 1;
			}
		} else if (gpus == 0 || cublasXtCreate(&xt) != CUBLAS_STATUS_SUCCESS
		    || cublasXtDeviceSelect(xt, gpus < 16 ? gpus : 16, devs) != CUBLAS_STATUS_SUCCESS) {
			fprintf(stderr, "gemm_bench: cuBLASXt could not start on %d GPUs\n", gpus);
			return 1;
		}
#endif
	}
	if (use_starpu && paralia_init() != 0)
		return 1;
	if (use_starpu && !paired)
		gpus = gpu_count();
	int fails = 0;
	for (int a = 2; a < argc; a++) {
		struct point p;
		if (parse_point(argv[a], &p) != 0) {
			fprintf(stderr, "gemm_bench: '%s' is not prec:m:n:k:place\n", argv[a]);
			fails++;
			continue;
		}
		int need = -1;
		for (int i = 0; i < 3; i++)
			if (p.place[i] != 'h' && p.place[i] - '0' > need)
				need = p.place[i] - '0';
		if (need >= gpus) {
			for (int s = 0; s < (paired ? 3 : 1); s++) /* paired: a line per system */
				printf("%s,%c,%d,%d,%d,%s,,,,,,,,skip (needs %d GPUs)\n",
				       paired ? paired_name[s] : system,
				       p.prec, p.m, p.n, p.k, p.place, need + 1);
			continue;
		}
		if ((!strcmp(system, "cublas") || paired) && !one_gpu(&p)) {
			for (int s = 0; s < (paired ? 3 : 1); s++) /* paired: a line per system */
				printf("%s,%c,%d,%d,%d,%s,,,,,,,,skip (not one GPU)\n",
				       paired ? paired_name[s] : system,
				       p.prec, p.m, p.n, p.k, p.place);
			continue;
		}
#if defined(PARALIA_USE_CUDA) && !defined(PARALIA_SIMULATION)
		if (paired) {
			fails += run_paired(cand, ncand, &p, reps);
			continue;
		}
#endif
		fails += nsweep ? run_sweep(sweep, nsweep, &p, reps)
		                : run_point(system, call, cand, ncand, &p, reps);
	}
	if (use_starpu)
		paralia_shutdown();
#ifdef PARALIA_USE_CUDA
	if (call == call_cublasxt || paired)
		cublasXtDestroy(xt);
	for (int d = 0; d < 16; d++)
		if (cub[d])
			cublasDestroy(cub[d]);
#endif
	return fails ? 1 : 0;
}
