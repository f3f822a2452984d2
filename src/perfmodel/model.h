/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The cost model's own pieces, shared by its files (not the library's interface: perfmodel.h).
 * pm_evaluate (evaluate.c) prices one (tile size, device subset) in the steps docs/AUTOTUNER.md
 * names, each in its file:
 *   1. the tile schedule      evaluate.c (tiling_of, chain_us), schedule.c (pm_schedule_class)
 *   2. the data flows         flows.c (pm_data_flows)
 *   3. the link rates         link_rates.c (pm_link_rates), and the ways a device's part may take
 *                             (panels, C read late or added at home, B cut): ways.c
 *   4. each device's time     flow_shop.c (pm_device_time over the routine's order of products)
 *   5. the call               evaluate.c
 *   6. fetching ahead (gemm)  evaluate.c (pm_fetch_ahead)
 * pm_tune (tune.c) searches tile sizes, device subsets and ways with it; knobs.c reads the
 * PARALIA_* switches that force a way.
 */
#ifndef PARALIA_PERFMODEL_MODEL_H
#define PARALIA_PERFMODEL_MODEL_H

#include "perfmodel/perfmodel.h"
#include <stdint.h>

/* Bytes per element */
static inline double pm_elem_of(const struct pm_problem *p) { return p->dbl ? 8.0 : 4.0; }

/* A tile copied or summed through a GPU's memory, GB/s per byte moved: the policy's estimate for
 * its cuts (codelets/cut.c); a geadd of 128 MB tiles took 0.12 ms on one H100 (3.2 TB/s). */
#define PM_DEVICE_COPY_GBS 2000.0

/* ---- step 1: the tile schedule ------------------------------------------------------------- */

/* C's tiles in four classes: full, edge row, edge column, corner (edge tiles are ragged); R rows
 * (T but in gemm's tall tiles) by T columns, A's R x D (op(A)), B's D x T: D deep over k (T but
 * in gemm's deep products, where D is k). */
struct tiling {
	int T, R, D;
	int64_t Mt, Nt, Kt;
	int mr, nr;          /* rows of the last tile row, columns of the last tile column */
	int kr;              /* depth of the last layer over k (1 when k is 0) */
	int64_t count[2][2]; /* tiles per class [edge row][edge column], the triangle's for syrk/syr2k */
	int64_t total;
};

/* ---- step 2: the data flows (flows.c) ------------------------------------------------------- */

struct flows {
	int n;
	int src[4 * PM_MAX_DEVS * 2], dst[4 * PM_MAX_DEVS * 2];
	double bytes[4 * PM_MAX_DEVS * 2];
};

/* What each device moves: its A panels, B panels and C tiles in, C tiles out. */
struct device_flows {
	struct flows in, out;
	double A[PM_MAX_DEVS], B[PM_MAX_DEVS], Cin[PM_MAX_DEVS], Cout[PM_MAX_DEVS]; /* bytes */
	int wr_lazy;
};

/* The call's busy links, each with the bytes it moves (the flows in, then out): how they share
 * the link map's groups (step 3). */
struct busy_links {
	int pair[2 * 4 * PM_MAX_DEVS * 2][2];
	double bytes[2 * 4 * PM_MAX_DEVS * 2];
	int n;
};

/* The devices sel[0..ns) with share[i] of C's tiles in tiling t: each one's bytes of A, B and C
 * in and of C out, over which links (c_home: C added at home, so it does not come in). */
void pm_data_flows(const struct pm_problem *p, const struct pm_device *dev, const int *sel, int ns,
                   const struct lm_db *db, const struct tiling *t, const double *share, int c_home,
                   struct device_flows *f);
void pm_busy_links_of(const struct device_flows *f, struct busy_links *b);

/* ---- step 3: the link rates (link_rates.c) --------------------------------------------------- */

/* Seconds-per-byte view of one device's links: how long its inbound and outbound bytes take over
 * the links they cross (each at its mean rate over its bytes beside the call's other transfers,
 * lm_shared_bw_volumes), the
 * latency its tiles pay, and the floor StarPU's own tile copies put under host links (the
 * calibrated "xfer" rates at each operand's pitch: in, out, and both at once). */
struct device_links {
	double tin, tout;      /* us for all inbound / outbound bytes */
	double lat;            /* us of per-tile latency, both directions */
	double host_both_us;   /* us for the host link's bytes both ways at the calibrated duplex rate */
	double first_tile_us;  /* one tile's copy: the first task waits for it */
};

/* In pm_link_rates's `panels`: C's tiles cross as whole scratch tiles, contiguous (C added at
 * home), not cut from C at its pitch. */
#define XFER_C_WHOLE (1u << 2)

/* Rows of operand o as stored: as the call says, else untransposed. */
int64_t pm_rows_of(const struct pm_problem *p, int o);
/* The rows of operand o's tiles as stored, the length of their copies' columns: R for C and for
 * A used untransposed (gemm's tall tiles: A's stored tile is op(A)'s), D (the products' depth)
 * for A transposed and for B, else T. */
int pm_tile_rows_of(const struct pm_problem *p, int T, int R, int D, int o);
/* us per element of operand o brought into device d in its tiles (T x T, R x T, R x D, D x T)
 * with all the call's links busy; 0 when it lives there or is not used. */
double pm_operand_in_us(const struct pm_problem *p, const struct pm_device *d, const struct lm_db *db,
                        const struct busy_links *busy, int T, int R, int D, int o);
/* Device sel[i]'s links (d) for flows f in tiling t, with the operands of `panels` (bits 0 A, 1 B;
 * XFER_C_WHOLE) crossing in column panels. */
void pm_link_rates(const struct pm_problem *p, const struct pm_device *d, int i, const struct lm_db *db,
                   const struct device_flows *f, const struct busy_links *busy, const struct tiling *t,
                   unsigned panels, struct device_links *L);

/* ---- step 4: one device's time, a flow shop over its products in the routine's order -------- */

/* Bytes arrive at the device's inbound rate in the order the routine submits the products, the
 * worker computes a product once its bytes are there and the previous one is done, and results
 * leave at the outbound rate: the classic two-machine flow shop, whose makespan is the largest,
 * over the products u, of (bytes up to u arrived + compute from u on). The products come in
 * segments of alike ones, within which that expression is linear in u, so segment ends suffice:
 * a few segments per device. A segment that reads what earlier ones brought (reads_earlier)
 * floats: its products run whenever their bytes are in, so after u only its share reading bytes
 * from u on counts (its products spread evenly over the bytes before it). */
struct segment {
	double n;     /* products (or whole chains: pm_column_order_segments) */
	double in;    /* bytes each needs brought in */
	double comp;  /* us each takes on the device */
	int reads_earlier; /* brings nothing, its products read tiles earlier segments brought: they
	                      run whenever those are in, not in the order (pm_block_order_segments) */
};
#define PM_MAX_SEGMENTS 5

/* One device's part of the call, as the flow shop sees it. */
struct device_part {
	double n, kt;        /* its C tiles; tiles along k */
	double rows, cols;   /* its C tiles along m and along n */
	double A, B, Cin;    /* bytes it brings in of each operand */
	double comp;         /* us its products take, its lanes included */
	double first_in;     /* bytes the first product brings in: whole tiles, the largest (gemm) */
	double last_layer;   /* a product of the last layer over k against one of the others (kt > 1):
	                        the ragged depth's share of a tile's time (1: k a multiple of T) */
	int a_panel, b_panel;/* how A and B come in: PANEL_NONE (tiles), _LAYER or _CHAIN (gemm) */
	int c_late;          /* C's tiles come in when the link is idle, not with the products */
	int bs;              /* the side of gemm's blocks of C tiles (pl_block_side) */
	int held;            /* products of other chains its worker holds ahead of a chain's next step
	                        (held_products) */
	int fill_waits;      /* the policy runs a task below the head's priority whose tiles are in
	                        while the head's copies are under way (pm_policy_fills_waits) */
	int joins;           /* chains joining the first block beside its bs columns, the later
	                        blocks bs wide still (next_chain_joins_may in evaluate.c) */
};

/* An operand crossing in column panels (step 3) brings, with the first product that needs one of
 * its tiles, the panel's other tiles too: a layer panel holds one layer over k of every tile row
 * (A as stored, or B transposed), a chain panel one tile row's every layer (A transposed, or B). */
enum { PANEL_NONE = 0, PANEL_LAYER, PANEL_CHAIN };

/* Where the segments leave the results: the first one is final `early` us before the end of
 * segment nfirst - 1; the last block has nlast tiles, which finish `apart` us from each other. */
struct result_times {
	int nfirst;
	double early, nlast, apart;
	/* chain by chain (single-tile blocks), the first tile's chain interleaved with the next one's
	 * on its worker (held_products): that chain's products before the first tile is final, and
	 * the bytes of the next chain's C tile, whose copy its first product waits for */
	double interleaved, next_c;
};

/* The last block's tiles going home: n of them leave one after another, out_tile us each, each
 * once its chain is done (the last at the chains' end, the ones before `apart` us apart) and,
 * with C read late, once its own C tile is in (the last at late_in, the ones before one C tile's
 * inbound copy, c_in us, apart: all chains done, they wait for C in the order it comes).
 * `after`: what follows the last copy (C added at home: its sum). */
struct last_tiles {
	double n, apart, out_tile, c_in, after;
};

/* gemm's products in its order (5 segments), the other routines' chains column by column (3). */
int pm_block_order_segments(const struct device_part *d, struct segment sg[PM_MAX_SEGMENTS], struct result_times *r);
int pm_column_order_segments(const struct device_part *d, struct segment sg[3], struct result_times *r);
/* The flow shop's makespan over nsg segments (us); HUGE_VAL for more than PM_MAX_SEGMENTS. */
double pm_device_time(const struct segment *sg, int nsg, int nfirst, double early, double first_wait,
                      double in_us_per_byte, double comp_total, double late_in_us, double out_total_us,
                      const struct last_tiles *lt, double floor_us);

/* ---- the ways a device's part may take (ways.c) --------------------------------------------- */

/* Whether operand o lives on the host and so crosses to device d, a GPU. */
int pm_crosses_from_host(const struct pm_problem *p, const struct pm_device *d,
                         const struct lm_db *db, int o);
/* gemm's operands (bit 0 A, bit 1 B) that may cross to d, the call's only device, in panels. */
unsigned pm_panel_choices(const struct pm_problem *p, const struct pm_device *d, const struct lm_db *db,
                          int T, int R);
/* Whether gemm's C may be read late on d, the call's only device. */
int pm_c_late_choice(const struct pm_problem *p, const struct pm_device *d, const struct tiling *t);
/* How operand o comes in when it crosses in panels (PANEL_*). */
int pm_panel_kind(const struct pm_problem *p, unsigned panels, int o);
/* C added at home: us for the host's memory to move `bytes` at its CPU workers' sum rate, and the
 * bytes device i's part moves through it. */
double pm_host_memory_us(const struct pm_device *h, double bytes);
double pm_home_memory_bytes(const struct pm_problem *p, const struct lm_db *db,
                            const struct device_flows *f, int i);
/* The device whose CPU workers would add gemm's C tiles at home for d, or NULL. */
const struct pm_device *pm_c_home_choice(const struct pm_problem *p, const struct pm_device *d,
                                         const struct pm_device *dev, int ndev, const struct lm_db *db);
/* Whether gemm's B, living on d, is read from tiles cut out of it there; what that adds (us). */
int pm_b_cut_choice(const struct pm_problem *p, const struct pm_device *d, const struct tiling *t);
double pm_b_cut_us(const struct pm_problem *p, const struct tiling *t);

#endif
