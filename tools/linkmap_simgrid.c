/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * A link map as a machine StarPU can simulate on SimGrid (paralia-linkmap simgrid).
 *
 * StarPU on SimGrid runs the application's tasks on hosts named CPU<i> and CUDA<d>, the main
 * program on MAIN, and moves data between the hosts of its memory nodes, RAM and CUDA<d>
 * (src/core/simgrid.c). A copy from node s to node d is a SimGrid communication along the route
 * s -> d, and SimGrid shares the bandwidth of every link among the communications crossing it,
 * max-min fairly. So each link of the map becomes a SimGrid link with the map's latency and
 * bandwidth, each sharing group one more link whose bandwidth is the group's total, and the
 * route of a pair is its own link followed by the links of the groups it belongs to: four GPUs
 * reading the host at once each get at most their own 55 GB/s and together the group's 155, as
 * the map says and as StarPU's own generated platform (one 54.6 GB/s link for all four) cannot.
 *
 * A pair of GPUs without a direct link copies over the host's links (both hops, with their
 * groups): StarPU copies between GPUs directly once any GPU allows peer copies (the
 * "memcpy_peer" property is per GPU, not per pair), and such a copy crosses PCIe through the host.
 */
#include "tools/linkmap_simgrid.h"
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

static int fail(char *err, size_t errlen, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int fail(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
	return -1;
}

double lm_simgrid_gpu_mem(const char *ident)
{
	if (strstr(ident, "H200"))
		return 150109880320.0; /* cudaDeviceProp.totalGlobalMem, as StarPU saw it on the H200 */
	for (const char *g = strstr(ident, "GB"); g; g = strstr(g + 1, "GB")) {
		const char *p = g;
		while (p > ident && isdigit((unsigned char)p[-1]))
			p--;
		if (p < g && (p == ident || p[-1] == '-' || p[-1] == ' '))
			return (double)atol(p) * (1 << 30);
	}
	return 0;
}

/* text as XML attribute or comment content: markup characters escaped, no "--" (ends a comment). */
static const char *xml(const char *text, char *buf, size_t len)
{
	size_t n = 0;
	for (const char *p = text; *p && n + 7 < len; p++) {
		const char *e = *p == '&' ? "&amp;" : *p == '<' ? "&lt;" : *p == '>' ? "&gt;"
		              : *p == '"' ? "&quot;" : *p == '\'' ? "&apos;" : (*p == '-' && p[1] == '-') ? "- " : NULL;
		if (e) {
			memcpy(buf + n, e, strlen(e));
			n += strlen(e);
		} else {
			buf[n++] = *p;
		}
	}
	buf[n] = '\0';
	return buf;
}

/* SimGrid host name of node i: RAM for the host, CUDA<devid> for a GPU. */
static const char *host_of(const struct lm_db *db, int i, char *buf, size_t len)
{
	if (db->node[i].kind == LM_HOST)
		snprintf(buf, len, "RAM");
	else
		snprintf(buf, len, "CUDA%d", db->node[i].devid);
	return buf;
}

/* What StarPU's platform files assume: one host memory node (NUMA is not simulated), GPUs
 * numbered 0..G-1 once each, a link both ways between the host and every GPU. */
static int check_shape(const struct lm_db *db, int *ngpus, char *err, size_t errlen)
{
	int nhost = 0, seen[LM_MAX_NODES] = { 0 };
	*ngpus = 0;
	for (int i = 0; i < db->nnodes; i++) {
		if (db->node[i].kind == LM_HOST) {
			nhost++;
			continue;
		}
		int d = db->node[i].devid;
		if (d < 0 || d >= LM_MAX_NODES || seen[d]++)
			return fail(err, errlen, "node %d: GPU device %d is out of range or given twice", i, d);
		(*ngpus)++;
	}
	if (nhost != 1)
		return fail(err, errlen, "the map has %d host nodes; StarPU on SimGrid simulates one host "
		            "memory (no NUMA nodes)", nhost);
	for (int d = 0; d < *ngpus; d++)
		if (!seen[d])
			return fail(err, errlen, "GPU devices are not numbered 0..%d (device %d is missing)",
			            *ngpus - 1, d);
	for (int i = 0; i < db->nnodes; i++)
		for (int j = 0; j < db->nnodes; j++)
			if (db->node[i].kind != db->node[j].kind && !(db->link[i][j].bw_gbs > 0))
				return fail(err, errlen, "no link from node %d to node %d: every GPU needs a link "
				            "to and from the host", i, j);
	return 0;
}

static int in_group(const struct lm_group *g, int s, int d)
{
	for (int i = 0; i < g->nlinks; i++)
		if (g->src[i] == s && g->dst[i] == d)
			return 1;
	return 0;
}

/* One hop of a route: the pair's own link, then every group holding it. */
static void route_hop(FILE *out, const struct lm_db *db, int s, int d)
{
	char a[16], b[16], esc[128];
	fprintf(out, "    <link_ctn id=\"%s-%s\"/>\n", host_of(db, s, a, sizeof a), host_of(db, d, b, sizeof b));
	for (int k = 0; k < db->ngroups; k++)
		if (in_group(&db->group[k], s, d))
			fprintf(out, "    <link_ctn id=\"group:%s\"/>\n", xml(db->group[k].name, esc, sizeof esc));
}

static void write_hosts(FILE *out, const struct lm_db *db, const struct lm_simgrid_opts *o)
{
	/* Task lengths are simulated as length x speed flops at the host's speed: any speed works,
	 * StarPU writes 2 GFLOP/s for every worker host. */
	fprintf(out, "  <host id=\"MAIN\" speed=\"1f\"/>\n");
	for (int c = 0; c < o->ncpus; c++)
		fprintf(out, "  <host id=\"CPU%d\" speed=\"2000000000f\"/>\n", c);
	int peers = 0;
	for (int i = 0; i < db->nnodes; i++)
		for (int j = 0; j < db->nnodes; j++)
			peers |= db->node[i].kind == LM_GPU && db->node[j].kind == LM_GPU && db->link[i][j].bw_gbs > 0;
	for (int i = 0; i < db->nnodes; i++) {
		if (db->node[i].kind != LM_GPU)
			continue;
		char model[96];
		snprintf(model, sizeof model, "%s", db->node[i].ident);
		char *uuid = strstr(model, " GPU-");
		if (uuid)
			*uuid = '\0';
		double mem = o->gpu_mem_bytes > 0 ? o->gpu_mem_bytes : lm_simgrid_gpu_mem(db->node[i].ident);
		fprintf(out, "  <host id=\"CUDA%d\" speed=\"2000000000f\">\n", db->node[i].devid);
		char esc[256];
		fprintf(out, "    <prop id=\"model\" value=\"%s\"/>\n", xml(model, esc, sizeof esc));
		fprintf(out, "    <prop id=\"memsize\" value=\"%.0f\"/>\n", mem);
		fprintf(out, "    <prop id=\"memcpy_peer\" value=\"%d\"/>\n", peers);
		fprintf(out, "  </host>\n");
	}
	fprintf(out, "  <host id=\"RAM\" speed=\"1f\"/>\n");
}

static void write_links(FILE *out, const struct lm_db *db)
{
	char a[16], b[16], esc[128];
	fprintf(out, "  <!-- each link of the map, alone: latency and bandwidth -->\n");
	for (int s = 0; s < db->nnodes; s++)
		for (int d = 0; d < db->nnodes; d++)
			if (s != d && db->link[s][d].bw_gbs > 0)
				fprintf(out, "  <link id=\"%s-%s\" bandwidth=\"%.15gBps\" latency=\"%.15gs\"/>\n",
				        host_of(db, s, a, sizeof a), host_of(db, d, b, sizeof b),
				        db->link[s][d].bw_gbs * 1e9, db->link[s][d].latency_us * 1e-6);
	if (db->ngroups)
		fprintf(out, "  <!-- sharing groups: what their links get together -->\n");
	for (int k = 0; k < db->ngroups; k++)
		fprintf(out, "  <link id=\"group:%s\" bandwidth=\"%.15gBps\" latency=\"0s\"/>\n",
		        xml(db->group[k].name, esc, sizeof esc), db->group[k].total_gbs * 1e9);
}

static void write_routes(FILE *out, const struct lm_db *db, int host)
{
	char a[16], b[16];
	for (int s = 0; s < db->nnodes; s++)
		for (int d = 0; d < db->nnodes; d++) {
			if (s == d)
				continue;
			fprintf(out, "  <route src=\"%s\" dst=\"%s\" symmetrical=\"NO\">\n",
			        host_of(db, s, a, sizeof a), host_of(db, d, b, sizeof b));
			if (db->link[s][d].bw_gbs > 0) {
				route_hop(out, db, s, d);
			} else { /* two GPUs without a link: through the host */
				route_hop(out, db, s, host);
				route_hop(out, db, host, d);
			}
			fprintf(out, "  </route>\n");
		}
}

int lm_simgrid_platform(const struct lm_db *db, const struct lm_simgrid_opts *o, FILE *out,
                        char *err, size_t errlen)
{
	int ngpus, host = 0;
	if (check_shape(db, &ngpus, err, errlen))
		return -1;
	if (o->ncpus < 1)
		return fail(err, errlen, "the machine needs at least one CPU core (got %d)", o->ncpus);
	for (int i = 0; i < db->nnodes; i++) {
		if (db->node[i].kind == LM_HOST)
			host = i;
		else if (!(o->gpu_mem_bytes > 0) && !(lm_simgrid_gpu_mem(db->node[i].ident) > 0))
			return fail(err, errlen, "node %d (%s): the GPU's memory size is not in its name; give "
			            "it with --gpu-mem", i, db->node[i].ident);
	}
	char machine[2200];
	fprintf(out, "<?xml version='1.0'?>\n"
	        "<!DOCTYPE platform SYSTEM 'https://simgrid.org/simgrid.dtd'>\n"
	        "<!-- StarPU-SimGrid platform written by paralia-linkmap simgrid from the link map of\n"
	        "     %s: %d GPU(s), %d CPU cores, %d sharing group(s) -->\n"
	        "<platform version=\"4.1\">\n", xml(db->machine, machine, sizeof machine), ngpus,
	        o->ncpus, db->ngroups);
	/* StarPU's own settings: plain max-min sharing, no TCP window, latency and bandwidth as given,
	 * no reverse traffic (a copy's acknowledgements do not load the other direction). */
	fprintf(out, " <config id=\"General\">\n"
	        "  <prop id=\"network/TCP-gamma\" value=\"-1\"></prop>\n"
	        "  <prop id=\"network/latency-factor\" value=\"1\"></prop>\n"
	        "  <prop id=\"network/bandwidth-factor\" value=\"1\"></prop>\n"
	        "  <prop id=\"network/crosstraffic\" value=\"0\"></prop>\n"
	        "  <prop id=\"network/weight-S\" value=\"0.0\"></prop>\n"
	        " </config>\n"
	        " <zone id=\"AS0\" routing=\"Full\">\n");
	write_hosts(out, db, o);
	write_links(out, db);
	write_routes(out, db, host);
	fprintf(out, " </zone>\n</platform>\n");
	if (ferror(out))
		return fail(err, errlen, "write error: %s", strerror(errno));
	return 0;
}

/* StarPU's raw node order: host memory first, then CUDA devices by number. */
static int starpu_order(const struct lm_db *db, int *order)
{
	int n = 0;
	for (int i = 0; i < db->nnodes; i++)
		if (db->node[i].kind == LM_HOST)
			order[n++] = i;
	for (int d = 0; d < LM_MAX_NODES; d++)
		for (int i = 0; i < db->nnodes; i++)
			if (db->node[i].kind == LM_GPU && db->node[i].devid == d)
				order[n++] = i;
	return n;
}

/* A link used alone, as StarPU's calibration sees it: direct, or through the host (two hops). */
static void alone(const struct lm_db *db, int host, int s, int d, double *mbs, double *us)
{
	const struct lm_link *l = &db->link[s][d];
	if (s == d) {
		*mbs = 0, *us = 0;
	} else if (l->bw_gbs > 0) {
		*mbs = l->bw_gbs * 1e3, *us = l->latency_us; /* GB/s -> MB/s (bytes per us) */
	} else {
		const struct lm_link *a = &db->link[s][host], *b = &db->link[host][d];
		*mbs = 1e3 * (a->bw_gbs < b->bw_gbs ? a->bw_gbs : b->bw_gbs);
		*us = a->latency_us + b->latency_us;
	}
}

static int write_matrix(const struct lm_db *db, const char *path, int latency, char *err, size_t errlen)
{
	int order[LM_MAX_NODES], n = starpu_order(db, order), host = order[0];
	FILE *f = fopen(path, "w");
	if (!f)
		return fail(err, errlen, "cannot write %s: %s", path, strerror(errno));
	fprintf(f, "# %s from the paralia link map of %s\n# ", latency ? "latency (us)" : "bandwidth (MB/s)",
	        db->machine);
	for (int j = 0; j < n; j++)
		fprintf(f, db->node[order[j]].kind == LM_HOST ? "to NUMA %d\t" : "to CUDA %d\t",
		        db->node[order[j]].devid);
	fprintf(f, "\n");
	for (int i = 0; i < n; i++) {
		for (int j = 0; j < n; j++) {
			double mbs, us;
			alone(db, host, order[i], order[j], &mbs, &us);
			fprintf(f, "%e\t", latency ? us : mbs);
		}
		/* StarPU 1.4's reader overwrites the last value of a row, and the last row, with NaN
		 * (its own files have NaN columns and rows up to the build's node limit): one NaN column
		 * and one NaN row absorb that. */
		fprintf(f, "nan\t\n");
	}
	for (int j = 0; j <= n; j++)
		fprintf(f, "nan\t");
	fprintf(f, "\n");
	int bad = ferror(f);
	if (fclose(f) || bad)
		return fail(err, errlen, "write error on %s", path);
	return 0;
}

/* The configuration StarPU records beside its bus files; StarPU on SimGrid finds the bus folder
 * by this file, and does not check its numbers. */
static int write_config(const char *path, int ncpus, int ngpus, char *err, size_t errlen)
{
	FILE *f = fopen(path, "w");
	if (!f)
		return fail(err, errlen, "cannot write %s: %s", path, strerror(errno));
	fprintf(f, "# Current configuration\n%d # Number of CPUs\n1 # Number of NUMA nodes\n"
	        "%d # Number of CUDA nodes\n0 # Number of OpenCL nodes\n0 # Number of FPGA nodes\n"
	        "0 # Number of Disk nodes\n0 # Number of MPI_MS nodes\n0 # Number of TCPIP_MS nodes\n"
	        "0 # Number of HIP nodes\n", ncpus, ngpus);
	int bad = ferror(f);
	if (fclose(f) || bad)
		return fail(err, errlen, "write error on %s", path);
	return 0;
}

int lm_simgrid_starpu_bus(const struct lm_db *db, const struct lm_simgrid_opts *o, const char *prefix,
                          char *err, size_t errlen)
{
	int ngpus;
	if (check_shape(db, &ngpus, err, errlen))
		return -1;
	char path[4096];
	snprintf(path, sizeof path, "%s.bandwidth", prefix);
	if (write_matrix(db, path, 0, err, errlen))
		return -1;
	snprintf(path, sizeof path, "%s.latency", prefix);
	if (write_matrix(db, path, 1, err, errlen))
		return -1;
	snprintf(path, sizeof path, "%s.config", prefix);
	return write_config(path, o->ncpus, ngpus, err, errlen);
}
