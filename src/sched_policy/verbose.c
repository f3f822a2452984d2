/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * PARALIA_VERBOSE: what the policy decided and what happened.
 *   1: at shutdown, tasks / busy / idle time per worker, bytes per link (planned by the policy and
 *      really moved, from StarPU's bus profiling, which this level turns on), host->GPU bytes.
 *   2: also one line per task: each worker class's best predicted end, the choice, the route of
 *      each copy.
 */
#include "config.h"
#include "sched_policy/policy.h"
#include <stdio.h>
#include <string.h>

void pl_verbose_start(void)
{
	/* Bus byte counters exist only while profiling is on. */
	starpu_profiling_status_set(STARPU_PROFILING_ENABLE);
	int nb = starpu_bus_get_count();
	for (int b = 0; b < nb; b++) {
		struct starpu_profiling_bus_info info;
		starpu_bus_get_profiling_info(b, &info); /* resets the counters */
	}
	fprintf(stderr, "paralia: policy on, link map %s (%d nodes), relays %s, max hops %d, "
	        "lookahead %d, devices %s, uncalibrated gemm on GPUs timed by %s\n",
	        pl_g.db_from_file ? "from file" : "from StarPU's bus model", pl_g.nnodes,
	        pl_g.set.route ? "on" : "off", pl_g.set.max_hops, pl_g.set.lookahead,
	        pl_g.set.devices[0] ? pl_g.set.devices : "all",
	        pl_g.gpu_table ? "the kernel table" : "its flops");
}

static const char *node_name(int n, char *buf, size_t len)
{
	if (n < pl_g.nnodes && pl_g.L.db.node[n].kind == LM_GPU)
		snprintf(buf, len, "gpu%d", pl_g.L.db.node[n].devid);
	else if (n < pl_g.nnodes && starpu_node_get_kind((unsigned)n) == STARPU_CUDA_RAM)
		snprintf(buf, len, "gpu%d", starpu_memory_node_get_devid((unsigned)n));
	else
		snprintf(buf, len, "host%d", n);
	return buf;
}

void pl_verbose_task(struct starpu_task *task, const struct pl_cand *c, int nc, const double *kernel_us,
                     const struct pl_decision *d, const struct pl_hop *hops, int nh)
{
	char line[2048];
	int len = snprintf(line, sizeof line, "paralia: task %ld %s prio %d:", pl_g.ntasks,
	                   task->cl && task->cl->name ? task->cl->name : "?", task->priority);
	/* best end per class, relative to the decision's start of time */
	double base = d->ready_us < d->start_us ? d->ready_us : d->start_us;
	for (int k = 0; k < pl_g.ncls && len < (int)sizeof line - 64; k++) {
		double best = PL_INF;
		int bw = -1;
		for (int i = 0; i < nc; i++) {
			if (c[i].cls != k || !(kernel_us[k] >= 0))
				continue;
			double r = d->node_ready[c[i].node];
			double s = c[i].free_us > r ? c[i].free_us : r;
			if (s + kernel_us[k] < best)
				best = s + kernel_us[k], bw = c[i].worker;
		}
		if (bw >= 0)
			len += snprintf(line + len, sizeof line - len, " %s=%.0fus", pl_g.w[bw].name, best - base);
		else if (kernel_us[k] < 0)
			len += snprintf(line + len, sizeof line - len, " %s=excluded", pl_g.cls[k].name);
	}
	len += snprintf(line + len, sizeof line - len, " -> %s (inputs in %.0fus, end %.0fus)",
	                pl_g.w[c[d->best].worker].name, d->ready_us - base, d->end_us - base);
	for (int h = 0; h < nh && len < (int)sizeof line - 64; h++) {
		char a[16], b[16];
		len += snprintf(line + len, sizeof line - len, " [buf%d %s->%s %.0fus]", hops[h].data,
		                node_name(hops[h].src, a, sizeof a), node_name(hops[h].dst, b, sizeof b),
		                hops[h].arrival_us - base);
	}
	fprintf(stderr, "%s\n", line);
}

void pl_verbose_summary(void)
{
	double now = starpu_timing_now(), el = now - pl_g.t0;
	fprintf(stderr, "paralia: summary: %ld tasks in %.3f s; %ld relays issued, %ld dropped; "
	        "%ld worker-class exclusions; %ld kernel estimates from the kernel table, %ld without "
	        "a calibrated model; %ld results sent home early\n",
	        pl_g.ntasks, el * 1e-6, pl_g.nrelays_issued, pl_g.nrelays_dropped, pl_g.nexcluded,
	        pl_g.ntable_kernel, pl_g.nfallback_kernel, pl_g.nwritebacks);
	for (int w = 0; w < STARPU_NMAXWORKERS; w++) {
		struct pl_wstate *ws = &pl_g.w[w];
		if (!ws->used)
			continue;
		double idle = el - ws->busy_us;
		char below[48] = "";
		if (pl_g.set.pop_ready)
			snprintf(below, sizeof below, " (%ld below the head's priority)", ws->popped_below);
		fprintf(stderr, "paralia:   worker %-8s tasks %6ld%s busy %9.3f ms idle %9.3f ms%s\n", ws->name,
		        ws->tasks, below, ws->busy_us * 1e-3, idle * 1e-3,
		        ws->allowed ? "" : " (not in PARALIA_DEVICES)");
	}
	char a[16], b[16];
	for (int s = 0; s < pl_g.nnodes; s++)
		for (int d = 0; d < pl_g.nnodes; d++)
			if (pl_g.L.bytes[s][d] > 0)
				fprintf(stderr, "paralia:   planned %s->%s %.3f GB\n", node_name(s, a, sizeof a),
				        node_name(d, b, sizeof b), pl_g.L.bytes[s][d] * 1e-9);
	double h2d = 0;
	int nb = starpu_bus_get_count();
	for (int i = 0; i < nb; i++) {
		struct starpu_profiling_bus_info info;
		if (starpu_bus_get_profiling_info(i, &info) != 0 || info.transferred_bytes == 0)
			continue;
		int s = starpu_bus_get_src(i), d = starpu_bus_get_dst(i);
		fprintf(stderr, "paralia:   moved %s->%s %.3f GB in %d copies\n", node_name(s, a, sizeof a),
		        node_name(d, b, sizeof b), info.transferred_bytes * 1e-9, info.transfer_count);
		if (starpu_node_get_kind((unsigned)s) == STARPU_CPU_RAM
		    && starpu_node_get_kind((unsigned)d) != STARPU_CPU_RAM)
			h2d += (double)info.transferred_bytes;
	}
	fprintf(stderr, "paralia:   host->GPU total %.3f GB\n", h2d * 1e-9);
}
