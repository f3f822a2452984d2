/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Internals of the `paralia` StarPU scheduling policy.
 *
 * Two halves: a pure model (link availability matrix, per-data ETA vectors, worker choice, route
 * plans, queues, settings) that never calls StarPU, so it is unit-tested on synthetic link
 * databases and timed by bench/sched_decision; and the StarPU glue (policy.c, route.c,
 * verbose.c) that feeds the model with what StarPU knows and turns its plans into prefetches.
 * Times are absolute microseconds (starpu_timing_now() in the policy, anything in tests).
 */
#ifndef PARALIA_SCHED_H
#define PARALIA_SCHED_H
#include <stddef.h>
#include <stdint.h>
#include "linkmap/linkmap.h"

#define PL_INF 1e300
#define PL_LATE 1e20 /* us: times beyond are no real machine's (pl_choose then weighs every node) */
#define PL_MAX_INPUTS 16   /* inputs beyond this are not modelled (their transfers are StarPU's) */
#define PL_MAX_CLASSES 64  /* distinct (worker type, device) pairs (pl_exclude_slow: a bit each) */

/* ---- settings (env.c) ---- */
struct pl_settings {
	int route;          /* PARALIA_ROUTE: 1 = relay tiles GPU to GPU (default), 0 = StarPU's sources */
	int max_hops;       /* PARALIA_MAX_HOPS: intermediate nodes on a route, 0..2 (default 1) */
	int lookahead;      /* PARALIA_LOOKAHEAD: tasks per worker queue whose inputs are prefetched (32) */
	int verbose;        /* PARALIA_VERBOSE: 0, 1 = shutdown summary, 2 = also one line per task */
	int writeback;      /* PARALIA_WRITEBACK: 1 = results go home once the graph is done with them
	                     * (default), 0 = when the application asks for them */
	double slow_ratio;  /* PARALIA_SLOW_RATIO: a worker class this many times slower than the best
	                     * class for a task gets none of it (default 20; 0 = never exclude) */
	int pop_ready;      /* PARALIA_POP_READY: when every task of the queue's head priority in the
	                     * window waits for copies, 2 = a lower-priority one whose inputs are all
	                     * there runs first if its kernel is no longer than the head's missing
	                     * copies (default), 1 = whatever its length, 0 = none: priority first
	                     * (pl_queue_pop's PL_POP_*; only while copies are requested ahead:
	                     * PARALIA_LOOKAHEAD > 0, STARPU_PREFETCH on) */
	int pop_hold;       /* PARALIA_POP_HOLD: 1 = a worker with work in flight leaves the task it
	                     * would pop queued while that task's missing copies take longer than the
	                     * work in flight (pl_pop_hold; default), 0 = pops it */
	int kernel_table;   /* PARALIA_KERNEL_TABLE: 1 = a gemm task on a GPU that StarPU's history
	                     * has not calibrated yet is timed by the kernel table, where one fits this
	                     * machine (default), 0 = by its flops (candidates.c's kernel_time) */
	char devices[256];  /* PARALIA_DEVICES: comma list of worker names/classes, "" = all */
};
/* Reads the environment; bad values print one line naming the variable and keep the default. */
void pl_settings_from_env(struct pl_settings *s);
/* Whether a worker passes the PARALIA_DEVICES list. `name` is the worker's short name as the
 * list spells it ("cpu3", "cuda0"), `type` its class ("cpu", "cuda"). An empty list allows all. */
int pl_device_allowed(const char *list, const char *type, const char *name);

/* ---- link availability matrix (links.c; group levels: sharing.c; routes and arrivals: eta.c) ---- */
#define PL_SHARE_CAPS 4     /* distinct bandwidths in a group whose levels are tabulated */
#define PL_SHARE_STATES 256 /* a group's busy counts per bandwidth, at most, to be tabulated */
#define PL_SHARE_TABLE 2048 /* levels tabulated for all groups together */
/* A sharing group's levels by table (sharing.c): its state is how many of its links of each
 * bandwidth are busy, state = sum over busy links of stride[their bandwidth]; the state's entry
 * holds the level of a busy link, then of an idle link of each bandwidth. */
struct pl_share {
	int table;                                /* its first entry in share_table; -1: none
	                                           * (lm_group_levels at each change) */
	int ncaps;
	int stride[PL_SHARE_CAPS];
	unsigned char cap_of[LM_MAX_GROUP_LINKS]; /* each link's bandwidth, as an index */
	unsigned short bit[LM_MAX_GROUP_LINKS];   /* each link's bit (src * LM_MAX_NODES + dst) */
};
struct pl_links {
	struct lm_db db;   /* the machine as measured */
	struct lm_db eff;  /* the same with each link's bandwidth under the sharing now in effect */
	int n;
	double us_per_byte[LM_MAX_NODES][LM_MAX_NODES]; /* 1 / eff bandwidth (0: no link): the hot path
	                                                 * multiplies instead of dividing */
	double free_us[LM_MAX_NODES][LM_MAX_NODES]; /* when each src->dst link is next free */
	double scratch[LM_MAX_NODES][LM_MAX_NODES]; /* = free_us between calls; pl_choose's trial plans */
	/* Per node, the fastest link out and in (least us per byte, least latency, over eff): a
	 * route through another node takes at least one of each, so pl_route skips the indirect
	 * routes when that bound cannot beat the direct one. */
	double min_out_inv[LM_MAX_NODES], min_in_inv[LM_MAX_NODES];
	double min_out_lat[LM_MAX_NODES], min_in_lat[LM_MAX_NODES];
	double inv_out[LM_MAX_NODES][LM_MAX_NODES]; /* us_per_byte, PL_INF for no link (and past n):
	                                             * the bounds' rows */
	double inv_in[LM_MAX_NODES][LM_MAX_NODES];  /* the same transposed: their columns */
	double lat_us[LM_MAX_NODES][LM_MAX_NODES];  /* each link's latency (eff's), contiguous */
	double lat_hop[LM_MAX_NODES][LM_MAX_NODES]; /* the same, PL_INF where there is no link:
	                                             * pl_route's branch-free one-hop search */
	unsigned char host[LM_MAX_NODES];           /* node is host memory (db.node[].kind) */
	uint64_t active[4];                         /* links busy when eff was computed (bitset) */
	unsigned links_out[LM_MAX_NODES];           /* per node, the nodes it has a link to (bit each) */
	int late;                                   /* some link is busy until PL_LATE or later */
	unsigned char on[LM_MAX_NODES][LM_MAX_NODES]; /* the same as a matrix (lm_group_levels) */
	double bytes[LM_MAX_NODES][LM_MAX_NODES];   /* bytes planned over each link (summary) */
	int host_shared[LM_MAX_NODES];              /* host node whose links share a group */
	/* Sharing, kept per group so that a refresh redoes only the groups whose busy links
	 * changed: each group's links (bitset), the level it leaves each of them under `active`
	 * (lm_group_levels), and per link the groups it is in (gref[gref_first[b]..gref_first[b+1]),
	 * as g * LM_MAX_GROUP_LINKS + index in the group, for link bit b = src * LM_MAX_NODES + dst). */
	uint64_t group_bits[LM_MAX_GROUPS][4];
	double level[LM_MAX_GROUPS + 1][LM_MAX_GROUP_LINKS]; /* the last row: HUGE_VAL, no group */
	double level_inv[LM_MAX_GROUPS + 1][LM_MAX_GROUP_LINKS]; /* pl_inverse_bw of each level */
	double own_inv[LM_MAX_NODES][LM_MAX_NODES];        /* pl_inverse_bw of db's bandwidths */
	int gref_first[LM_MAX_NODES * LM_MAX_NODES + 1];
	unsigned short gref[LM_MAX_GROUPS * LM_MAX_GROUP_LINKS];
	/* The same, two per link, padded with the last row of level (links of real machines are in
	 * one or two groups: a fixed pair of reads, no loop whose length varies from link to link);
	 * gref_more: the link is in more groups, gref has them all. */
	unsigned short gref2[LM_MAX_NODES * LM_MAX_NODES][2];
	unsigned char gref_more[LM_MAX_NODES * LM_MAX_NODES];
	struct pl_share share[LM_MAX_GROUPS];
	double share_table[PL_SHARE_TABLE];
	double share_inv[PL_SHARE_TABLE];                   /* pl_inverse_bw of each entry */
};
/* us per byte at bw GB/s (1e3 bytes/us), 0 for no bandwidth: computed at init for each level a
 * tabulated group can take (sharing.c) and each link's own bandwidth, not at each refresh. */
static inline double pl_inverse_bw(double bw) { return bw > 0 ? 1.0 / (bw * 1e3) : 0; }
void pl_links_init(struct pl_links *L, const struct lm_db *db);
/* Recomputes eff when the set of busy links (free_us > now) changed since the last call.
 * Whoever writes free_us directly (tests, corrections) calls it afterwards. */
void pl_links_refresh(struct pl_links *L, double now);
/* sharing.c: tabulates each group's levels (pl_links_init calls it, after db and n are set);
 * then fills level[g] (and level_inv[g]) for the busy links act (= on), as lm_group_levels
 * would. */
void pl_share_init(struct pl_links *L);
void pl_share_levels(struct pl_links *L, int g, const uint64_t act[4]);

/* lm_best_route on eff with availability fr (the policy's fast path; same results): fills
 * path, returns its node count (-1: no route within max_hops) and the arrival in *arrival. */
int pl_route(const struct pl_links *L, const double (*fr)[LM_MAX_NODES], int src, int dst,
             size_t bytes, int max_hops, double t0, int path[4], double *arrival);

/* What is known of one datum: when a valid copy exists (or will) on each node. */
struct pl_dview {
	size_t bytes;
	int read;                   /* the task reads it (R or RW): it must be on the worker's node */
	int write;                  /* the task writes it: after the task only the worker's node holds it */
	double eta[LM_MAX_NODES];   /* absolute time of a valid copy on each node; PL_INF = none */
};

/* Earliest time a valid copy of d can exist on dst, and the route it takes (path[0] = source,
 * path[np-1] = dst; np = 1 when already there or on its way). route = 0 models StarPU's own
 * behaviour (source among copies valid now, direct link). route = 1 also reads copies still in
 * flight and, once some device holds (or will hold) the datum, never reads it again from a shared
 * host link: each tile crosses the host side once and spreads GPU to GPU. */
double pl_arrival(const struct pl_links *L, const struct pl_dview *d, int dst, double now,
                  int route, int max_hops, int path[4], int *np);

/* A worker that may run the task. */
struct pl_cand {
	int worker;      /* StarPU worker id (or any tag in tests) */
	int node;        /* its memory node */
	int cls;         /* its class: index into kernel_us, < PL_MAX_CLASSES */
	double free_us;  /* when it has finished what is queued on it */
};
struct pl_decision {
	int best;                      /* index into the candidates, -1 = none */
	double start_us, end_us;       /* predicted start and end on the chosen worker */
	double ready_us;               /* when its inputs are all there */
	double node_ready[LM_MAX_NODES]; /* per node: when the inputs are all there (PL_INF = not computed) */
	/* The chosen worker's node: per input, the route its copy takes (plan[j][0..plan_np[j]),
	 * plan_np[j] < 2: no copy), as pl_commit would find it again (pl_commit_plan). */
	signed char plan_np[PL_MAX_INPUTS];
	unsigned char plan[PL_MAX_INPUTS][4];
};
/* Chooses the candidate that finishes first: max(free, inputs' arrival on its node) + kernel
 * time of its class. Inputs' arrivals are computed once per memory node, so the cost grows with
 * the number of nodes, not of workers. kernel_us[cls] < 0 or NaN: class cannot run the task.
 * A candidate of a slower class (kernel > PL_SLOWER x the fastest class's) also pays the return
 * trip of what the task writes to the nearest node of a fastest class, since that class runs
 * the task's successors: a CPU core gets a tile only when the graph gets it back sooner
 * (out->end_us stays the task's own end). */
#define PL_SLOWER 1.5
void pl_choose(struct pl_links *L, const struct pl_dview *in, int nin,
               const struct pl_cand *c, int nc, const double *kernel_us, double now,
               int route, int max_hops, struct pl_decision *out);
/* The same choice, with out->node_ready computed for every node that has a candidate:
 * pl_choose leaves PL_INF where a bound showed that no candidate on the node can be chosen
 * (the per-class ends of PARALIA_VERBOSE=2 read them all). */
void pl_choose_all(struct pl_links *L, const struct pl_dview *in, int nin,
                   const struct pl_cand *c, int nc, const double *kernel_us, double now,
                   int route, int max_hops, struct pl_decision *out);

/* ---- device selection (select.c) ---- */
/* A class whose kernel time is more than ratio times the best class's gets kernel_us = -1 (none
 * of this task); ratio <= 0 excludes nothing. `classes`: the candidates' classes, a bit each (the
 * policy's candidate walk knows them). Returns how many classes it excluded. */
int pl_exclude_slow_classes(double *kernel_us, uint64_t classes, double ratio);
/* The same, the classes read from the candidates. */
int pl_exclude_slow(double *kernel_us, const struct pl_cand *c, int nc, double ratio);
/* Keeps, in their order, the candidates whose class can run the task (kernel_us >= 0): what
 * pl_choose would skip one by one (a CPU class excluded beside GPUs is most of the workers), the
 * steps after device selection never walk. Returns how many are left; when none is, leaves the
 * list as it was and returns nc (the policy then runs the task on the first). The choice among
 * those left is the one on the whole list: the same worker, ties to the same first one. */
int pl_runnable(struct pl_cand *c, int nc, const double *kernel_us);

/* While models calibrate (StarPU gives each GPU its own arch, so each needs its own samples),
 * some classes have a measured kernel time and others only a fallback estimate whose absolute
 * value can be far off: a calibrated GPU would look slow beside an uncalibrated one and be
 * excluded, an uncalibrated CPU fast beside a calibrated GPU. Each usable class without a
 * measurement gets a measured class's time (one of the same type if there is one) times the
 * ratio of their fallbacks fb[]. Classes with measured[c] keep their time. */
void pl_anchor_fallbacks(double *kernel_us, const double *fb, const int *measured,
                         const int *usable, const int *type, int ncls);

/* One planned copy. */
struct pl_hop { int data; int src, dst; double start_us, arrival_us; };
/* Commits the transfers that bring the read inputs to node `node`: updates the link availability
 * matrix, the inputs' ETA vectors (intermediate nodes included) and the byte counters; then, for
 * written inputs, the vectors become "only on node, at end_us". Fills hops (at most max_hops_out)
 * and returns how many were planned. */
int pl_commit(struct pl_links *L, struct pl_dview *in, int nin, int node, double now,
              double end_us, int route, int max_hops, struct pl_hop *hops, int max_hops_out);
/* The same for the choice d that pl_choose just made (d->best >= 0, node its worker's node, no
 * change to L or in since): its routes are the ones pl_commit would search for again. */
int pl_commit_plan(struct pl_links *L, struct pl_dview *in, int nin, int node, double now,
                   double end_us, const struct pl_decision *d, struct pl_hop *hops, int max_hops_out);

/* ---- per-worker queues (queues.c) ---- */
struct pl_qent {
	struct pl_qent *prev, *next;
	int prio;        /* higher runs first */
	double key;      /* then: inputs' predicted arrival, earliest first */
	double len_us;   /* its predicted kernel time (pl_queue_overtaken sums these) */
	void *task;
};
struct pl_queue {
	struct pl_qent head;  /* sentinel */
	int n;
};
void pl_queue_init(struct pl_queue *q);
/* Inserts by (prio descending, key ascending), after equal entries (FIFO among equals). */
void pl_queue_insert(struct pl_queue *q, struct pl_qent *e);
void pl_queue_remove(struct pl_queue *q, struct pl_qent *e);
/* Predicted work (sum of len_us) a new entry of priority prio would run before: the entries of
 * lower priority, which pl_queue_insert puts after it. A critical-path task that an application
 * marked urgent starts once the work of its own priority and above is done, not at the queue's
 * end (dmdasd's exp_len_prev_task_list). Walks from the tail: O(entries overtaken). */
double pl_queue_overtaken(const struct pl_queue *q, int prio);
/* Chooses the entry to run next: among the first `window` entries of the highest priority present,
 * the one with the fewest copies still missing (missing(task, arg) returns them), earliest key on
 * ties; so a worker runs the task whose inputs arrived rather than wait on the head's transfers.
 * When each of those still misses copies, `below` (PARALIA_POP_READY) may take instead the first
 * entry of a lower priority within the window whose inputs are all there:
 *   PL_POP_PRIORITY  never: the head's priority waits for its copies;
 *   PL_POP_READY     any such entry: the worker does not idle on the head's transfers (gemm's
 *                    geadd, one priority above its chain's products, waiting for its C tile);
 *   PL_POP_SHORTER   only one whose kernel (len_us) is no longer than the copies the chosen head
 *                    still waits for, at their links' rates (copy_us(task, arg)): it ends about
 *                    when they could, read now from what is missing rather than predicted at push.
 * Removes it and returns it, or NULL when empty. */
enum { PL_POP_PRIORITY = 0, PL_POP_READY = 1, PL_POP_SHORTER = 2 };
struct pl_qent *pl_queue_pop(struct pl_queue *q, int window, int below,
                             double (*missing)(void *task, void *arg),
                             double (*copy_us)(void *task, void *arg), void *arg);
/* The entry pl_queue_pop would take, left in the queue (NULL when empty). */
struct pl_qent *pl_queue_choose(struct pl_queue *q, int window, int below,
                                double (*missing)(void *task, void *arg),
                                double (*copy_us)(void *task, void *arg), void *arg);
/* Whether a worker with `inflight` tasks popped and not finished (a GPU's pipeline: StarPU's CUDA
 * driver pops its next task while one runs), `inflight_us` of predicted work, the last popped of
 * priority inflight_prio, leaves the entry it would pop (priority prio) in its queue: when that
 * entry still waits for copies that take longer (missing_us) than the work in flight, and is no
 * more urgent than that work. Popped, it would hold the pipeline's next place until its copies
 * arrive, and a task that becomes ready when the running one ends (a chain's next step, a product
 * after the cut of a panel, at least as urgent in gemm's order) would wait behind it; left, it is
 * popped once that work ends, when its copies could not have arrived anyway (PARALIA_POP_HOLD).
 * A more urgent entry is popped as before: held, a factorisation's critical tasks waited. */
int pl_pop_hold(int inflight, double inflight_us, int inflight_prio, int prio, double missing_us);
/* The policy's `missing` (policy.c): how many of StarPU task t's inputs are not valid on memory
 * node *(int *)arg (copies it still waits for, whatever their sizes). */
double pl_missing_copies(void *t, void *arg);
/* The policy's `copy_us` (policy.c): microseconds those copies take, each at the rate of the
 * fastest link into the node from a node holding it valid (the link map's), one after another. */
double pl_missing_copy_us(void *t, void *arg);
#define PL_QUEUE_FIRST(q) ((q)->n ? (q)->head.next : NULL)
#define PL_QUEUE_NEXT(q, e) ((e)->next == &(q)->head ? NULL : (e)->next)

/* ---- verbose accounting (verbose.c) ---- */
struct pl_stats_worker {
	long tasks;
	double busy_us;     /* sum of task execution times */
	double last_start;  /* start of the running task */
};
#endif
