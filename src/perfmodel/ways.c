/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The ways one device's part of a call may take (step 3 of docs/AUTOTUNER.md): operands in column
 * panels, C read late or added at home, B's tiles cut where it lives. Each says where it may
 * apply; pm_evaluate prices those that may and keeps the fastest.
 */
#include "config.h"
#include "perfmodel/model.h"
#include <stdint.h>

/* Whether operand o lives on the host and so crosses to device d, a GPU. */
int pm_crosses_from_host(const struct pm_problem *p, const struct pm_device *d,
                         const struct lm_db *db, int o)
{
	int home = p->loc[o];
	return d->kind == PM_GPU && home >= 0 && home != d->node && db->node[home].kind == LM_HOST;
}

/* Which of gemm's operands may cross in column panels to device d, the call's only one: those
 * living on the host, as the problem allows (panels_may | panels_must), on a GPU that holds four
 * of their panels in a quarter of its memory. On the CPU only when forced (panels_must: the
 * tests run the panels' code there, where they stay home). */
unsigned pm_panel_choices(const struct pm_problem *p, const struct pm_device *d,
                          const struct lm_db *db, int T, int R)
{
	unsigned may = 0;
	if (p->routine != 'g' || (d->kind != PM_GPU && !p->panels_must))
		return 0;
	for (int o = 0; o < 2; o++) {
		/* StarPU counts a handle's elements in 32 bits (pl_matrix_panels refuses more) */
		/* a panel is as wide as the tiles' columns: A transposed's are R wide in tall tiles */
		int wide = o == 0 && (p->trans & 1) ? R : T;
		double elems = (double)pm_rows_of(p, o) * wide, panel = elems * pm_elem_of(p);
		if (((p->panels_may | p->panels_must) >> o & 1) && p->loc[o] >= 0 &&
		    db->node[p->loc[o]].kind == LM_HOST && elems <= UINT32_MAX &&
		    (d->mem_bytes <= 0 || 16 * panel <= d->mem_bytes))
			may |= 1u << o;
	}
	return may;
}

/* Whether gemm's C may be read late on device d, the call's only one (step 3); the flow shop
 * then prices both ways and the faster is taken. Reading C late takes C's copies off the first
 * layer's products and sends them when the link has nothing else queued, which pays while A or B
 * has bytes to bring meanwhile. So: C is read and crosses a link to d; A or B crosses too (with
 * both on d the worker already runs the steps of the chains whose C tile is there, step 4's
 * spread: one H100, 8192^3 with C alone on the host 23.3 ms in tiles of 2048, 26.4 read late at
 * 4096); its chains have products before their last (a chain of one needs its C tile right after
 * it: 32768x32768x4096 at tile 8192 took 273 ms instead of 227); and the problem allows it.
 * A rule once also asked A and B to bring as many elements as C. It kept C read with the
 * products at ten FP64 points of the dataset (20000x17000x9000 and 12000x30000x7000 from the
 * host, with A or with B there; 27000x9500x14500 with A there; 32768x32768x4096, where C
 * outweighs A and B four times, in tiles of 2048 x 8192), where the flow shop prices it late
 * 0.5-9% faster: read late, all ten ran 1.03-1.08x faster on one H200, side by side
 * (bench/results/gemm-2026-11-27v.md, call 3). FP32 keeps its plans at those shapes: priced
 * within 1% either way, run within 1.5% (call 2, one H100).
 * Anywhere C is read when forced (c_late_must: the tests run it on CPU workers, where C does not
 * cross). */
int pm_c_late_choice(const struct pm_problem *p, const struct pm_device *d, const struct tiling *t)
{
	if (p->routine != 'g' || !p->reads_c || p->loc[2] < 0 || (p->loc[0] < 0 && p->loc[1] < 0))
		return 0; /* no product (alpha = 0 or k = 0): gemm only scales C */
	if (p->c_late_must)
		return 1;
	int ab_cross = (p->loc[0] >= 0 && p->loc[0] != d->node) || (p->loc[1] >= 0 && p->loc[1] != d->node);
	return p->c_late_may && p->loc[2] != d->node && ab_cross && t->Kt > 1;
}

/* How operand o (0 A, 1 B) of gemm comes in when it crosses in panels (enum PANEL_*): a stored
 * column panel of A holds one layer of every tile row, of A transposed one tile row's every
 * layer; of B one tile column's every layer, of B transposed one layer of every column. */
int pm_panel_kind(const struct pm_problem *p, unsigned panels, int o)
{
	if (!(panels >> o & 1))
		return PANEL_NONE;
	int trans = p->trans >> o & 1;
	return (o == 0) != trans ? PANEL_LAYER : PANEL_CHAIN;
}

/* C added at home (step 3): us for the host's memory to move `bytes` at the rate its CPU workers
 * add tiles into C all at once (the calibrated sum rate, which counts the three streams of a sum:
 * both tiles read, C written); 0 when the rate was not measured (forced only). */
double pm_host_memory_us(const struct pm_device *h, double bytes)
{
	double g = h->rates.sum_gbs;
	return g > 0 && bytes > 0 ? bytes / (g * 1e3) : 0;
}

/* The bytes device i's part of the call moves through the host's memory when C is added at home:
 * each sum's three streams, and the copy engine's reads of the host operands and writes of the
 * scratch tiles coming home. */
double pm_home_memory_bytes(const struct pm_problem *p, const struct lm_db *db,
                            const struct device_flows *f, int i)
{
	double b = 4 * f->Cout[i];
	for (int o = 0; o < 2; o++)
		if (p->loc[o] >= 0 && db->node[p->loc[o]].kind == LM_HOST)
			b += o ? f->B[i] : f->A[i];
	return b;
}

/* The device whose CPU workers would add gemm's C tiles at home for device d, the call's only
 * one, or NULL: C is read and lives on a host node away from d, those workers' rate is
 * calibrated and the problem allows it (c_home_may); anywhere C is read when forced
 * (c_home_must: the tests run it on CPU workers, where C does not cross). Each chain then runs
 * into a scratch tile as when C is read late, but C comes in no more; the scratch tiles go home
 * whole (55 GB/s on one H100 where C's tiles cross at 42) and the cores add them there. Unlike
 * reading C late on the device, this pays most where C outweighs A and B (C's bytes leave the
 * inbound link) and with chains of one product (nothing waits for C). */
const struct pm_device *pm_c_home_choice(const struct pm_problem *p, const struct pm_device *d,
                                         const struct pm_device *dev, int ndev,
                                         const struct lm_db *db)
{
	int c = p->loc[2];
	if (p->routine != 'g' || !p->reads_c || c < 0 || (p->loc[0] < 0 && p->loc[1] < 0) ||
	    db->node[c].kind != LM_HOST || (!p->c_home_must && (!p->c_home_may || c == d->node)))
		return NULL;
	for (int x = 0; x < ndev; x++)
		if (dev[x].kind == PM_CPU && dev[x].node == c)
			return p->c_home_must || dev[x].rates.sum_gbs > 0 ? &dev[x] : NULL;
	return NULL;
}

/* Whether gemm's B, living on device d (the call's only one), is read from tiles cut out of it
 * there (codelets/cut.c, a copy through the device's memory whose leading dimension is the tile's
 * rows) rather than from views of it (step 3). cuBLAS reads a B whose leading dimension is not a
 * multiple of 128 bytes slower, and the kernel table measures products at the tile's own: one
 * H200, FP32 6144^3 at 50.8 TFLOP/s with B's leading dimension 6144, 47.8 with it 27000 or 14500
 * (32 and 16 bytes: the dataset's odd shapes), 49.2 at 64 bytes; A's costs 0.8%, C's nothing;
 * FP64 2-3% (bench/ld_probe.cu, bench/results/gemm-2026-11-27x.md, sections 1c and 1d); cut,
 * FP32 ran 1.025x faster at the dataset's odd shapes (bench/results/gemm-2026-11-27y.md). So: B
 * lives on d, a GPU; its leading dimension is off 128 bytes while its tiles' rows (their copies'
 * leading dimension) are a multiple of 128 bytes; a copy of B fits in a quarter of d's memory
 * beside it; and the problem allows it. Wherever B lives on d when forced (b_cut_must: the tests
 * run it on CPU workers). A panel of B (its tiles' columns, every row) counts its elements in 32
 * bits (pl_matrix_panels refuses more). */
int pm_b_cut_choice(const struct pm_problem *p, const struct pm_device *d, const struct tiling *t)
{
	if (p->routine != 'g' || p->loc[1] < 0 || p->loc[1] != d->node || !(p->b_cut_may || p->b_cut_must))
		return 0;
	int trans = (p->trans & 2) != 0;
	double el = pm_elem_of(p), rows = (double)pm_rows_of(p, 1);
	double cols = (double)(trans ? p->k : p->n), wide = trans ? t->D : t->T;
	if (rows * wide > UINT32_MAX)
		return 0;
	if (p->b_cut_must)
		return 1;
	int64_t ld = p->ld[1] > 0 ? p->ld[1] : pm_rows_of(p, 1);
	int tile_ld = pm_tile_rows_of(p, t->T, t->R, t->D, 1);
	return d->kind == PM_GPU && !pm_ld_aligned(ld, (size_t)el) && pm_ld_aligned(tile_ld, (size_t)el) &&
	       (d->mem_bytes <= 0 || 4 * rows * cols * el <= d->mem_bytes);
}

/* What cutting B's tiles adds to the device's time (us): a task per tile of B, and B's bytes read
 * and written through the device's memory. */
double pm_b_cut_us(const struct pm_problem *p, const struct tiling *t)
{
	double tiles = (double)t->Kt * (double)t->Nt;
	return tiles * PM_TASK_US + 2.0 * (double)p->k * (double)p->n * pm_elem_of(p) / (PM_DEVICE_COPY_GBS * 1e3);
}
