/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Step 4 of pm_evaluate (docs/AUTOTUNER.md): one device's time, a flow shop over its products in
 * the routine's order (gemm's blocks of C tiles, common/order.h; the others' columns).
 */
#include "config.h"
#include "perfmodel/model.h"
#include <math.h>

/* gemm's order (common/order.h): C's tiles in blocks of bs x bs (PL_BLOCK, or single tiles when
 * A and B do not cross), block columns left to right, each block layer by layer over k, product
 * by product. In tiles, the first product
 * needs an A, a B and a C tile; the rest of the first block's first layer its other A, B and C
 * tiles; its later layers new A and B tiles; the first block column's other blocks new A tiles
 * and their C tiles; the other block columns their B tiles (brought by each column's first block,
 * spread here over its blocks) and their C tiles. An operand in panels brings whole panels
 * instead, with the first product needing one (operand_segments). The first C tile is final with
 * the first product of the first block's last layer. */
struct operand_bytes {
	double s[PM_MAX_SEGMENTS]; /* bytes the five segments of pm_block_order_segments bring in */
};
/* One operand's bytes per segment: `tile` bytes per tile, `lines` tile rows (A) or columns (B)
 * of the device's C, `line0` of them in the first block, kt layers; `panel` as device_part's. */
static struct operand_bytes operand_segments(int panel, int is_b, double tile, double lines,
                                             double line0, double kt)
{
	struct operand_bytes o = { { 0, 0, 0, 0, 0 } };
	int later = is_b ? 4 : 3; /* the segment of the lines after the first block's */
	if (panel == PANEL_LAYER) {          /* every line of layer l, with layer l's first product */
		o.s[0] = lines * tile;
		o.s[2] = (kt - 1) * lines * tile;
	} else if (panel == PANEL_CHAIN) {   /* a line's every layer, with its first product */
		o.s[0] = kt * tile;
		o.s[1] = (line0 - 1) * kt * tile;
		o.s[later] = (lines - line0) * kt * tile;
	} else {                             /* tile by tile */
		o.s[0] = tile;
		o.s[1] = (line0 - 1) * tile;
		o.s[2] = (kt - 1) * line0 * tile;
		o.s[later] = (lines - line0) * kt * tile;
	}
	return o;
}

int pm_block_order_segments(const struct device_part *d, struct segment sg[PM_MAX_SEGMENTS], struct result_times *r)
{
	double tasks = d->n * d->kt, per = d->comp / tasks;
	double br = fmin(d->bs, d->rows), bc = fmin(d->bs + d->joins, d->cols), nb0 = br * bc;
	double at = d->A / (d->rows * d->kt), bt = d->B / (d->cols * d->kt);
	double ct = d->c_late ? 0 : d->Cin / d->n; /* read late: none of the products' (device_us) */
	double col_tasks = (d->rows - br) * bc * d->kt, rest_tasks = tasks - d->rows * bc * d->kt;
	struct operand_bytes a = operand_segments(d->a_panel, 0, at, d->rows, br, d->kt);
	struct operand_bytes b = operand_segments(d->b_panel, 1, bt, d->cols, bc, d->kt);
	/* The first block runs layer by layer: its products take a whole tile's time up to the last
	 * layer, whose ragged depth takes last_layer of it. 20000x17000x9000 at tile 8192 (one block,
	 * k = 8192 + 808): the average product put half the compute in the last layer, so C's tiles
	 * left from mid-call in the model, and at its end on the GPU (one H200 from the host: 181 ms,
	 * predicted 151). per_full: a product of a whole layer; the others keep the average. */
	double f = d->kt > 1 ? d->last_layer : 1, per_full = per * d->kt / (d->kt - 1 + f);
	double per_later = d->kt > 1 ? per_full * (d->kt - 2 + f) / (d->kt - 1) : per_full;
	sg[0] = (struct segment){ 1, a.s[0] + b.s[0] + ct, per_full, 0 };
	/* the first block's other C tiles: wanted by its first layer in order, but when A and B are
	 * on the device the worker runs the later steps of the chains whose C is there meanwhile, so
	 * they come in over the block's other products (with A or B from the host, those steps' tiles
	 * would queue behind the C tiles): C bytes per product of its first layer, and of all */
	int spread = nb0 > 1 && at + bt <= 0;
	double c_first = spread ? 0 : ct, c_all = spread ? (nb0 - 1) * ct / (d->kt * nb0 - 1) : 0;
	double n2 = (d->kt - 1) * nb0;
	sg[1] = (struct segment){ nb0 - 1, nb0 > 1 ? (a.s[1] + b.s[1]) / (nb0 - 1) + c_first + c_all : 0, per_full, 0 };
	sg[2] = (struct segment){ n2, n2 > 0 ? (a.s[2] + b.s[2]) / n2 + c_all : 0, per_later, 0 };
	sg[3] = (struct segment){ col_tasks, col_tasks > 0 ? (a.s[3] + b.s[3] + (d->rows - br) * bc * ct) / col_tasks : 0, per, 0 };
	sg[4] = (struct segment){ rest_tasks, rest_tasks > 0 ? (a.s[4] + b.s[4] + (d->n - d->rows * bc) * ct) / rest_tasks : 0, per, 0 };
	/* The first product's tiles (or panels) are whole ones, larger than the average where edges
	 * are ragged: the fill before the first kernel (8192^3 at tile 6144: 864 MB, not the
	 * average's 432). The device brings in no more bytes for it: the later products bring the
	 * difference less. */
	double total = d->A + d->B + (d->c_late ? 0 : d->Cin), first = fmin(d->first_in, total);
	double rest = total - sg[0].in;
	if (first > sg[0].in && rest > 0) {
		double keep = fmax(0.0, 1 - (first - sg[0].in) / rest);
		for (int s = 1; s < PM_MAX_SEGMENTS; s++)
			sg[s].in *= keep;
		sg[0].in = first;
	}
	/* The other blocks' products (segments 3 and 4) below the head's priority: where only one
	 * of A and B crosses and they bring nothing, they read the tiles the first block column
	 * brought, and the policy runs them while the head's copy is under way (a task below the
	 * head's priority whose tiles are in: PARALIA_POP_READY, `fill_waits`), so a link-bound
	 * first block column does not leave the GPU waiting for each copy. One H200, FP64 8192^3 with
	 * B on the GPU in tiles of 1024 x 8192 rows, A in eight panels of 64 MB: each of the first
	 * block's layers waits 1.28 ms for a panel and computes 0.96, but the GPU's kernels ran from
	 * its first panel on with 0.81 ms of gaps in all, 24.0-24.3 ms where the order priced 25.7
	 * (bench/results/gemm-2026-11-28s.md). Not the first block's own later products, which have
	 * the head's priority: floating those too priced FP64 8192^3 0hh in 1024 x 8192 tiles with
	 * B's panels at 24.1 ms, which ran 24.9-26.1 (26.1 in the order). Not where A and B both
	 * cross: replayed on the recorded sweeps, it took the prices of plans with both in panels,
	 * already under their measured times, lower still (FP64 20000x17000x9000 from the host at
	 * 2048: 153.5 -> 138.6 ms, measured 148-167), for a reason not measured. */
	int one_crosses = (d->A > 0) != (d->B > 0);
	for (int s = 3; s < PM_MAX_SEGMENTS; s++)
		sg[s].reads_earlier = d->fill_waits && one_crosses && sg[s].n > 0 && sg[s].in <= 0;
	r->nfirst = d->kt > 1 ? 3 : 1;
	r->early = d->kt > 1 ? (nb0 - 1) * per_full * f : 0;
	/* In single-tile blocks a chain's next step is ready only once the step before it ends, and
	 * by then its worker holds the next chain's first product: the chains run interleaved, the
	 * first tile final after the next chain's products and that chain's C tile's copy (one H200,
	 * FP64 4096^3 with C on the host at tile 1536: final 1.27 ms into the call, after 5 products,
	 * where its chain alone would end at 0.69; bench/results/gemm-2026-11-27b2.md) */
	int interleaved = nb0 <= 1 && d->kt > 1 && d->n > 1 && d->held > 0;
	r->interleaved = interleaved ? fmin(d->held, d->n - 1) * (d->kt - 1) * per : 0;
	r->next_c = interleaved ? ct : 0;
	/* the last block: what is left of the rows and columns after whole blocks (of the columns,
	 * after the first block's) */
	double lr = d->rows - d->bs * floor((d->rows - 1) / d->bs), after = d->cols - bc;
	double lc = after > 0 ? after - d->bs * floor((after - 1) / d->bs) : bc;
	r->nlast = fmax(1.0, lr * lc);
	r->apart = per;
	return 5;
}

/* The other routines (syrk, syr2k, symm, trmm, trsm) submit C tile by C tile, column after column,
 * each tile's chain over k whole: the first tile needs its A row panel and B column panel, the
 * rest of the first column each a new A panel, each later column a new B panel, every tile its
 * C tile; a unit here is one tile's whole chain, final when it is done. */
int pm_column_order_segments(const struct device_part *d, struct segment sg[3], struct result_times *r)
{
	double per = d->comp / d->n;
	sg[0] = (struct segment){ 1, d->A / d->rows + d->B / d->cols + d->Cin / d->n, per, 0 };
	sg[1] = (struct segment){ d->rows - 1, d->A / d->rows + d->Cin / d->n, per, 0 };
	sg[2] = (struct segment){ d->n - d->rows, (d->cols > 1 ? d->B / d->cols / d->rows : 0) + d->Cin / d->n, per, 0 };
	*r = (struct result_times){ 1, 0, 1, per, 0, 0 };
	return 3;
}

/* One after another, n tiles ready `gap` us apart, the last at `last_ready`, are all home
 * out_tile us after the last one, or after the first plus all n copies, whichever is later (n
 * need not be whole: a block's tiles are counted on average). */
static double queue_home(double n, double gap, double out_tile, double last_ready)
{
	return last_ready + fmax(out_tile, n * out_tile - (n - 1) * gap);
}

static double last_tiles_home(const struct last_tiles *lt, double chains_end, double late_in_us)
{
	/* a tile leaves once both its chain and its C tile allow: the later of the two queues */
	double home = queue_home(lt->n, lt->apart, lt->out_tile, chains_end);
	if (late_in_us > 0)
		home = fmax(home, queue_home(lt->n, lt->c_in, lt->out_tile, late_in_us));
	return home + lt->after;
}

/* Which segments float (reads_earlier, with bytes before them to read), and the inbound time
 * (us) before each: the products of a floating one read those bytes evenly. Returns their
 * compute (us), which the order leaves out. */
static double float_segments(const struct segment *sg, int nsg, double in_us_per_byte,
                             int floats[PM_MAX_SEGMENTS], double before[PM_MAX_SEGMENTS])
{
	double at = 0, us = 0;
	for (int s = 0; s < nsg; s++) {
		before[s] = at;
		floats[s] = sg[s].reads_earlier && at > 0;
		if (floats[s])
			us += sg[s].n * sg[s].comp;
		if (sg[s].n > 0)
			at += sg[s].n * sg[s].in * in_us_per_byte;
	}
	return us;
}

/* The floating segments' compute that reads bytes arriving `at` us or later. */
static double floating_after(const struct segment *sg, int nsg, const int *floats,
                             const double *before, double at)
{
	double us = 0;
	for (int s = 0; s < nsg; s++)
		if (floats[s])
			us += sg[s].n * sg[s].comp * fmax(0, before[s] - at) / before[s];
	return us;
}

/* The flow shop's makespan; the first result is ready `early` us before the first nfirst
 * segments are done, `first_wait` us later where other products come between its steps, and
 * the last block's tiles go home as last_tiles_home says. C read late: the last unit cannot end
 * before late_in_us (its C tile is among the inbound bytes, 0: not late). */
double pm_device_time(const struct segment *sg, int nsg, int nfirst, double early,
                      double first_wait, double in_us_per_byte, double comp_total,
                      double late_in_us, double out_total_us, const struct last_tiles *lt,
                      double floor_us)
{
	double arrived = 0, left = comp_total, gpu = 0, done = 0, first_done = 0;
	int floats[PM_MAX_SEGMENTS];
	double before[PM_MAX_SEGMENTS];
	if (nsg > PM_MAX_SEGMENTS) /* a producer with more segments than this holds: a bug */
		return HUGE_VAL;
	/* `left`: the compute in the order, the floating kept apart */
	left -= float_segments(sg, nsg, in_us_per_byte, floats, before);
	for (int s = 0; s < nsg; s++) {
		if (sg[s].n > 0) {
			double x = sg[s].in * in_us_per_byte, c = sg[s].comp, n = sg[s].n;
			/* when the segment's last unit is done: after the previous one, after its first
			 * unit's bytes, or after its own */
			done = fmax(done + n * c, fmax(arrived + x + n * c, arrived + n * x + c));
			if (!floats[s]) {
				/* the makespan bound at the segment's first unit, then at its last: the
				 * compute from it on, and the floating compute that reads its bytes or later */
				gpu = fmax(gpu, arrived + x + left + floating_after(sg, nsg, floats, before, arrived));
				double last_from = arrived + (n - 1) * x;
				arrived += n * x;
				left -= (n - 1) * c;
				gpu = fmax(gpu, arrived + left + floating_after(sg, nsg, floats, before, last_from));
				left -= c;
			}
		}
		if (s == nfirst - 1)
			first_done = fmax(0, done - early) + first_wait;
	}
	double end = fmax(last_tiles_home(lt, gpu, late_in_us), first_done + out_total_us);
	return fmax(end, floor_us);
}
