/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * paralia_{s,d}gemm: C = alpha op(A) op(B) + beta C, each matrix on the host or on any GPU.
 * Tile algorithm: for every C tile, a chain of tile gemms over k; StarPU's sequential
 * consistency orders the chain, the scheduler spreads the chains over the workers. The products
 * are submitted in blocks of C tiles, each block layer by layer over k (common/order.h). Where
 * the plan says so, C is read late: each chain into a scratch tile, C's tile added at its end,
 * on the device or, with C on the host, there by the CPU workers (C added at home, home_sum.c).
 */
#ifndef PARALIA_PREC
#define PARALIA_SELF "blas/gemm.c"
#include "common/instantiate.h"
#else
#include "blas/tiled.h"

static int LOCAL(gemm_check)(char transA, char transB, int m, int n, int k, real_t alpha,
                             const real_t *A, int lda, const real_t *B, int ldb, real_t beta,
                             const real_t *C, int ldc)
{
	const char *who = NAME_STR(gemm);
	int na = pl_upper(transA) == 'N', nb = pl_upper(transB) == 'N';
	int used = alpha != (real_t)0 && k > 0 && m > 0 && n > 0;
	int r;
	if ((r = pl_check_trans(who, 1, "transA", transA)) || (r = pl_check_trans(who, 2, "transB", transB)) ||
	    (r = pl_check_dim(who, 3, "m", m)) || (r = pl_check_dim(who, 4, "n", n)) ||
	    (r = pl_check_dim(who, 5, "k", k)) ||
	    (r = pl_check_ptr(who, 7, "A", A, used)) || (r = pl_check_ld(who, 8, "lda", lda, na ? m : k)) ||
	    (r = pl_check_ptr(who, 9, "B", B, used)) || (r = pl_check_ld(who, 10, "ldb", ldb, nb ? k : n)) ||
	    (r = pl_check_ptr(who, 12, "C", C, m > 0 && n > 0)) || (r = pl_check_ld(who, 13, "ldc", ldc, m)))
		return r;
	(void)beta;
	return 0;
}

/* WR-lazy (Uncut-GEMMs): a C tile computed away from where C lives, while A or B lives with C,
 * is multiplied into a scratch tile (beta = 0: C is not fetched) and accumulated into C by a geadd
 * on C's device at the end. PARALIA_WR_LAZY=force does it for every other tile (tests). */
static int LOCAL(tile_is_lazy)(struct pl_call *call, const struct pl_matrix *mC,
                               const struct paralia_task_opts *own, int i, int j)
{
	if (call->force_lazy)
		return (i + j) % 2 == 1;
	if (!call->lazy || !own)
		return 0;
	return starpu_worker_get_memory_node((unsigned)own->worker) != mC->node;
}

/* Step l of C tile (i, j)'s chain, in a block that fetches ahead (FN(gemm) says which): its next
 * step's A and B tiles are requested where this step runs; not those of an operand in column
 * panels, whose tiles are cut where they are used. */
static void LOCAL(fetch_next)(struct pl_matrix *mA, struct pl_matrix *mB, char tA, char tB, int i,
                              int j, int l, int kt, int ahead)
{
	if (ahead && l + 1 < kt)
		pl_submit_fetch_ahead(mA->panels ? NULL : pl_trans_tile(mA, tA, i, l + 1),
		                      mB->panels ? NULL : pl_trans_tile(mB, tB, l + 1, j));
}

/* PARALIA_VERBOSE >= 2: how many of the call's blocks fetched their next tiles ahead, and whose
 * (tests/gemm_panels.sh looks for A's beside B's panels). */
static void LOCAL(ahead_said)(const char *who, int blocks, int fetching, const struct pl_matrix *mA,
                              const struct pl_matrix *mB)
{
	if (fetching == 0 || pm_verbose_level() < 2)
		return;
	fprintf(stderr, "paralia: %s: %d of %d blocks fetch ahead %s\n", who, fetching, blocks,
	        mA->panels ? "B's tiles" : mB->panels ? "A's tiles" : "A's and B's tiles");
}

static int LOCAL(gemm_lazy)(struct pl_call *call, struct pl_matrix *mA, struct pl_matrix *mB,
                            char tA, char tB, real_t alpha, real_t beta, starpu_data_handle_t c,
                            const struct paralia_task_opts *own, int i, int j, int kt, int blk,
                            int ahead)
{
	starpu_data_handle_t s;
	int rows = (int)starpu_matrix_get_nx(c), cols = (int)starpu_matrix_get_ny(c), ret = 0;
	/* home node -1: StarPU allocates the scratch tile where the products run */
	starpu_matrix_data_register(&s, -1, 0, (uint32_t)rows, (uint32_t)rows, (uint32_t)cols,
	                            sizeof(real_t));
	for (int l = 0; l < kt && !ret; l++) {
		starpu_data_handle_t a = pl_trans_tile(mA, tA, i, l), b = pl_trans_tile(mB, tB, l, j);
		/* the scratch tile is computed where C is not, at its block's priority */
		struct paralia_task_opts step = pl_block_step(own, blk);
		LOCAL(fetch_next)(mA, mB, tA, tB, i, j, l, kt, ahead);
		ret = TASK(gemm)(tA, tB, alpha, a, b, l == 0 ? (real_t)0 : (real_t)1, s, &step);
	}
	struct paralia_task_opts at_c = { 0, call->lazy_worker };
	if (!ret)
		ret = TASK(geadd)(1, s, beta, c, call->force_lazy || at_c.worker < 0 ? NULL : &at_c);
	starpu_data_unregister_submit(s);
	return ret;
}

/* With an operand in panels, a product is not ready until its tiles are cut, so the policy would
 * request its C tile only then, behind every panel requested meanwhile: StarPU copies host to GPU
 * one request after another, and on one H100 (8192^3 at tile 2048) seven panels crossed before
 * the first C tile, the first product waiting 18 ms (6 with this). So gemm requests each C tile
 * itself, right after the panels its first product needs: in the products' order
 * (bench/results/gemm-panels-2026-11-26g.md, tile 2048: 4096x4096x32768 59.9 -> 45.1 ms, 16384^3
 * 0hh 187.8 -> 175.8; but where a block's C tiles then cross before the next layer's panel,
 * 8192^3 h0h at tile 4096 35.5 -> 40.3). Returns the memory node to request them to, or -1: no
 * panels crossing, C not read (beta 0), or C already where the panels are cut. */
static int LOCAL(c_request_node)(const struct pl_matrix *mA, const struct pl_matrix *mB,
                                 const struct pl_matrix *mC, real_t beta, int cutter)
{
	if ((!mA->panels && !mB->panels) || beta == (real_t)0)
		return -1;
	unsigned node = starpu_worker_get_memory_node((unsigned)cutter);
	/* panels that cross (B's tiles cut where it lives hold up no copy) */
	int cross = (mA->panels && mA->node != node) || (mB->panels && mB->node != node);
	return cross && node != mC->node ? (int)node : -1;
}

/* C read late (docs/AUTOTUNER.md step 3). A chain's first product reads its C tile, so the
 * first layer of gemm's first block needs a whole block of C tiles besides its A and B tiles, and
 * the GPU waits for them (one H100, 16384^3 from the host at tile 4096: the first kernel at 8.5
 * ms, the GPU idle ~20 ms more in the first block). Instead each chain computes into a scratch
 * tile (beta = 0: nothing read) and ends with C = scratch + beta C where it ran, and C's tile is
 * requested at submission by an idle request, which StarPU serves only when that direction of
 * the link has nothing else queued (bench/results/gemm-clate-2026-11-26h.md: 16384^3 186.9 ->
 * 174.4 ms, 8192^3 42.7 -> 39.2). Returns the memory node to request C's tiles to: that of the
 * plan's first worker off C's node (the plan's one device; with PARALIA_C_LATE=all on CPU workers
 * over several NUMA nodes, one of them), or -1 (C lives where every worker is). */
static int LOCAL(late_c_node)(const struct pl_call *call, const struct pl_matrix *mC)
{
	for (unsigned w = 0; w < starpu_worker_get_count(); w++) {
		unsigned node = starpu_worker_get_memory_node(w);
		if (pm_plan_has_worker(call->plan, w) && node != mC->node)
			return (int)node;
	}
	return -1;
}

/* Whether A's or B's tiles cross to the plan's workers: some worker's memory node is not where
 * both live (gemm's block side, pl_block_side in common/order.h). */
static int LOCAL(a_b_cross)(const struct pl_call *call, const struct pl_matrix *mA,
                            const struct pl_matrix *mB)
{
	for (unsigned w = 0; w < starpu_worker_get_count(); w++) {
		unsigned node = starpu_worker_get_memory_node(w);
		if (pm_plan_has_worker(call->plan, w) && (node != mA->node || node != mB->node))
			return 1;
	}
	return 0;
}

/* Step l of C tile (i, j)'s chain when C is read late: into scratch tile *s (registered at the
 * first step, with no home: StarPU allocates it where the products run), and after the last
 * C = s + beta C, ahead of the block's other products: at their priority it waited for all of
 * them and the tile went home at the end (one H100, FP32 8192^3 at tile 4096: C's first copy
 * home at 25.4 ms, 17.2 without reading C late). With `home` (the plan, when it adds C at home)
 * that sum is made on the host by its CPU workers (pl_home_sum). */
static int LOCAL(gemm_late_step)(char tA, char tB, real_t alpha, starpu_data_handle_t a,
                                 starpu_data_handle_t b, real_t beta, starpu_data_handle_t c,
                                 starpu_data_handle_t *s, int l, int kt, int c_node,
                                 const struct pm_plan *home, const struct paralia_task_opts *step)
{
	if (l == 0) {
		uint32_t rows = starpu_matrix_get_nx(c), cols = starpu_matrix_get_ny(c);
		starpu_matrix_data_register(s, -1, 0, rows, rows, cols, sizeof(real_t));
	}
	int ret = TASK(gemm)(tA, tB, alpha, a, b, l == 0 ? (real_t)0 : (real_t)1, *s, step);
	/* after the first product, whose A and B are then requested first: the link copies host to
	 * GPU one request after another. At the lowest priority, below the chains' next A and B
	 * tiles (pl_submit_fetch_ahead): both are idle requests, which StarPU keeps in a priority
	 * list, in order within a priority, so at one priority every C tile of the call, asked for
	 * here at submission, crossed ahead of the tiles the running blocks need next, wherever the
	 * link's queue emptied, and the GPU waited for them (one H200, FP64 4096x4096x32768 with B
	 * on the GPU, tiles of 3072: 1.4 ms twice). C is needed only at its chain's end, and the
	 * model prices its bytes as filling the link's idle time (late_in). Side by side on one H200
	 * in five calls: FP64 20000x17000x9000 from the host 1.06-1.07x, 27000x9500x14500
	 * 1.03-1.04x, level at most points, 16384^3 0.98-1.01x, 32768x32768x4096 with B on the GPU
	 * 0.977-0.985x (bench/results/gemm-2026-11-28m.md) */
	if (!ret && l == 0 && c_node >= 0)
		starpu_data_idle_prefetch_on_node_prio(c, (unsigned)c_node, 1,
		                                       starpu_sched_get_min_priority());
	if (!ret && l == kt - 1) {
		struct paralia_task_opts sum = *step;
		sum.priority = step->priority < starpu_sched_get_max_priority() ? step->priority + 1
		                                                               : step->priority;
		/* C added at home (the plan's c_home): by the host's CPU workers, C never fetched */
		ret = home ? LOCAL(pl_home_sum)(*s, beta, c, home, sum.priority)
		           : TASK(geadd)(1, *s, beta, c, &sum);
	}
	if (ret || l == kt - 1) { /* done with it (or the call stops): StarPU keeps it for its tasks */
		starpu_data_unregister_submit(*s);
		*s = NULL;
	}
	return ret;
}

/* C added at home: the host copies of the chains' scratch tiles pinned before the call's tasks
 * (pl_home_warm, at most PL_HOME_WARM_MAX of a size), for each of C's tile shapes as many as it
 * has such tiles: whole ones, the last row's and the last column's (at most two blocks' worth,
 * 2 PL_BLOCK: the copies home of two blocks may overlap), the corner. StarPU reuses a copy for
 * any of the same size, so shapes of one size are asked for together. */
static void LOCAL(warm_home_copies)(int m, int n, int mb, int nb)
{
	int64_t mf = m / mb, nf = n / nb, edge = 2 * PL_BLOCK;
	uint32_t mr = (uint32_t)(m % mb), nr = (uint32_t)(n % nb), r = (uint32_t)mb, t = (uint32_t)nb;
	struct { uint32_t rows, cols; int64_t want; } shape[4] = {
		{ r, t, mf * nf }, { mr, t, nf < edge ? nf : edge }, { r, nr, mf < edge ? mf : edge }, { mr, nr, 1 },
	};
	for (int x = 0; x < 4; x++) {
		int64_t want = shape[x].want;
		for (int y = x + 1; y < 4; y++) /* a later shape of the same size: asked for with this one */
			if ((uint64_t)shape[y].rows * shape[y].cols == (uint64_t)shape[x].rows * shape[x].cols) {
				want += shape[y].want;
				shape[y].want = 0;
			}
		pl_home_warm(shape[x].rows, shape[x].cols, sizeof(real_t), want);
	}
}

int FN(gemm)(paralia_trans_t transA, paralia_trans_t transB, int m, int n, int k, real_t alpha,
             const real_t *A, int lda, const real_t *B, int ldb, real_t beta, real_t *C, int ldc)
{
	const char *who = NAME_STR(gemm);
	char tA = pl_upper((char)transA), tB = pl_upper((char)transB);
	int ret = LOCAL(gemm_check)(tA, tB, m, n, k, alpha, A, lda, B, ldb, beta, C, ldc);
	if (ret)
		return ret;
	if (m == 0 || n == 0 || ((alpha == (real_t)0 || k == 0) && beta == (real_t)1))
		return 0; /* BLAS quick return */
	if ((ret = pl_routine_begin(who)))
		return ret;

	int scale_only = alpha == (real_t)0 || k == 0;
	struct pl_call call;
	const struct pm_operand op[3] = { { scale_only ? NULL : A, lda, tA == 'N' ? m : k, tA != 'N' },
	                                  { scale_only ? NULL : B, ldb, tB == 'N' ? k : n, tB != 'N' },
	                                  { C, ldc, m, 0 } };
	if ((ret = pl_call_plan(&call, who, 'g', sizeof(real_t) == sizeof(double), m, n, k, op, beta != (real_t)0)))
		return ret;
	/* every operand on one GPU, planned there: one cuBLAS call or C in blocks, outside StarPU,
	 * after the caller's work there (ordered on the GPU) */
	int block = 0, direct = scale_only ? -1 : pl_direct_device(&call, m, n, k, &block);
	if (direct >= 0 && (ret = LOCAL(pl_gemm_direct)(direct, block, tA, tB, m, n, k, alpha, A, lda, B,
	                                                ldb, beta, C, ldc)) != PL_DIRECT_UNAVAILABLE) {
		pl_call_end(&call);
		return ret;
	}
	/* through StarPU: its tasks run after the caller's work on the operands' GPUs (waited for) */
	if ((ret = pl_call_order(&call))) {
		pl_call_end(&call);
		return ret;
	}
	/* C's tiles mb x nb, op(A)'s mb x kb, op(B)'s kb x nb (kb: nb, k in deep products, or between
	 * them in deeper layers) */
	int nb = call.nb, mb = call.mb, kb = call.kb;
	struct pl_matrix mA = {0}, mB = {0}, mC = {0};
	int na = tA == 'N', nbn = tB == 'N';
	if ((ret = pl_matrix_init_tiles(&mC, who, "C", C, m, n, ldc, sizeof(real_t), mb, nb)))
		goto done;
	if (!scale_only &&
	    ((ret = pl_matrix_init_tiles(&mA, who, "A", A, na ? m : k, na ? k : m, lda, sizeof(real_t),
	                                 na ? mb : kb, na ? kb : mb)) ||
	     (ret = pl_matrix_init_tiles(&mB, who, "B", B, nbn ? k : n, nbn ? n : k, ldb, sizeof(real_t),
	                                 nbn ? kb : nb, nbn ? nb : kb))))
		goto done;

	/* host operands the plan brings in whole column panels (pl_matrix_panels; never beside deep
	 * products, whose B tiles are its whole columns already); B's tiles cut where it lives, so
	 * that the products read them at a leading dimension of their rows, not B's (the plan's
	 * b_cut: pm_evaluate's step 3) */
	int panels = call.plan->pub.panels, cutter = call.plan->panel_worker;
	if (!scale_only &&
	    (((panels & 1) && (ret = pl_matrix_panels(&mA, who, "A", cutter))) ||
	     (((panels & 2) || call.plan->b_cut) && (ret = pl_matrix_panels(&mB, who, "B", cutter)))))
		goto done;
	if (call.plan->b_cut && mB.panels && pm_verbose_level() >= 2)
		fprintf(stderr, "paralia: %s: B's tiles cut where it lives (leading dimension %d)\n", who, ldb);

	if (kb != nb && kb < k && pm_verbose_level() >= 2)
		fprintf(stderr, "paralia: %s: C's tiles %d x %d, products %d deep in layers\n", who, mb, nb, kb);
	else if (kb != nb && pm_verbose_level() >= 2)
		fprintf(stderr, "paralia: %s: C's tiles %d x %d, products %d deep (deep)\n", who, mb, nb, kb);
	else if (mb != nb && pm_verbose_level() >= 2)
		fprintf(stderr, "paralia: %s: C's and op(A)'s tiles %d x %d (tall)\n", who, mb, nb);
	int c_node = LOCAL(c_request_node)(&mA, &mB, &mC, beta, cutter);
	/* C read late (late_c_node): the plan says so only for one device with C read (beta != 0),
	 * never with WR-lazy; PARALIA_WR_LAZY=force (tests) is the call's */
	int late = call.plan->pub.c_late && !call.force_lazy;
	/* added at home: C's tiles are not requested anywhere. Not for a kept C: the sums take its
	 * tiles home, where it would otherwise stay on the GPU between calls (plans do not know
	 * what is kept) */
	const struct pm_plan *home = late && call.plan->pub.c_home && !mC.kept ? call.plan : NULL;
	int late_node = late && !home ? LOCAL(late_c_node)(&call, &mC) : -1;
	if (home && !scale_only)
		LOCAL(warm_home_copies)(m, n, mb, nb);
	starpu_data_handle_t scratch[PL_BLOCK * PL_BLOCK] = { 0 }; /* the block's, C read late */
	int kt = pl_tile_count(k, kb);
	int blocks = 0, fetching = 0; /* and how many fetch ahead (ahead_said) */
	if (scale_only) {
		for (int j = 0; j < mC.nt && !ret; j++)
			for (int i = 0; i < mC.mt && !ret; i++)
				ret = TASK(lascal)('G', beta, pl_matrix_tile(&mC, i, j), pl_call_opts(&call, i, j));
		goto done;
	}
	/* the products in blocks of C tiles, each block layer by layer over k (pl_block_of); single
	 * tiles when A and B do not cross (pl_block_side) */
	int bs = pl_block_side(LOCAL(a_b_cross)(&call, &mA, &mB));
	for (int jb = 0; jb < mC.nt && !ret; jb += bs)
		for (int ib = 0; ib < mC.mt && !ret; ib += bs) {
			int je = jb + bs < mC.nt ? jb + bs : mC.nt;
			int ie = ib + bs < mC.mt ? ib + bs : mC.mt;
			int blk = pl_block_of(ib, jb, mC.mt, bs);
			blocks++;
			/* panels cut for this block go at its products' priority */
			mA.panel_prio = mB.panel_prio = pl_block_step(NULL, blk).priority;
			/* Whether the block's chains fetch their next A and B tiles ahead
			 * (pl_submit_fetch_ahead): when waiting for each chain's round, a product then
			 * that chain's next tiles' copies, would lose more than the copy of one chain's
			 * next tiles holds up (pm_fetch_ahead; never when A and B live where the products
			 * run or both cross in panels: a tile cut from one is made where it is used, and
			 * only the other operand's are fetched). With B in one panel of 1 GB and A in
			 * tiles, 4096x4096x32768 from the host at tile 4096 ran 63.7 ms on one H100 without
			 * fetching A ahead, where the link needs 44 (bench/results/gemm-cap-2026-11-26l.md).
			 * rows x cols: the elements of C the block covers. */
			int64_t rows = (ie < mC.mt ? (int64_t)ie * mb : m) - (int64_t)ib * mb;
			int64_t cols = (je < mC.nt ? (int64_t)je * nb : n) - (int64_t)jb * nb;
			int ahead = !(mA.panels && mB.panels) &&
			            (call.fetch_ahead == PL_AHEAD_ALL ||
			             (call.fetch_ahead == PL_AHEAD_MODEL &&
			              pm_plan_fetch_ahead(call.plan, rows, cols, ie - ib, je - jb, k)));
			fetching += ahead;
			for (int l = 0; l < kt && !ret; l++)
				for (int j = jb; j < je && !ret; j++)
					for (int i = ib; i < ie && !ret; i++) {
						starpu_data_handle_t c = pl_matrix_tile(&mC, i, j);
						const struct paralia_task_opts *own = pl_call_opts(&call, i, j);
						if (LOCAL(tile_is_lazy)(&call, &mC, own, i, j)) {
							if (l == 0) /* its whole chain, into a scratch tile */
								ret = LOCAL(gemm_lazy)(&call, &mA, &mB, tA, tB, alpha, beta, c,
								                       own, i, j, kt, blk, ahead);
							continue;
						}
						starpu_data_handle_t a = pl_trans_tile(&mA, tA, i, l), b = pl_trans_tile(&mB, tB, l, j);
						struct paralia_task_opts step = pl_block_step(own, blk);
						LOCAL(fetch_next)(&mA, &mB, tA, tB, i, j, l, kt, ahead);
						if (late) {
							ret = LOCAL(gemm_late_step)(transA, transB, alpha, a, b, beta, c,
							                            &scratch[(j - jb) * bs + i - ib], l,
							                            kt, late_node, home, &step);
							continue;
						}
						if (l == 0 && c_node >= 0)
							starpu_data_prefetch_on_node_prio(c, (unsigned)c_node, 1, step.priority);
						ret = TASK(gemm)(transA, transB, alpha, a, b, l == 0 ? beta : (real_t)1, c, &step);
					}
		}
	LOCAL(ahead_said)(who, blocks, fetching, &mA, &mB);
	for (int x = 0; x < PL_BLOCK * PL_BLOCK; x++) /* chains a failed submission left unfinished */
		if (scratch[x])
			starpu_data_unregister_submit(scratch[x]);
done:
	pl_submit_fetch_ahead(NULL, NULL); /* not consumed if a submission failed before it */
	pl_matrix_finish(&mC, 1);
	pl_matrix_finish(&mA, 0);
	pl_matrix_finish(&mB, 0);
	pl_call_end(&call);
	return ret;
}
#endif
