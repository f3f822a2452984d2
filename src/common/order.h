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
 * the 28th product of 64, then 512 MB to go home). Then the blocks are single tiles (pl_block_side): chain by
 * chain, each C tile final after its own kt products and going home while the next one runs. */
#define PL_BLOCK 3
/* The side of gemm's blocks: 1 when A and B do not cross to the workers, else PL_BLOCK. */
static inline int pl_block_side(int a_b_cross)
{
	return a_b_cross ? PL_BLOCK : 1;
}
/* Index of the block holding C tile (i, j) in that order, C having mt tile rows, blocks of bs. */
static inline int pl_block_of(int i, int j, int mt, int bs)
{
	return j / bs * ((mt + bs - 1) / bs) + i / bs;
}

#endif
