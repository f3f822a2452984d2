/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Step 3 of pm_evaluate (docs/AUTOTUNER.md): the link rates. How long one device's bytes take over
 * the links they cross, beside the call's other transfers, and no faster than the copy engine's
 * calibrated rate at each operand's pitch.
 */
#include "config.h"
#include "perfmodel/model.h"
#include "common/sizes.h"
#include <math.h>
#include <string.h>

int64_t pm_untransposed_rows(char routine, int64_t m, int64_t k, int o)
{
	if (o == 0)
		return (routine == 'm' || routine == 't' || routine == 'r') ? k : m;
	return o == 1 && routine == 'g' ? k : m;
}

/* Rows of operand o as stored: as the call says, else untransposed. */
int64_t pm_rows_of(const struct pm_problem *p, int o)
{
	return p->rows[o] > 0 ? p->rows[o] : pm_untransposed_rows(p->routine, p->m, p->k, o);
}

/* The rows of operand o's tiles as stored, the length of their copies' columns: R for C and for
 * A used untransposed (gemm's tall tiles: A's stored tile is op(A)'s), D (the products' depth)
 * for A transposed and for B, else T. */
int pm_tile_rows_of(const struct pm_problem *p, int T, int R, int D, int o)
{
	if (o == 2 || (o == 0 && !(p->trans & 1)))
		return R;
	return o == 0 || !(p->trans & 2) ? D : T;
}

/* The calibrated rate of host copies for the operands whose bytes[] cross between the host and
 * the device, averaged over their bytes: each operand at its own pitch (its leading dimension,
 * struct pm_xfer), its tiles' columns as long as their rows (pm_tile_rows_of: T, or R in tall
 * tiles) but the last tile row's only as long as the rows left (a copy's rate goes with its
 * column's length); an operand crossing in column panels (bit o of panels) has columns as long
 * as the matrix's. 0 without calibration. */
static double host_xfer_gbs(const struct pm_problem *p, const struct pm_device *d,
                            const struct lm_db *db, int T, int R, int D, int dir,
                            const double bytes[3], unsigned panels)
{
	double total = 0, us = 0;
	for (int o = 0; o < 3; o++) {
		int home = p->loc[o];
		if (bytes[o] <= 0 || home < 0 || db->node[home].kind != LM_HOST)
			continue;
		double pitch = (double)p->ld[o] * pm_elem_of(p);
		int col = pm_tile_rows_of(p, T, R, D, o); /* its copies' column length */
		int64_t rows = pm_rows_of(p, o), edge = rows - (pl_ceil_div(rows, col) - 1) * col;
		if (o < 2 && (panels >> o & 1)) /* one copy of whole columns: no ragged last tile row */
			edge = col = (int)rows;
		/* C's scratch tiles going home whole: the pitch is their own column's (bit 2 of panels
		 * is XFER_C_WHOLE, not a panel) */
		int whole = o == 2 && (panels & XFER_C_WHOLE);
		double g = pm_xfer_gbs(&d->xfer, p->dbl, col, whole ? col * pm_elem_of(p) : pitch, dir);
		double ge = edge < col ? pm_xfer_gbs(&d->xfer, p->dbl, (int)edge,
		                                     whole ? (double)edge * pm_elem_of(p) : pitch, dir) : g;
		if (g <= 0 || ge <= 0)
			return 0;
		double fe = (double)edge / (double)rows; /* the bytes in the last tile row */
		total += bytes[o];
		us += bytes[o] * ((1 - fe) / g + fe / ge);
	}
	return total > 0 ? total / us : pm_xfer_gbs(&d->xfer, p->dbl, T, 0, dir);
}

/* us per element of operand o brought into device d in its tiles (T x T, R x T, R x D or D x T:
 * pm_tile_rows_of): at the rate its link keeps with all the call's links busy (lm_shared_bw: a
 * layer's copies while the others move, not step 3's mean over the call), through the host when
 * there is no direct link, and no faster than the calibrated host copies at the operand's pitch;
 * 0 when it lives there or is not used. */
double pm_operand_in_us(const struct pm_problem *p, const struct pm_device *d,
                        const struct lm_db *db, const struct busy_links *busy, int T, int R,
                        int D, int o)
{
	int home = p->loc[o], node = d->node;
	if (home < 0 || home == node)
		return 0;
	const int (*act)[2] = (const int (*)[2])busy->pair;
	double bw = db->link[home][node].bw_gbs > 0 ? lm_shared_bw(db, home, node, act, busy->n) : 0;
	if (!(bw > 0) && home != 0 && node != 0) /* no peer link: two hops through the host */
		bw = fmin(lm_shared_bw(db, home, 0, act, busy->n), lm_shared_bw(db, 0, node, act, busy->n));
	if (db->node[home].kind == LM_HOST) {
		double only[3] = { 0, 0, 0 };
		only[o] = 1;
		double x = host_xfer_gbs(p, d, db, T, R, D, 0, only, 0);
		if (x > 0 && !(x >= bw))
			bw = x;
	}
	return bw > 0 ? pm_elem_of(p) / (bw * 1e3) : 0;
}

/* The share of the host link's duplex total (the link map's, calibrated with long copies) that
 * these tiles' copies keep both ways at once: the kernel table's both-directions rate at their
 * pitches and columns (host_xfer_gbs) over its rate for 64 KB columns copied whole (FP64 tiles of
 * 8192 from their own pitch; a copy's rate goes with its columns' bytes, FP32 and FP64 alike), at
 * most 1; 1 where the table has no columns that long, or no rates. One H200, FP64 8192^3 from the
 * host: 64 KB columns moved 101-103 GB/s both ways at once, tiles of 6144 rows (a quarter of them
 * with 16 KB columns) 88-90, where the link map's total read 94.8 for both
 * (bench/results/gemm-2026-11-28g.md, section 7); its table reads 100.1 at 64 KB columns. */
static double host_duplex_share(const struct pm_xfer *x, double both)
{
	int long_columns = 0; /* a precision's longest tile is its last point (pm_xfer: sorted) */
	for (int d = 0; d < 2; d++)
		long_columns |= x->n[d] > 0 && (double)x->pt[d][x->n[d] - 1].T * (d ? 8 : 4) >= 65536;
	double whole = long_columns ? pm_xfer_gbs(x, 1, 8192, 65536.0, 2) : 0;
	return both > 0 && whole > 0 ? fmin(1.0, both / whole) : 1.0;
}

void pm_link_rates(const struct pm_problem *p, const struct pm_device *d, int i,
                   const struct lm_db *db, const struct device_flows *f,
                   const struct busy_links *busy, const struct tiling *t, unsigned panels,
                   struct device_links *L)
{
	memset(L, 0, sizeof *L);
	int node = d->node, T = t->T, R = t->R, D = t->D;
	/* the tiles' mean size each way: C's R x T, A's R x D, B's D x T (tall tiles, deep products) */
	double el = pm_elem_of(p), tall_bytes = (double)R * T * el, host_bytes = 0;
	double in_tiles = f->A[i] / ((double)R * D * el) + f->Cin[i] / tall_bytes +
	                  f->B[i] / ((double)D * T * el);
	double tile_in = in_tiles > 0 ? (f->A[i] + f->B[i] + f->Cin[i]) / in_tiles : tall_bytes;
	const double in[3] = { f->A[i], f->B[i], f->Cin[i] }, out[3] = { 0, 0, f->Cout[i] };
	const double all[3] = { f->A[i], f->B[i], f->Cin[i] + f->Cout[i] };
	const double xfer[3] = { host_xfer_gbs(p, d, db, T, R, D, 0, in, panels),
	                         host_xfer_gbs(p, d, db, T, R, D, 1, out, panels),
	                         host_xfer_gbs(p, d, db, T, R, D, 2, all, panels) };
	double share = host_duplex_share(&d->xfer, xfer[2]);
	for (int dir = 0; dir < 2; dir++) {
		const struct flows *fl = dir ? &f->out : &f->in;
		for (int k = 0; k < fl->n; k++) {
			int src = fl->src[k], dst = fl->dst[k];
			if ((dir ? src : dst) != node)
				continue;
			/* GB/s = bytes/ns: the link's mean rate over its bytes, beside the call's other
			 * transfers (a link in and out of one GPU through one duplex total: the inbound
			 * bytes, 3-17 times the outbound ones, have the link to themselves once C's are
			 * home), the host's total at what these tiles' copies keep of it */
			int host = db->node[dir ? dst : src].kind == LM_HOST;
			double bw = lm_shared_bw_volumes_scaled(db, src, dst, fl->bytes[k],
			                                        (const int (*)[2])busy->pair, busy->bytes,
			                                        busy->n, host ? share : 1.0);
			double x = host ? xfer[dir] : 0;
			if (x > 0 && x < bw)
				bw = x;
			double tile_bytes = dir ? tall_bytes : tile_in;
			double ntiles = ceil(fl->bytes[k] / tile_bytes);
			double l = ntiles * db->link[src][dst].latency_us;
			double t = fl->bytes[k] / (bw * 1e3) + l;
			if (dir)
				L->tout = fmax(L->tout, t);
			else
				L->tin = fmax(L->tin, t);
			L->lat += l;
			if (host)
				host_bytes += fl->bytes[k];
			L->first_tile_us = fmax(L->first_tile_us, tile_bytes / (bw * 1e3) +
			                                          db->link[src][dst].latency_us);
		}
	}
	double both = xfer[2];
	L->host_both_us = both > 0 ? host_bytes / (both * 1e3) : 0;
}
