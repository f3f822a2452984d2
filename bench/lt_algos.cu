/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * cuBLASLt's GEMM algorithms under the GPU's power cap, against cublas<t>gemm (issue 14).
 *
 * On one H200 an FP64 GEMM runs at the kernel table's 62 TFLOP/s from rest and at 48-54 once the
 * power cap holds the clocks down (bench/sustain_probe): every GPU-resident point of the dataset is
 * at one cuBLAS call's sustained rate, and so is paralia, whose kernels are that call. cuBLAS picks
 * its algorithm for speed at full clocks; another may do more work per joule and so run faster
 * under the cap. This measures it, all on the GPU, every operand resident, values in [-0.5, 0.5):
 *   1. candidates at the first shape of each precision: cuBLASLt's heuristics (up to 32) and every
 *      algorithm id x tile x stages that cublasLtMatmulAlgoCheck accepts (at most MAXC), each timed
 *      once from a warm GPU (a ranking, not a rate);
 *   2. the ten fastest of those, the heuristics' first and cublas<t>gemm itself, each run back to
 *      back for SECS seconds (the cap engages within a fraction of one), its rate over the second
 *      half: the sustained rate. cublas<t>gemm runs first and last, to show the drift.
 *   Later shapes of a precision reuse its short list (algorithms cublasLtMatmulAlgoCheck accepts
 *   there), since a whole enumeration of a 16384^3 product takes minutes.
 * Each line: the shape, the algorithm (id, tile, stages, cluster, split-k), its sustained TFLOP/s,
 * its ratio to cublas<t>gemm's first run, mean watts and SM MHz over the second half (NVML), and
 * the largest difference of its C from cublas<t>gemm's relative to C's largest value.
 * Build: nvcc -O2 -arch=sm_90 -o lt_algos bench/lt_algos.cu -lcublasLt -lcublas -ldl
 * Run:   lt_algos [SECS] [prec:m:n:k ...]   (default 2, d and s 8192^3 and 16384^3)
 *        lt_algos quick prec:m:n:k ...       (cublas<t>gemm against the heuristics' algorithms,
 *                                             alternating, medians of 3: quick_run)
 */
#include "cuda_check.h"
#include "cuda_fill.h"
#include <cublasLt.h>
#include <cublas_v2.h>
#include <cuda_runtime.h>
#include <dlfcn.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define CB(x) do { cublasStatus_t s_ = (x); if (s_ != CUBLAS_STATUS_SUCCESS) { \
	fprintf(stderr, "lt_algos: %s: status %d\n", #x, (int)s_); exit(2); } } while (0)
#define MAXC 400
#define SHORT 10
#define WS (64u << 20)

/* ---- NVML, opened at run time (no link dependency) ---- */
typedef int (*fn_uint)(void *, unsigned *);
typedef int (*fn_clock)(void *, int, unsigned *);
static struct { void *dev; fn_uint power; fn_clock clock; } nvml;

static void nvml_open(void)
{
	void *lib = dlopen("libnvidia-ml.so.1", RTLD_NOW);
	if (!lib)
		return;
	int (*init)(void) = (int (*)(void))dlsym(lib, "nvmlInit_v2");
	int (*get)(unsigned, void **) = (int (*)(unsigned, void **))dlsym(lib, "nvmlDeviceGetHandleByIndex_v2");
	nvml.power = (fn_uint)dlsym(lib, "nvmlDeviceGetPowerUsage");
	nvml.clock = (fn_clock)dlsym(lib, "nvmlDeviceGetClockInfo");
	if (!init || !get || !nvml.power || !nvml.clock || init() != 0 || get(0, &nvml.dev) != 0)
		nvml.dev = NULL;
}

struct shape { char prec; int m, n, k; };

struct problem {
	struct shape s;
	int dbl;
	size_t elem;
	void *A, *B, *C, *C0, *ws;
	cublasHandle_t hb;
	cublasLtHandle_t lt;
	cublasLtMatmulDesc_t op;
	cublasLtMatrixLayout_t la, lb, lc;
};

/* a candidate: an algorithm, or NULL for cublas<t>gemm */
struct cand { cublasLtMatmulAlgo_t algo; int is_lt; double quick_ms; };

static void run_one(struct problem *p, const struct cand *c)
{
	double one = 1, half = 0.5;
	float onef = 1, halff = 0.5f;
	const void *al = p->dbl ? (const void *)&one : (const void *)&onef;
	const void *be = p->dbl ? (const void *)&half : (const void *)&halff;
	if (!c->is_lt) {
		if (p->dbl)
			CB(cublasDgemm(p->hb, CUBLAS_OP_N, CUBLAS_OP_N, p->s.m, p->s.n, p->s.k, &one,
			               (double *)p->A, p->s.m, (double *)p->B, p->s.k, &half, (double *)p->C, p->s.m));
		else
			CB(cublasSgemm(p->hb, CUBLAS_OP_N, CUBLAS_OP_N, p->s.m, p->s.n, p->s.k, &onef,
			               (float *)p->A, p->s.m, (float *)p->B, p->s.k, &halff, (float *)p->C, p->s.m));
		return;
	}
	CB(cublasLtMatmul(p->lt, p->op, al, p->A, p->la, p->B, p->lb, be, p->C, p->lc, p->C, p->lc,
	                  &c->algo, p->ws, WS, 0));
}

static double flops_of(const struct shape *s) { return 2.0 * s->m * (double)s->n * s->k; }

static double ms_of(struct problem *p, const struct cand *c, int reps)
{
	cudaEvent_t a, b;
	CK(cudaEventCreate(&a));
	CK(cudaEventCreate(&b));
	run_one(p, c);
	CK(cudaEventRecord(a, 0));
	for (int r = 0; r < reps; r++)
		run_one(p, c);
	CK(cudaEventRecord(b, 0));
	CK(cudaEventSynchronize(b));
	float ms;
	CK(cudaEventElapsedTime(&ms, a, b));
	cudaEventDestroy(a);
	cudaEventDestroy(b);
	return ms / reps;
}

static int cfg(const cublasLtMatmulAlgo_t *a, cublasLtMatmulAlgoConfigAttributes_t at)
{
	uint32_t v = 0;
	size_t w = 0;
	/* some attributes are 16-bit: read into a zeroed 32-bit word */
	cublasLtMatmulAlgoConfigGetAttribute(a, at, &v, sizeof v, &w);
	if (w == 2) {
		uint16_t h = 0;
		cublasLtMatmulAlgoConfigGetAttribute(a, at, &h, sizeof h, &w);
		v = h;
	}
	return (int)v;
}

static void name_of(const struct cand *c, char *buf, size_t n)
{
	if (!c->is_lt) {
		snprintf(buf, n, "cublas<t>gemm");
		return;
	}
	snprintf(buf, n, "id %d tile %d stages %d cluster %d splitk %d swizzle %d",
	         cfg(&c->algo, CUBLASLT_ALGO_CONFIG_ID), cfg(&c->algo, CUBLASLT_ALGO_CONFIG_TILE_ID),
	         cfg(&c->algo, CUBLASLT_ALGO_CONFIG_STAGES_ID),
	         cfg(&c->algo, CUBLASLT_ALGO_CONFIG_CLUSTER_SHAPE_ID),
	         cfg(&c->algo, CUBLASLT_ALGO_CONFIG_SPLITK_NUM),
	         cfg(&c->algo, CUBLASLT_ALGO_CONFIG_CTA_SWIZZLING));
}

static int same_algo(const cublasLtMatmulAlgo_t *x, const cublasLtMatmulAlgo_t *y)
{
	return !memcmp(x, y, sizeof *x);
}

static int add(struct cand *c, int n, const cublasLtMatmulAlgo_t *a)
{
	for (int i = 0; i < n; i++)
		if (c[i].is_lt && same_algo(&c[i].algo, a))
			return n;
	if (n >= MAXC)
		return n;
	c[n].algo = *a;
	c[n].is_lt = 1;
	c[n].quick_ms = 0;
	return n + 1;
}

static int accepted(struct problem *p, const cublasLtMatmulAlgo_t *a)
{
	cublasLtMatmulHeuristicResult_t r;
	return cublasLtMatmulAlgoCheck(p->lt, p->op, p->la, p->lb, p->lc, p->lc, a, &r) ==
	           CUBLAS_STATUS_SUCCESS && r.state == CUBLAS_STATUS_SUCCESS && r.workspaceSize <= WS;
}

/* Up to max of cuBLASLt's heuristics' answers for the problem, within the workspace WS (h zeroed
 * first); how many. */
static int heuristics(struct problem *p, cublasLtMatmulHeuristicResult_t *h, int max)
{
	cublasLtMatmulPreference_t pref;
	CB(cublasLtMatmulPreferenceCreate(&pref));
	size_t ws = WS;
	CB(cublasLtMatmulPreferenceSetAttribute(pref, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES, &ws, sizeof ws));
	memset(h, 0, max * sizeof *h);
	int nh = 0;
	cublasLtMatmulAlgoGetHeuristic(p->lt, p->op, p->la, p->lb, p->lc, p->lc, pref, max, h, &nh);
	cublasLtMatmulPreferenceDestroy(pref);
	return nh;
}

/* cuBLASLt's heuristics, then every id x tile x stages it accepts */
static int enumerate(struct problem *p, struct cand *c, cublasLtMatmulAlgo_t *first)
{
	cublasLtMatmulHeuristicResult_t h[32];
	int nh = heuristics(p, h, 32), n = 0;
	for (int i = 0; i < nh; i++)
		if (h[i].state == CUBLAS_STATUS_SUCCESS)
			n = add(c, n, &h[i].algo);
	if (nh > 0)
		*first = h[0].algo;
	printf("# %d heuristics\n", n);
	cudaDataType_t t = p->dbl ? CUDA_R_64F : CUDA_R_32F;
	cublasComputeType_t ct = p->dbl ? CUBLAS_COMPUTE_64F : CUBLAS_COMPUTE_32F;
	int ids[64], nid = 0;
	cublasLtMatmulAlgoGetIds(p->lt, ct, t, t, t, t, t, 64, ids, &nid);
	for (int i = 0; i < nid && n < MAXC; i++) {
		cublasLtMatmulAlgo_t a;
		if (cublasLtMatmulAlgoInit(p->lt, ct, t, t, t, t, t, ids[i], &a) != CUBLAS_STATUS_SUCCESS)
			continue;
		uint32_t tiles[128], stages[128];
		size_t wt = 0, wsz = 0;
		cublasLtMatmulAlgoCapGetAttribute(&a, CUBLASLT_ALGO_CAP_TILE_IDS, tiles, sizeof tiles, &wt);
		cublasLtMatmulAlgoCapGetAttribute(&a, CUBLASLT_ALGO_CAP_STAGES_IDS, stages, sizeof stages, &wsz);
		int nt = (int)(wt / sizeof(uint32_t)), ns = (int)(wsz / sizeof(uint32_t));
		if (nt == 0)
			tiles[nt++] = 0;
		if (ns == 0)
			stages[ns++] = 0;
		for (int ti = 0; ti < nt && n < MAXC; ti++)
			for (int si = 0; si < ns && n < MAXC; si++) {
				cublasLtMatmulAlgo_t b = a;
				cublasLtMatmulAlgoConfigSetAttribute(&b, CUBLASLT_ALGO_CONFIG_TILE_ID, &tiles[ti], sizeof tiles[ti]);
				cublasLtMatmulAlgoConfigSetAttribute(&b, CUBLASLT_ALGO_CONFIG_STAGES_ID, &stages[si], sizeof stages[si]);
				if (accepted(p, &b))
					n = add(c, n, &b);
			}
	}
	printf("# %d candidates with the enumeration (%d algorithm ids)\n", n, nid);
	return n;
}

static int by_quick(const void *x, const void *y)
{
	double a = ((const struct cand *)x)->quick_ms, b = ((const struct cand *)y)->quick_ms;
	return (a > b) - (a < b);
}

static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec + t.tv_nsec * 1e-9;
}

/* back to back for secs; the rate, watts and MHz over the second half */
static void sustained(struct problem *p, const struct cand *c, double secs, double *tflops,
                      double *watts, double *mhz)
{
	double per = ms_of(p, c, 1) * 1e-3;
	int batch = (int)(0.02 / per) + 1, samples = 0;
	double t0 = now(), w = 0, f = 0;
	cudaEvent_t a, b;
	CK(cudaEventCreate(&a));
	CK(cudaEventCreate(&b));
	int timing = 0, counted = 0;
	while (now() - t0 < secs) {
		if (!timing && now() - t0 >= secs / 2) {
			CK(cudaEventRecord(a, 0));
			timing = 1;
		}
		for (int i = 0; i < batch; i++)
			run_one(p, c);
		if (timing)
			counted += batch;
		/* keep at most ~two batches queued, sampling NVML while the GPU works */
		CK(cudaStreamSynchronize(0));
		if (timing && nvml.dev) {
			unsigned mw = 0, m = 0;
			nvml.power(nvml.dev, &mw);
			nvml.clock(nvml.dev, 1 /* NVML_CLOCK_SM */, &m);
			w += mw / 1e3;
			f += m;
			samples++;
		}
	}
	CK(cudaEventRecord(b, 0));
	CK(cudaEventSynchronize(b));
	float ms = 0;
	CK(cudaEventElapsedTime(&ms, a, b));
	*tflops = counted ? flops_of(&p->s) * counted / (ms * 1e-3) / 1e12 : 0;
	*watts = samples ? w / samples : 0;
	*mhz = samples ? f / samples : 0;
	cudaEventDestroy(a);
	cudaEventDestroy(b);
}

/* the largest |C - C_ref| over the largest |C_ref|, from host copies */
static double diff_from(struct problem *p, const void *ref)
{
	size_t cnt = (size_t)p->s.m * p->s.n, bytes = cnt * p->elem;
	void *x = malloc(bytes), *y = malloc(bytes);
	CK(cudaMemcpy(x, p->C, bytes, cudaMemcpyDeviceToHost));
	CK(cudaMemcpy(y, ref, bytes, cudaMemcpyDeviceToHost));
	double d = 0, r = 0;
	for (size_t i = 0; i < cnt; i++) {
		double u = p->dbl ? ((double *)x)[i] : ((float *)x)[i];
		double v = p->dbl ? ((double *)y)[i] : ((float *)y)[i];
		d = fmax(d, fabs(u - v));
		r = fmax(r, fabs(v));
	}
	free(x);
	free(y);
	return r > 0 ? d / r : d;
}

/* C from C0, then one product: the same inputs for every candidate's check */
static void one_from_start(struct problem *p, const struct cand *c)
{
	CK(cudaMemcpy(p->C, p->C0, (size_t)p->s.m * p->s.n * p->elem, cudaMemcpyDeviceToDevice));
	run_one(p, c);
	CK(cudaDeviceSynchronize());
}

static struct cand short_list[2][SHORT + 1];
static int n_short[2];

/* The problem's operands on the GPU (C0: C's values before a product), its handles and layouts. */
static void problem_open(struct problem *pp, struct shape s)
{
	struct problem p;
	memset(&p, 0, sizeof p);
	p.s = s;
	p.dbl = s.prec == 'd';
	p.elem = p.dbl ? 8 : 4;
	size_t na = (size_t)s.m * s.k, nb = (size_t)s.k * s.n, nc = (size_t)s.m * s.n;
	CK(cudaMalloc(&p.A, na * p.elem));
	CK(cudaMalloc(&p.B, nb * p.elem));
	CK(cudaMalloc(&p.C, nc * p.elem));
	CK(cudaMalloc(&p.C0, nc * p.elem));
	CK(cudaMalloc(&p.ws, WS));
	fill<<<1024, 256>>>(p.A, na, p.dbl, 1);
	fill<<<1024, 256>>>(p.B, nb, p.dbl, 2);
	fill<<<1024, 256>>>(p.C0, nc, p.dbl, 3);
	CK(cudaDeviceSynchronize());
	CB(cublasCreate(&p.hb));
	CB(cublasLtCreate(&p.lt));
	cudaDataType_t t = p.dbl ? CUDA_R_64F : CUDA_R_32F;
	CB(cublasLtMatmulDescCreate(&p.op, p.dbl ? CUBLAS_COMPUTE_64F : CUBLAS_COMPUTE_32F, t));
	CB(cublasLtMatrixLayoutCreate(&p.la, t, s.m, s.k, s.m));
	CB(cublasLtMatrixLayoutCreate(&p.lb, t, s.k, s.n, s.k));
	CB(cublasLtMatrixLayoutCreate(&p.lc, t, s.m, s.n, s.m));
	*pp = p;
}

static void problem_close(struct problem *p)
{
	cublasLtMatrixLayoutDestroy(p->la);
	cublasLtMatrixLayoutDestroy(p->lb);
	cublasLtMatrixLayoutDestroy(p->lc);
	cublasLtMatmulDescDestroy(p->op);
	cublasLtDestroy(p->lt);
	cublasDestroy(p->hb);
	cudaFree(p->A);
	cudaFree(p->B);
	cudaFree(p->C);
	cudaFree(p->C0);
	cudaFree(p->ws);
}

static void shape_run(struct shape s, double secs)
{
	struct problem p;
	problem_open(&p, s);
	size_t nc = (size_t)s.m * s.n;
	printf("# %cgemm %dx%dx%d, all on the GPU\n", s.prec, s.m, s.n, s.k);

	int pi = p.dbl;
	static struct cand c[MAXC];
	int n = 0;
	cublasLtMatmulAlgo_t first;
	memset(&first, 0, sizeof first);
	if (n_short[pi] == 0) {
		n = enumerate(&p, c, &first);
		for (int i = 0; i < n; i++)
			c[i].quick_ms = ms_of(&p, &c[i], 1);
		qsort(c, n, sizeof c[0], by_quick);
		/* the ten fastest, and the heuristics' first */
		n_short[pi] = 0;
		for (int i = 0; i < n && n_short[pi] < SHORT; i++)
			short_list[pi][n_short[pi]++] = c[i];
		int have = 0;
		for (int i = 0; i < n_short[pi]; i++)
			have |= same_algo(&short_list[pi][i].algo, &first);
		if (!have && n > 0) {
			struct cand f = { first, 1, 0 };
			short_list[pi][n_short[pi]++] = f;
		}
		printf("# quick ranking (one call each, warm): fastest %.3f ms, 10th %.3f ms, slowest %.3f ms\n",
		       n ? c[0].quick_ms : 0, n > 9 ? c[9].quick_ms : 0, n ? c[n - 1].quick_ms : 0);
	}
	/* the list as this shape accepts it, cublas<t>gemm first and last */
	struct cand list[SHORT + 3];
	int nl = 0;
	list[nl++] = (struct cand){ first, 0, 0 };
	for (int i = 0; i < n_short[pi]; i++)
		if (accepted(&p, &short_list[pi][i].algo))
			list[nl++] = short_list[pi][i];
	list[nl++] = (struct cand){ first, 0, 0 };

	one_from_start(&p, &list[0]);
	void *ref;
	CK(cudaMalloc(&ref, nc * p.elem));
	CK(cudaMemcpy(ref, p.C, nc * p.elem, cudaMemcpyDeviceToDevice));
	printf("shape,algorithm,tflops,vs_cublas,watts,sm_mhz,max_rel_diff\n");
	double base = 0;
	for (int i = 0; i < nl; i++) {
		double tf, w, mhz;
		sustained(&p, &list[i], secs, &tf, &w, &mhz);
		if (i == 0)
			base = tf;
		one_from_start(&p, &list[i]);
		double d = diff_from(&p, ref);
		char name[160];
		name_of(&list[i], name, sizeof name);
		printf("%c %dx%dx%d,%s%s,%.2f,%.3f,%.0f,%.0f,%.2e\n", s.prec, s.m, s.n, s.k, name,
		       i == nl - 1 ? " (again)" : "", tf, base > 0 ? tf / base : 0, w, mhz, d);
		fflush(stdout);
	}
	cudaFree(ref);
	problem_close(&p);
}

/* quick: cublas<t>gemm and every algorithm cuBLASLt's heuristics offer for the shape, each timed
 * in ROUNDS rounds that take them in turn (so a power cap's drift falls on all alike), a round's
 * time the mean of enough back to back calls to last ~20 ms; each one's median round. For the
 * shapes the model reads at a rate the kernel table does not have (deep products 256-1024 wide
 * over the whole k: 4096 x 512 x 32768 ran 14% under one call on the whole in FP64, 2026-11-27c2):
 * whether cuBLAS's own choice is the slow part, and which algorithm (its CTA tile, split-k) it is. */
#define ROUNDS 3
static int by_double(const void *x, const void *y)
{
	double a = *(const double *)x, b = *(const double *)y;
	return (a > b) - (a < b);
}

static void quick_run(struct shape s)
{
	struct problem p;
	problem_open(&p, s);
	CK(cudaMemcpy(p.C, p.C0, (size_t)s.m * s.n * p.elem, cudaMemcpyDeviceToDevice));
	cublasLtMatmulHeuristicResult_t h[16];
	int nh = heuristics(&p, h, 16), n = 0;
	struct cand c[17];
	c[n++] = (struct cand){ h[0].algo, 0, 0 }; /* cublas<t>gemm (its algo field unused) */
	for (int i = 0; i < nh; i++)
		if (h[i].state == CUBLAS_STATUS_SUCCESS)
			c[n++] = (struct cand){ h[i].algo, 1, 0 };
	double one = ms_of(&p, &c[0], 1);
	int reps = (int)(20.0 / one) + 1;
	double t[17][ROUNDS];
	for (int r = 0; r < ROUNDS; r++)
		for (int i = 0; i < n; i++)
			t[i][r] = ms_of(&p, &c[i], reps);
	int best = 0;
	double med[17];
	for (int i = 0; i < n; i++) {
		qsort(t[i], ROUNDS, sizeof t[i][0], by_double);
		med[i] = t[i][ROUNDS / 2];
		if (med[i] < med[best])
			best = i;
	}
	char first[160] = "-", fastest[160];
	if (n > 1)
		name_of(&c[1], first, sizeof first);
	name_of(&c[best], fastest, sizeof fastest);
	double tf = flops_of(&s) / (med[0] * 1e-3) / 1e12;
	printf("%c,%d,%d,%d,%.4f,%.2f,%s,%.3f,%s,%.3f,%d\n", s.prec, s.m, s.n, s.k, med[0], tf, first,
	       n > 1 ? med[0] / med[1] : 0, fastest, med[0] / med[best], n - 1);
	fflush(stdout);
	problem_close(&p);
}

/* "prec:m:n:k" into s; 0, said, when it is not one */
static int shape_of(const char *arg, struct shape *s)
{
	if (sscanf(arg, "%c:%d:%d:%d", &s->prec, &s->m, &s->n, &s->k) == 4 &&
	    (s->prec == 'd' || s->prec == 's') && s->m > 0 && s->n > 0 && s->k > 0)
		return 1;
	fprintf(stderr, "lt_algos: %s: expected prec:m:n:k, prec d or s\n", arg);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc > 1 && !strcmp(argv[1], "quick")) {
		printf("prec,m,n,k,cublas_ms,cublas_tflops,heuristic_first,first_speedup,fastest,fastest_speedup,heuristics\n");
		for (int i = 2; i < argc; i++) {
			struct shape s;
			if (!shape_of(argv[i], &s))
				return 2;
			quick_run(s);
		}
		return 0;
	}
	double secs = argc > 1 ? atof(argv[1]) : 2;
	if (!(secs > 0) || secs > 60) {
		fprintf(stderr, "usage: lt_algos [SECS in (0, 60]] [prec:m:n:k ...] | lt_algos quick prec:m:n:k ...\n");
		return 2;
	}
	nvml_open();
	struct shape def[] = { { 'd', 8192, 8192, 8192 }, { 'd', 16384, 16384, 16384 },
	                       { 's', 8192, 8192, 8192 }, { 's', 16384, 16384, 16384 } };
	if (argc <= 2) {
		for (unsigned i = 0; i < sizeof def / sizeof def[0]; i++)
			shape_run(def[i], secs);
		return 0;
	}
	for (int i = 2; i < argc; i++) {
		struct shape s;
		if (!shape_of(argv[i], &s))
			return 2;
		shape_run(s, secs);
	}
	return 0;
}
