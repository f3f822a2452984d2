/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The link map (PARALiA's LinkMap on StarPU memory nodes): for every ordered pair of memory
 * nodes a latency and a bandwidth, plus sharing groups: sets of links that draw on one resource
 * (the host side of PCIe, a PCIe switch shared by two GPUs) together with what that resource
 * sustains in total. This is what StarPU's bus model lacks: on the 4xH200 machine one GPU reads
 * 55 GB/s from the host, four together only ~155 GB/s.
 *
 * Everything here is plain arithmetic over a struct lm_db, so the scheduling policy and the
 * autotuner can be unit-tested on synthetic databases without StarPU running.
 * Node numbering: as measured in files (0 = host RAM, 1 + g = CUDA device g); lm_remap maps a
 * file onto StarPU's memory nodes, and the policy and autotuner work on that mapped copy.
 */
#ifndef PARALIA_LINKMAP_H
#define PARALIA_LINKMAP_H
#include <stddef.h>

#define LM_MAX_NODES 16
#define LM_MAX_GROUPS 64
#define LM_MAX_GROUP_LINKS (LM_MAX_NODES * 2)
/* Time returned for a copy that has no way to happen (no direct link, no route within the hops). */
#define LM_NEVER_US 1e30
#define LM_FORMAT_VERSION 1
/* Bounds of a valid database (lm_check; the file reader says which line breaks them): beyond
 * them a number is a measurement gone wrong, not a machine. A link's bandwidth is 0 (no direct
 * link) or within [LM_MIN_GBS, LM_MAX_GBS], so "no link" can never be confused with a link too
 * slow to print; group totals are within the same range. */
#define LM_MAX_LATENCY_US 1e6 /* one second */
#define LM_MIN_GBS 1e-3       /* 1 MB/s */
#define LM_MAX_GBS 1e5        /* 100 TB/s */
#define LM_MAX_DEVID 65535    /* NUMA node or CUDA device number */

enum lm_node_kind { LM_HOST = 0, LM_GPU = 1 };

struct lm_node {
	enum lm_node_kind kind;
	int devid;          /* NUMA node for hosts, CUDA device number for GPUs */
	char ident[96];     /* what identifies it across runs: GPU name and UUID, or "numa0" */
};

struct lm_link {
	double latency_us;  /* 0 on the diagonal */
	double bw_gbs;      /* bandwidth when used alone, GB/s (1e9 bytes/s); 0 = no direct link */
};

/* Links that share one resource: used together, they get at most total_gbs between them. */
struct lm_group {
	char name[32];
	int nlinks;
	int src[LM_MAX_GROUP_LINKS], dst[LM_MAX_GROUP_LINKS];
	double total_gbs;
};

struct lm_db {
	char machine[1024]; /* host name + GPU names and UUIDs: which machine the numbers belong to */
	int nnodes;
	struct lm_node node[LM_MAX_NODES];
	struct lm_link link[LM_MAX_NODES][LM_MAX_NODES];
	int ngroups;
	struct lm_group group[LM_MAX_GROUPS];
	int from_starpu;    /* 1: fallback built from StarPU's bus model (no sharing information) */
};

/* ---- building a database (synthetic topologies, calibration, the StarPU fallback) ---- */
/* Empty database of nnodes nodes (no links, no groups); nnodes is clamped to [0, LM_MAX_NODES]. */
void lm_init(struct lm_db *db, int nnodes);
/* Sets node i's kind, device number (0..LM_MAX_DEVID) and identity. Returns 0, or -1 when i or
 * devid is out of range. */
int lm_set_node(struct lm_db *db, int i, enum lm_node_kind kind, int devid, const char *ident);
/* Sets the direct link src->dst. Returns 0, or -1 for bad nodes or numbers out of the bounds
 * above (latency 0..LM_MAX_LATENCY_US, bandwidth 0 or LM_MIN_GBS..LM_MAX_GBS). */
int lm_set_link(struct lm_db *db, int src, int dst, double lat_us, double bw_gbs);
/* Adds a sharing group of n links (src[i] -> dst[i]) that together sustain total_gbs
 * (LM_MIN_GBS..LM_MAX_GBS); its name is one word of letters, digits, '.', '_' or '-' (at most 31).
 * Returns the group's index, or -1 when full or an argument is invalid. */
int lm_valid_group_name(const char *name);
int lm_add_group(struct lm_db *db, const char *name, double total_gbs, int n, const int *src,
                 const int *dst);
/* Host node 0 plus ngpus GPUs (nodes 1..ngpus), every host<->GPU and GPU<->GPU link with the
 * given bandwidths and latency, no sharing groups: the shape of StarPU's own bus model. */
void lm_build_uniform(struct lm_db *db, int ngpus, double h2d_gbs, double d2h_gbs,
                      double p2p_gbs, double lat_us);
/* Validates db: node count, kinds, no two nodes of one kind and device number, every number
 * within the bounds above, empty diagonal, groups naming distinct existing links with a total in
 * bounds. Returns 0, or -1 with the first problem in err. */
int lm_check(const struct lm_db *db, char *err, size_t errlen);
/* The part of `in` that describes the n nodes (kinds[i], devids[i]), in that order: how a file
 * measured on all GPUs serves a StarPU that drives only some of them. Groups keep their total and
 * the links that remain. Returns 0, or -1 with err naming a node `in` does not have. */
int lm_remap(const struct lm_db *in, int n, const enum lm_node_kind *kinds, const int *devids,
             struct lm_db *out, char *err, size_t errlen);
/* Short name of node i for messages and tables: "host0", "gpu2" (kind + device number). */
const char *lm_node_name(const struct lm_db *db, int i, char *buf, size_t len);

/* ---- database file (format documented in docs/LINKMAP_FORMAT.md) ---- */
/* Loads path. Returns 0, or -1 with err holding "path:line: reason". */
int lm_load(struct lm_db *db, const char *path, char *err, size_t errlen);
/* Saves db to path (atomically: temporary file then rename). Returns 0 or -1 (errno set). */
int lm_save(const struct lm_db *db, const char *path);

/* ---- the database of this machine (src/linkmap/machine.c) ---- */
/* Identity of this machine as written in the database: host name plus each GPU's name and UUID. */
void lm_machine_identity(char *out, size_t len);
/* This machine's GPU models, each once in the order CUDA numbers them ("NVIDIA H200", or
 * "NVIDIA H200 | NVIDIA H100 80GB HBM3"), no UUID: what a kernel's rate depends on; or "no GPU". */
void lm_device_models(char *out, size_t len);
/* Path of this machine's file: $PARALIA_LINKMAP when set, else $PARALIA_HOME (else ~/.paralia)
 * + "/linkmap-<host>.txt". */
void lm_default_path(char *out, size_t len);
/* Creates the folder that will hold path (and its parents). Returns 0 or -1 (errno set). */
int lm_make_parent_dir(const char *path);
/* Fills db from StarPU's own bus model (starpu_transfer_bandwidth/latency): no sharing groups. */
int lm_from_starpu(struct lm_db *db);
/* What the policy and the autotuner call at init (StarPU running), once: loads this machine's
 * file and maps it onto StarPU's memory nodes (lm_remap). Each problem prints one line, once per
 * process, and falls back to lm_from_starpu: file missing; corrupt ("path:line: reason"); not
 * describing StarPU's memory nodes; measured on another machine (then, when this machine has
 * CUDA GPUs and PARALIA_CALIBRATE is not 0, it is recalibrated, saved and used instead; a file
 * named by PARALIA_LINKMAP is used anyway, with the warning). Returns 0 when a file was used,
 * 1 on fallback, -1 when even the fallback is impossible (StarPU not running). */
int lm_open_for_this_machine(struct lm_db *db);
/* The same for another path (lm_open_for_this_machine is lm_open_path(db, lm_default_path)). */
int lm_open_path(struct lm_db *db, const char *path);

/* ---- calibration (src/linkmap/calibrate.c; needs CUDA GPUs) ---- */
struct lm_calib_opts {
	double budget_s;  /* whole run, seconds (0: 50) */
	int min_samples;  /* per measurement (0: 10) */
	int max_samples;  /* per measurement (0: 200) */
	double rel_ci;    /* stop when the 95% confidence half-width is below rel_ci * mean (0: 0.05) */
	int rounds;       /* every measurement this many times, spread in time; the fastest counts (0: 3) */
	int quiet;        /* 1: no progress lines on stderr */
};
/* Measures this machine's links with CUDA copies (pinned host memory, peer copies) and fills db:
 * node 0 host RAM, node 1 + g CUDA device g, latency and bandwidth of every ordered pair fitted
 * over several sizes, and sharing groups found by concurrent copies. Each time is the median of
 * its samples in the fastest of `rounds` rounds (src/linkmap/estimate.c). opts may be NULL.
 * Returns 0, or -1 with the reason in err (built without CUDA, no GPU, a CUDA error). */
int lm_calibrate(struct lm_db *db, const struct lm_calib_opts *opts, char *err, size_t errlen);

/* ---- estimating a link from timed copies (src/linkmap/estimate.c; pure) ---- */
/* The median of v[0..n-1] (sorts v); 0 when n <= 0. */
double lm_median(double *v, int n);
/* One measurement over rounds spread in time: each round gives the median of its samples, and
 * the fastest round is the link's (a copy only slows with what else the machine does). */
struct lm_rounds {
	double best_us, worst_us; /* the fastest and slowest round's median */
	int n;                    /* rounds so far */
};
void lm_round_add(struct lm_rounds *r, double median_us);
/* Latency (us) and bandwidth (GB/s) of t_us[i] = lat + bytes[i] / bw, fitted over n >= 1 sizes by
 * least squares weighted 1/t^2 (the small sizes carry the latency); where noise swamps the slope,
 * the bandwidth of the largest copy and no latency. */
void lm_fit_link(const size_t *bytes, const double *t_us, int n, double *lat_us, double *bw_gbs);

/* ---- arithmetic (pure functions) ---- */
/* Time in microseconds to move `bytes` over src->dst when used alone: latency + bytes / bw.
 * Returns a huge value when there is no direct link. */
double lm_link_time_us(const struct lm_db *db, int src, int dst, size_t bytes);

/* Bandwidth (GB/s) of src->dst while the links in active[] (pairs src,dst; n of them; may include
 * src->dst itself, duplicates count once) are in use at the same time. Within each sharing group
 * the total is split max-min fairly among its active links (a link never gets more than its own
 * bandwidth; what slow links leave over goes to the others); the link gets the minimum over its
 * groups and its own bandwidth. 0 when there is no direct link. */
double lm_shared_bw(const struct lm_db *db, int src, int dst, const int (*active)[2], int nactive);
/* The mean bandwidth (GB/s) of src->dst over a transfer of `bytes` that starts with those of the
 * links in active[] (bytes[i] each; duplicates add up), all sharing each group as lm_shared_bw
 * says for the links still moving: a link whose bytes are done leaves its share to the others
 * (processor sharing). Where lm_shared_bw prices every link as if the group stayed busy to the
 * end, this lets a large transfer beside a small one run at its own bandwidth once the small one
 * is over: one GPU's host bytes in and out share a duplex PCIe total, and a GEMM from the host
 * brings in 3 to 17 times what it sends home. The minimum over the link's groups and its own
 * bandwidth; lm_shared_bw when `bytes` <= 0. */
double lm_shared_bw_volumes(const struct lm_db *db, int src, int dst, double bytes,
                            const int (*active)[2], const double *active_bytes, int nactive);
/* lm_shared_bw_volumes with each of src->dst's groups sustaining `scale` (in (0, 1]) times its
 * total: what the copies themselves reach through it, where they are of a kind slower than the
 * calibration's (the autotuner's tiles of short columns, both ways at once). */
double lm_shared_bw_volumes_scaled(const struct lm_db *db, int src, int dst, double bytes,
                                   const int (*active)[2], const double *active_bytes, int nactive,
                                   double scale);
/* lm_shared_bw of every ordered pair at once (bw[s][d]; 0 on the diagonal and where there is no
 * link), sorting each group's busy links once: the policy's refresh when the busy set changes. */
void lm_shared_bw_all(const struct lm_db *db, const int (*active)[2], int nactive,
                      double bw[LM_MAX_NODES][LM_MAX_NODES]);
/* One group's part of lm_shared_bw_all, with on[src][dst] != 0 for the busy links: level[i] is
 * the bandwidth the group leaves to its i-th link (HUGE_VAL for a link without bandwidth of its
 * own); a link's bandwidth is the least of its own and its groups' levels. The policy recomputes
 * only the groups whose busy links changed. */
void lm_group_levels(const struct lm_db *db, int g, const unsigned char on[LM_MAX_NODES][LM_MAX_NODES],
                     double *level);
/* lm_link_time_us at the bandwidth lm_shared_bw gives under active[]. */
double lm_shared_time_us(const struct lm_db *db, int src, int dst, size_t bytes,
                         const int (*active)[2], int nactive);

/* Fastest way to move `bytes` from src to dst with at most max_hops intermediate nodes (0, 1 or
 * 2), given when each link becomes free (link_free_us[src][dst], absolute time; NULL = all free
 * now) and the current time. Store-and-forward per tile: each hop starts when the previous one
 * has arrived and its link is free. Fills path (src, ..., dst), returns the number of nodes in
 * it (2 for a direct copy) and the arrival time in *arrival_us. */
int lm_best_route(const struct lm_db *db, int src, int dst, size_t bytes, int max_hops,
                  const double (*link_free_us)[LM_MAX_NODES], double now_us, int path[4],
                  double *arrival_us);
/* The same, with each hop at its bandwidth under the sharing of active[] (see lm_shared_bw).
 * Ties go to the route with fewer hops. Both return -1 (and *arrival_us = LM_NEVER_US) when no
 * route exists within max_hops, or for bad arguments (max_hops outside 0..2, nodes out of range). */
int lm_best_route_shared(const struct lm_db *db, int src, int dst, size_t bytes, int max_hops,
                         const double (*link_free_us)[LM_MAX_NODES], double now_us,
                         const int (*active)[2], int nactive, int path[4], double *arrival_us);
#endif
