/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Link calibration with CUDA copies. For every ordered pair (host<->GPU, GPU<->GPU with peer
 * access) the copy time is measured at a few sizes and latency + bandwidth are fitted; then
 * concurrent copies find the resources links share (the host side, a PCIe switch shared by two
 * GPUs, both directions of one GPU's link): what StarPU's bus model lacks.
 * Every measurement repeats until its 95% confidence interval is within rel_ci of the mean
 * (at least min_samples), within a time budget so that 4 GPUs take well under a minute, and reads
 * as its samples' median; all of them run in rounds, and each counts its fastest round
 * (estimate.c says why).
 */
#include "config.h"
#include "linkmap/linkmap.h"
#include <stdio.h>
#include <string.h>

#ifndef PARALIA_USE_CUDA
int lm_calibrate(struct lm_db *db, const struct lm_calib_opts *opts, char *err, size_t errlen)
{
	snprintf(err, errlen, "link calibration needs CUDA GPUs: this paralia was built without CUDA");
	return -1;
}
#else
#include <cuda_runtime.h>
#include <hwloc.h>
#include <hwloc/cudart.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <time.h>

#define MAXG (LM_MAX_NODES - 1)
#define BIG ((size_t)64 << 20)
/* Small sizes pin down the latency, large ones the bandwidth. */
static const size_t sizes[] = { (size_t)64 << 10, (size_t)1 << 20, (size_t)8 << 20, BIG };
#define NSIZES ((int)(sizeof(sizes) / sizeof(sizes[0])))
#define MAX_LINKS (2 * MAXG + MAXG * (MAXG - 1))  /* host both ways, every GPU pair */
#define MAX_GROUPS (2 + 2 * MAXG + MAXG * (MAXG - 1)) /* list_groups' */

struct cal {
	int ngpus;
	struct lm_calib_opts o;
	double t0, per_meas_s;
	void *hsrc[MAXG], *hdst[MAXG]; /* pinned host buffers per GPU: reads from, writes to */
	void *dsrc[MAXG], *ddst[MAXG];
	cudaStream_t st[MAXG][2];
	cudaEvent_t ev[MAXG][2];
	char *err;
	size_t errlen;
	long samples;
	double *buf; /* one measurement's samples (max_samples) */
};

static double now_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void progress(const struct cal *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void progress(const struct cal *c, const char *fmt, ...)
{
	if (c->o.quiet)
		return;
	va_list ap;
	va_start(ap, fmt);
	fprintf(stderr, "[linkmap %5.1fs] ", now_s() - c->t0);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	va_end(ap);
}

#define CK(call)                                                                                   \
	do {                                                                                       \
		cudaError_t e_ = (call);                                                           \
		if (e_ != cudaSuccess) {                                                           \
			snprintf(c->err, c->errlen, "%s failed: %s", #call, cudaGetErrorString(e_)); \
			return -1;                                                                 \
		}                                                                                  \
	} while (0)

/* One copy src->dst (nodes: 0 host, 1 + g GPU g) of `bytes` on GPU g's stream `slot`. */
static int issue(struct cal *c, int s, int d, size_t bytes, int slot)
{
	if (s == 0) {
		CK(cudaSetDevice(d - 1));
		CK(cudaMemcpyAsync(c->dsrc[d - 1], c->hsrc[d - 1], bytes, cudaMemcpyHostToDevice,
		                   c->st[d - 1][slot]));
	} else if (d == 0) {
		CK(cudaSetDevice(s - 1));
		CK(cudaMemcpyAsync(c->hdst[s - 1], c->ddst[s - 1], bytes, cudaMemcpyDeviceToHost,
		                   c->st[s - 1][slot]));
	} else {
		CK(cudaSetDevice(s - 1));
		CK(cudaMemcpyPeerAsync(c->dsrc[d - 1], d - 1, c->ddst[s - 1], s - 1, bytes,
		                       c->st[s - 1][slot]));
	}
	return 0;
}

static int stream_gpu(int s, int d)
{
	return s == 0 ? d - 1 : s - 1;
}

/* Time of one copy alone, in microseconds, from events on its stream. */
static int sample_one(struct cal *c, int s, int d, size_t bytes, double *us)
{
	int g = stream_gpu(s, d);
	float ms;
	CK(cudaSetDevice(g));
	CK(cudaEventRecord(c->ev[g][0], c->st[g][0]));
	if (issue(c, s, d, bytes, 0))
		return -1;
	CK(cudaSetDevice(g));
	CK(cudaEventRecord(c->ev[g][1], c->st[g][0]));
	CK(cudaEventSynchronize(c->ev[g][1]));
	CK(cudaEventElapsedTime(&ms, c->ev[g][0], c->ev[g][1]));
	*us = ms * 1e3;
	return 0;
}

/* Wall time of n copies started together (BIG bytes each, each on its own stream). */
static int sample_many(struct cal *c, int n, const int (*links)[2], double *us)
{
	int used[MAXG] = { 0 };
	double t = now_s();
	for (int i = 0; i < n; i++) {
		int g = stream_gpu(links[i][0], links[i][1]);
		if (issue(c, links[i][0], links[i][1], BIG, used[g]++ % 2))
			return -1;
	}
	for (int i = 0; i < n; i++) {
		int g = stream_gpu(links[i][0], links[i][1]);
		CK(cudaSetDevice(g));
		CK(cudaStreamSynchronize(c->st[g][0]));
		CK(cudaStreamSynchronize(c->st[g][1]));
	}
	*us = (now_s() - t) * 1e6;
	return 0;
}

/* Samples until the 95% confidence half-width is within rel_ci of the mean (Student's t is
 * close to 1.96 from 10 samples on: 2.26 at 10, use it as a safe constant), or the measurement's
 * share of the budget is spent; gives the samples' median. */
static int repeat(struct cal *c, int s, int d, size_t bytes, int n_many, const int (*many)[2],
                  double *median_us, int *nsamples, double *relci)
{
	double sum = 0, sum2 = 0, start = now_s();
	int n = 0;
	for (;;) {
		double us;
		if ((many ? sample_many(c, n_many, many, &us) : sample_one(c, s, d, bytes, &us)))
			return -1;
		c->buf[n++] = us;
		sum += us;
		sum2 += us * us;
		double m = sum / n, var = n > 1 ? (sum2 - n * m * m) / (n - 1) : 0;
		double half = n > 1 ? 2.26 * sqrt(var > 0 ? var : 0) / sqrt(n) : INFINITY;
		*relci = half / m;
		if (n >= c->o.min_samples &&
		    (*relci <= c->o.rel_ci || n >= c->o.max_samples || now_s() - start > c->per_meas_s))
			break;
	}
	*median_us = lm_median(c->buf, n);
	*nsamples = n;
	c->samples += n;
	return 0;
}

/* A link measured alone: its time at every size over the rounds, and each round's fit. */
struct link_meas {
	int s, d;
	struct lm_rounds t[NSIZES];
	double bw_lo, bw_hi; /* the slowest and fastest round's bandwidth */
	int nmin, nmax;      /* samples per size and round */
	double worst_ci;
};

/* Links used together: their wall time over the rounds. */
#define GROUP_NAME 40 /* names stay under 32 characters: at most 15 GPUs */
struct group_meas {
	char name[GROUP_NAME];
	int n;
	int links[2 * MAXG][2];
	struct lm_rounds t;
};

static int measure_link_round(struct cal *c, struct link_meas *L)
{
	double t[NSIZES], lat, bw;
	for (int i = 0; i < NSIZES; i++) {
		int n;
		double ci;
		if (repeat(c, L->s, L->d, sizes[i], 0, NULL, &t[i], &n, &ci))
			return -1;
		lm_round_add(&L->t[i], t[i]);
		L->nmin = L->nmin && L->nmin < n ? L->nmin : n, L->nmax = n > L->nmax ? n : L->nmax;
		L->worst_ci = ci > L->worst_ci ? ci : L->worst_ci;
	}
	lm_fit_link(sizes, t, NSIZES, &lat, &bw);
	L->bw_lo = L->bw_lo > 0 && L->bw_lo < bw ? L->bw_lo : bw;
	L->bw_hi = bw > L->bw_hi ? bw : L->bw_hi;
	return 0;
}

/* The link's latency and bandwidth, fitted to each size's fastest round. */
static void set_link(struct cal *c, struct lm_db *db, const struct link_meas *L)
{
	double t[NSIZES], lat, bw;
	for (int i = 0; i < NSIZES; i++)
		t[i] = L->t[i].best_us;
	lm_fit_link(sizes, t, NSIZES, &lat, &bw);
	lm_set_link(db, L->s, L->d, lat, bw);
	char a[16], b[16];
	progress(c, "%s->%s: %7.1f GB/s, %5.1f us  (%d sizes, %d rounds reading %.1f-%.1f GB/s, "
	         "%d-%d samples, 95%% CI within %.1f%%)",
	         lm_node_name(db, L->s, a, sizeof(a)), lm_node_name(db, L->d, b, sizeof(b)), bw, lat,
	         NSIZES, L->t[0].n, L->bw_lo, L->bw_hi, L->nmin, L->nmax, 100 * L->worst_ci);
}

static int measure_group_round(struct cal *c, struct group_meas *G)
{
	double us, ci;
	int ns;
	if (repeat(c, 0, 0, 0, G->n, (const int(*)[2])G->links, &us, &ns, &ci))
		return -1;
	lm_round_add(&G->t, us);
	return 0;
}

/* What the links together get under the groups known so far. */
static double allowed(const struct lm_db *db, int n, const int (*links)[2])
{
	double sum = 0;
	for (int i = 0; i < n; i++)
		sum += lm_shared_bw(db, links[i][0], links[i][1], links, n);
	return sum;
}

/* Adds the group when its total (fastest round) is below what the groups found so far already
 * allow by more than measurement noise. */
static void decide_group(struct cal *c, struct lm_db *db, const struct group_meas *G)
{
	const int(*links)[2] = (const int(*)[2])G->links;
	double expect = allowed(db, G->n, links);
	double total = G->n * (double)BIG / (G->t.best_us * 1e3);
	double slow = G->n * (double)BIG / (G->t.worst_us * 1e3);
	int shared = total < 0.92 * expect; /* the H200 duplex: 98 of 110.7 */
	progress(c, "%-22s %d copies at once: %7.1f GB/s in total (%d rounds reading %.1f-%.1f; "
	         "%.1f expected without sharing)%s",
	         G->name, G->n, total, G->t.n, slow, total, expect, shared ? ": shared resource" : "");
	if (shared) {
		int src[LM_MAX_GROUP_LINKS], dst[LM_MAX_GROUP_LINKS];
		for (int i = 0; i < G->n; i++)
			src[i] = links[i][0], dst[i] = links[i][1];
		if (lm_add_group(db, G->name, total, G->n, src, dst) < 0)
			progress(c, "too many groups: %s not kept", G->name);
	}
}

static struct group_meas *new_group(struct group_meas *G, int *ng, const char *name)
{
	struct group_meas *g = &G[(*ng)++];
	snprintf(g->name, sizeof(g->name), "%s", name);
	return g;
}

/* The sets of links that may share a resource, in the order they are decided: every GPU at once
 * both ways (the host side), both directions of one GPU's link, GPU pairs both ways (a PCIe switch
 * shared by two), every peer writing into one GPU (its NVLink ports). `peer[h][g]`: h->g is a
 * measured link. Returns how many (MAX_GROUPS at most). */
static int list_groups(int ng, int (*peer)[MAXG], struct group_meas *G)
{
	int n = 0;
	char name[GROUP_NAME];
	for (int dir = 0; dir < 2 && ng >= 2; dir++) {
		struct group_meas *x = new_group(G, &n, dir ? "host-d2h" : "host-h2d");
		for (int g = 0; g < ng; g++)
			x->links[g][0] = dir ? 1 + g : 0, x->links[g][1] = dir ? 0 : 1 + g;
		x->n = ng;
	}
	for (int g = 0; g < ng; g++) {
		snprintf(name, sizeof(name), "pcie-gpu%d-duplex", g);
		struct group_meas *x = new_group(G, &n, name);
		x->links[0][0] = 0, x->links[0][1] = 1 + g, x->links[1][0] = 1 + g, x->links[1][1] = 0;
		x->n = 2;
	}
	for (int dir = 0; dir < 2 && ng >= 3; dir++)
		for (int g = 0; g < ng; g++)
			for (int h = g + 1; h < ng; h++) {
				snprintf(name, sizeof(name), "pcie-gpu%d-gpu%d-%s", g, h, dir ? "d2h" : "h2d");
				struct group_meas *x = new_group(G, &n, name);
				x->links[0][0] = dir ? 1 + g : 0, x->links[0][1] = dir ? 0 : 1 + g;
				x->links[1][0] = dir ? 1 + h : 0, x->links[1][1] = dir ? 0 : 1 + h;
				x->n = 2;
			}
	for (int g = 0; g < ng && ng >= 3; g++) {
		int k = 0, links[MAXG][2];
		for (int h = 0; h < ng; h++)
			if (h != g && peer[h][g])
				links[k][0] = 1 + h, links[k][1] = 1 + g, k++;
		if (k < 2)
			continue;
		snprintf(name, sizeof(name), "peers-into-gpu%d", g);
		struct group_meas *x = new_group(G, &n, name);
		memcpy(x->links, links, sizeof(links[0]) * (size_t)k);
		x->n = k;
	}
	return n;
}

/* hwloc: say where each GPU sits, and measure from NUMA node 0 (host node 0's memory). */
static void topology(struct cal *c, hwloc_topology_t topo, hwloc_cpuset_t old)
{
	int nnuma = hwloc_get_nbobjs_by_type(topo, HWLOC_OBJ_NUMANODE);
	progress(c, "hwloc: %d NUMA node(s); measuring host memory of NUMA node 0", nnuma);
	hwloc_obj_t numa0 = hwloc_get_obj_by_type(topo, HWLOC_OBJ_NUMANODE, 0);
	hwloc_get_cpubind(topo, old, HWLOC_CPUBIND_THREAD);
	if (numa0 && numa0->cpuset)
		hwloc_set_cpubind(topo, numa0->cpuset, HWLOC_CPUBIND_THREAD);
	hwloc_cpuset_t set = hwloc_bitmap_alloc();
	for (int g = 0; g < c->ngpus; g++) {
		int near = -1;
		if (hwloc_cudart_get_device_cpuset(topo, g, set) == 0)
			for (int i = 0; i < nnuma && near < 0; i++) {
				hwloc_obj_t o = hwloc_get_obj_by_type(topo, HWLOC_OBJ_NUMANODE, i);
				if (o && o->cpuset && hwloc_bitmap_intersects(o->cpuset, set))
					near = i;
			}
		progress(c, "gpu%d is close to NUMA node %d", g, near);
	}
	hwloc_bitmap_free(set);
}

static int setup(struct cal *c, struct lm_db *db)
{
	lm_init(db, c->ngpus + 1);
	lm_machine_identity(db->machine, sizeof(db->machine));
	lm_set_node(db, 0, LM_HOST, 0, "numa0");
	for (int g = 0; g < c->ngpus; g++) {
		struct cudaDeviceProp prop;
		CK(cudaGetDeviceProperties(&prop, g));
		const unsigned char *u = (const unsigned char *)prop.uuid.bytes;
		char id[96];
		snprintf(id, sizeof(id), "%.50s GPU-%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-%02x%02x%02x%02x%02x%02x",
		         prop.name, u[0], u[1], u[2], u[3], u[4], u[5], u[6], u[7], u[8], u[9], u[10],
		         u[11], u[12], u[13], u[14], u[15]);
		lm_set_node(db, 1 + g, LM_GPU, g, id);
		CK(cudaSetDevice(g));
		CK(cudaMalloc(&c->dsrc[g], BIG));
		CK(cudaMalloc(&c->ddst[g], BIG));
		CK(cudaMemset(c->ddst[g], 1, BIG));
		CK(cudaHostAlloc(&c->hsrc[g], BIG, cudaHostAllocPortable));
		CK(cudaHostAlloc(&c->hdst[g], BIG, cudaHostAllocPortable));
		memset(c->hsrc[g], 1, BIG);
		for (int k = 0; k < 2; k++) {
			CK(cudaStreamCreateWithFlags(&c->st[g][k], cudaStreamNonBlocking));
			CK(cudaEventCreate(&c->ev[g][k]));
		}
		/* The memset ran on the default stream, which the non-blocking streams that time the
		 * copies do not wait for: finish it so it cannot share the first timed copy's link. */
		CK(cudaDeviceSynchronize());
		progress(c, "gpu%d: %s", g, id);
	}
	return 0;
}

static void teardown(struct cal *c)
{
	for (int g = 0; g < c->ngpus; g++) {
		cudaSetDevice(g);
		for (int k = 0; k < 2; k++) {
			if (c->st[g][k])
				cudaStreamDestroy(c->st[g][k]);
			if (c->ev[g][k])
				cudaEventDestroy(c->ev[g][k]);
		}
		cudaFree(c->dsrc[g]);
		cudaFree(c->ddst[g]);
		cudaFreeHost(c->hsrc[g]);
		cudaFreeHost(c->hdst[g]);
	}
	cudaGetLastError();
}

/* The links to measure: host<->GPU both ways, then every GPU pair with peer access (peer[g][h]);
 * says which pairs go through host RAM. Returns how many. */
static int list_links(struct cal *c, int (*peer)[MAXG], struct link_meas *L)
{
	int n = 0, ng = c->ngpus;
	for (int g = 0; g < ng; g++) {
		L[n++] = (struct link_meas){ .s = 0, .d = 1 + g };
		L[n++] = (struct link_meas){ .s = 1 + g, .d = 0 };
	}
	for (int g = 0; g < ng; g++)
		for (int h = 0; h < ng; h++) {
			if (g == h)
				continue;
			if (peer[g][h])
				L[n++] = (struct link_meas){ .s = 1 + g, .d = 1 + h };
			else
				progress(c, "gpu%d->gpu%d: no peer access: copies go through host RAM", g, h);
		}
	return n;
}

static int enable_peers(struct cal *c, int (*peer)[MAXG])
{
	for (int g = 0; g < c->ngpus; g++)
		for (int h = 0; h < c->ngpus; h++) {
			int can = 0, rank = 0;
			if (g == h || cudaDeviceCanAccessPeer(&can, g, h) != cudaSuccess || !can)
				continue;
			CK(cudaSetDevice(g));
			cudaError_t e = cudaDeviceEnablePeerAccess(h, 0);
			cudaGetLastError();
			if (e != cudaSuccess && e != cudaErrorPeerAccessAlreadyEnabled) {
				/* e.g. too many peers: this pair's copies then go through the host */
				progress(c, "gpu%d->gpu%d: peer access refused (%s): measured as no link", g, h,
				         cudaGetErrorString(e));
				continue;
			}
			cudaDeviceGetP2PAttribute(&rank, cudaDevP2PAttrPerformanceRank, g, h);
			progress(c, "gpu%d->gpu%d: peer access (performance rank %d)", g, h, rank);
			peer[g][h] = 1;
		}
	return 0;
}

/* Every link alone, then every group, `rounds` times over, so that a busy period of the machine
 * falls in one round of each measurement rather than in all of one measurement's samples; then
 * the links and groups from their fastest rounds. */
static int run(struct cal *c, struct lm_db *db, struct link_meas *L, struct group_meas *G)
{
	int peer[MAXG][MAXG] = { { 0 } };
	if (setup(c, db) || enable_peers(c, peer))
		return -1;
	int nl = list_links(c, peer, L), ngr = list_groups(c->ngpus, peer, G);
	c->per_meas_s = c->o.budget_s * 0.9 / ((nl * NSIZES + ngr) * c->o.rounds);
	for (int i = 0; i < nl; i++) {
		double warm;
		if (sample_one(c, L[i].s, L[i].d, BIG, &warm)) /* the first copy pays mapping, setup */
			return -1;
	}
	for (int r = 0; r < c->o.rounds; r++) {
		for (int i = 0; i < nl; i++)
			if (measure_link_round(c, &L[i]))
				return -1;
		for (int i = 0; i < ngr; i++)
			if (measure_group_round(c, &G[i]))
				return -1;
	}
	for (int i = 0; i < nl; i++)
		set_link(c, db, &L[i]);
	for (int i = 0; i < ngr; i++)
		decide_group(c, db, &G[i]);
	return 0;
}

int lm_calibrate(struct lm_db *db, const struct lm_calib_opts *opts, char *err, size_t errlen)
{
	struct cal *c = calloc(1, sizeof(*c));
	if (!c) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	if (opts)
		c->o = *opts;
	if (c->o.budget_s <= 0)
		c->o.budget_s = 50;
	if (c->o.min_samples <= 0)
		c->o.min_samples = 10;
	if (c->o.max_samples < c->o.min_samples)
		c->o.max_samples = c->o.min_samples > 200 ? c->o.min_samples : 200;
	if (c->o.rel_ci <= 0)
		c->o.rel_ci = 0.05;
	if (c->o.rounds <= 0)
		c->o.rounds = 3;
	c->err = err, c->errlen = errlen;
	c->t0 = now_s();
	struct link_meas *L = calloc(MAX_LINKS, sizeof(*L));
	struct group_meas *G = calloc(MAX_GROUPS, sizeof(*G));
	c->buf = malloc(sizeof(*c->buf) * (size_t)c->o.max_samples);
	if (!L || !G || !c->buf) {
		snprintf(err, errlen, "out of memory");
		free(L), free(G), free(c->buf), free(c);
		return -1;
	}
	int n = 0;
	if (cudaGetDeviceCount(&n) != cudaSuccess || n < 1) {
		cudaGetLastError();
		snprintf(err, errlen, "link calibration needs CUDA GPUs: none found");
		free(L), free(G), free(c->buf), free(c);
		return -1;
	}
	c->ngpus = n > MAXG ? MAXG : n;
	int old_dev = 0; /* the caller's current device (an application thread at paralia init) */
	cudaGetDevice(&old_dev);
	progress(c, "measuring host RAM and %d GPU(s): every link at %d sizes, then shared resources; "
	         "%d rounds", c->ngpus, NSIZES, c->o.rounds);
	hwloc_topology_t topo;
	hwloc_cpuset_t old = hwloc_bitmap_alloc();
	int have_topo = hwloc_topology_init(&topo) == 0 && hwloc_topology_load(topo) == 0;
	if (have_topo)
		topology(c, topo, old);
	int ret = run(c, db, L, G);
	teardown(c);
	cudaSetDevice(old_dev);
	if (have_topo) {
		if (!hwloc_bitmap_iszero(old))
			hwloc_set_cpubind(topo, old, HWLOC_CPUBIND_THREAD);
		hwloc_topology_destroy(topo);
	}
	hwloc_bitmap_free(old);
	if (ret == 0) {
		char why[256];
		if (lm_check(db, why, sizeof(why))) {
			snprintf(err, errlen, "measured database is inconsistent: %s", why);
			ret = -1;
		} else {
			progress(c, "done: %ld samples in %.1f s", c->samples, now_s() - c->t0);
		}
	}
	free(L), free(G), free(c->buf), free(c);
	return ret;
}
#endif
