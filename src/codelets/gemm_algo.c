/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * gemm's CUDA kernel with its algorithm chosen per shape by timing (algo_choice.h): cublas<t>gemm,
 * or one of the algorithms cuBLASLt's heuristics offer for the shape, run by cublasLtMatmul.
 * One tuner per CUDA worker alone on its GPU (cuda_handles.c), used only by that worker's thread
 * on its stream, where no other kernel runs beside its own (a kernel timed between two events is
 * measured alone only then): its shapes, their candidates, and the CUDA events of the timed runs
 * in flight, read once the stream has passed them (never waited for: a task stays asynchronous),
 * for runs queued behind another kernel (on an idle stream the events would time the launch too).
 * Not the direct path's cuBLAS calls (blas/direct.c): its blocks run two streams at once, and a
 * one-call shape spends its first calls timing for little (one H100: FP64 4096x4096x32768 on the
 * GPU 2.4% slower over calls 11-15 with it, where no algorithm timed 10% faster; at the FP32 odd
 * shapes, where split-k ran one call 1.04-1.12x faster, the path's blocks already ran as fast).
 * PARALIA_GEMM_ALGO=cublas keeps cublas<t>gemm everywhere; unset or "measure", the choice.
 */
#include "codelets/codelet.h"
#ifdef PARALIA_USE_CUDA
#include "codelets/algo_choice.h"
#include "perfmodel/plan.h"
#include <cublasLt.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TUNER_SHAPES 64      /* shapes a worker times; later ones run cublas<t>gemm */
#define TUNER_PENDING 8      /* timed runs in flight */
#define TUNER_WS (32u << 20) /* cuBLASLt's workspace (split-k's partial sums) */
/* Products below this many flops run cublas<t>gemm untimed: their launch and the events would
 * weigh more than an algorithm's difference (a 1024^3 FP64 product takes ~50 us). */
#define TUNER_MIN_FLOPS 2e9

struct shape_key {
	int dbl;
	char ta, tb;
	int m, n, k, lda, ldb, ldc;
	unsigned align[3]; /* bytes A, B, C are aligned to, up to 256 (cuBLASLt's algorithms ask) */
};

struct shape {
	struct shape_key key;
	struct algo_choice choice;
	cublasLtMatmulAlgo_t algo[ALGO_CANDS]; /* [0] unused: cublas<t>gemm */
	cublasLtMatmulDesc_t op;
	cublasLtMatrixLayout_t la, lb, lc;
};

struct pending {
	int busy, shape, cand;
	cudaEvent_t start, end;
};

struct pl_gemm_tuner {
	cublasLtHandle_t lt;
	void *ws;
	struct shape shape[TUNER_SHAPES];
	int nshape;
	struct pending pend[TUNER_PENDING];
};

static pthread_once_t mode_once = PTHREAD_ONCE_INIT;
static int mode_cublas; /* PARALIA_GEMM_ALGO=cublas: cublas<t>gemm only */

/* Read once, whichever worker asks first (they make their tuners at once). */
static void read_mode(void)
{
	const char *v = getenv("PARALIA_GEMM_ALGO");
	mode_cublas = v && !strcmp(v, "cublas");
	if (v && *v && strcmp(v, "cublas") && strcmp(v, "measure"))
		fprintf(stderr, "paralia: PARALIA_GEMM_ALGO=%s is not measure or cublas; using measure\n", v);
}

static int tuner_off(void)
{
	pthread_once(&mode_once, read_mode);
	return mode_cublas;
}

static unsigned long lt_runs; /* cuBLASLt's algorithms run, every tuner's (pl_gemm_lt_runs) */

unsigned long pl_gemm_lt_runs(void)
{
	return __atomic_load_n(&lt_runs, __ATOMIC_RELAXED);
}

struct pl_gemm_tuner *pl_gemm_tuner_create(void)
{
	if (tuner_off())
		return NULL;
	struct pl_gemm_tuner *t = calloc(1, sizeof *t);
	if (!t)
		return NULL;
	int ok = cublasLtCreate(&t->lt) == CUBLAS_STATUS_SUCCESS && cudaMalloc(&t->ws, TUNER_WS) == cudaSuccess;
	for (int i = 0; ok && i < TUNER_PENDING; i++)
		ok = cudaEventCreate(&t->pend[i].start) == cudaSuccess &&
		     cudaEventCreate(&t->pend[i].end) == cudaSuccess;
	if (!ok) { /* without it the worker runs cublas<t>gemm, as before */
		cudaGetLastError(); /* (the failed call's error is not the next call's) */
		pl_gemm_tuner_destroy(t);
		return NULL;
	}
	return t;
}

/* A candidate's name in what is said: cublas<t>gemm, or cuBLASLt's heuristics' i-th. */
static void name_of(char *buf, size_t len, int i)
{
	if (i == 0)
		snprintf(buf, len, "cublas<t>gemm");
	else
		snprintf(buf, len, "cuBLASLt %d", i);
}

/* PARALIA_VERBOSE >= 1: each timed shape's candidates, their mean time per timed run, and the
 * one its later runs took (which the benchmarks' reports cannot see otherwise). */
static void say_choices(const struct pl_gemm_tuner *t)
{
	if (pm_verbose_level() < 1)
		return;
	int dev = -1;
	cudaGetDevice(&dev);
	for (int i = 0; i < t->nshape; i++) {
		const struct shape_key *k = &t->shape[i].key;
		const struct algo_choice *c = &t->shape[i].choice;
		char line[512], name[32];
		size_t len = (size_t)snprintf(line, sizeof line, "paralia: gemm kernel on GPU %d: %cgemm %c%c "
		                              "%dx%dx%d (ld %d %d %d):", dev, k->dbl ? 'd' : 's', k->ta,
		                              k->tb, k->m, k->n, k->k, k->lda, k->ldb, k->ldc);
		for (int j = 0; j < c->ncand && len < sizeof line; j++) {
			name_of(name, sizeof name, j);
			if (c->failed[j])
				len += (size_t)snprintf(line + len, sizeof line - len, " %s failed,", name);
			else if (c->timed[j])
				len += (size_t)snprintf(line + len, sizeof line - len, " %s %.3f ms,", name,
				                        c->ms[j] / c->timed[j]);
			else
				len += (size_t)snprintf(line + len, sizeof line - len, " %s untimed,", name);
		}
		name_of(name, sizeof name, c->chosen > 0 ? c->chosen : 0);
		fprintf(stderr, "%s runs %s%s\n", line, name, c->chosen < 0 ? " (still timing)" : "");
	}
}

void pl_gemm_tuner_destroy(struct pl_gemm_tuner *t)
{
	if (!t)
		return;
	say_choices(t);
	for (int i = 0; i < t->nshape; i++) {
		struct shape *s = &t->shape[i];
		if (s->op)
			cublasLtMatmulDescDestroy(s->op);
		if (s->la)
			cublasLtMatrixLayoutDestroy(s->la);
		if (s->lb)
			cublasLtMatrixLayoutDestroy(s->lb);
		if (s->lc)
			cublasLtMatrixLayoutDestroy(s->lc);
	}
	for (int i = 0; i < TUNER_PENDING; i++) {
		if (t->pend[i].start)
			cudaEventDestroy(t->pend[i].start);
		if (t->pend[i].end)
			cudaEventDestroy(t->pend[i].end);
	}
	if (t->ws)
		cudaFree(t->ws);
	if (t->lt)
		cublasLtDestroy(t->lt);
	free(t);
}

static unsigned align_of(const void *p)
{
	uintptr_t a = (uintptr_t)p;
	unsigned x = 256;
	while (x > 1 && a % x)
		x /= 2;
	return x;
}

/* cuBLASLt's view of the shape, and up to ALGO_CANDS - 1 of its heuristics' algorithms for it:
 * the candidates after cublas<t>gemm (none where it offers none or fails). */
static void shape_candidates(struct pl_gemm_tuner *t, struct shape *s)
{
	const struct shape_key *k = &s->key;
	cudaDataType_t type = k->dbl ? CUDA_R_64F : CUDA_R_32F;
	/* (real matrices: C is T, which cuBLASLt's descriptor takes as such) */
	cublasOperation_t ta = k->ta == 'N' ? CUBLAS_OP_N : CUBLAS_OP_T;
	cublasOperation_t tb = k->tb == 'N' ? CUBLAS_OP_N : CUBLAS_OP_T;
	int ra = k->ta == 'N' ? k->m : k->k, ca = k->ta == 'N' ? k->k : k->m; /* A as stored */
	int rb = k->tb == 'N' ? k->k : k->n, cb = k->tb == 'N' ? k->n : k->k; /* B as stored */
	int n = 1;
	cublasLtMatmulPreference_t pref = NULL;
	if (cublasLtMatmulDescCreate(&s->op, k->dbl ? CUBLAS_COMPUTE_64F : CUBLAS_COMPUTE_32F, type) ||
	    cublasLtMatmulDescSetAttribute(s->op, CUBLASLT_MATMUL_DESC_TRANSA, &ta, sizeof ta) ||
	    cublasLtMatmulDescSetAttribute(s->op, CUBLASLT_MATMUL_DESC_TRANSB, &tb, sizeof tb) ||
	    cublasLtMatrixLayoutCreate(&s->la, type, ra, ca, k->lda) ||
	    cublasLtMatrixLayoutCreate(&s->lb, type, rb, cb, k->ldb) ||
	    cublasLtMatrixLayoutCreate(&s->lc, type, k->m, k->n, k->ldc) ||
	    cublasLtMatmulPreferenceCreate(&pref))
		goto done;
	size_t ws = TUNER_WS;
	uint32_t al[3] = { k->align[0], k->align[1], k->align[2] };
	const cublasLtMatmulPreferenceAttributes_t at[4] = {
		CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_A_BYTES, CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_B_BYTES,
		CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_C_BYTES, CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_D_BYTES };
	cublasLtMatmulPreferenceSetAttribute(pref, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES, &ws, sizeof ws);
	for (int o = 0; o < 4; o++) /* (D is C) */
		cublasLtMatmulPreferenceSetAttribute(pref, at[o], &al[o < 2 ? o : 2], sizeof al[0]);
	cublasLtMatmulHeuristicResult_t h[ALGO_CANDS - 1];
	int nh = 0;
	if (cublasLtMatmulAlgoGetHeuristic(t->lt, s->op, s->la, s->lb, s->lc, s->lc, pref, ALGO_CANDS - 1,
	                                   h, &nh) == CUBLAS_STATUS_SUCCESS)
		for (int i = 0; i < nh; i++)
			if (h[i].state == CUBLAS_STATUS_SUCCESS && h[i].workspaceSize <= TUNER_WS)
				s->algo[n++] = h[i].algo;
done:
	if (pref)
		cublasLtMatmulPreferenceDestroy(pref);
	algo_choice_init(&s->choice, n, k->dbl ? ALGO_MARGIN_FP64 : ALGO_MARGIN_FP32);
}

/* The shape's entry, made on its first run; NULL once the table is full. */
static struct shape *shape_of(struct pl_gemm_tuner *t, const struct shape_key *k)
{
	for (int i = 0; i < t->nshape; i++)
		if (!memcmp(&t->shape[i].key, k, sizeof *k))
			return &t->shape[i];
	if (t->nshape == TUNER_SHAPES)
		return NULL;
	struct shape *s = &t->shape[t->nshape++];
	memset(s, 0, sizeof *s);
	s->key = *k;
	shape_candidates(t, s);
	return s;
}

/* The timed runs the stream has passed: their times into their shapes' choices (a timing that
 * fails gives its shape to cublas<t>gemm). */
static void harvest(struct pl_gemm_tuner *t)
{
	for (int i = 0; i < TUNER_PENDING; i++) {
		struct pending *p = &t->pend[i];
		float ms;
		cudaError_t q = p->busy ? cudaEventQuery(p->end) : cudaErrorNotReady;
		if (q == cudaErrorNotReady)
			continue;
		struct algo_choice *c = &t->shape[p->shape].choice;
		if (q == cudaSuccess && cudaEventElapsedTime(&ms, p->start, p->end) == cudaSuccess) {
			algo_choice_record(c, p->cand, ms, 0);
		} else {
			cudaGetLastError();
			algo_choice_give_up(c);
		}
		p->busy = 0;
	}
}

/* Whether work is queued on the stream and not finished (a failed query: no). */
static int stream_busy(cudaStream_t stream)
{
	cudaError_t q = cudaStreamQuery(stream);
	if (q != cudaSuccess && q != cudaErrorNotReady)
		cudaGetLastError(); /* (the query's own error is not the next call's) */
	return q == cudaErrorNotReady;
}

static cublasStatus_t run_cublas(cublasHandle_t h, int dbl, cublasOperation_t ta, cublasOperation_t tb,
                                 int m, int n, int k, const void *alpha, const void *A, int lda,
                                 const void *B, int ldb, const void *beta, void *C, int ldc)
{
	if (dbl)
		return cublasDgemm(h, ta, tb, m, n, k, alpha, A, lda, B, ldb, beta, C, ldc);
	return cublasSgemm(h, ta, tb, m, n, k, alpha, A, lda, B, ldb, beta, C, ldc);
}

cublasStatus_t pl_gemm_tuned(struct pl_gemm_tuner *t, cublasHandle_t h, cudaStream_t stream, int dbl,
                             char ta, char tb, int m, int n, int k, const void *alpha, const void *A,
                             int lda, const void *B, int ldb, const void *beta, void *C, int ldc)
{
	cublasOperation_t ota = pl_cublas_trans(ta), otb = pl_cublas_trans(tb);
	if (!t || 2.0 * m * n * k < TUNER_MIN_FLOPS)
		return run_cublas(h, dbl, ota, otb, m, n, k, alpha, A, lda, B, ldb, beta, C, ldc);
	harvest(t);
	/* field by field over zeros: shapes are found by memcmp, and an initializer (or a compound
	 * literal copied in) leaves the padding after tb as it was */
	struct shape_key key;
	memset(&key, 0, sizeof key);
	key.dbl = dbl, key.ta = pl_upper(ta), key.tb = pl_upper(tb);
	key.m = m, key.n = n, key.k = k, key.lda = lda, key.ldb = ldb, key.ldc = ldc;
	key.align[0] = align_of(A), key.align[1] = align_of(B), key.align[2] = align_of(C);
	struct shape *s = shape_of(t, &key);
	if (!s)
		return run_cublas(h, dbl, ota, otb, m, n, k, alpha, A, lda, B, ldb, beta, C, ldc);
	int timed, cand = algo_choice_next(&s->choice, &timed);
	struct pending *p = NULL;
	for (int i = 0; timed && !p && i < TUNER_PENDING; i++)
		if (!t->pend[i].busy)
			p = &t->pend[i];
	/* A run to be timed that cannot be is cublas<t>gemm's, untimed: where every slot is in
	 * flight, or where the stream is idle. A run is timed only behind work already queued on the
	 * stream: on an idle one the start event passes as it is recorded, and the time then holds
	 * the host's launching of the run (cuBLAS's own heuristics for cublas<t>gemm, tens of
	 * microseconds), which a worker's pipeline of tasks hides behind the kernel before. */
	if (timed && (!p || !stream_busy(stream)))
		cand = 0, p = NULL;
	if (p && cudaEventRecord(p->start, stream) != cudaSuccess) {
		cudaGetLastError();
		p = NULL;
	}
	cublasStatus_t st = CUBLAS_STATUS_SUCCESS;
	if (cand > 0) {
		st = cublasLtMatmul(t->lt, s->op, alpha, A, s->la, B, s->lb, beta, C, s->lc, C, s->lc,
		                    &s->algo[cand], t->ws, TUNER_WS, stream);
		if (st == CUBLAS_STATUS_SUCCESS)
			__atomic_fetch_add(&lt_runs, 1, __ATOMIC_RELAXED);
		else { /* never again for this shape; C from cublas<t>gemm (cuBLASLt's refusals, an
		        * unsupported shape or alignment, come before it launches) */
			algo_choice_record(&s->choice, cand, 0, 1);
			cand = 0, p = NULL;
		}
	}
	if (cand == 0)
		st = run_cublas(h, dbl, ota, otb, m, n, k, alpha, A, lda, B, ldb, beta, C, ldc);
	if (st != CUBLAS_STATUS_SUCCESS)
		return st;
	int was_timed = p && cudaEventRecord(p->end, stream) == cudaSuccess;
	if (p && !was_timed)
		cudaGetLastError();
	if (was_timed)
		*p = (struct pending){ 1, (int)(s - t->shape), cand, p->start, p->end };
	algo_choice_ran(&s->choice, cand, was_timed);
	return st;
}
#endif
