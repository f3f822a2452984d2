/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Link calibration with CUDA copies. For every ordered pair (host<->GPU, GPU<->GPU with peer
 * access) the copy time is measured at a few sizes and latency + bandwidth are fitted; then
 * concurrent copies find the resources links share (the host side, a PCIe switch shared by two
 * GPUs, both directions of one GPU's link): what StarPU's bus model lacks.
 * Every measurement repeats until its 95% confidence interval is within rel_ci of the mean
 * (at least min_samples), within a time budget so that 4 GPUs take well under a minute.
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

/* Repeats until the 95% confidence half-width is within rel_ci of the mean (Student's t is
 * close to 1.96 from 10 samples on: 2.26 at 10, use it as a safe constant). */
static int repeat(struct cal *c, int s, int d, size_t bytes, int n_many, const int (*many)[2],
                  double *mean_us, int *nsamples, double *relci)
{
	double sum = 0, sum2 = 0, start = now_s();
	int n = 0;
	for (;;) {
		double us;
		if ((many ? sample_many(c, n_many, many, &us) : sample_one(c, s, d, bytes, &us)))
			return -1;
		n++;
		sum += us;
		sum2 += us * us;
		double m = sum / n, var = n > 1 ? (sum2 - n * m * m) / (n - 1) : 0;
		double half = n > 1 ? 2.26 * sqrt(var > 0 ? var : 0) / sqrt(n) : INFINITY;
		*mean_us = m;
		*relci = half / m;
		if (n >= c->o.min_samples &&
		    (*relci <= c->o.rel_ci || n >= c->o.max_samples || now_s() - start > c->per_meas_s))
			break;
	}
	*nsamples = n;
	c->samples += n;
	return 0;
}

/* Weighted least squares t = a + b * bytes, weights 1/t^2 so that the small sizes (which carry
 * the latency) count as much as the large ones. */
static void fit(const double *t, double *lat_us, double *bw_gbs)
{
	double sw = 0, sx = 0, sy = 0, sxx = 0, sxy = 0;
	for (int i = 0; i < NSIZES; i++) {
		double w = 1 / (t[i] * t[i]), x = (double)sizes[i];
		sw += w, sx += w * x, sy += w * t[i], sxx += w * x * x, sxy += w * x * t[i];
	}
	double det = sw * sxx - sx * sx;
	double b = det > 0 ? (sw * sxy - sx * sy) / det : 0;
	double a = det > 0 ? (sy - b * sx) / sw : 0;
	if (!(b > 0)) /* noise swamped the slope: bandwidth of the largest copy */
		b = t[NSIZES - 1] / (double)sizes[NSIZES - 1], a = 0;
	*lat_us = a > 0 ? a : 0;
	*bw_gbs = 1 / (b * 1e3); /* b in us per byte; GB/s = 1e3 bytes per us */
}

static int measure_link(struct cal *c, struct lm_db *db, int s, int d)
{
	double t[NSIZES], worst = 0, warm;
	int nmin = 1 << 30, nmax = 0;
	if (sample_one(c, s, d, BIG, &warm)) /* first copy pays mapping and setup */
		return -1;
	for (int i = 0; i < NSIZES; i++) {
		int n;
		double ci;
		if (repeat(c, s, d, sizes[i], 0, NULL, &t[i], &n, &ci))
			return -1;
		nmin = n < nmin ? n : nmin, nmax = n > nmax ? n : nmax;
		worst = ci > worst ? ci : worst;
	}
	double lat, bw;
	fit(t, &lat, &bw);
	lm_set_link(db, s, d, lat, bw);
	char a[16], b[16];
	progress(c, "%s->%s: %7.1f GB/s, %5.1f us  (%d sizes, %d-%d samples, 95%% CI within %.1f%%)",
	         lm_node_name(db, s, a, sizeof(a)), lm_node_name(db, d, b, sizeof(b)), bw, lat, NSIZES,
	         nmin, nmax, 100 * worst);
	return 0;
}

/* Total GB/s of the n links used together; adds a group when it is below `expect` (what the
 * groups found so far already allow) by more than measurement noise. */
static int measure_group(struct cal *c, struct lm_db *db, const char *name, int n,
                         const int (*links)[2], double expect)
{
	double us, ci;
	int ns;
	if (repeat(c, 0, 0, 0, n, links, &us, &ns, &ci))
		return -1;
	double total = n * (double)BIG / (us * 1e3);
	int shared = total < 0.92 * expect; /* the H200 duplex: 98 of 110.7 */
	progress(c, "%-22s %d copies at once: %7.1f GB/s in total (%.1f expected without sharing)%s",
	         name, n, total, expect, shared ? ": shared resource" : "");
	if (shared) {
		int src[LM_MAX_GROUP_LINKS], dst[LM_MAX_GROUP_LINKS];
		for (int i = 0; i < n; i++)
			src[i] = links[i][0], dst[i] = links[i][1];
		if (lm_add_group(db, name, total, n, src, dst) < 0)
			progress(c, "too many groups: %s not kept", name);
	}
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

static int measure_groups(struct cal *c, struct lm_db *db)
{
	int ng = c->ngpus, links[2 * MAXG][2];
	char name[64]; /* names stay under 32 characters: at most 15 GPUs */
	for (int dir = 0; dir < 2 && ng >= 2; dir++) { /* every GPU at once: the host side */
		for (int g = 0; g < ng; g++)
			links[g][0] = dir ? 1 + g : 0, links[g][1] = dir ? 0 : 1 + g;
		if (measure_group(c, db, dir ? "host-d2h" : "host-h2d", ng, links, allowed(db, ng, links)))
			return -1;
	}
	for (int g = 0; g < ng; g++) { /* both directions of one GPU's link */
		int l[2][2] = { { 0, 1 + g }, { 1 + g, 0 } };
		snprintf(name, sizeof(name), "pcie-gpu%d-duplex", g);
		if (measure_group(c, db, name, 2, l, allowed(db, 2, l)))
			return -1;
	}
	for (int dir = 0; dir < 2 && ng >= 3; dir++) /* GPU pairs: PCIe switches shared by two */
		for (int g = 0; g < ng; g++)
			for (int h = g + 1; h < ng; h++) {
				int l[2][2] = { { dir ? 1 + g : 0, dir ? 0 : 1 + g },
					        { dir ? 1 + h : 0, dir ? 0 : 1 + h } };
				snprintf(name, sizeof(name), "pcie-gpu%d-gpu%d-%s", g, h, dir ? "d2h" : "h2d");
				if (measure_group(c, db, name, 2, l, allowed(db, 2, l)))
					return -1;
			}
	for (int g = 0; g < ng && ng >= 3; g++) { /* every peer writing into one GPU: its NVLink ports */
		int n = 0;
		for (int h = 0; h < ng; h++)
			if (h != g && db->link[1 + h][1 + g].bw_gbs > 0)
				links[n][0] = 1 + h, links[n][1] = 1 + g, n++;
		snprintf(name, sizeof(name), "peers-into-gpu%d", g);
		if (n >= 2 && measure_group(c, db, name, n, links, allowed(db, n, links)))
			return -1;
	}
	return 0;
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

static int run(struct cal *c, struct lm_db *db)
{
	if (setup(c, db))
		return -1;
	int ng = c->ngpus;
	int npeer = 0;
	for (int g = 0; g < ng; g++)
		for (int h = 0; h < ng; h++) {
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
			db->link[1 + g][1 + h].bw_gbs = -1; /* marks: measure it */
			npeer++;
		}
	/* Spread the budget over the measurements; the groups count like links. */
	int nmeas = (2 * ng + npeer) * NSIZES + 2 + ng + (ng >= 3 ? ng * (ng - 1) + ng : 0);
	c->per_meas_s = c->o.budget_s * 0.9 / (nmeas ? nmeas : 1);
	for (int g = 0; g < ng; g++)
		if (measure_link(c, db, 0, 1 + g) || measure_link(c, db, 1 + g, 0))
			return -1;
	for (int g = 0; g < ng; g++)
		for (int h = 0; h < ng; h++) {
			if (g == h)
				continue;
			if (db->link[1 + g][1 + h].bw_gbs < 0) {
				db->link[1 + g][1 + h].bw_gbs = 0;
				if (measure_link(c, db, 1 + g, 1 + h))
					return -1;
			} else {
				progress(c, "gpu%d->gpu%d: no peer access: copies go through host RAM", g, h);
			}
		}
	return measure_groups(c, db);
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
	c->err = err, c->errlen = errlen;
	c->t0 = now_s();
	int n = 0;
	if (cudaGetDeviceCount(&n) != cudaSuccess || n < 1) {
		cudaGetLastError();
		snprintf(err, errlen, "link calibration needs CUDA GPUs: none found");
		free(c);
		return -1;
	}
	c->ngpus = n > MAXG ? MAXG : n;
	int old_dev = 0; /* the caller's current device (an application thread at paralia init) */
	cudaGetDevice(&old_dev);
	progress(c, "measuring host RAM and %d GPU(s): every link at %d sizes, then shared resources",
	         c->ngpus, NSIZES);
	hwloc_topology_t topo;
	hwloc_cpuset_t old = hwloc_bitmap_alloc();
	int have_topo = hwloc_topology_init(&topo) == 0 && hwloc_topology_load(topo) == 0;
	if (have_topo)
		topology(c, topo, old);
	int ret = run(c, db);
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
	free(c);
	return ret;
}
#endif
