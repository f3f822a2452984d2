/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The drop-in BLAS's decisions and guards (see dropin.h). Environment:
 *   PARALIA_BLAS_OFFLOAD   auto (default): calls of at least PARALIA_BLAS_MIN_FLOPS that the
 *                          autotuner predicts faster than the CPU BLAS; size: every call of at
 *                          least PARALIA_BLAS_MIN_FLOPS; always; never
 *   PARALIA_BLAS_MIN_FLOPS default 2e9: smaller calls never start StarPU
 *   PARALIA_BLAS_CPU_GFLOPS the CPU BLAS's rate the model compares with (default: the kernel
 *                          table's best CPU rate times the cores, else 30 GFLOP/s per core)
 *   PARALIA_BLAS_PIN       stage (default): host operands that are not pinned are copied into
 *                          pinned memory kept between calls (stage.c); none: StarPU copies them
 *                          as they are
 *   PARALIA_BLAS_FALLBACK  a BLAS library to answer what paralia does not run (default: the next
 *                          definition in the process, the BLAS the program was linked with)
 *   PARALIA_BLAS_VERBOSE   1: one line per Level-3 call on stderr
 * On a machine with GPUs, StarPU is started with GPU workers only (unless STARPU_NCPU is set):
 * the cores stay the program's. While the program keeps a matrix (paralia_keep), every call goes
 * to paralia whatever these say (pl_dropin_begin).
 */
#include "config.h"
#include "dropin/dropin.h"
#include "blas/tiled.h"
#include <paralia.h>
#include <starpu.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#ifdef PARALIA_USE_CUDA
#include <cuda_runtime.h>
#endif
#ifdef HAVE_OPENBLAS_SET_NUM_THREADS
#include <cblas.h>
#endif

enum mode { AUTO, SIZE, ALWAYS, NEVER };

static pthread_once_t once = PTHREAD_ONCE_INIT;
static pthread_mutex_t start_lock = PTHREAD_MUTEX_INITIALIZER; /* protects started, failed */
static int started, failed;     /* our hold on paralia taken (pl_hold) / refused */
static int forked;              /* in a child of fork(): the parent's StarPU threads are not here */
static enum mode mode;
static double min_flops, cpu_gflops;
static int verbose;
static int stage;     /* PARALIA_BLAS_PIN: 1 = stage (default), 0 = none */
static void *fallback_lib;
/* Inside an offloaded call, in this thread: paralia's own CPU kernels call cblas_* and LAPACK
 * calls dgemm_, which this library would catch again when it is preloaded. */
static __thread int inside;

static void in_child(void) { forked = 1; }

static void stop_at_exit(void)
{
	pthread_mutex_lock(&start_lock);
	if (started && !forked)
		pl_unhold();
	started = 0;
	pthread_mutex_unlock(&start_lock);
}

static double env_double(const char *name, double dflt)
{
	const char *s = getenv(name);
	char *end;
	double v = s ? strtod(s, &end) : dflt;
	if (s && (end == s || *end || !(v >= 0))) {
		fprintf(stderr, "paralia_blas: %s=%s is not a number >= 0; using %g\n", name, s, dflt);
		v = dflt;
	}
	return v;
}

/* The CPU BLAS's rate: the kernel table's best CPU line (one core) times the cores. */
static double cpu_rate(void)
{
	double per_core = 30, best = 0;
	char host[64] = "unknown", path[512], line[256];
	gethostname(host, sizeof host - 1);
	const char *home = getenv("PARALIA_HOME");
	snprintf(path, sizeof path, "%s/%skernels-%s.txt", home && *home ? home : getenv("HOME") ? getenv("HOME") : ".",
	         home && *home ? "" : ".paralia/", host);
	FILE *f = fopen(path, "r");
	while (f && fgets(line, sizeof line, f)) {
		char kind[8], prec;
		int tile;
		double g;
		if (sscanf(line, "%7s %c %d %lf", kind, &prec, &tile, &g) == 4 && !strcmp(kind, "cpu") &&
		    prec == 'd' && g > best)
			best = g;
	}
	if (f)
		fclose(f);
	long cores = sysconf(_SC_NPROCESSORS_ONLN);
	return (best > 0 ? best : per_core) * (double)(cores > 0 ? cores : 1);
}

static void setup(void)
{
	const char *m = getenv("PARALIA_BLAS_OFFLOAD");
	mode = !m || !*m || !strcmp(m, "auto") ? AUTO : !strcmp(m, "size") ? SIZE
	     : !strcmp(m, "always") ? ALWAYS : !strcmp(m, "never") ? NEVER : AUTO;
	if (m && *m && strcmp(m, "auto") && strcmp(m, "size") && strcmp(m, "always") && strcmp(m, "never"))
		fprintf(stderr, "paralia_blas: PARALIA_BLAS_OFFLOAD=%s is not auto, size, always or never; "
		        "using auto\n", m);
	min_flops = env_double("PARALIA_BLAS_MIN_FLOPS", 2e9);
	cpu_gflops = env_double("PARALIA_BLAS_CPU_GFLOPS", 0);
	if (!(cpu_gflops > 0))
		cpu_gflops = cpu_rate();
	const char *v = getenv("PARALIA_BLAS_VERBOSE");
	verbose = v && atoi(v) > 0;
	const char *p = getenv("PARALIA_BLAS_PIN");
	stage = !(p && !strcmp(p, "none"));
	if (p && *p && strcmp(p, "stage") && strcmp(p, "none"))
		fprintf(stderr, "paralia_blas: PARALIA_BLAS_PIN=%s is not stage or none; using stage\n", p);
	const char *fb = getenv("PARALIA_BLAS_FALLBACK");
	if (fb && *fb && !(fallback_lib = dlopen(fb, RTLD_NOW | RTLD_LOCAL)))
		fprintf(stderr, "paralia_blas: PARALIA_BLAS_FALLBACK=%s: %s; using the next BLAS in the "
		        "process\n", fb, dlerror());
}

/* A child forked before the process's first Level-3 call must know it too: registered when the
 * library loads, not at that call (a paralia program's child, with a matrix kept, sent its first
 * call to paralia, whose workers are not in the child, and hung). */
__attribute__((constructor)) static void watch_forks(void)
{
	pthread_atfork(NULL, NULL, in_child);
}

void *pl_dropin_next(const char *symbol)
{
	pthread_once(&once, setup);
	void *f = fallback_lib ? dlsym(fallback_lib, symbol) : NULL;
	return f ? f : dlsym(RTLD_NEXT, symbol);
}

void pl_dropin_no_fallback(const char *symbol)
{
	static int said;
	if (!__atomic_exchange_n(&said, 1, __ATOMIC_RELAXED))
		fprintf(stderr, "paralia_blas: no other BLAS defines %s (link one after paralia_blas or set "
		        "PARALIA_BLAS_FALLBACK): paralia runs every call\n", symbol);
}

/* StarPU for a program that did not ask for it: on a machine with GPUs, GPU workers only, unless
 * STARPU_NCPU says otherwise: CPU workers would take the cores the program's own (threaded) BLAS
 * uses for the calls left to it, and paralia_init sets OpenBLAS to one thread for its workers,
 * so the program's thread count is given back. */
static int start_paralia(void)
{
	int gpu_only = 0;
#ifdef PARALIA_USE_CUDA
	int ndev = 0;
	if (!getenv("STARPU_NCPU") && cudaGetDeviceCount(&ndev) == cudaSuccess && ndev > 0)
		gpu_only = setenv("STARPU_NCPU", "0", 0) == 0;
	cudaGetLastError();
#endif
#ifdef HAVE_OPENBLAS_SET_NUM_THREADS
	int threads = openblas_get_num_threads();
#endif
	/* a hold of the drop-in's own, not the program's: the program's paralia_shutdown still
	 * brings home what it kept (pl_hold) */
	int ret = pl_hold();
#ifdef HAVE_OPENBLAS_SET_NUM_THREADS
	if (gpu_only)
		openblas_set_num_threads(threads);
#endif
	(void)gpu_only;
	return ret;
}

static int start(void)
{
	pthread_mutex_lock(&start_lock);
	if (!started && !failed) {
		if (start_paralia() == 0) {
			started = 1;
			atexit(stop_at_exit);
		} else {
			failed = 1;
			fprintf(stderr, "paralia_blas: paralia did not start: the program's BLAS runs every call\n");
		}
	}
	int ok = started;
	pthread_mutex_unlock(&start_lock);
	return ok;
}

int pl_dropin_begin(struct pl_dropin_call *c, const char *routine, double flops, char r, char prec,
                    int m, int n, int k, const void *A, const void *B, const void *C, double beta,
                    int have_fallback)
{
	pthread_once(&once, setup);
	memset(c, 0, sizeof *c);
	c->routine = routine;
	c->flops = flops;
	c->t0 = verbose ? starpu_timing_now() : 0;
	c->why = "below PARALIA_BLAS_MIN_FLOPS";
	if (inside || (starpu_is_initialized() && starpu_worker_get_id() >= 0)) {
		c->why = NULL; /* paralia's own kernels: not the program's calls, no verbose line */
		return 0;
	}
	if (forked) {
		c->why = "forked child";
		return 0;
	}
	/* A program that keeps matrices (paralia_keep) uses paralia itself. A kept matrix lives in
	 * StarPU: a call that returned at submission may still be writing it, or its valid copy may
	 * be on a GPU, so no other BLAS may read or write its memory. Every call goes to paralia
	 * then, which orders it after those tasks (and refuses an operand that shares elements with
	 * a kept matrix without being it, saying so). Any call, not only those naming a kept
	 * matrix: a block inside one would be read as wrongly. */
	c->kept = pl_kept_any();
	/* the rules choose only where another BLAS could answer and no matrix is kept */
	if (have_fallback && !c->kept) {
		if (mode == NEVER)
			return c->why = "PARALIA_BLAS_OFFLOAD=never", 0;
		if (mode != ALWAYS && !(flops >= min_flops))
			return 0;
	}
	/* (a matrix kept: the program started paralia, and stops it: the drop-in takes no hold of
	 * its own, which would keep StarPU running past the program's paralia_shutdown) */
	if (!(c->kept && paralia_is_initialized()) && !start())
		return c->why = "paralia did not start", 0;
	if (have_fallback && mode == AUTO && !c->kept) {
		struct paralia_plan plan;
		double cpu_ms = flops / (cpu_gflops * 1e6);
		if (paralia_plan_query(r, prec, m, n, k, A, B, C, beta, &plan) != 0)
			return c->why = "refused by the planner", 0;
		if (!(plan.predicted_ms < cpu_ms))
			return c->why = "the CPU BLAS is predicted faster", 0;
	}
	c->why = c->kept ? "a matrix is kept (paralia_keep)" : mode == AUTO ? "predicted faster" : "offloaded";
	c->offload = 1;
	inside = 1;
	if (verbose)
		c->t0 = starpu_timing_now();
	return 1;
}

void *pl_dropin_operand(struct pl_dropin_call *c, const void *ptr, int rows, int cols, int *ld,
                        size_t elem, int in, int out)
{
#ifdef PARALIA_USE_CUDA
	/* A leading dimension below the rows is the caller's error, which paralia must see and
	 * refuse (the program's xerbla_ then gets it): a packed copy would hide it. */
	/* (nor a copy of a kept matrix, or of a block of one: paralia must see its pointer) */
	if (!stage || !ptr || rows <= 0 || cols <= 0 || *ld < rows || c->kept
	    || starpu_cuda_worker_get_count() == 0)
		return (void *)ptr;
	struct cudaPointerAttributes a;
	if (cudaPointerGetAttributes(&a, ptr) == cudaSuccess && a.type != cudaMemoryTypeUnregistered)
		return (void *)ptr; /* pinned already, or on a GPU */
	cudaGetLastError();
	/* Not registering the program's pages instead: registration is per page, and small
	 * operands share pages with their neighbours (other operands, other threads' data); a
	 * buffer whose first page another registration holds is partly pinned, and CUDA refuses
	 * copies from it (measured: StarPU aborted on cudaMemcpyAsync, 300 x 300 operands). */
	void *s = pl_dropin_stage(c, ptr, rows, cols, ld, elem, in, out);
	if (s)
		return s;
#else
	(void)c; (void)rows; (void)cols; (void)ld; (void)elem; (void)in; (void)out;
#endif
	return (void *)ptr;
}

static void say(const struct pl_dropin_call *c, const char *where)
{
	if (!verbose || !c->why)
		return;
	double ms = (starpu_timing_now() - c->t0) * 1e-3;
	fprintf(stderr, "paralia_blas: %s %.3g GFLOP: %s (%s), %.3f ms\n", c->routine, c->flops * 1e-9,
	        where, c->why, ms);
}

int pl_dropin_end(struct pl_dropin_call *c, int ret)
{
	pl_dropin_unstage(c, ret == 0);
	inside = 0;
	if (ret < 0 || ret == PARALIA_ERR_PLACEMENT || ret == PARALIA_ERR_TOO_LARGE) {
		/* refused before any task ran: the program's BLAS answers (and reports a bad argument
		 * to the program's xerbla_, as reference BLAS does) */
		c->why = "refused by paralia";
		c->t0 = verbose ? starpu_timing_now() : 0;
		return 1;
	}
	if (ret != 0)
		fprintf(stderr, "paralia_blas: %s failed in paralia: %s\n", c->routine, paralia_strerror(ret));
	say(c, "paralia");
	return 0;
}

void pl_dropin_fallback_done(struct pl_dropin_call *c)
{
	say(c, "CPU BLAS");
}
