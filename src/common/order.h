/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The order of a tiled gemm's products, shared by the routine that submits them (blas/gemm.c) and
 * the autotuner's model that times them (perfmodel/flow_shop.c, step 4).
 */
#ifndef PARALIA_ORDER_H
#define PARALIA_ORDER_H

/* C's tiles in blocks of PL_BLOCK x PL_BLOCK, block columns left to right and blocks down each,
 * a block's products layer by layer over k (every tile's step l before any step l + 1), earlier
 * blocks first (their priority: pl_block_step in blas/tiled.h). Why: with operands
 * on the host, a call is a flow shop of its tile copies and its products, and the order decides
 * how soon copied tiles are reused. Column by column with every first step first (what ran
 * before), 16384^3 at tile 4096 needed a new 128 MB tile for almost every product until all of A
 * was in: 201-203 ms measured on one H200; in 3 x 3 blocks each copied A or B tile serves three
 * products at once and C tiles finish block by block, so their write-back overlaps the rest
 * (bench/order_replay.py at the copy rates measured in bench/results/gemm-timeline-2026-11-26.md:
 * 182 ms; 32768^3 1340 -> 1246 at 4096; chains in order, kept before for wide shapes, are within
 * 1% of it there). When neither A nor B crosses to the workers (both live where every product
 * runs: A and B on the GPU, C on the host), blocks reuse nothing and only hold C's tiles back: a
 * block's tiles are final only in its last layer, so C's write-back starts late and queues there
 * (FP64 8192^3 with C on the host, tile 2048, C crossing at 31 GB/s: the first tile final with
 * the 28th product of 64, then 512 MB to go home). Then the blocks are single tiles (pl_block_sides): chain by
 * chain, each C tile final after its own kt products and going home while the next one runs.
 * When only one of them crosses, a block is one line of PL_BLOCK tiles along the line that shares
 * the crossing operand's tiles: a tile row when A crosses (A's tile (i, l) serves row i only), a
 * tile column when B does. Each copied tile still serves PL_BLOCK products at once, and the
 * block's tiles are final PL_BLOCK at a time, not PL_BLOCK^2, so C's write-back starts sooner. In
 * square blocks a C of at most 3 x 3 tiles is one block and all of it went home after the last
 * copy in (one H200, FP64 4096x4096x32768 with B on the GPU at tile 3072: 134 MB, 3.3 ms after
 * the last copy in, the call 26.4 ms where its tiles of 2048 ran 23.2;
 * bench/results/gemm-2026-11-28k.md). Not where that operand crosses in column panels: a panel
 * holds a layer of every tile row (A as stored), so a line would bring all of it for its own
 * row and leave the rest to later blocks. PARALIA_BLOCKS=square (measuring) keeps square blocks
 * whenever A or B crosses, as before. */
#define PL_BLOCK 3

/* The rows and columns of C tiles in gemm's blocks: 1 x 1 when neither A nor B crosses to the
 * workers, PL_BLOCK x PL_BLOCK when both do, a line of PL_BLOCK along the crossing operand's
 * when one does in tiles (square: PL_BLOCK x PL_BLOCK then too). a_cross, b_cross: 0 (stays),
 * 1 (crosses in tiles) or 2 (crosses in column panels). */
static inline void pl_block_sides(int a_cross, int b_cross, int square, int *rows, int *cols)
{
	int one = a_cross + b_cross == 1 && !square; /* one crosses, in tiles */
	*rows = !a_cross && !b_cross ? 1 : one && a_cross ? 1 : PL_BLOCK;
	*cols = !a_cross && !b_cross ? 1 : one && b_cross ? 1 : PL_BLOCK;
}
/* Index of the block holding C tile (i, j) in that order, C having mt tile rows, blocks of
 * br x bc tiles. */
static inline int pl_block_of(int i, int j, int mt, int br, int bc)
{
	return j / bc * ((mt + br - 1) / br) + i / br;
}

#endif
