/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Step 2 of pm_evaluate (docs/AUTOTUNER.md): the data flows. What each device of a plan brings in
 * and sends home over which links, from where the operands live and its share of C's tiles.
 */
#include "config.h"
#include "perfmodel/model.h"
#include "common/sizes.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

static void add_flow_direct(struct flows *f, int src, int dst, double bytes)
{
	if (src < 0 || src == dst || bytes <= 0)
		return;
	for (int i = 0; i < f->n; i++)
		if (f->src[i] == src && f->dst[i] == dst) {
			f->bytes[i] += bytes;
			return;
		}
	if (f->n == (int)(sizeof f->src / sizeof f->src[0]))
		return;
	f->src[f->n] = src;
	f->dst[f->n] = dst;
	f->bytes[f->n++] = bytes;
}

/* Without a direct link (PCIe GPUs without peer access) a copy goes through host memory. */
static void add_flow(struct flows *f, const struct lm_db *db, int src, int dst, double bytes)
{
	if (src >= 0 && src != dst && !(db->link[src][dst].bw_gbs > 0) && src != 0 && dst != 0) {
		add_flow_direct(f, src, 0, bytes);
		add_flow_direct(f, 0, dst, bytes);
	} else {
		add_flow_direct(f, src, dst, bytes);
	}
}

/* Whether tiles can cross the host link once and spread between the chosen GPUs: every pair of
 * them has a link at least twice as fast as a host link alone. */
static int can_route(const struct lm_db *db, const struct pm_device *dev, const int *sel, int ns)
{
	if (ns < 2)
		return 0;
	for (int a = 0; a < ns; a++) {
		if (dev[sel[a]].kind != PM_GPU)
			return 0;
		for (int b = 0; b < ns; b++) {
			if (a == b)
				continue;
			int na = dev[sel[a]].node, nb = dev[sel[b]].node;
			double host = db->link[0][nb].bw_gbs;
			if (!(db->link[na][nb].bw_gbs >= 2 * host))
				return 0;
		}
	}
	return 1;
}

/* A matrix of `bytes` living on node `home`, of which device sel[i] needs fraction need[i]. */
static void matrix_flows(struct flows *f, const struct lm_db *db, const struct pm_device *dev,
                         const int *sel, int ns, int home, double bytes, const double *need, int route)
{
	if (home < 0 || bytes <= 0)
		return;
	int host_home = db->node[home].kind == LM_HOST;
	int readers = 0;
	for (int i = 0; i < ns; i++)
		readers += dev[sel[i]].node != home;
	for (int i = 0; i < ns; i++) {
		int node = dev[sel[i]].node;
		if (node == home)
			continue;
		if (route && host_home) {
			/* each tile read from the host once (split among the readers), the rest via peers */
			double from_host = bytes / readers;
			add_flow(f, db, home, node, fmin(from_host, need[i] * bytes));
			double rest = need[i] * bytes - from_host;
			if (rest > 0)
				add_flow(f, db, dev[sel[(i + 1) % ns]].node, node, rest);
		} else {
			add_flow(f, db, home, node, need[i] * bytes);
		}
	}
}

void pm_grid(int ns, int64_t Mt, int64_t Nt, int *P, int *Q)
{
	int64_t best = -1;
	*P = 1, *Q = ns > 0 ? ns : 1;
	for (int p = 1; p <= ns; p++) {
		if (ns % p)
			continue;
		int q = ns / p;
		int64_t load = pl_ceil_div(Mt, p) * pl_ceil_div(Nt, q); /* tiles of the busiest slot */
		if (best < 0 || load < best || (load == best && abs(p - q) < abs(*P - *Q)))
			best = load, *P = p, *Q = q;
	}
}
void pm_busy_links_of(const struct device_flows *f, struct busy_links *b)
{
	b->n = 0;
	for (int dir = 0; dir < 2; dir++) {
		const struct flows *fl = dir ? &f->out : &f->in;
		for (int i = 0; i < fl->n; i++, b->n++) {
			b->pair[b->n][0] = fl->src[i], b->pair[b->n][1] = fl->dst[i];
			b->bytes[b->n] = fl->bytes[i];
		}
	}
}

void pm_data_flows(const struct pm_problem *p, const struct pm_device *dev, const int *sel,
                   int ns, const struct lm_db *db, const struct tiling *t,
                   const double *share, int c_home, struct device_flows *f)
{
	memset(f, 0, sizeof *f);
	double el = pm_elem_of(p);
	int tri = p->routine == 's' || p->routine == 'y';
	double Ab = (double)p->m * p->k * el * ((p->routine == 't' || p->routine == 'r') ? 0.5 : 1.0);
	double Bb = p->routine == 's' ? 0 : (double)p->k * p->n * el;
	double Cb = (double)p->m * p->n * el * (tri ? 0.5 : 1.0);
	int P, Q;
	pm_grid(ns, t->Mt, t->Nt, &P, &Q);
	int route = can_route(db, dev, sel, ns);
	double needA[PM_MAX_DEVS], needB[PM_MAX_DEVS];
	for (int i = 0; i < ns; i++) {
		/* a device with a share of the tiles needs the row/col panels of its block-cyclic part */
		needA[i] = share[i] > 0 ? fmin(1.0, fmax(share[i] * Q, 1.0 / P)) : 0;
		needB[i] = share[i] > 0 ? fmin(1.0, fmax(share[i] * P, 1.0 / Q)) : 0;
		if (p->routine == 's') /* syrk reads A for both rows and columns of C */
			needA[i] = fmin(1.0, needA[i] + needB[i]);
	}
	int cnode = p->loc[2];
	int elsewhere = 0; /* a chosen device computes C tiles away from C's memory */
	for (int i = 0; i < ns; i++)
		elsewhere |= share[i] > 0 && dev[sel[i]].node != cnode;
	f->wr_lazy = cnode >= 0 && db->node[cnode].kind == LM_GPU && p->reads_c && elsewhere &&
	             (p->loc[0] == cnode || p->loc[1] == cnode);
	matrix_flows(&f->in, db, dev, sel, ns, p->loc[0], Ab, needA, route);
	matrix_flows(&f->in, db, dev, sel, ns, p->loc[1], Bb, needB, route);
	for (int i = 0; i < ns; i++) {
		int node = dev[sel[i]].node;
		f->A[i] = p->loc[0] >= 0 && p->loc[0] != node ? needA[i] * Ab : 0;
		f->B[i] = p->loc[1] >= 0 && p->loc[1] != node ? needB[i] * Bb : 0;
		if (node == cnode || cnode < 0)
			continue;
		if (p->reads_c && !f->wr_lazy && !c_home) { /* added at home: C does not cross */
			add_flow(&f->in, db, cnode, node, share[i] * Cb);
			f->Cin[i] = share[i] * Cb;
		}
		add_flow(&f->out, db, node, cnode, share[i] * Cb);
		f->Cout[i] = share[i] * Cb;
	}
}
