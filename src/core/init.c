/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * paralia_init / paralia_shutdown: start or join StarPU, set up per-worker library handles.
 * Reference counted so nested users (an application and a library on top of paralia) compose.
 */
#include "config.h"
#include "core/core.h"
#include "common/parse.h"
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <hwloc.h>
#include <paralia_sched.h>
#ifdef HAVE_OPENBLAS_SET_NUM_THREADS
#include <cblas.h>
#endif
#ifdef PARALIA_USE_CUDA
#include <cuda_runtime.h>
#endif

/* The policy paralia starts StarPU with: its own, unless the user chose one with STARPU_SCHED
 * (except STARPU_SCHED=paralia, which needs no STARPU_SCHED_LIB here) or asked for StarPU's
 * default with PARALIA_SCHED=starpu-default. NULL leaves the choice to StarPU. */
static struct starpu_sched_policy *pl_choose_policy(void)
{
	const char *ps = getenv("PARALIA_SCHED");
	if (ps && *ps && strcmp(ps, "paralia") != 0) {
		if (strcmp(ps, "starpu-default") != 0)
			fprintf(stderr, "paralia: PARALIA_SCHED=%s is neither paralia nor starpu-default; "
			        "using StarPU's choice\n", ps);
		return NULL;
	}
	const char *ss = getenv("STARPU_SCHED");
	if (ss && *ss && strcmp(ss, "paralia") != 0)
		return NULL;
	return paralia_sched_policy_get();
}

/* Whether the user placed StarPU's threads: then paralia leaves them as they are. */
static int user_placed_threads(void)
{
	static const char *const chosen[] = { "STARPU_NCPU", "STARPU_NCPUS", "STARPU_RESERVE_NCPU",
	                                      "STARPU_MAIN_THREAD_CPUID", "STARPU_MAIN_THREAD_COREID" };
	for (size_t i = 0; i < sizeof chosen / sizeof *chosen; i++)
		if (getenv(chosen[i]))
			return 1;
	const char *bind = getenv("STARPU_MAIN_THREAD_BIND"); /* 0 is StarPU's default: no choice */
	return bind && atoi(bind) != 0;
}

int pl_reserve_submit_core(int ngpus, long ncores)
{
	if (user_placed_threads())
		return 0;
	const char *nc = getenv("STARPU_NCUDA");
	int asked = nc ? atoi(nc) : -1;
	if (asked >= 0 && asked < ngpus)
		ngpus = asked;
	/* StarPU's driver threads: one per GPU, or one per worker with STARPU_CUDA_THREAD_PER_WORKER */
	long per = 1;
	const char *tpw = getenv("STARPU_CUDA_THREAD_PER_WORKER"), *npc = getenv("STARPU_NWORKER_PER_CUDA");
	if (tpw && atoi(tpw) > 0 && npc && atoi(npc) > 1)
		per = atoi(npc);
	/* a core for each driver thread, one for the caller, and still two CPU workers */
	return ngpus > 0 && ncores >= (long)ngpus * per + 3;
}

/* How many GPUs StarPU will find: CUDA's count (CUDA_VISIBLE_DEVICES applies), 0 without CUDA. */
static int visible_gpus(void)
{
	int n = 0;
#ifdef PARALIA_USE_CUDA
	if (cudaGetDeviceCount(&n) != cudaSuccess)
		n = 0;
	cudaGetLastError();
#endif
	return n;
}

long pl_usable_cores(void)
{
	hwloc_topology_t t;
	long n = 0;
	if (hwloc_topology_init(&t) != 0)
		return 0;
	if (hwloc_topology_load(t) == 0) {
		/* within the process's binding (taskset, a batch scheduler), as StarPU counts them */
		hwloc_bitmap_t set = hwloc_bitmap_alloc();
		if (set && hwloc_get_cpubind(t, set, HWLOC_CPUBIND_PROCESS) == 0)
			n = hwloc_get_nbobjs_inside_cpuset_by_type(t, set, HWLOC_OBJ_CORE);
		else
			n = hwloc_get_nbobjs_by_type(t, HWLOC_OBJ_CORE);
		hwloc_bitmap_free(set);
	}
	hwloc_topology_destroy(t);
	return n;
}

/* paralia_init left the calling thread a core when it started StarPU (tests read it). */
static int reserved_core; /* under init_lock */
int pl_reserved_submit_core(void) { return reserved_core; }

static pthread_mutex_t init_lock = PTHREAD_MUTEX_INITIALIZER; /* protects the four below */
static int init_count;     /* every hold on paralia: the program's and the drop-in's (pl_hold) */
static int program_count;  /* the program's own: paralia_init's */
static int started_starpu; /* paralia called starpu_init, so it calls starpu_shutdown */
static int tile_size = -1; /* -1: not read from PARALIA_TILE yet */

/* Shutdown hooks of the layers above core (pl_on_shutdown). hook_lock protects the table; it is
 * a leaf: taken under the layers' own locks when they register, never held while a hook runs. */
#define PL_MAX_HOOKS 8
static pthread_mutex_t hook_lock = PTHREAD_MUTEX_INITIALIZER;
static struct { enum pl_shutdown_phase phase; void (*fn)(void); } hooks[PL_MAX_HOOKS];
static int nhooks;

int pl_on_shutdown(enum pl_shutdown_phase phase, void (*hook)(void))
{
	int ret = 0;
	pthread_mutex_lock(&hook_lock);
	int known = 0;
	for (int i = 0; i < nhooks; i++)
		known |= hooks[i].fn == hook && hooks[i].phase == phase;
	if (!known && nhooks == PL_MAX_HOOKS)
		ret = -1;
	else if (!known)
		hooks[nhooks].phase = phase, hooks[nhooks++].fn = hook;
	pthread_mutex_unlock(&hook_lock);
	return ret;
}

static void run_hooks(enum pl_shutdown_phase phase)
{
	void (*fn[PL_MAX_HOOKS])(void);
	int n = 0;
	pthread_mutex_lock(&hook_lock);
	for (int i = 0; i < nhooks; i++)
		if (hooks[i].phase == phase)
			fn[n++] = hooks[i].fn;
	pthread_mutex_unlock(&hook_lock);
	for (int i = 0; i < n; i++)
		fn[i]();
}

/* One more hold; StarPU and the per-worker handles started by the first. init_lock held. */
static int hold_locked(void)
{
	int ret = 0;
	if (init_count++ > 0)
		return 0;
#ifdef HAVE_OPENBLAS_SET_NUM_THREADS
	/* Each StarPU CPU worker is one core; a threaded OpenBLAS under it would oversubscribe. */
	openblas_set_num_threads(1);
#endif
	reserved_core = 0;
	if (!starpu_is_initialized()) {
		struct starpu_conf conf;
		starpu_conf_init(&conf);
		conf.sched_policy = pl_choose_policy();
		/* StarPU's drivers poll: each worker keeps its core busy, and by default there is one
		 * per core. The thread that calls paralia submits every task and waits for the call's
		 * end; without a core of its own it runs only when the kernel's scheduler tick preempts
		 * a polling worker. One H200 with 16 cores (bench/results/gemm-submit-2026-11-26e.md):
		 * d 4096^3 at tile 8192 took 20.0 ms (medians of 5 runs, the slowest 24.0: the 4 ms
		 * tick) and 12.2 with a core left; s 8192^3 at 8192 48.0-52.0 and 41.7. With a GPU, a
		 * core taken from the CPU workers costs little (one core's ~50 GFLOP/s beside a GPU's
		 * ~55 TFLOP/s); STARPU_NCPU, STARPU_RESERVE_NCPU or STARPU_MAIN_THREAD_* choose
		 * otherwise. */
		/* the user's placement first: asking CUDA for its GPUs initialises it */
		reserved_core = conf.reserve_ncpus <= 0 && !user_placed_threads() &&
		                pl_reserve_submit_core(visible_gpus(), pl_usable_cores());
		if (reserved_core)
			conf.reserve_ncpus = 1;
		ret = starpu_init(&conf);
		if (ret != 0) {
			fprintf(stderr, "paralia: paralia_init: starpu_init failed (%d)\n", ret);
			init_count = 0;
			return ret == -ENODEV ? PARALIA_ERR_NO_WORKER : PARALIA_ERR_RUNTIME;
		}
		started_starpu = 1;
	}
#ifdef PARALIA_USE_CUDA
	ret = pl_cuda_handles_init();
	if (ret != 0) {
		if (started_starpu)
			starpu_shutdown();
		started_starpu = 0;
		init_count = 0;
	}
#endif
	return ret;
}

/* One hold less; the last stops what the first started. init_lock held, init_count > 0. */
static void unhold_locked(void)
{
	if (--init_count > 0)
		return;
	/* The layers' state: kept matrices go back home, then, once every task has ended, cached
	 * plans go (tasks may point at a plan's worker mask). */
	run_hooks(PL_SHUTDOWN_DATA);
	starpu_task_wait_for_all();
	run_hooks(PL_SHUTDOWN_STATE);
#ifdef PARALIA_USE_CUDA
	pl_cuda_handles_shutdown();
#endif
	if (started_starpu)
		starpu_shutdown();
	started_starpu = 0;
}

int paralia_init(void)
{
	pthread_mutex_lock(&init_lock);
	int ret = hold_locked();
	if (ret == 0)
		program_count++;
	pthread_mutex_unlock(&init_lock);
	return ret;
}

void paralia_shutdown(void)
{
	pthread_mutex_lock(&init_lock);
	if (program_count == 0) { /* not the program's to end: none of its own is left */
		pthread_mutex_unlock(&init_lock);
		return;
	}
	program_count--;
	/* The program's last: what it kept comes home now, as paralia_keep promises, even where the
	 * drop-in BLAS holds paralia on for its own calls (it started paralia first, for a call
	 * of the program's before paralia_init). */
	if (program_count == 0 && init_count > 1)
		run_hooks(PL_SHUTDOWN_DATA);
	unhold_locked();
	pthread_mutex_unlock(&init_lock);
}

int pl_program_holds(void)
{
	pthread_mutex_lock(&init_lock);
	int r = program_count > 0;
	pthread_mutex_unlock(&init_lock);
	return r;
}

int pl_hold(void)
{
	pthread_mutex_lock(&init_lock);
	int ret = hold_locked();
	pthread_mutex_unlock(&init_lock);
	return ret;
}

void pl_unhold(void)
{
	pthread_mutex_lock(&init_lock);
	if (init_count > program_count)
		unhold_locked();
	pthread_mutex_unlock(&init_lock);
}

int paralia_is_initialized(void)
{
	pthread_mutex_lock(&init_lock);
	int r = init_count > 0;
	pthread_mutex_unlock(&init_lock);
	return r;
}

/* The tile sizes paralia_set_tile_size and PARALIA_TILE accept: 0 (automatic) or 1..PARALIA_TILE_MAX.
 * Larger tiles would wrap StarPU's 32-bit element count, and tile counts of 0 would make every
 * later call a silent no-op. */
static int valid_tile_size(long nb) { return nb >= 0 && nb <= PARALIA_TILE_MAX; }

int paralia_set_tile_size(int nb)
{
	if (!valid_tile_size(nb))
		return pl_arg_error("paralia_set_tile_size", 1, "nb", "%d is not 0 (automatic) or a tile "
		                    "size from 1 to %d", nb, PARALIA_TILE_MAX);
	pthread_mutex_lock(&init_lock);
	tile_size = nb;
	pthread_mutex_unlock(&init_lock);
	return 0;
}

int paralia_get_tile_size(void)
{
	pthread_mutex_lock(&init_lock);
	if (tile_size < 0) {
		const char *env = getenv("PARALIA_TILE");
		long v = 0;
		if (env && !pl_parse_long(env, 0, PARALIA_TILE_MAX, &v)) {
			fprintf(stderr, "paralia: PARALIA_TILE=%s is not 0 (automatic) or a tile size from 1 "
			        "to %d; using automatic choice\n", env, PARALIA_TILE_MAX);
			v = 0;
		}
		tile_size = (int)v;
	}
	int nb = tile_size;
	pthread_mutex_unlock(&init_lock);
	return nb;
}

const char *paralia_strerror(int code)
{
	if (code < 0)
		return "illegal argument (the argument number is -code)";
	switch (code) {
	case PARALIA_SUCCESS: return "success";
	case PARALIA_ERR_NOT_INITIALIZED: return "paralia_init() has not been called";
	case PARALIA_ERR_RUNTIME: return "the StarPU runtime failed";
	case PARALIA_ERR_NO_MEMORY: return "out of memory";
	case PARALIA_ERR_PLACEMENT: return "a matrix lives on a device StarPU does not drive";
	case PARALIA_ERR_NO_WORKER: return "no worker can run the task";
	case PARALIA_ERR_KEPT_MISMATCH:
		return "a kept matrix was used with other dimensions or tile size, or overlaps another";
	case PARALIA_ERR_TOO_LARGE: return "a matrix spans more bytes than the address space holds";
	default: return "unknown error";
	}
}
