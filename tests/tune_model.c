/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The autotuner's decisions on synthetic machines (tests/data/linkmap) with synthetic kernel
 * rates: all GPUs for a compute-bound DGEMM on the 4xH200, fewer devices when the problem is
 * transfer-bound, a slow device (a GPU 20x slower, the CPU cores) skipped, tile sizes that leave
 * no thin edge, tiles that do not fit a capped memory avoided, WR-lazy only when
 * C is read where A or B lives, energy metrics only with power numbers. Then, with StarPU running:
 * paralia_plan_query, the plan cache (repeated calls reuse a plan), the fixed tile size, and the
 * fallback to time when PARALIA_TUNE_METRIC=edp has no power numbers. Prints the predictions for
 * the h200x4 reference points (DGEMM N = 16384, 32768; placements hhh and 000).
 * The closed-form tile schedule (pm_schedule_class) against the tile-by-tile list scheduling it
 * replaces, kept here as the reference, on random classes; the model and paralia_plan_query at
 * sizes up to INT_MAX (every routine): defined, finite answers, found without a loop over tiles.
 * Which of gemm's blocks fetch ahead (pm_fetch_ahead) on the rates measured where it mattered.
 */
#include "tests/testing.h"
#include "codelets/codelet.h"
#include "perfmodel/model.h" /* the flow shop (pm_device_time) */
#include "perfmodel/perfmodel.h"
#include "perfmodel/plan.h"
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int end_calls;
static void note_calls(void *slot)
{
	end_calls++;
	*(double *)slot = starpu_timing_now();
}

static int load(struct lm_db *db, const char *name)
{
	char path[1024], err[512];
	const char *top = getenv("top_srcdir");
	snprintf(path, sizeof path, "%s/tests/data/linkmap/%s", top ? top : ".", name);
	if (lm_load(db, path, err, sizeof err)) {
		t_check(0, "load %s: %s", name, err);
		return -1;
	}
	return 0;
}

/* One device per GPU node of db (nodes 1..), default H200 rates scaled by `scale`. */
static int gpus_of(const struct lm_db *db, struct pm_device *dev, double scale, double mem)
{
	int n = 0;
	for (int i = 1; i < db->nnodes; i++) {
		memset(&dev[n], 0, sizeof dev[n]);
		dev[n].kind = PM_GPU;
		dev[n].node = i;
		dev[n].devid = i - 1;
		dev[n].nworkers = 1;
		dev[n].first_worker = n;
		dev[n].mem_bytes = mem;
		pm_rates_default(&dev[n].rates, PM_GPU);
		for (int j = 0; j < dev[n].rates.n; j++)
			for (int p = 0; p < 2; p++)
				dev[n].rates.gflops[p][j] *= scale;
		n++;
	}
	return n;
}

/* A variable's value as the caller had it (NULL: unset), for env_restore after a test sets it. */
static char *env_saved(const char *name)
{
	const char *v = getenv(name);
	return v ? strdup(v) : NULL;
}

/* name back to what env_saved kept (unset for NULL); the copy freed. */
static void env_restore(const char *name, char *saved)
{
	if (saved)
		setenv(name, saved, 1);
	else
		unsetenv(name);
	free(saved);
}

static int popcount(unsigned x) { int n = 0; for (; x; x >>= 1) n += x & 1; return n; }

static struct pm_problem gemm(int m, int n, int k, int la, int lb, int lc, int reads_c)
{
	/* every other field zero: no knob set (a field added to pm_problem needs no edit here) */
	struct pm_problem p = { .routine = 'g', .dbl = 1, .m = m, .n = n, .k = k, .loc = { la, lb, lc },
	                        .reads_c = reads_c, .tile_frac = 1.0, .ld = { m, k, m } };
	return p;
}

static void report_h200(void)
{
	struct lm_db db;
	struct pm_device dev[PM_MAX_DEVS];
	if (load(&db, "h200x4.txt"))
		return;
	int nd = gpus_of(&db, dev, 1.0, 140e9);
	static const int Ns[] = { 16384, 32768 };
	for (int i = 0; i < 2; i++)
		for (int pl = 0; pl < 2; pl++) {
			int at = pl ? 1 : 0; /* node 1 = GPU0 */
			struct pm_problem p = gemm(Ns[i], Ns[i], Ns[i], at, at, at, 1);
			struct pm_tune_opts o = { 0, PM_TIME, 0 };
			struct pm_eval e;
			int r = pm_tune(&p, dev, nd, &db, &o, &e);
			double tf = 2.0 * Ns[i] * Ns[i] * (double)Ns[i] / (e.time_ms * 1e9);
			printf("tune_model: h200x4 DGEMM N=%d %s: tile %d, %d GPUs, predicted %.1f ms = %.1f "
			       "TFLOP/s (compute %.1f ms, transfer %.1f ms)%s\n", Ns[i], pl ? "000" : "hhh", e.T,
			       popcount(e.subset), e.time_ms, tf, e.compute_ms, e.transfer_ms,
			       e.wr_lazy ? ", WR-lazy" : "");
			t_check(r == 0 && popcount(e.subset) == 4 && tf > 150 && tf < 230,
			        "h200x4 N=%d %s: all 4 GPUs, 150..230 TFLOP/s (got %d, %.1f)", Ns[i],
			        pl ? "000" : "hhh", popcount(e.subset), tf);
		}
}

static void transfer_bound(void)
{
	struct lm_db db;
	struct pm_device dev[PM_MAX_DEVS];
	if (load(&db, "pcie-only-4.txt"))
		return;
	/* P100-class GPUs (~5 TFLOP/s FP64) on PCIe Gen3 behind two shared switches. */
	int nd = gpus_of(&db, dev, 5.0 / 56.0, 16e9);
	struct pm_tune_opts o = { 0, PM_TIME, 0 };
	struct pm_eval big, thin;
	struct pm_problem pb = gemm(16384, 16384, 16384, 0, 0, 0, 1);
	struct pm_problem pt = gemm(16384, 16384, 256, 0, 0, 0, 1);
	pm_tune(&pb, dev, nd, &db, &o, &big);
	pm_tune(&pt, dev, nd, &db, &o, &thin);
	t_check(popcount(big.subset) == 4, "pcie-only: compute-bound 16384^3 uses 4 GPUs (got %d)",
	        popcount(big.subset));
	t_check(popcount(thin.subset) < popcount(big.subset),
	        "pcie-only: transfer-bound k=256 uses fewer devices (%d) than compute-bound (%d)",
	        popcount(thin.subset), popcount(big.subset));
	/* And on the DGX-1 the same: a rank-256 update of C on the host is bound by PCIe. */
	if (load(&db, "dgx1-v100.txt"))
		return;
	nd = gpus_of(&db, dev, 7.0 / 56.0, 32e9);
	struct pm_eval e;
	pm_tune(&pt, dev, nd, &db, &o, &e);
	struct pm_problem pc = gemm(32768, 32768, 32768, 0, 0, 0, 1);
	struct pm_eval c;
	pm_tune(&pc, dev, nd, &db, &o, &c);
	t_check(popcount(e.subset) < popcount(c.subset),
	        "dgx1: transfer-bound k=256 uses fewer GPUs (%d) than 32768^3 (%d)", popcount(e.subset),
	        popcount(c.subset));
}

static void slow_devices(void)
{
	struct lm_db db;
	struct pm_device dev[PM_MAX_DEVS];
	if (load(&db, "h200x4.txt"))
		return;
	int nd = gpus_of(&db, dev, 1.0, 140e9);
	for (int j = 0; j < dev[2].rates.n; j++) /* GPU2 (node 3) 20x slower */
		for (int p = 0; p < 2; p++)
			dev[2].rates.gflops[p][j] /= 20;
	struct pm_problem p = gemm(16384, 16384, 16384, 0, 0, 0, 1);
	struct pm_tune_opts o = { 0, PM_TIME, 0 };
	struct pm_eval e;
	pm_tune(&p, dev, nd, &db, &o, &e);
	t_check(!(e.subset & 4u) && popcount(e.subset) == 3,
	        "h200x4 with GPU2 20x slower: GPU2 skipped, the other 3 used (subset 0x%x)", e.subset);
	/* The CPU cores beside 4 H200s: 64 workers at ~30 GFLOP/s are < 1% of the GPUs. */
	nd = gpus_of(&db, dev, 1.0, 140e9);
	struct pm_device *cpu = &dev[nd];
	memset(cpu, 0, sizeof *cpu);
	cpu->kind = PM_CPU;
	cpu->node = 0;
	cpu->devid = -1;
	cpu->nworkers = 60;
	pm_rates_default(&cpu->rates, PM_CPU);
	nd++;
	pm_tune(&p, dev, nd, &db, &o, &e);
	t_check(!(e.subset & (1u << (nd - 1))) && popcount(e.subset) == 4,
	        "h200x4 + 60 CPU cores: the CPU is skipped, 4 GPUs used (subset 0x%x)", e.subset);
}

static void tile_sizes(void)
{
	struct lm_db db;
	struct pm_device dev[PM_MAX_DEVS];
	if (load(&db, "h200x4.txt"))
		return;
	int nd = gpus_of(&db, dev, 1.0, 140e9);
	struct pm_tune_opts o = { 0, PM_TIME, 0 };
	static const int sizes[] = { 12288, 10240, 20480, 24576, 9216 };
	for (int i = 0; i < 5; i++) {
		int N = sizes[i];
		struct pm_problem p = gemm(N, N, N, 0, 0, 0, 1);
		struct pm_eval e;
		pm_tune(&p, dev, nd, &db, &o, &e);
		/* No thin edge: the last tile row is at least half a tile (a tile that divides N, or
		 * one whose edge runs near full rate and balances the GPUs better, as 3072 does for
		 * 20480: 49 tiles over 4 GPUs instead of 4096's 25). */
		int edge = N - (N - 1) / e.T * e.T;
		t_check(2 * edge >= e.T,
		        "h200x4 DGEMM N=%d: tile %d leaves no thin edge (last tile %d, padding %.3f)", N,
		        e.T, edge, e.padding);
	}
	/* The cost sees padding: 8192+512 with tiles of 4096 has a thin edge of 512 per dimension. */
	struct pm_problem p = gemm(8704, 8704, 8704, 1, 1, 1, 1);
	struct pm_eval a, b;
	pm_evaluate(&p, dev, 1, &db, 4096, 1u, &a);
	pm_evaluate(&p, dev, 1, &db, 8704 / 17, 1u, &b); /* 512: no edge */
	t_check(a.padding > 0.2 && b.padding < 1e-12, "padding: 4096 tiles on 8704 waste %.2f, 512 none",
	        a.padding);
	/* Memory capped at 1 GB per GPU: 8 tiles of 4096^2 doubles (1.07 GB) do not fit. */
	nd = gpus_of(&db, dev, 1.0, 1e9);
	struct pm_problem q = gemm(32768, 32768, 32768, 0, 0, 0, 1);
	struct pm_eval e;
	int r = pm_tune(&q, dev, nd, &db, &o, &e);
	t_check(r == 0 && 8.0 * e.T * e.T * 8 <= 1e9, "1 GB GPUs: tile %d fits 8 copies", e.T);
	/* A fixed tile size is honoured. */
	struct pm_tune_opts f = { 1000, PM_TIME, 0 };
	pm_tune(&q, dev, nd, &db, &f, &e);
	t_check(e.T == 1000, "fixed tile 1000 honoured (got %d)", e.T);
}

static void wr_lazy_and_metrics(void)
{
	struct lm_db db;
	struct pm_device dev[PM_MAX_DEVS];
	if (load(&db, "h200x4.txt"))
		return;
	int nd = gpus_of(&db, dev, 1.0, 140e9);
	struct pm_tune_opts o = { 0, PM_TIME, 0 };
	struct pm_eval e;
	struct pm_problem p = gemm(16384, 16384, 16384, 1, 1, 1, 1);
	pm_tune(&p, dev, nd, &db, &o, &e);
	t_check(e.wr_lazy == 1, "000 with beta != 0 on 4 GPUs: WR-lazy");
	p.reads_c = 0;
	pm_tune(&p, dev, nd, &db, &o, &e);
	t_check(e.wr_lazy == 0, "000 with beta == 0: no WR-lazy (C is not read)");
	p = gemm(16384, 16384, 16384, 0, 0, 0, 1);
	pm_tune(&p, dev, nd, &db, &o, &e);
	t_check(e.wr_lazy == 0, "hhh: no WR-lazy (C on the host)");
	p = gemm(16384, 16384, 16384, 0, 0, 2, 1);
	pm_tune(&p, dev, nd, &db, &o, &e);
	t_check(e.wr_lazy == 0, "hh1: no WR-lazy (A and B not with C)");

	/* Energy: without watts there is nothing to weigh; with them EDP runs and a device that
	 * draws 10x the power of the others is left out. */
	t_check(!pm_has_power(dev, nd, 0xf, 1), "no watts: pm_has_power is false");
	for (int d = 0; d < nd; d++)
		dev[d].rates.watts[1] = d == 3 ? 7000 : 700;
	t_check(pm_has_power(dev, nd, 0xf, 1), "watts: pm_has_power is true");
	struct pm_tune_opts edp = { 0, PM_EDP, 0 };
	p = gemm(16384, 16384, 16384, 0, 0, 0, 1);
	int r = pm_tune(&p, dev, nd, &db, &edp, &e);
	t_check(r == 0 && e.energy_j > 0 && !(e.subset & 8u),
	        "EDP: energy %.0f J, the 7 kW GPU3 left out (subset 0x%x)", e.energy_j, e.subset);
}

/* path = $PARALIA_HOME/name (made if missing), or ./name without PARALIA_HOME. */
static void home_file(char *path, size_t len, const char *name)
{
	const char *home = getenv("PARALIA_HOME");
	snprintf(path, len, "%s/%s", home && *home ? home : ".", name);
	if (home && *home) {
		char cmd[1100];
		snprintf(cmd, sizeof cmd, "mkdir -p '%s'", home);
		if (system(cmd) != 0)
			t_check(0, "mkdir %s", home);
	}
}

/* A table of this process's own (stem-<pid>.txt in home_file's folder) holding text: 0, or -1
 * (said) when it cannot be written. */
static int write_table(char *path, size_t len, const char *stem, const char *text)
{
	char name[64];
	snprintf(name, sizeof name, "%s-%d.txt", stem, (int)getpid());
	home_file(path, len, name);
	FILE *f = fopen(path, "w");
	if (!f || fputs(text, f) < 0) {
		if (f)
			fclose(f);
		t_check(0, "write %s", path);
		return -1;
	}
	return fclose(f) == 0 ? 0 : -1;
}

/* The copy rates by tile and host pitch (struct pm_xfer): a table's points read back, the rate
 * interpolated in log2 between pitches and clamped beyond them, tables without a pitch read at
 * 4T, bad lines named; and the model pays for a matrix's pitch: the same 4096^3 host-resident
 * DGEMM predicted slower as a block of a wider matrix (pitch 256 KB) than as a whole one (32 KB),
 * as an H200 measures it. */
static void xfer_pitches(void)
{
	char path[1024], err[1200];
	if (write_table(path, sizeof path, "xfer-test",
	                "# tile 2048: fast up to 32 KB pitches, slow beyond; tile 4096 in between\n"
	                "xfer d 2048 16384 55 54 100\nxfer d 2048 262144 31 30 60\nxfer d 2048 32768 54 53 98\n"
	                "xfer d 2048 65536 32 31 62\nxfer d 4096 32768 55 55 100\nxfer d 4096 262144 46 43 85\n"
	                "xfer d 1024 35 50 70\n"))
		return;
	struct pm_xfer x;
	int r = pm_xfer_load(&x, path, err, sizeof err);
	t_check(r == 1 && x.n[1] == 7 && x.n[0] == 0 && x.pt[1][0].T == 1024 && x.pt[1][0].pitch == 32768 &&
	        x.pt[1][2].pitch == 32768 && x.pt[1][4].pitch == 262144,
	        "xfer lines read back sorted by tile then pitch, the pitchless one at 4T (ret %d, %d points)",
	        r, x.n[1]);
	double at32 = pm_xfer_gbs(&x, 1, 2048, 32768, 0), at64 = pm_xfer_gbs(&x, 1, 2048, 65536, 0);
	double mid = pm_xfer_gbs(&x, 1, 2048, 46341, 0), far = pm_xfer_gbs(&x, 1, 2048, 1e7, 0);
	double near = pm_xfer_gbs(&x, 1, 2048, 1, 0), def = pm_xfer_gbs(&x, 1, 2048, 0, 0);
	t_check(at32 == 54 && at64 == 32 && fabs(mid - 43) < 0.01 && far == 31 && near == 55 && def == 32,
	        "d 2048 to the GPU: %.1f at 32 KB, %.1f at 64 KB, %.2f at 45 KB (log2 midway), clamped "
	        "%.1f and %.1f beyond, %.1f at the default 4T", at32, at64, mid, far, near, def);
	double t3072 = pm_xfer_gbs(&x, 1, 3072, 262144, 1);
	t_check(t3072 > 30 && t3072 < 43, "d 3072 back at 256 KB between the 2048 and 4096 rates (%.1f)", t3072);
	t_check(pm_xfer_gbs(&x, 0, 4096, 65536, 2) == pm_xfer_gbs(&x, 1, 2048, 65536, 2),
	        "single precision without lines: double's at the same column bytes");
	/* FP32 measured up to tiles of 2048 (8 KB columns, slow at a wide pitch), FP64 up to 4096
	 * (32 KB): FP32 columns of 8192 elements are FP64's 4096 in bytes, read there, not clamped
	 * to FP32's 2048; within FP32's own range its own lines stay, and FP64 beyond its own longest
	 * columns (no FP32 tile that long) stays clamped. */
	struct pm_xfer both = x;
	both.n[0] = 2;
	both.pt[0][0] = (struct pm_xfer_point){ 2048, 32768, { 40, 40, 80 } };
	both.pt[0][1] = (struct pm_xfer_point){ 2048, 262144, { 20, 20, 40 } };
	double s8k = pm_xfer_gbs(&both, 0, 8192, 262144, 0), s2k = pm_xfer_gbs(&both, 0, 2048, 262144, 0);
	double d8k = pm_xfer_gbs(&both, 1, 8192, 262144, 0);
	t_check(s8k == 46 && s2k == 20 && d8k == 46,
	        "FP32 columns of 8192 past FP32's lines read FP64's 4096 (%.1f, 46 expected), FP32 2048 "
	        "its own (%.1f, 20), FP64 8192 clamped to its 4096 (%.1f, 46)", s8k, s2k, d8k);

	/* The model: one GPU on the 4xH200 map, this table; 4096^3 on the host at tile 2048. */
	struct lm_db db;
	struct pm_device dev[PM_MAX_DEVS];
	if (load(&db, "h200x4.txt") == 0) {
		gpus_of(&db, dev, 1.0, 140e9);
		dev[0].xfer = x;
		struct pm_problem tight = gemm(4096, 4096, 4096, 0, 0, 0, 1), wide = tight;
		for (int i = 0; i < 3; i++)
			wide.ld[i] = 32768;
		double t1 = pm_evaluate(&tight, dev, 1, &db, 2048, 1u, NULL);
		double t2 = pm_evaluate(&wide, dev, 1, &db, 2048, 1u, NULL);
		t_check(t2 > 1.3 * t1, "4096^3 hhh at tile 2048: %.2f ms cut from a matrix of pitch 256 KB "
		        "against %.2f ms from its own (32 KB)", t2, t1);
		/* A transposed: its tiles are cut from a 512 x 32768 matrix (columns of 4 KB, slow),
		 * not from 32768 x 512 (columns of 16 KB): the rows as stored decide. */
		struct pm_problem n = gemm(32768, 4096, 512, 0, 1, 1, 1), t = n;
		n.ld[0] = 32768;
		t.ld[0] = 512 * 64; /* the same pitch, 256 KB */
		t.rows[0] = 512;
		double tn = pm_evaluate(&n, dev, 1, &db, 2048, 1u, NULL), tt = pm_evaluate(&t, dev, 1, &db, 2048, 1u, NULL);
		t_check(tt > 1.2 * tn, "A of 32768 x 512 at tile 2048: %.2f ms stored transposed (512 rows) "
		        "against %.2f ms stored as is", tt, tn);

		/* Column panels (step 3): A of the wide 4096^3 crossing in panels has columns of 4096
		 * (46 GB/s at 256 KB), not of 2048 (31): faster, and chosen when allowed; B and C keep
		 * their tiles' rate (once read at A's column length: 12.7 ms instead of 15.6). */
		struct pm_eval e;
		struct pm_problem pa = wide, free_ = wide;
		pa.panels_must = 1;
		free_.panels_may = 3;
		double tp = pm_evaluate(&pa, dev, 1, &db, 2048, 1u, &e);
		t_check(e.panels == 1 && tp < t2 - 1.0 && tp > 0.85 * t2,
		        "A in panels: %.2f ms against %.2f in tiles (panels %u)", tp, t2, e.panels);
		double tf = pm_evaluate(&free_, dev, 1, &db, 2048, 1u, &e);
		t_check(e.panels != 0 && tf <= tp * (1 + 1e-9), "the model's choice (panels %u): %.2f ms", e.panels, tf);
		t_check(pm_evaluate(&wide, dev, 1, &db, 2048, 1u, &e) == t2 && e.panels == 0,
		        "nothing allowed: tiles (%.2f ms)", t2);
		/* Fetching ahead (step 6) brings no tile of an operand in panels: they are cut on the
		 * device; the other operand's tiles still come (gemm fetches them). */
		double a_tiles = e.layer.a_us, b_tiles = e.layer.b_us;
		struct pm_problem pb = wide;
		pb.panels_must = 2;
		pm_evaluate(&pb, dev, 1, &db, 2048, 1u, &e);
		double b_panel = e.layer.b_us, a_beside = e.layer.a_us;
		pm_evaluate(&pa, dev, 1, &db, 2048, 1u, &e);
		t_check(a_tiles > 0 && b_tiles > 0 && b_panel == 0 && a_beside == a_tiles && e.layer.a_us == 0 &&
		        e.layer.b_us == b_tiles,
		        "fetching ahead: A %.3g and B %.3g us per element in tiles, B in panels 0 (A %.3g), A in "
		        "panels 0 (B %.3g)", a_tiles, b_tiles, a_beside, e.layer.b_us);
		/* Allowed, panels must be 5% faster than tiles to be chosen (PANEL_MARGIN): over pitches
		 * and shapes, a choice of panels is never less than 5% faster, a choice of tiles never
		 * leaves panels more than 5% faster; both happen. */
		int chose[2] = { 0, 0 }, wrong = 0;
		for (int shape = 0; shape < 3; shape++)
			for (int64_t pitch = 4096; pitch <= 32768; pitch += 2048) {
				int64_t mm = shape == 1 ? 8192 : 4096, kk = shape == 2 ? 16384 : 4096;
				struct pm_problem q = gemm((int)mm, 4096, (int)kk, 0, 0, 0, 1);
				for (int o = 0; o < 3; o++)
					q.ld[o] = pitch > q.rows[o] ? pitch : q.rows[o];
				double tiles = pm_evaluate(&q, dev, 1, &db, 2048, 1u, NULL), best_panels = HUGE_VAL;
				for (unsigned set = 1; set <= 3; set++) {
					struct pm_problem forced = q;
					forced.panels_must = set;
					best_panels = fmin(best_panels, pm_evaluate(&forced, dev, 1, &db, 2048, 1u, NULL));
				}
				q.panels_may = 3;
				pm_evaluate(&q, dev, 1, &db, 2048, 1u, &e);
				chose[e.panels != 0]++;
				wrong += e.panels ? !(best_panels <= 0.95 * tiles) : best_panels < 0.95 * tiles;
			}
		t_check(!wrong && chose[0] && chose[1], "panels chosen only 5%% faster than tiles: %d wrong "
		        "of %d (tiles chosen %d times, panels %d)", wrong, chose[0] + chose[1], chose[0], chose[1]);
		/* C added at home: its scratch tiles go home as tiles (columns of 2048 at their own
		 * pitch), not as columns of C's height: the rates of tiles of 4096 do not matter at 2048 */
		struct pm_device two[2];
		two[0] = dev[0];
		memset(&two[1], 0, sizeof two[1]);
		two[1].kind = PM_CPU, two[1].node = 0, two[1].devid = -1, two[1].nworkers = 14;
		pm_rates_default(&two[1].rates, PM_CPU);
		two[1].rates.sum_gbs = 120;
		struct pm_problem h = wide;
		h.c_home_must = 1;
		double home1 = pm_evaluate(&h, two, 2, &db, 2048, 1u, &e);
		int at_home = e.c_home;
		for (int i = 0; i < two[0].xfer.n[1]; i++)
			if (two[0].xfer.pt[1][i].T == 4096)
				for (int d = 0; d < 3; d++)
					two[0].xfer.pt[1][i].gbs[d] *= 0.25;
		double home2 = pm_evaluate(&h, two, 2, &db, 2048, 1u, &e);
		t_check(at_home && e.c_home && home1 == home2, "C added at home at tile 2048: %.3f ms, and "
		        "%.3f with tiles of 4096 crossing 4x slower", home1, home2);
		/* PARALIA_PANELS: unset, the model's choice for A and B; none, all */
		static const struct { const char *v; unsigned may, must; } env[] = {
			{ NULL, 3, 0 }, { "", 3, 0 }, { "model", 3, 0 }, { "none", 0, 0 }, { "all", 0, 3 } };
		char *keep = env_saved("PARALIA_PANELS");
		for (int i = 0; i < 5; i++) {
			if (env[i].v)
				setenv("PARALIA_PANELS", env[i].v, 1);
			else
				unsetenv("PARALIA_PANELS");
			unsigned may, must;
			pm_panels_env(&may, &must);
			t_check(may == env[i].may && must == env[i].must, "PARALIA_PANELS=%s: may %u must %u",
			        env[i].v ? env[i].v : "(unset)", may, must);
		}
		env_restore("PARALIA_PANELS", keep);
		/* A layer panel (A as stored: one layer of every tile row) comes with each layer, a chain
		 * panel (A transposed: one tile row's every layer) whole with the first product. With B
		 * and C on the GPU, 8192x8192x16384 computes longer than A takes to cross, so the first
		 * kernel's wait shows: 8 tiles of A before it, not 4, at the same copy rates. */
		int g = dev[0].node;
		struct pm_problem layer = gemm(8192, 8192, 16384, 0, g, g, 1), chain = layer;
		layer.ld[0] = 32768; /* 8192 x 16384, pitch 256 KB */
		chain.ld[0] = 32768; /* 16384 x 8192 used transposed, pitch 256 KB */
		chain.rows[0] = 16384;
		chain.trans = 1;
		layer.panels_must = chain.panels_must = 1;
		double tl = pm_evaluate(&layer, dev, 1, &db, 2048, 1u, NULL);
		double tc = pm_evaluate(&chain, dev, 1, &db, 2048, 1u, NULL);
		t_check(tc > tl + 1.0, "8192x8192x16384, A from the host in panels: %.2f ms as chain panels "
		        "(A transposed) against %.2f as layer panels", tc, tl);
	}

	const char *bad[] = { "xfer d 2048 8192 50 50 90\n", "xfer d 2048 32768 50 50 90\nxfer d 2048 32768 51 50 90\n",
	                      "xfer q 2048 32768 50 50 90\n", "xfer d 2048 32768 50 0 90\n" };
	const char *why[] = { "pitch below a tile's column", "the same tile and pitch twice", "bad precision",
	                      "a zero rate" };
	for (int i = 0; i < 4; i++) {
		if (write_table(path, sizeof path, "xfer-test", bad[i]))
			break;
		r = pm_xfer_load(&x, path, err, sizeof err);
		t_check(r == -1 && strstr(err, "xfer") != NULL, "%s: rejected (%s)", why[i], err);
	}
	remove(path);
}

/* A's panels cut on the GPU while B crosses in tiles (step 4's fill, first_product_bytes): every
 * panel's cuts are ready at once and the policy fetches the panels of as many cut tasks as its
 * lookahead holds, so the first product's B tile comes behind them. FP32 4096^3 from the host at
 * tile 1024 with A in panels (four of them, each cut in four): priced higher at the policy's
 * default lookahead (32: all four panels first) than with PARALIA_LOOKAHEAD=4 (one panel), and a
 * B on the GPU (no B tile to wait behind them) makes the lookahead no matter. */
static void cut_panels_fill(void)
{
	struct lm_db db;
	struct pm_device dev[PM_MAX_DEVS];
	if (load(&db, "h200x4.txt"))
		return;
	gpus_of(&db, dev, 1.0, 140e9);
	struct pm_problem p = gemm(4096, 4096, 4096, 0, 0, 0, 1), g = p;
	p.dbl = g.dbl = 0;
	p.panels_must = g.panels_must = 1;
	g.loc[1] = dev[0].node;
	char *keep = env_saved("PARALIA_LOOKAHEAD");
	struct pm_eval e;
	unsetenv("PARALIA_LOOKAHEAD");
	double all = pm_evaluate(&p, dev, 1, &db, 1024, 1u, &e), gall = pm_evaluate(&g, dev, 1, &db, 1024, 1u, NULL);
	unsigned way = e.panels;
	setenv("PARALIA_LOOKAHEAD", "-1", 1); /* not a lookahead: the policy keeps 32, and so does the model */
	double bad = pm_evaluate(&p, dev, 1, &db, 1024, 1u, NULL);
	setenv("PARALIA_LOOKAHEAD", "4", 1);
	double one = pm_evaluate(&p, dev, 1, &db, 1024, 1u, NULL), gone = pm_evaluate(&g, dev, 1, &db, 1024, 1u, NULL);
	env_restore("PARALIA_LOOKAHEAD", keep);
	t_check(way == 1 && all > one + 0.3, "A in panels, B's tiles behind them: %.2f ms with four panels "
	        "first, %.2f with one (panels %u)", all, one, way);
	t_check(gall == gone, "B on the GPU: %.2f ms either way", gall);
	t_check(bad == all, "PARALIA_LOOKAHEAD=-1 read as the policy reads it, 32: %.2f ms", bad);
	/* the model's own choice at that tile: tiles, where A's panels ran 1.2x slower (one H200) */
	struct pm_problem free_ = p;
	free_.panels_must = 0;
	free_.panels_may = 3;
	double tf = pm_evaluate(&free_, dev, 1, &db, 1024, 1u, &e);
	t_check(e.panels == 0 && tf < all, "the model's choice at tile 1024: tiles (panels %u), %.2f ms",
	        e.panels, tf);
}

/* Step 3 shares a duplex link by volume (lm_shared_bw_volumes): 4096x4096x32768 from the host to
 * one H200 brings 2.28 GB in and sends 0.13 GB home over one PCIe duplex of 98 GB/s. The inbound
 * bytes share it (49 GB/s) only until C's are home, then run at their link's 55.4: 41.5 ms, where
 * the even split said 46.5 (one H100: 43.8 ms measured with panels, which cross at the link's
 * rate, bench/results/gemm-pages-2026-11-26i.md). */
static void duplex_by_volume(void)
{
	struct lm_db db;
	struct pm_device dev[PM_MAX_DEVS];
	if (load(&db, "h200x4.txt"))
		return;
	gpus_of(&db, dev, 1.0, 140e9); /* no copy table: the link map's rates */
	struct pm_problem p = gemm(4096, 4096, 32768, 0, 0, 0, 1);
	struct pm_eval e;
	pm_evaluate(&p, dev, 1, &db, 4096, 1u, &e);
	double in = (2.0 * 4096 * 32768 + 4096.0 * 4096) * 8, out = 4096.0 * 4096 * 8;
	double want_ms = (out / 49e9 + (in - out) / 55.4e9) * 1e3, even_ms = in / 49e9 * 1e3;
	t_check(fabs(e.transfer_ms - want_ms) < 0.5, "4096x4096x32768 hhh: inbound %.2f ms by volume "
	        "(want %.2f; the even split %.2f)", e.transfer_ms, want_ms, even_ms);
}

/* Step 3: the host's duplex total at what the tiles' copies keep of it both ways at once
 * (host_duplex_share). Two copy tables alike but for the both-directions rate of 16 KB columns
 * (FP64 tiles of 2048 from a 64 KB pitch): 100 GB/s, as 64 KB columns copied whole, or 60. FP64
 * 8192^3 from the host sends C home through the map's 98 GB/s duplex while A, B and C come in:
 * in tiles of 2048 the second table leaves them 60% of it, so the inbound bytes take longer; in
 * tiles of 8192 (64 KB columns) both tables price alike. One H200 moved 64 KB columns at 101-103
 * GB/s both ways at once and tiles of 6144 rows (a quarter with 16 KB columns) at 88-90, where the
 * link map's total read 94.8 for both (bench/results/gemm-2026-11-28g.md, section 7). */
static void duplex_by_columns(void)
{
	char fast[1024], slow[1024], err[1200];
	struct pm_xfer xf, xs;
	struct lm_db db;
	struct pm_device dev[PM_MAX_DEVS];
	if (write_table(fast, sizeof fast, "xfer-both-fast",
	                "xfer d 2048 65536 55 55 100\nxfer d 8192 65536 55 55 100\n") ||
	    write_table(slow, sizeof slow, "xfer-both-slow",
	                "xfer d 2048 65536 55 55 60\nxfer d 8192 65536 55 55 100\n"))
		return;
	int rf = pm_xfer_load(&xf, fast, err, sizeof err), rs = pm_xfer_load(&xs, slow, err, sizeof err);
	remove(fast);
	remove(slow);
	t_check(rf == 1 && rs == 1, "the two copy tables read (%d, %d)", rf, rs);
	if (rf != 1 || rs != 1 || load(&db, "h200x4.txt") != 0)
		return;
	gpus_of(&db, dev, 1.0, 140e9);
	struct pm_problem p = gemm(8192, 8192, 8192, 0, 0, 0, 1);
	struct pm_eval e;
	double in_ms[2][2]; /* [table][tile 2048, 8192] */
	for (int s = 0; s < 2; s++) {
		dev[0].xfer = s ? xs : xf;
		for (int i = 0; i < 2; i++) {
			pm_evaluate(&p, dev, 1, &db, i ? 8192 : 2048, 1u, &e);
			in_ms[s][i] = e.transfer_ms;
		}
	}
	t_check(in_ms[1][0] > 1.05 * in_ms[0][0],
	        "8192^3 hhh at 2048: the bytes in take %.2f ms where 16 KB columns keep 60%% of the "
	        "duplex both ways, %.2f where they keep it all", in_ms[1][0], in_ms[0][0]);
	t_check(fabs(in_ms[1][1] - in_ms[0][1]) < 1e-9 * in_ms[0][1],
	        "8192^3 hhh at 8192 (64 KB columns): alike in both tables (%.3f, %.3f ms)", in_ms[1][1],
	        in_ms[0][1]);
}

/* Device d's copy rates from the kernel table's `xfer` lines given (written to a file named after
 * stem, read, removed); 0 when they were read. */
static int xfer_lines(struct pm_device *d, const char *stem, const char *lines)
{
	char path[1024], err[1200];
	if (write_table(path, sizeof path, stem, lines))
		return -1;
	int xr = pm_xfer_load(&d->xfer, path, err, sizeof err);
	remove(path);
	t_check(xr == 1, "%s: copy rates read (%d)", stem, xr);
	return xr == 1 ? 0 : -1;
}

/* The synthetic 4xH200 machine with default rates, whose first GPU the call uses: 0 or -1. */
static int h200x4_gpus(struct lm_db *db, struct pm_device *dev)
{
	if (load(db, "h200x4.txt") != 0)
		return -1;
	gpus_of(db, dev, 1.0, 140e9);
	return 0;
}

/* C read late (step 3, pm_c_late_choice): offered where C is read and crosses a link, A or B
 * crosses too, and chains have two products or more; then the model keeps it when faster, also
 * where A and B bring fewer bytes than C (20000x17000x9000 from the host, which one H200 ran 7%
 * faster read late: bench/results/gemm-2026-11-27v.md, call 3). Forced (c_late_must) wherever C
 * is read. */
static void c_late_choices(void)
{
	struct lm_db db;
	struct pm_device dev[PM_MAX_DEVS];
	if (h200x4_gpus(&db, dev) != 0)
		return;
	int g = dev[0].node;
	struct pm_eval e;
	struct pm_problem sq = gemm(16384, 16384, 16384, 0, 0, 0, 1), off = sq;
	sq.c_late_may = 1;
	double t_late = pm_evaluate(&sq, dev, 1, &db, 4096, 1u, &e);
	int chosen = e.c_late;
	double t_tiles = pm_evaluate(&off, dev, 1, &db, 4096, 1u, &e);
	t_check(chosen && e.c_late == 0 && t_late < t_tiles,
	        "16384^3 from the host at 4096: C read late, %.2f ms against %.2f (its first layer's C "
	        "tiles no longer before the products)", t_late, t_tiles);
	struct pm_problem odd = gemm(20000, 17000, 9000, 0, 0, 0, 1), odd_off = odd;
	odd.c_late_may = 1;
	t_late = pm_evaluate(&odd, dev, 1, &db, 3072, 1u, &e);
	chosen = e.c_late;
	t_tiles = pm_evaluate(&odd_off, dev, 1, &db, 3072, 1u, &e);
	t_check(chosen && t_late < t_tiles,
	        "20000x17000x9000 from the host at 3072 (A and B 333M elements, C 340M): C read late, "
	        "%.2f ms against %.2f", t_late, t_tiles);
	/* where C outweighs A and B four times the flow shop decides, both ways priced */
	struct pm_problem wide = gemm(32768, 32768, 4096, 0, 0, 0, 1), wide_late = wide, wide_off = wide;
	wide.c_late_may = 1;
	wide_late.c_late_must = 1;
	double t_wide = pm_evaluate(&wide, dev, 1, &db, 2048, 1u, &e);
	chosen = e.c_late;
	t_late = pm_evaluate(&wide_late, dev, 1, &db, 2048, 1u, &e);
	t_tiles = pm_evaluate(&wide_off, dev, 1, &db, 2048, 1u, &e);
	t_check(chosen == (t_late < t_tiles) && t_wide == fmin(t_late, t_tiles),
	        "32768x32768x4096 from the host at 2048: the faster way (late %.2f ms, with the products "
	        "%.2f; read late: %d)", t_late, t_tiles, chosen);
	struct { const char *what; struct pm_problem p; int T; } no[] = {
		{ "A and B on the GPU (8192^3 00h)", gemm(8192, 8192, 8192, g, g, 0, 1), 4096 },
		{ "chains of one product (4096^3 from the host at 4096)", gemm(4096, 4096, 4096, 0, 0, 0, 1), 4096 },
		{ "C not read (beta 0)", gemm(16384, 16384, 16384, 0, 0, 0, 0), 4096 },
		{ "C on the GPU", gemm(16384, 16384, 16384, 0, 0, g, 1), 4096 },
	};
	for (size_t i = 0; i < sizeof no / sizeof no[0]; i++) {
		no[i].p.c_late_may = 1;
		pm_evaluate(&no[i].p, dev, 1, &db, no[i].T, 1u, &e);
		t_check(e.c_late == 0, "not read late: %s", no[i].what);
	}
	struct pm_problem forced = gemm(8192, 8192, 8192, g, g, 0, 1);
	forced.c_late_must = 1;
	pm_evaluate(&forced, dev, 1, &db, 4096, 1u, &e);
	t_check(e.c_late == 1, "forced (PARALIA_C_LATE=all): read late even with A and B on the GPU");
}

/* gemm's order with A and B on the GPU and C on the host (common/order.h, pl_block_side): blocks
 * of 3 x 3 tiles reuse nothing there, and a block's tiles would be final only in its last layer,
 * so C's write-back could not start before the 10th product (of 32 at 8192x8192x4096, tile
 * 2048) and queued behind the rest. Chain by chain, each tile is final after its own products and
 * goes home while the next runs: the call ends one tile's copy after its products, where the
 * write-back is shorter than they are. */
static void resident_order(void)
{
	struct lm_db db;
	struct pm_device dev[PM_MAX_DEVS];
	if (h200x4_gpus(&db, dev) != 0)
		return;
	int g = dev[0].node;
	struct pm_eval e;
	struct pm_problem p = gemm(8192, 8192, 4096, g, g, 0, 0);
	double t = pm_evaluate(&p, dev, 1, &db, 2048, 1u, &e);
	double tile_out_ms = e.transfer_ms / 16; /* C's 16 tiles go home, nothing comes in */
	t_check(t <= e.compute_ms + 1.5 * tile_out_ms,
	        "8192x8192x4096 00h at 2048: %.2f ms, its products %.2f and one tile's copy home %.2f after them "
	        "(C's write-back %.2f ms overlaps them)", t, e.compute_ms, tile_out_ms, e.transfer_ms);
}

/* Chain by chain (A and B on the GPU, C on the host: single-tile blocks), a GPU's worker holds the
 * next chain's first product while a chain's step runs (StarPU's CUDA pipeline, 2 tasks unless
 * STARPU_CUDA_PIPELINE says otherwise), so the first tile is final only after the next chain's
 * products and that chain's C tile's copy, and C's write-back starts that much later (step 4,
 * held_products). One H200, FP64 4096^3 with C on the host at tile 1536: the first tile final
 * 1.27 ms into the call where its chain alone ends at 0.69; 4.0-4.1 ms measured, 3.5 predicted
 * before, 3.8 now (bench/results/gemm-2026-11-27b2.md). With a pipeline of one task nothing is
 * held; deep products, one per C tile, have no chain to interleave. */
static void chains_interleaved(void)
{
	struct lm_db db;
	struct pm_device dev[PM_MAX_DEVS];
	if (h200x4_gpus(&db, dev) != 0)
		return;
	int g = dev[0].node;
	struct pm_problem p = gemm(4096, 4096, 4096, g, g, 0, 1);
	char *was = env_saved("STARPU_CUDA_PIPELINE");
	struct pm_eval one, two, deep1, deep2;
	setenv("STARPU_CUDA_PIPELINE", "1", 1);
	double t1 = pm_evaluate(&p, dev, 1, &db, 1536, 1u, &one);
	double d1 = pm_evaluate_deep(&p, dev, 1, &db, 512, 4096, 1u, &deep1);
	unsetenv("STARPU_CUDA_PIPELINE"); /* StarPU's default: 2 */
	double t2 = pm_evaluate(&p, dev, 1, &db, 1536, 1u, &two);
	double d2 = pm_evaluate_deep(&p, dev, 1, &db, 512, 4096, 1u, &deep2);
	env_restore("STARPU_CUDA_PIPELINE", was);
	/* 9 tiles, 3 products each (1536, 1536, 1024 deep): the first chain's 2 later steps each wait
	 * for one of the next chain's products, and for the next C tile's copy, 18.9 MB */
	double per = two.compute_ms / 27, copy = 18.9e6 / 40e9 * 1e3;
	printf("tune_model: 4096^3 00h at 1536: %.3f ms with the pipeline's held products, %.3f "
	       "without (a product %.3f ms); deep products of 512 %.3f and %.3f\n", t2, t1, per, d2, d1);
	t_check(t2 >= t1 + per && t2 <= t1 + 2 * per + copy,
	        "4096^3 00h at tile 1536: the first tile final after the next chain's products (%.3f ms "
	        "with the held products, %.3f without; between one and two products plus a C tile's "
	        "copy later, a product %.3f ms)", t2, t1, per);
	t_check(d1 == d2, "deep products are not interleaved (%.3f ms, %.3f without the pipeline)", d2, d1);
}

/* C read late, the last block's tiles go home as their C tiles come in (step 4's tail,
 * last_tiles_home): all chains done, each tile waits for its own C, and those come one tile's
 * copy apart, so the first ones leave while the last are still coming. 4096^3 with A and C on the
 * host, B on the GPU, tile 2048: one block of 2 x 2 tiles, chains of 2; its 268 MB come in over
 * the link, the C tiles last, and the four copies home follow them one after another, the link
 * home pacing them (here a copy home is a little longer than one in). The call then ends about
 * one copy home after its bytes are in. Pricing the four copies home after the last C tile (the
 * tail before) put it 1.7 ms after, and the model 18% over the measurement on one H200 (5.8 ms
 * measured, 6.9 predicted; bench/results/gemm-h200-2026-11-26q.md, call 5). The bounds take the
 * link map's times, not the model's shared rates. */
static void late_tail(void)
{
	struct lm_db db;
	struct pm_device dev[PM_MAX_DEVS];
	if (h200x4_gpus(&db, dev) != 0)
		return;
	int g = dev[0].node;
	struct pm_eval e;
	struct pm_problem p = gemm(4096, 4096, 4096, 0, g, 0, 1);
	p.c_late_must = 1;
	double t = pm_evaluate(&p, dev, 1, &db, 2048, 1u, &e);
	double tile = 2048.0 * 2048 * 8, in_ms = lm_link_time_us(&db, 0, g, (size_t)(8 * tile)) * 1e-3;
	double out_ms = lm_link_time_us(&db, g, 0, (size_t)tile) * 1e-3;
	t_check(e.c_late && t >= in_ms + out_ms && t <= in_ms + 2.5 * out_ms,
	        "4096^3 h0h read late at 2048: %.2f ms, its bytes in %.2f and one tile's copy home %.2f "
	        "after them (not the block's four: %.2f)", t, in_ms, out_ms, in_ms + 4 * out_ms);
}

/* C added at home (step 3, pm_c_home_choice): offered where C is read and lives on the host, when
 * the host's CPU workers have a calibrated sum rate; then C's bytes no longer come in, its scratch
 * tiles go home whole and the workers add them, and the model keeps it when 10% faster. Forced
 * (c_home_must) wherever C is read, rate or not. */
static void c_home_choices(void)
{
	struct lm_db db;
	struct pm_device dev[PM_MAX_DEVS];
	if (h200x4_gpus(&db, dev) != 0)
		return;
	int g = dev[0].node;
	struct pm_device *cpu = &dev[1]; /* the host's CPU workers, after the GPU */
	memset(cpu, 0, sizeof *cpu);
	cpu->kind = PM_CPU, cpu->node = 0, cpu->devid = -1, cpu->nworkers = 14;
	pm_rates_default(&cpu->rates, PM_CPU);
	cpu->rates.sum_gbs = 100;
	struct pm_eval e;
	struct pm_problem sq = gemm(8192, 8192, 8192, 0, 0, 0, 1), late = sq;
	sq.c_late_may = sq.c_home_may = late.c_late_may = 1;
	/* forced, home takes C off the inbound link: faster, less link time */
	struct pm_problem must = sq;
	must.c_home_must = 1;
	double t_home = pm_evaluate(&must, dev, 2, &db, 4096, 1u, &e);
	int forced_home = e.c_home && e.c_late;
	double in_home = e.transfer_ms;
	double t_late = pm_evaluate(&late, dev, 2, &db, 4096, 1u, &e);
	t_check(forced_home && !e.c_home && t_home < t_late && in_home < e.transfer_ms,
	        "8192^3 from the host at 4096, C added at home: %.2f ms against %.2f read late on the "
	        "GPU (link time %.2f against %.2f: C comes in no more)", t_home, t_late, in_home,
	        e.transfer_ms);
	/* left to the model, home only when 10% faster */
	pm_evaluate(&sq, dev, 2, &db, 4096, 1u, &e);
	t_check(e.c_home == (t_home < (1 - 0.10) * t_late),
	        "the model adds C at home (%d) only if 10%% faster (%.2f against %.2f)", e.c_home,
	        t_home, t_late);
	int chosen;
	/* and the calling thread's submissions of the tiles' sums count */
	cpu->rates.sum_submit_us = 1000;
	double t_slow = pm_evaluate(&must, dev, 2, &db, 2048, 1u, &e);
	cpu->rates.sum_submit_us = 0;
	double t_fast = pm_evaluate(&must, dev, 2, &db, 2048, 1u, &e);
	t_check(fabs(t_slow - t_fast - 16 * 1.0) < 1e-6,
	        "submitting each tile's sums: 16 tiles at 1 ms add 16 ms (%.2f against %.2f)", t_slow, t_fast);
	/* Where C outweighs A and B, reading it late on the device is not offered, at home is; but
	 * its sums move three times C's 8.6 GB through the host's memory: at 100 GB/s longer than
	 * C's bytes take to come in, at 1000 GB/s not. */
	struct pm_problem wide = gemm(32768, 32768, 4096, 0, 0, 0, 1), wide_off = wide;
	wide.c_late_may = wide.c_home_may = wide_off.c_late_may = 1;
	t_home = pm_evaluate(&wide, dev, 2, &db, 4096, 1u, &e);
	t_check(!e.c_home && !e.c_late, "32768x32768x4096 from the host at 4096, cores at 100 GB/s: "
	        "C read with the products (%.2f ms)", t_home);
	cpu->rates.sum_gbs = 1000;
	t_home = pm_evaluate(&wide, dev, 2, &db, 4096, 1u, &e);
	chosen = e.c_home && e.c_late;
	t_late = pm_evaluate(&wide_off, dev, 2, &db, 4096, 1u, &e);
	t_check(chosen && !e.c_late && t_home < 0.9 * t_late,
	        "and at 1000 GB/s: C added at home, %.2f ms against %.2f read with the products (C "
	        "was most of the inbound bytes)", t_home, t_late);
	/* where home was chosen at 1000 GB/s: */
	cpu->rates.sum_gbs = 10; /* cores that add slower than the link brings C */
	pm_evaluate(&wide, dev, 2, &db, 4096, 1u, &e);
	t_check(!e.c_home, "not at home when the cores would take longer (10 GB/s)");
	cpu->rates.sum_gbs = 0;
	pm_evaluate(&wide, dev, 2, &db, 4096, 1u, &e);
	t_check(!e.c_home, "not at home without a calibrated sum rate");
	cpu->rates.sum_gbs = 100;
	struct pm_problem on_gpu = gemm(16384, 16384, 16384, 0, 0, g, 1), beta0 = gemm(16384, 16384, 16384, 0, 0, 0, 0);
	on_gpu.c_late_may = on_gpu.c_home_may = beta0.c_late_may = beta0.c_home_may = 1;
	pm_evaluate(&on_gpu, dev, 2, &db, 4096, 1u, &e);
	t_check(!e.c_home, "not at home with C on the GPU");
	pm_evaluate(&beta0, dev, 2, &db, 4096, 1u, &e);
	t_check(!e.c_home && !e.c_late, "not at home with C not read (beta 0)");
	struct pm_problem forced = sq;
	forced.c_late_must = forced.c_home_must = 1;
	cpu->rates.sum_gbs = 0;
	pm_evaluate(&forced, dev, 2, &db, 4096, 1u, &e);
	t_check(e.c_home && e.c_late, "forced (PARALIA_C_HOME=all): at home without a rate");
}

/* Fetching ahead (pm_fetch_ahead): a block fetches its chains' next tiles ahead when waiting for
 * each chain's round (a product, then that chain's next tiles' copies) would lose more, over its
 * layers, than the copy of one chain's next A and B tiles. The rates are those of the cases measured on one H200
 * (bench/results/gemm-ahead-2026-11-26c.md). */
static void fetch_ahead_rounds(void)
{
	struct pm_layer L = { 3072, 1, 0, 0, { 0 }, 0, 0 };
	pm_rates_default(&L.rates, PM_GPU);
	double a = 1600.0 / (3072.0 * 3072.0); /* an A tile of 3072 x 3072 in 1.6 ms */
	L.a_us = a;
	t_check(pm_fetch_ahead(&L, 4096, 4096, 32768) && pm_fetch_ahead(&L, 3072, 3072, 32768),
	        "A from the host, tile 3072, k = 32768: a 2 x 2 block of 4096 x 4096 and a block of one "
	        "tile fetch ahead");
	t_check(!pm_fetch_ahead(&L, 4096, 4096, 4096) && !pm_fetch_ahead(&L, 4096, 4096, 3072),
	        "k = 4096 (one round, to a thin last layer) and k = 3072 (one layer): not ahead");
	L.b_us = a;
	t_check(!pm_fetch_ahead(&L, 4096, 4096, 32768) && pm_fetch_ahead(&L, 3072, 3072, 32768),
	        "A and B from the host: the 2 x 2 block's copies outlast its round, not ahead; the "
	        "one-tile block still ahead");
	L.a_us = L.b_us = 0;
	t_check(!pm_fetch_ahead(&L, 3072, 3072, 32768), "nothing to bring in: never ahead");
	L.T = 4096; /* 8192^3 from the host at tile 4096: 4096^2 tiles in 2.85 ms each */
	L.a_us = L.b_us = 2850.0 / (4096.0 * 4096.0);
	t_check(!pm_fetch_ahead(&L, 8192, 8192, 8192), "8192^3 from the host at tile 4096: not ahead");
	t_check(!pm_fetch_ahead(NULL, 1, 1, 2) && !pm_fetch_ahead(&L, 0, 4096, 8192),
	        "no layer, no block: not ahead");

	/* The products, the last layer's depth and the threshold each decide a case. */
	L.T = 3072;
	L.a_us = 300.0 / (3072.0 * 3072.0), L.b_us = 0; /* A tiles in 0.3 ms: products set the layer */
	t_check(!pm_fetch_ahead(&L, 6144, 6144, 32768), "A tiles in 0.3 ms beside 2 x 2 products of "
	        "about 1 ms: the layer is its products, nothing lost, not ahead");
	L.a_us = a; /* one tile, A in 1.6 ms, products ~1 ms: each full round loses the product */
	t_check(pm_fetch_ahead(&L, 3072, 3072, 3 * 3072) && !pm_fetch_ahead(&L, 3072, 3072, 2 * 3072 + 256),
	        "one tile, three layers: ahead when the last is 3072 deep (two rounds lose ~2 ms, more "
	        "than the 1.6 ms held), not when it is 256 deep (~1.1 ms lost)");
	/* Layers deeper than the tile (PARALIA_DEPTH): a depth of 0 or of the tile is the tile's; a
	 * layer as deep as k is one round, never ahead; layers of 6144 over k = 3 x 6144 hold twice
	 * the bytes per round and lose it twice: ahead as layers of 3072 over 3 x 3072 are. */
	int as_tile = 1;
	for (int k = 2 * 3072; k <= 12 * 3072; k += 1000) {
		L.D = 0;
		int d0 = pm_fetch_ahead(&L, 3072, 3072, k);
		L.D = 3072;
		as_tile &= d0 == pm_fetch_ahead(&L, 3072, 3072, k);
	}
	L.D = 6144;
	int one_layer = pm_fetch_ahead(&L, 3072, 3072, 6144), three = pm_fetch_ahead(&L, 3072, 3072, 3 * 6144);
	L.D = 0;
	/* what a block's rounds lose when it does not fetch ahead (a lone block pays it: step 6) */
	double lost_256 = pm_rounds_lost_us(&L, 3072, 3072, 2 * 3072 + 256);
	double lost_ahead = pm_rounds_lost_us(&L, 3072, 3072, 3 * 3072);
	t_check(lost_256 > 900 && lost_256 < 1300 && lost_ahead == 0, "rounds lost without fetching "
	        "ahead: %.0f us to a last layer 256 deep (~1.1 ms), none where the block fetches ahead "
	        "(%.0f)", lost_256, lost_ahead);
	t_check(as_tile && !one_layer && three, "layers as deep as the tile decide as the tile (%d); one "
	        "layer of 6144 over k = 6144 not ahead (%d), three ahead (%d)", as_tile, one_layer, three);

	/* Pinned to a 2 x 1 grid, a block of 2 x 1 tiles is one tile per owner: ahead; unpinned the
	 * block's two A tiles outlast its round: not ahead. */
	struct pm_plan pl;
	memset(&pl, 0, sizeof pl);
	pl.T = 3072;
	pl.layer = L;
	pl.pub.grid_p = 2, pl.pub.grid_q = 1;
	int unpinned = pm_plan_fetch_ahead(&pl, 6144, 3072, 2, 1, 32768);
	pl.pub.pinned = 1;
	int pinned = pm_plan_fetch_ahead(&pl, 6144, 3072, 2, 1, 32768);
	t_check(pinned && !unpinned, "a 2 x 1 block pinned on a 2 x 1 grid fetches ahead (%d), "
	        "unpinned it does not (%d)", pinned, unpinned);

	/* the layer pm_evaluate leaves: A's copies only when A is away from the device */
	struct lm_db db;
	struct pm_device dev[PM_MAX_DEVS];
	if (load(&db, "h200x4.txt") == 0) {
		gpus_of(&db, dev, 1.0, 140e9);
		struct pm_problem h0h = gemm(4096, 4096, 32768, 0, 1, 0, 1), g = gemm(4096, 4096, 32768, 1, 1, 0, 1);
		struct pm_eval e, f;
		pm_evaluate(&h0h, dev, 1, &db, 3072, 1u, &e);
		pm_evaluate(&g, dev, 1, &db, 3072, 1u, &f);
		t_check(e.layer.T == 3072 && e.layer.a_us > 0 && e.layer.b_us == 0 && f.layer.a_us == 0 &&
		        f.layer.b_us == 0, "the model's layer: A's copies (%.3g us per element) only when A "
		        "lives on the host", e.layer.a_us);
		/* A and B on the GPU, C on the host, tile 2048 (a 2 x 2 block, 16 layers): the worker
		 * runs later steps of the chains whose C tile is there while the other C tiles come, so
		 * the call is its compute, one C tile in and the block's four out (the first block's C
		 * tiles in step 4); waiting for the first layer's four C tiles in, the model said 24.5
		 * ms here, past that. */
		struct pm_eval c2;
		pm_evaluate(&g, dev, 1, &db, 2048, 1u, &c2);
		double tile_ms = 2048.0 * 2048 * 8 / (db.link[0][1].bw_gbs * 1e6);
		t_check(c2.time_ms <= c2.compute_ms + 5 * tile_ms, "4096x4096x32768, A and B on the GPU, "
		        "tile 2048: %.2f ms predicted, compute %.2f, a C tile's copy %.2f", c2.time_ms,
		        c2.compute_ms, tile_ms);
		/* The first block's last layer, 808 deep after a whole one (20000x17000x9000 at tile
		 * 8192, one block of 3 x 3 C tiles): the first product waits for its A, B and C tiles,
		 * then the whole first layer runs, and only then can C's tiles leave, so the call lasts
		 * at least those three. With every product at the average, C left from mid-call: 151 ms
		 * predicted where one H200 took 181 (step 4); here 155.5 against a bound of 176.7. */
		struct pm_problem odd = gemm(20000, 17000, 9000, 0, 0, 0, 1);
		struct pm_eval o;
		pm_evaluate(&odd, dev, 1, &db, 8192, 1u, &o);
		const int side_m[3] = { 8192, 8192, 3616 }, side_n[3] = { 8192, 8192, 616 };
		double layer_ms = 0;
		for (int i = 0; i < 3; i++)
			for (int j = 0; j < 3; j++)
				layer_ms += pm_tile_us(&dev[0].rates, 1, side_m[i], side_n[j], 8192) / 1e3;
		double first_ms = 3 * 8192.0 * 8192 * 8 / (db.link[0][1].bw_gbs * 1e6);
		double home_ms = 20000.0 * 17000 * 8 / (db.link[1][0].bw_gbs * 1e6);
		t_check(o.time_ms >= 0.99 * (first_ms + layer_ms + home_ms), "20000x17000x9000 from the "
		        "host at tile 8192: %.1f ms predicted, at least the first tiles (%.1f), the first "
		        "layer (%.1f) and C home (%.1f)", o.time_ms, first_ms, layer_ms, home_ms);
	}
}

/* paralia_plan_query at INT_MAX (each routine, both precisions) answers with a plan. */
static void query_int_max(void)
{
	static char a, b, c;
	const char *routines = "gsymtr";
	for (int r = 0; routines[r]; r++)
		for (int p = 0; p < 2; p++) {
			struct paralia_plan pl;
			int ret = paralia_plan_query(routines[r], "sd"[p], INT_MAX, INT_MAX, INT_MAX, &a, &b, &c,
			                             1.0, &pl);
			double share = 0;
			for (int i = 0; ret == 0 && i < pl.ndevices; i++)
				share += pl.shares[i];
			t_check(ret == 0 && pl.tile > 0 && pl.ndevices >= 1 && isfinite(pl.predicted_ms) &&
			        pl.predicted_ms > 0 && fabs(share - 1) < 1e-9 && pl.grid_p * pl.grid_q == pl.ndevices,
			        "paralia_plan_query %c%c at m = n = k = INT_MAX: ret %d, tile %d, %.4g ms", "sd"[p],
			        routines[r], ret, pl.tile, pl.predicted_ms);
		}
}

static void runtime_plans(void)
{
	setenv("PARALIA_TUNE_METRIC", "edp", 1);
	t_begin("tune_model");
	paralia_set_tile_size(0);
	struct paralia_plan a, b, c;
	int n0 = pm_plan_cache_count();
	int r1 = paralia_plan_query('g', 'd', 300, 200, 100, (void *)&a, (void *)&b, (void *)&c, 1.0, &a);
	int n1 = pm_plan_cache_count();
	int r2 = paralia_plan_query('g', 'd', 300, 200, 100, (void *)&a, (void *)&b, (void *)&c, 1.0, &b);
	int n2 = pm_plan_cache_count();
	t_check(r1 == 0 && r2 == 0 && n1 == n0 + 1 && n2 == n1 && a.tile == b.tile &&
	        a.predicted_ms == b.predicted_ms, "plan cache: the same parameters reuse one plan "
	        "(%d -> %d -> %d plans)", n0, n1, n2);
	t_check(a.tile > 0 && !a.tile_fixed && a.ndevices >= 1 && a.predicted_ms > 0,
	        "plan: tile %d, %d device(s), %.3f ms", a.tile, a.ndevices, a.predicted_ms);
	t_check(!strcmp(a.metric, "time"), "PARALIA_TUNE_METRIC=edp without power numbers: tuned for "
	        "time (got %s)", a.metric);
	double share = 0;
	for (int i = 0; i < a.ndevices; i++)
		share += a.shares[i];
	t_check(fabs(share - 1) < 1e-9, "plan shares sum to 1 (%.3f)", share);
	paralia_set_tile_size(48);
	paralia_plan_query('s', 's', 300, 300, 100, &a, NULL, &c, 0.0, &a);
	t_check(a.tile == 48 && a.tile_fixed, "fixed tile size 48 in the plan (got %d)", a.tile);
	paralia_set_tile_size(0);
	/* a gemm call plans once; the same call again adds no plan */
	double A[64], B[64], C[64];
	for (int i = 0; i < 64; i++)
		A[i] = B[i] = C[i] = 1;
	paralia_dgemm('N', 'N', 8, 8, 8, 1, A, 8, B, 8, 1, C, 8);
	int n3 = pm_plan_cache_count();
	paralia_dgemm('N', 'N', 8, 8, 8, 1, A, 8, B, 8, 1, C, 8);
	t_check(pm_plan_cache_count() == n3, "repeated paralia_dgemm reuses its plan");
	/* the query plans the call it describes (leading dimensions = rows, unused operands aside):
	 * a gemm, a syrk and a trsm after their queries add no plan; a wider lda is another call */
	paralia_plan_query('g', 'd', 8, 8, 8, A, B, C, 1, &a);
	paralia_plan_query('s', 'd', 8, 8, 8, A, NULL, C, 1, &a);
	paralia_plan_query('r', 'd', 8, 8, 8, A, NULL, C, 1, &a);
	int n4 = pm_plan_cache_count();
	paralia_dgemm('N', 'N', 8, 8, 8, 1, A, 8, B, 8, 1, C, 8);
	paralia_dsyrk('L', 'N', 8, 8, 1, A, 8, 1, C, 8);
	paralia_dtrsm('L', 'L', 'N', 'U', 8, 8, 1, A, 8, C, 8);
	int n5 = pm_plan_cache_count();
	paralia_dgemm('N', 'N', 4, 8, 8, 1, A, 8, B, 8, 1, C, 8);
	paralia_dgemm('N', 'N', 4, 8, 8, 0, A, 5, B, 9, 0.5, C, 8); /* alpha 0: A and B unused */
	paralia_dgemm('N', 'N', 4, 8, 8, 0, A, 6, B, 10, 0.5, C, 8);
	t_check(n5 == n4 && pm_plan_cache_count() == n5 + 2, "queries and calls share their plans (%d -> "
	        "%d), a call with lda 8 > m 4 gets its own, and the unused operands' lda of alpha = 0 "
	        "calls do not multiply them (%d)", n4, n5, pm_plan_cache_count());
	/* tall tiles (forced) in the query as in the call; beside a kept operand the query plans
	 * square tiles, as the call does, also before the kept matrix's tile size is fixed */
	{
		static double K[48 * 48], L[48 * 48], M[48 * 48];
		setenv("PARALIA_TALL", "24", 1);
		paralia_set_tile_size(16);
		int q1 = paralia_plan_query('g', 'd', 48, 48, 48, K, L, M, 1, &a);
		t_check(q1 == 0 && a.tile == 16 && a.tile_rows == 24, "tall tiles queried (%d x %d)",
		        a.tile_rows, a.tile);
		int kr = paralia_keep(K, 48, 48, 48, sizeof(double));
		int q2 = paralia_plan_query('g', 'd', 48, 48, 48, K, L, M, 1, &b);
		int g = paralia_dgemm('N', 'N', 48, 48, 48, 1, K, 48, L, 48, 1, M, 48);
		/* K's tile is 16 from now on: the query takes it when nothing is fixed, and refuses a
		 * conflicting fixed one as the call does */
		paralia_set_tile_size(0);
		int q3 = paralia_plan_query('g', 'd', 48, 48, 48, K, L, M, 1, &c);
		paralia_set_tile_size(32);
		int q4 = paralia_plan_query('g', 'd', 48, 48, 48, K, L, M, 1, &a);
		int g4 = paralia_dgemm('N', 'N', 48, 48, 48, 1, K, 48, L, 48, 1, M, 48);
		int rr = paralia_release(K);
		t_check(q1 == 0 && kr == 0 && q2 == 0 && b.tile == 16 && b.tile_rows == 16 && g == 0 &&
		        q3 == 0 && c.tile == 16 && c.tile_rows == 16 && q4 == PARALIA_ERR_KEPT_MISMATCH &&
		        g4 == PARALIA_ERR_KEPT_MISMATCH && rr == 0,
		        "square beside a kept A (%d x %d) and the call runs (%d); then the kept tile "
		        "unfixed (%d x %d, %d), and against a fixed 32 the query and the call refuse (%d, %d)",
		        b.tile_rows, b.tile, g, c.tile_rows, c.tile, q3, q4, g4);
		unsetenv("PARALIA_TALL");
		paralia_set_tile_size(0);
	}
	t_check(paralia_plan_query('x', 'd', 1, 1, 1, A, B, C, 1, &a) == -1, "bad routine gives -1");
	t_check(paralia_plan_query('g', 'z', 1, 1, 1, A, B, C, 1, &a) == -2, "bad precision gives -2");
	t_check(paralia_plan_query('g', 'd', -1, 1, 1, A, B, C, 1, &a) == -3, "m < 0 gives -3");
	/* The calibration times a GPU's chunks by their last product's end (pl_submit_on_end): the
	 * callback runs once, for the next task submitted only, after that task has ended. */
	{
		double T1[64], T2[64], T3[64], ended = 0;
		for (int i = 0; i < 64; i++)
			T1[i] = T2[i] = 1, T3[i] = 0;
		starpu_data_handle_t h[3];
		double *buf[3] = { T1, T2, T3 };
		for (int i = 0; i < 3; i++)
			starpu_matrix_data_register(&h[i], STARPU_MAIN_RAM, (uintptr_t)buf[i], 8, 8, 8,
			                            sizeof(double));
		double before = starpu_timing_now();
		pl_submit_on_end(note_calls, &ended);
		int r1 = paralia_task_dgemm('N', 'N', 1.0, h[0], h[1], 0.0, h[2], NULL);
		int r2 = paralia_task_dgemm('N', 'N', 1.0, h[0], h[1], 1.0, h[2], NULL);
		starpu_task_wait_for_all();
		for (int i = 0; i < 3; i++)
			starpu_data_unregister(h[i]);
		t_check(r1 == 0 && r2 == 0 && end_calls == 1 && ended >= before && T3[0] == 16,
		        "a task's end callback: %d call(s) for two tasks (1 wanted), at %.0f us after the "
		        "submission, C[0] = %g (16)", end_calls, ended - before, T3[0]);
	}
	/* Kernel calibration writes a table the model reads back, making its folder (a fresh machine
	 * has no $PARALIA_HOME: paralia-kernels failed there in gemm-dataset-2026-11-26m's call 2). */
	char path[1024], err[1200], fresh[64];
	snprintf(fresh, sizeof fresh, "fresh-%d/kernels-test.txt", (int)getpid());
	home_file(path, sizeof path, fresh);
	int rc = pm_calibrate_kernels(path, PM_CALIBRATE_CPU); /* a GPU's takes minutes: device calls */
	struct pm_rates rt;
	int lr = pm_rates_load(&rt, path, "cpu", err, sizeof err);
	t_check(rc == 0 && lr == 1 && rt.n == 4 && rt.gflops[1][0] > 0 && rt.gflops[0][3] > 0,
	        "paralia_calibrate_kernels wrote %s, read back %d CPU points (ret %d, load %d)", path,
	        rt.n, rc, lr);
	t_check(pm_plan_cache_count() == 0, "calibration drops cached plans");
	t_check(rt.sum_gbs > 0, "and measured the CPU workers adding tiles: sum %.1f GB/s", rt.sum_gbs);
	/* paralia-kernels --sum: that line again, in place of the old one, nothing else touched */
	struct pm_rates before = rt;
	rc = paralia_calibrate_sum(path);
	lr = pm_rates_load(&rt, path, "cpu", err, sizeof err);
	int sums = 0;
	char line[256];
	FILE *tf = fopen(path, "r");
	while (tf && fgets(line, sizeof line, tf))
		sums += !strncmp(line, "sum ", 4);
	if (tf)
		fclose(tf);
	t_check(rc == 0 && lr == 1 && sums == 1 && rt.sum_gbs > 0 && rt.n == before.n &&
	        rt.gflops[1][0] == before.gflops[1][0],
	        "paralia_calibrate_sum: one sum line (%d), %.1f GB/s, the kernel rates kept", sums, rt.sum_gbs);
	t_check(paralia_calibrate_sum("/nonexistent/kernels.txt") == PARALIA_ERR_RUNTIME,
	        "paralia_calibrate_sum without a table to put it in: PARALIA_ERR_RUNTIME");
	/* paralia-kernels --tall: the GPU's products (a minute on one: device calls); without a GPU
	 * worker, or a table to put them in, an error and the table untouched */
	t_check(paralia_calibrate_tall("/nonexistent/kernels.txt") == PARALIA_ERR_RUNTIME,
	        "paralia_calibrate_tall without a table to put it in: PARALIA_ERR_RUNTIME");
	if (starpu_cuda_worker_get_count() == 0) {
		struct pm_rates kept;
		rc = paralia_calibrate_tall(path);
		lr = pm_rates_load(&kept, path, "cpu", err, sizeof err);
		t_check(rc == PARALIA_ERR_RUNTIME && lr == 1 && kept.n == rt.n && kept.sum_gbs == rt.sum_gbs,
		        "paralia_calibrate_tall without a GPU worker: PARALIA_ERR_RUNTIME (%d), the table kept", rc);
	}
	/* a table by hand: a comment of its own after a sum line, no end to its last line. Its sum
	 * line's rate is told from the measured one by value, not by size: on a loaded machine the
	 * cores added at 3.3 GB/s (a check that the new rate exceeded the old 5 failed there) */
	tf = fopen(path, "w");
	if (tf) {
		fputs("# mine\ncpu d 64 10\nsum 0.25 1\n# mine too\ncpu d 128 20", tf);
		fclose(tf);
	}
	rc = paralia_calibrate_sum(path);
	char text[4096] = "";
	tf = fopen(path, "r");
	size_t got = tf ? fread(text, 1, sizeof text - 1, tf) : 0;
	if (tf)
		fclose(tf);
	text[got] = '\0';
	lr = pm_rates_load(&rt, path, "cpu", err, sizeof err);
	t_check(rc == 0 && lr == 1 && rt.n == 2 && strstr(text, "# mine\n") && strstr(text, "# mine too\n") &&
	        strstr(text, "\ncpu d 128 20\n") && !strstr(text, "sum 0.25 1") && rt.sum_gbs > 0 &&
	        rt.sum_gbs != 0.25,
	        "paralia_calibrate_sum keeps the table's own lines, ends its last one, replaces the sum "
	        "line (rc %d, load %d, %d points, %.1f GB/s)", rc, lr, rt.n, rt.sum_gbs);
	/* CPU cores get no watts (paralia does not measure them): nothing made up. GPU watts come
	 * from NVML's energy counter, which says NAN where it cannot tell (no driver here). */
	t_check(rt.watts[0] == 0 && rt.watts[1] == 0, "no watts for CPU cores (%g, %g)", rt.watts[0], rt.watts[1]);
	if (starpu_cuda_worker_get_count() == 0)
		t_check(isnan(pm_gpu_energy_mj(0)), "no GPU: the energy meter says NAN (%g)", pm_gpu_energy_mj(0));
	/* A malformed table is reported with its line. */
	FILE *f = fopen(path, "w");
	if (f) {
		fputs("# ok\ncpu d 64 10\ncpu x 128 20\n", f);
		fclose(f);
	}
	lr = pm_rates_load(&rt, path, "cpu", err, sizeof err);
	t_check(lr == -1 && strstr(err, ":3:") != NULL, "bad precision on line 3 reported: %s", err);
	static const char *bad_sums[] = { "sum 0\n", "sum x\n", "sum -3\n", "sum 1e9\n", "sum\tnan\n",
	                                  "sum 100 -1\n", "sum 100 1e7\n", "sum 50 abc\n", "sum 50abc\n",
	                                  "sum 100,5 20\n", "sum 50 10 99\n", "sum\n" };
	for (size_t i = 0; i < sizeof bad_sums / sizeof *bad_sums; i++) {
		f = fopen(path, "w");
		if (f) {
			fprintf(f, "# ok\ncpu d 64 10\n%s", bad_sums[i]);
			fclose(f);
		}
		lr = pm_rates_load(&rt, path, "cpu", err, sizeof err);
		t_check(lr == -1 && strstr(err, ":3:") && strstr(err, "sum <GB/s>"), "bad sum line reported: %s", err);
	}
	remove(path);
	*strrchr(path, '/') = '\0';
	rmdir(path); /* the folder the calibration made */
	query_int_max();
	paralia_shutdown();
	t_check(pm_plan_cache_count() == 0, "paralia_shutdown clears the plan cache");
}

/* The power cap (the kernel table's sustain lines): a GPU computes at the table's rate until the
 * cap engages, then at the rate it holds; the model times a call's products that way. */
static void power_cap(void)
{
	char path[1024], err[1200];
	if (write_table(path, sizeof path, "sustain-test",
	                "gpu d 2048 58000\ngpu d 4096 61000\ngpu d 8192 62000\ngpu s 4096 50000\n"
	                "cpu d 256 30\nsustain d 4096 54000 0.1\nsustain d 8192 53000 0.2\n"))
		return;
	struct pm_rates r, c;
	int lr = pm_rates_load(&r, path, "gpu", err, sizeof err), lc = pm_rates_load(&c, path, "cpu", err, sizeof err);
	t_check(lr == 1 && r.sustained[1][1] == 54000 && r.sustained[1][2] == 53000 && r.after_s[1][2] == 0.2 &&
	        r.sustained[1][0] == 0 && r.sustained[0][1] == 0 && lc == 1 && c.sustained[1][0] == 0,
	        "sustain lines read onto the GPU's tile grid, not the CPU's (%d %d)", lr, lc);
	double cap4 = pm_capped_us(&r, 1, 4096, 1e6), cap8 = pm_capped_us(&r, 1, 8192, 1e6);
	double cap6 = pm_capped_us(&r, 1, 6144, 1e6), big = pm_capped_us(&r, 1, 32768, 1e6);
	t_check(fabs(cap4 - 1e6 * 61.0 / 54) < 1 && fabs(cap8 - 1e6 * 62.0 / 53) < 1 && big == cap8,
	        "a second of products runs capped throughout (4096: %.0f us, 8192: %.0f; larger as 8192: %.0f)",
	        cap4, cap8, big);
	double want6 = 1e6 * (61.0 / 54 + log2(1.5) * (62.0 / 53 - 61.0 / 54));
	double a6 = 0.1e6 + log2(1.5) * 0.1e6; /* the delay between 4096's and 8192's too */
	double part6 = pm_capped_us(&r, 1, 6144, 0.15e6);
	double want_part6 = (a6 - 0.15e6) + (0.15e6 - (a6 - 0.15e6)) * want6 / 1e6;
	double late6 = pm_capped_us(&r, 1, 6144, 0.2e6), want_late6 = 0.2e6 * want6 / 1e6;
	t_check(fabs(cap6 - want6) < 1 && fabs(part6 - want_part6) < 1 && fabs(late6 - want_late6) < 1,
	        "6144: the slowdown and the delay between the measured sizes' (%.0f us, want %.0f; "
	        "0.15 s: %.0f, want %.0f; 0.2 s: %.0f, want %.0f)", cap6, want6, part6, want_part6,
	        late6, want_late6);
	/* a call starts as long into the run as it computes (the one before it did as much) */
	double short4 = pm_capped_us(&r, 1, 4096, 0.04e6), mid4 = pm_capped_us(&r, 1, 4096, 0.07e6);
	double want_mid = 0.03e6 + 0.04e6 * 61.0 / 54;
	t_check(short4 == 0.04e6 && fabs(mid4 - want_mid) < 1,
	        "a call ending before the cap engages runs at the table's rate (%.0f us); one across "
	        "it partly capped (%.0f, want %.0f)", short4, mid4, want_mid);
	t_check(pm_capped_us(&r, 0, 4096, 1e6) == 1e6 && pm_capped_us(&r, 1, 2048, 1e6) == 1e6 &&
	        fabs(pm_capped_us(&r, 1, 2896, 1e6) - 1e6 * (1 + 0.5 * (61.0 / 54 - 1))) < 1e3,
	        "no sustain line: no cap (FP32, FP64 2048), and halfway to a capped size half its slowdown");
	/* Two levels: engaged after 0.07 s, settled after 0.75 s (one H100's FP64 8192 tiles). */
	if (write_table(path, sizeof path, "sustain-test",
	                "gpu d 8192 61000\nsustain d 8192 55000 0.07 52000 0.75\n") == 0) {
		struct pm_rates r2;
		lr = pm_rates_load(&r2, path, "gpu", err, sizeof err);
		double q = pm_capped_us(&r2, 1, 8192, 18e3), e = pm_capped_us(&r2, 1, 8192, 0.15e6);
		double half = pm_capped_us(&r2, 1, 8192, 0.5e6), two = pm_capped_us(&r2, 1, 8192, 2e6);
		double want_half = 0.25e6 + (0.5e6 - 0.25e6 * 55.0 / 61) * 61.0 / 52;
		t_check(lr == 1 && r2.engaged[1][0] == 55000 && r2.engaged_s[1][0] == 0.07 &&
		        r2.sustained[1][0] == 52000 && r2.after_s[1][0] == 0.75 && q == 18e3 &&
		        fabs(e - 0.15e6 * 61.0 / 55) < 1 && fabs(half - want_half) < 1 &&
		        fabs(two - 2e6 * 61.0 / 52) < 1,
		        "two levels: 18 ms at the table's rate (%.0f us), 150 ms engaged (%.0f), 0.5 s "
		        "engaged then settled (%.0f, want %.0f), 2 s settled (%.0f; %d: %s)", q, e, half,
		        want_half, two, lr, lr < 0 ? err : "");
	}
	/* A call's time under the cap grows with its work and with the tile size's levels without a
	 * jump: a size of one level beside one of two (their delays interpolated too), an engaged
	 * level slower than the settled one. */
	if (write_table(path, sizeof path, "sustain-test",
	                "gpu d 4096 61000\ngpu d 8192 62000\ngpu d 16384 60000\nsustain d 4096 54000 0.1\n"
	                "sustain d 8192 55000 0.07 48000 0.75\nsustain d 16384 50000 0.05 56000 0.5\n") == 0) {
		struct pm_rates r3;
		lr = pm_rates_load(&r3, path, "gpu", err, sizeof err);
		static const int sizes[] = { 2048, 4096, 5000, 6144, 8191, 8192, 12000, 16384, 32768 };
		int bad = 0, jumps = 0;
		for (size_t z = 0; z < sizeof sizes / sizeof *sizes; z++) {
			double prev = 0;
			for (double us = 1e3; us <= 3e6; us += 1e3) {
				double c = pm_capped_us(&r3, 1, sizes[z], us);
				bad += !(c >= us && c > prev);
				prev = c;
			}
		}
		for (double us = 1e3; us <= 3e6; us += 1e3) {
			double below = pm_capped_us(&r3, 1, 8191, us), at = pm_capped_us(&r3, 1, 8192, us);
			jumps += fabs(below - at) > 1e-3 * at;
		}
		t_check(lr == 1 && bad == 0 && jumps == 0,
		        "capped time increasing in the work at every size (%d not) and no jump at a table "
		        "size (%d of 3000 beyond 0.1%% from 8191 to 8192; %d: %s)", bad, jumps, lr,
		        lr < 0 ? err : "");
	}
	/* the calibration's run from rest, read (pm_read_rest_run): chunks of 60 GFLOP (1 ms at 60
	 * TFLOP/s) */
	{
		int n[1600];
		double end[1600], t = 0;
		struct pm_rest_run u;
		for (int c = 0; c < 1600; c++) /* 60 TFLOP/s for 0.1 s, then 50 */
			n[c] = 1, end[c] = t += c < 100 ? 6e10 / 60e6 : 6e10 / 50e6;
		pm_read_rest_run(6e10, n, end, 1600, &u);
		t_check(fabs(u.gflops - 60e3) < 1 && fabs(u.sustained - 50e3) < 1 && fabs(u.after_s - 0.1) < 1e-9 &&
		        u.engaged == u.sustained && u.engaged_s == u.after_s,
		        "a run that drops from 60 to 50 TFLOP/s after 0.1 s: %.0f, then %.0f after %.4f s "
		        "(one level: engaged %.0f after %.4f)", u.gflops, u.sustained, u.after_s, u.engaged,
		        u.engaged_s);
		t = 0;
		for (int c = 0; c < 1600; c++) /* 60 for 70 ms, 55 up to 0.75 s, then 50 */
			end[c] = t += 6e10 / (c < 70 ? 60e6 : t < 0.75e6 ? 55e6 : 50e6);
		double turn = 0;
		for (int c = 1; c < 1600 && !turn; c++)
			if (end[c] - end[c - 1] > 1.1e3)
				turn = end[c - 1];
		pm_read_rest_run(6e10, n, end, 1600, &u);
		t_check(fabs(u.gflops - 60e3) < 1 && fabs(u.engaged - 55e3) < 1 && fabs(u.engaged_s - 0.07) < 1e-9 &&
		        fabs(u.sustained - 50e3) < 1 && fabs(u.after_s - turn * 1e-6) < 1e-9,
		        "60, 55 after 70 ms, 50 after %.4f s: %.0f, %.0f after %.4f s, %.0f after %.4f s",
		        turn * 1e-6, u.gflops, u.engaged, u.engaged_s, u.sustained, u.after_s);
		t = 0;
		for (int c = 0; c < 1600; c++) /* 60, 50 after 0.1 s, 58 after 0.8 s: settled above */
			end[c] = t += 6e10 / (t < 0.1e6 ? 60e6 : t < 0.8e6 ? 50e6 : 58e6);
		pm_read_rest_run(6e10, n, end, 1600, &u);
		t_check(fabs(u.engaged - 50e3) < 1 && fabs(u.sustained - 58e3) < 1 && fabs(u.engaged_s - 0.1) < 2e-3 &&
		        fabs(u.after_s - 0.8) < 2e-3,
		        "60, 50 after 0.1 s, 58 after 0.8 s: %.0f after %.4f s, %.0f after %.4f s", u.engaged,
		        u.engaged_s, u.sustained, u.after_s);
		t = 0;
		for (int c = 0; c < 1600; c++) /* 56.5 over 0.15-0.6 s, 60 to 1 s, 58 on: no cap to read */
			end[c] = t += 6e10 / (t < 0.15e6 ? 60e6 : t < 0.6e6 ? 56.5e6 : t < 1e6 ? 60e6 : 58e6);
		pm_read_rest_run(6e10, n, end, 1600, &u);
		t_check(u.sustained == 0 && u.after_s == 0 && u.gflops > 57e3 && u.gflops < 60e3,
		        "a level within 5%% of the rate from rest is no cap, never a NaN delay (%.0f GFLOP/s, "
		        "%.4f s)", u.gflops, u.after_s);
		t = 0;
		for (int c = 0; c < 1600; c++) /* 60 up to 0.7 s, then 50: the cap engages only then */
			end[c] = t += 6e10 / (t < 0.7e6 ? 60e6 : 50e6);
		pm_read_rest_run(6e10, n, end, 1600, &u);
		t_check(fabs(u.gflops - 60e3) < 1 && u.engaged == u.gflops && u.engaged_s == 0 &&
		        u.sustained < 52e3 && u.after_s > 0.6 && u.after_s < 0.8,
		        "60 up to 0.7 s, then 50: %.0f, engaged %.0f after %.4f s, %.0f after %.4f s",
		        u.gflops, u.engaged, u.engaged_s, u.sustained, u.after_s);
		t = 0;
		for (int c = 0; c < 1600; c++) /* within 5% throughout: no cap */
			end[c] = t += 6e10 / (c % 2 ? 50e6 : 51e6);
		pm_read_rest_run(6e10, n, end, 1600, &u);
		t_check(u.sustained == 0 && u.after_s == 0 && u.gflops > 50e3 && u.gflops < 51e3,
		        "a flat run has no cap (%.0f GFLOP/s)", u.gflops);
		n[0] = 4, end[0] = 0.16e6, n[1] = 4, end[1] = 0.35e6; /* one long chunk per product group */
		for (int c = 2; c < 12; c++)
			n[c] = 4, end[c] = end[c - 1] + 0.2e6;
		pm_read_rest_run(2e12, n, end, 12, &u);
		double later = 4 * 2e12 * 11 / (end[11] - end[0]) / 1e3; /* the chunks from 0.15 s on */
		t_check(fabs(u.gflops - 50e3) < 1 && fabs(u.sustained - later) < 1 && u.after_s > 0,
		        "chunks longer than the 40 ms window: the first is the rate from rest (%.0f), %.0f "
		        "later (want %.0f)", u.gflops, u.sustained, later);
	}

	/* The model: a GPU-resident 32768^3 DGEMM on one GPU at tile 8192: its products capped. */
	struct lm_db db;
	struct pm_device dev[PM_MAX_DEVS];
	if (load(&db, "h200x4.txt") == 0) {
		gpus_of(&db, dev, 1.0, 140e9);
		struct pm_problem p = gemm(32768, 32768, 32768, 1, 1, 1, 1);
		struct pm_eval free_run, capped;
		dev[0].rates = r;
		dev[0].rates.sustained[1][1] = dev[0].rates.sustained[1][2] = 0;
		pm_evaluate(&p, dev, 1, &db, 8192, 1, &free_run);
		dev[0].rates = r;
		pm_evaluate(&p, dev, 1, &db, 8192, 1, &capped);
		double want = pm_capped_us(&r, 1, 8192, free_run.compute_ms * 1e3) / 1e3;
		t_check(fabs(capped.time_ms - want) < 0.01 * want && capped.time_ms > 1.1 * free_run.time_ms,
		        "32768^3 on its GPU: %.1f ms at the table's rate, %.1f capped (want %.1f)",
		        free_run.time_ms, capped.time_ms, want);
	}
	/* A table measured from rest ("rest" line) is read as measured, dips included; one measured
	 * back to back is made non-decreasing in the size. */
	for (int rest = 0; rest < 2; rest++) {
		char text[256];
		snprintf(text, sizeof text, "%sgpu s 2048 48500\ngpu s 3072 45000\ngpu s 4096 50000\n"
		         "gpu d 2048 58000\ngpu d 3072 59000\ngpu d 4096 61000\n", rest ? "rest 2.0\n" : "");
		if (write_table(path, sizeof path, "sustain-test", text))
			break;
		lr = pm_rates_load(&r, path, "gpu", err, sizeof err);
		double at3072 = pm_rate_gflops(&r, 0, 3072, 3072, 3072), mid = pm_rate_gflops(&r, 0, 2508, 2508, 2508);
		t_check(lr == 1 && r.from_rest == rest && fabs(at3072 - (rest ? 45000 : 48500)) < 1e-6 &&
		        (rest ? mid < 48500 && mid > 45000 : mid == 48500),
		        "%s: FP32 3072 read at %.0f GFLOP/s, 2508 at %.0f", rest ? "from rest" : "back to back",
		        at3072, mid);
	}
	/* Malformed sustain and rest lines name their line. */
	static const char *bad[] = { "sustain d 4096 -5 0.1\n", "sustain d 4096 50000\n", "sustain q 4096 5 1\n",
	                             "sustain d 4096 55000 0.1 50000\n", "sustain d 4096 55000 0.5 50000 0.2\n",
	                             "sustain d 4096 55000 0.1 -1 0.5\n",
	                             "sustain d 4096 50000 -0.1\n", "sustain d 3072 50000 0.1\n", "rest -1\n",
	                             "rest\n" };
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
		char text[128];
		snprintf(text, sizeof text, "gpu d 4096 61000\n%s", bad[i]);
		if (write_table(path, sizeof path, "sustain-test", text))
			break;
		lr = pm_rates_load(&r, path, "gpu", err, sizeof err);
		t_check(lr == -1 && strstr(err, ":2:") && strstr(err, bad[i][0] == 's' ? "sustain" : "rest"), "'%.*s' refused: %s",
		        (int)strlen(bad[i]) - 1, bad[i], err);
	}
	/* The calibration writes 0 seconds for a cap that engaged at once: read, and capped throughout. */
	if (write_table(path, sizeof path, "sustain-test", "gpu d 4096 61000\nsustain d 4096 50000 0.0000\n") == 0) {
		lr = pm_rates_load(&r, path, "gpu", err, sizeof err);
		t_check(lr == 1 && fabs(pm_capped_us(&r, 1, 4096, 1000) - 1000 * 61.0 / 50) < 1e-6,
		        "a cap from the start (0 s) read and applied to a 1 ms call (%d: %s)", lr, lr < 0 ? err : "");
	}
	remove(path);
}

/* Owner grids: every slot of the P x Q grid gets C tiles, also when C is one tile wide or tall,
 * and the busiest slot holds no more than the even split rounded up. */
static void owner_grids(void)
{
	static const int cases[][3] = { /* ns, Mt, Nt */
		{ 2, 16, 1 }, { 4, 16, 1 }, { 3, 16, 1 }, { 4, 1, 16 }, { 4, 8, 8 }, { 4, 20, 6 },
		{ 8, 16, 16 }, { 2, 3, 3 }, { 6, 12, 1 },
	};
	for (size_t c = 0; c < sizeof cases / sizeof *cases; c++) {
		int ns = cases[c][0], Mt = cases[c][1], Nt = cases[c][2], P, Q;
		pm_grid(ns, Mt, Nt, &P, &Q);
		int cnt[PM_MAX_DEVS] = { 0 }, most = 0, idle = 0;
		for (int i = 0; i < Mt; i++)
			for (int j = 0; j < Nt; j++)
				cnt[(i % P) * Q + j % Q]++;
		for (int s = 0; s < ns; s++) {
			most = cnt[s] > most ? cnt[s] : most;
			idle += cnt[s] == 0;
		}
		int even = (Mt * Nt + ns - 1) / ns;
		t_check(P * Q == ns && idle == 0 && most <= even + (Mt * Nt % ns ? Mt > Nt ? Nt : Mt : 0),
		        "grid for %d devices over %dx%d tiles: %dx%d, busiest slot %d tiles (even split %d), "
		        "%d idle", ns, Mt, Nt, P, Q, most, even, idle);
	}
}

/* The list scheduling pm_schedule_class replaced: each chain, one at a time, to the device that
 * would finish it first (ties to the lower index). */
static void schedule_loop(int ns, const double *cost, const double *lanes, int64_t tiles,
                          struct pm_lane *l)
{
	for (int64_t t = 0; t < tiles; t++) {
		int best = -1;
		double best_fin = 0;
		for (int i = 0; i < ns; i++) {
			double f = fmax((l[i].work + cost[i]) / lanes[i], fmax(l[i].longest, cost[i]));
			if (best < 0 || f < best_fin) {
				best = i;
				best_fin = f;
			}
		}
		l[best].work += cost[best];
		l[best].longest = fmax(l[best].longest, cost[best]);
		l[best].finish = best_fin;
		l[best].tiles++;
	}
}

/* Random classes of chains (up to 4 in a row, as pm_evaluate's full/edge classes) on 1..6
 * devices with 1..4 lanes. Integer chain times (0 included) keep every sum exact, so the two
 * agree to the bit, ties included (equal devices, equal times); with random real times the same
 * tiles go to the same devices, finish times equal to rounding. (Where real times tie exactly,
 * the loop's choice was decided by the rounding of its running sums.) */
static void schedule_matches_loop(void)
{
	unsigned seed = 2026;
	int mism[2] = { 0, 0 }, trials = 3000;
	for (int t = 0; t < trials; t++) {
		int whole = t % 2 == 0, ns = 1 + rand_r(&seed) % 6;
		struct pm_lane a[PM_MAX_DEVS], b[PM_MAX_DEVS];
		double lanes[PM_MAX_DEVS], cost[PM_MAX_DEVS];
		memset(a, 0, sizeof a);
		memset(b, 0, sizeof b);
		for (int i = 0; i < ns; i++)
			lanes[i] = 1 + rand_r(&seed) % 4;
		for (int c = 1 + rand_r(&seed) % 4; c > 0; c--) {
			int alike = whole && rand_r(&seed) % 3 == 0; /* real times: no exact ties */
			for (int i = 0; i < ns; i++) {
				double x = whole ? (double)(rand_r(&seed) % 9 == 0 ? 0 : 1 + rand_r(&seed) % 40)
				                 : 1 + 999.0 * rand_r(&seed) / RAND_MAX;
				cost[i] = alike && i > 0 ? cost[0] : x;
			}
			int64_t tiles = rand_r(&seed) % 400;
			schedule_loop(ns, cost, lanes, tiles, a);
			pm_schedule_class(ns, cost, lanes, tiles, b);
		}
		/* real times: the loop's running sums and the closed form's products round apart */
		double tol = whole ? 0 : 1e-12;
		for (int i = 0; i < ns; i++)
			if (a[i].tiles != b[i].tiles || a[i].longest != b[i].longest ||
			    fabs(a[i].finish - b[i].finish) > tol * a[i].finish ||
			    fabs(a[i].work - b[i].work) > tol * a[i].work) {
				if (mism[whole]++ == 0)
					printf("tune_model: trial %d device %d/%d: loop %lld tiles, finish %.17g; closed "
					       "form %lld, %.17g\n", t, i, ns, (long long)a[i].tiles, a[i].finish,
					       (long long)b[i].tiles, b[i].finish);
				break;
			}
	}
	t_check(mism[1] == 0, "closed-form schedule equals the tile-by-tile loop on %d random classes with "
	        "integer chain times, ties included (%d differ)", trials / 2, mism[1]);
	t_check(mism[0] == 0, "closed-form schedule equals the tile-by-tile loop on %d random classes with "
	        "real chain times (%d differ)", trials / 2, mism[0]);
	/* 1e15 chains on 3 devices: handed out whole, within one chain of the fluid limit. */
	struct pm_lane l[3];
	memset(l, 0, sizeof l);
	double c3[3] = { 700, 1100, 13 }, L3[3] = { 1, 1, 64 };
	int64_t n = 1000000000000000LL;
	pm_schedule_class(3, c3, L3, n, l);
	double fluid = (double)n / (1 / c3[0] + 1 / c3[1] + L3[2] / c3[2]), late = 0;
	for (int i = 0; i < 3; i++)
		late = fmax(late, l[i].finish);
	t_check(l[0].tiles + l[1].tiles + l[2].tiles == n && late >= fluid && late <= fluid + c3[1],
	        "1e15 chains on 3 devices: all handed out (%lld), makespan %.6g us vs fluid limit %.6g",
	        (long long)(l[0].tiles + l[1].tiles + l[2].tiles), late, fluid);
}

/* The model at sizes up to INT_MAX (syr2k's inner dimension is 2 INT_MAX): finite times, shares
 * summing to 1, and at least the time the flops take at the devices' best rates. */
static void huge_sizes(void)
{
	struct lm_db db;
	struct pm_device dev[PM_MAX_DEVS];
	if (load(&db, "h200x4.txt"))
		return;
	int nd = gpus_of(&db, dev, 1.0, 140e9);
	static const char routines[] = "gsymtr";
	static const int64_t sz[][3] = {
		{ INT_MAX, INT_MAX, INT_MAX }, { INT_MAX, 1, INT_MAX }, { 1, INT_MAX, 1 },
		{ INT_MAX - 1, INT_MAX - 2, 2 * (int64_t)INT_MAX }, { 1, 1, INT_MAX },
	};
	for (int r = 0; r < 6; r++)
		for (size_t c = 0; c < sizeof sz / sizeof *sz; c++) {
			char rt = routines[r];
			int64_t m = sz[c][0], n = rt == 's' || rt == 'y' ? m : sz[c][1], k = sz[c][2];
			struct pm_problem p = { .routine = rt, .dbl = 1, .m = m, .n = n, .k = k, .reads_c = 1,
			                        .tile_frac = rt == 's' || rt == 'y' ? 0.5 : 1, .ld = { m, k, m } };
			struct pm_tune_opts o = { 0, PM_TIME, 0 };
			struct pm_eval e;
			int ret = pm_tune(&p, dev, nd, &db, &o, &e);
			double share = 0, flops = 2.0 * (double)m * (double)n * (double)k * p.tile_frac;
			if (rt == 't' || rt == 'r')
				flops /= 2;
			for (int i = 0; i < nd; i++)
				share += e.share[i];
			double floor_ms = flops / (nd * 56.8e12) * 1e3; /* every GPU at its best FP64 rate */
			t_check(ret == 0 && isfinite(e.time_ms) && e.time_ms >= floor_ms * 0.999 &&
			        fabs(share - 1) < 1e-9 && e.T > 0,
			        "%c %lldx%lldx%lld on 4 H200: tile %d, %.4g ms (flops alone %.4g ms), shares %.6f",
			        rt, (long long)m, (long long)n, (long long)k, e.T, e.time_ms, floor_ms, share);
		}
}

/* The model's ways chosen by a margin: allowing one, and whether a plan took it */
static void allow_tall(struct pm_problem *p) { p->tall_may = 1; }
static void allow_deep(struct pm_problem *p) { p->deep_may = 1; }
static int is_tall(const struct pm_eval *e) { return e->R > e->T; }
static int is_deep(const struct pm_eval *e) { return e->D > e->T; }
static void allow_layers(struct pm_problem *p) { p->layers_may = 1; }

/* The margin by which a plan's way must beat the plan without it: 5% for tall tiles and for deep
 * products of all m's rows, 1% for deep products in square C tiles (SQUARE_DEEP_MARGIN) */
static double way_margin(const struct pm_problem *q, const struct pm_eval *e)
{
	return is_deep(e) && e->R < q->m ? 0.01 : 0.05;
}

/* A way of the model's that must beat its best plan without it by its margin (tall tiles, deep
 * products: way_margin): over problems qs, pm_tune on one device without the way and with it
 * (allow), counting in chose[] the plans that took it (is_way) and those that did not. Returns
 * how many broke the rule: the way taken without being faster by its margin, or not taken and
 * the plan changed, or taken where it was not allowed. */
static int margin_choices(const struct pm_problem *qs, size_t n, const struct pm_device *dev,
                          const struct lm_db *db, void (*allow)(struct pm_problem *),
                          int (*is_way)(const struct pm_eval *), int chose[2])
{
	int wrong = 0;
	for (size_t i = 0; i < n; i++) {
		struct pm_problem q = qs[i];
		struct pm_tune_opts o = { 0, PM_TIME, 0 };
		struct pm_eval without, with;
		pm_tune(&q, dev, 1, db, &o, &without);
		allow(&q);
		pm_tune(&q, dev, 1, db, &o, &with);
		int took = is_way(&with);
		chose[took]++;
		wrong += is_way(&without) ||
		         (took ? !(with.time_ms < (1 - way_margin(&q, &with)) * without.time_ms)
		               : with.time_ms != without.time_ms);
	}
	return wrong;
}

/* A kernel table's tall lines (the GPU's rows x T x T products): read back onto the tile grid, the
 * gain over T's square rate log-linear in the rows up to those measured and flat beyond, a tall
 * product priced by it, no gain without a line; malformed lines named. */
static void tall_products(void)
{
	char path[1024], err[1200];
	if (write_table(path, sizeof path, "tall-lines",
	                "gpu d 512 10000\ngpu d 1024 40000\ngpu d 2048 50000\n"
	                "tall d 1024 8192 60000\ntall d 512 8192 20000\n"))
		return;
	struct pm_rates r;
	int lr = pm_rates_load(&r, path, "gpu", err, sizeof err);
	remove(path); /* each table this test writes goes once read */
	t_check(lr == 1 && r.n == 3 && r.tall[1][1] == 60000 && r.tall_rows[1][1] == 8192 &&
	        r.tall[1][0] == 20000 && r.tall[1][2] == 0 && r.tall[0][1] == 0,
	        "tall lines read onto the tile grid (load %d: %g at 1024, %g at 512, none at 2048 or in "
	        "FP32)", lr, r.tall[1][1], r.tall[1][0]);
	double g1 = pm_tall_gain(&r, 1, 1024, 1024), g8 = pm_tall_gain(&r, 1, 8192, 1024);
	double g4 = pm_tall_gain(&r, 1, 4096, 1024), g20 = pm_tall_gain(&r, 1, 20000, 1024);
	double none = pm_tall_gain(&r, 1, 8192, 2048), sp = pm_tall_gain(&r, 0, 8192, 1024);
	t_check(g1 == 1 && fabs(g8 - 1.5) < 1e-9 && fabs(g4 - pow(1.5, 2.0 / 3)) < 1e-9 && g20 == g8 &&
	        none == 1 && sp == 1,
	        "gain at 1024: 1 square, %.3f at 8192 rows (1.5), %.3f at 4096 (1.5^(2/3)), %.3f at "
	        "20000 (flat), 1 without a line (%.3f at 2048, %.3f FP32)", g8, g4, g20, none, sp);
	double tall = pm_product_us(&r, 1, 8192, 1024, 1024, 1024);
	double squares = 8 * pm_tile_us(&r, 1, 1024, 1024, 1024);
	t_check(fabs(tall * 1.5 - squares) < 1e-6 * squares,
	        "an 8192 x 1024 x 1024 product: %.1f us at the tall rate, %.1f as 8 squares", tall, squares);
	static const char *bad[] = { "gpu d 1024 40000\ntall d 1024 1024 50000\n",
	                             "gpu d 1024 40000\ntall d 3000 8192 50000\n",
	                             "gpu d 1024 40000\ntall x 1024 8192 50000\n",
	                             "gpu d 1024 40000\ntall d 1024 8192 50000 9\n",
	                             "gpu d 1024 40000\ntall d 1024 8192 -5\n" };
	/* what the reader counts as a tall line is what paralia_calibrate_tall replaces: the keyword,
	 * then a blank or the line's end (a bare "tall" too, which the reader refuses) */
	t_check(pm_table_line_is("tall d 1024 8192 5\n", "tall") && pm_table_line_is("tall\n", "tall") &&
	        pm_table_line_is("tall\r\n", "tall") && pm_table_line_is("tall", "tall") &&
	        !pm_table_line_is("taller 1\n", "tall") && !pm_table_line_is("sustain d 1\n", "tall"),
	        "a tall line: the keyword, then a blank or the line's end");
	for (int b = 0; b < 5; b++) {
		err[0] = '\0';
		if (write_table(path, sizeof path, "tall-bad", bad[b]))
			return;
		lr = pm_rates_load(&r, path, "gpu", err, sizeof err);
		remove(path);
		t_check(lr == -1 && strstr(err, ":2:"), "malformed tall line %d refused with its line (%s)", b, err);
	}
	/* Tall products at their tall rate draw the large kernels' power: they run under the cap of
	 * their volume's size (2048 for 8192 x 1024 x 1024, capped here), not T's (1024: none).
	 * 16384^3 with A and B on the GPU in tiles of 16384 x 1024 computes ~0.2 s: capped nearly
	 * throughout (one H200: priced uncapped 162.0 ms, ran 190.7). */
	struct lm_db db;
	struct pm_device dev[PM_MAX_DEVS];
	struct pm_rates capped, uncapped;
	const char *rates = "gpu d 1024 40000\ngpu d 2048 58000\ngpu d 4096 60000\ntall d 1024 8192 56000\n";
	char text[512];
	snprintf(text, sizeof text, "%ssustain d 2048 46400 0.05\n", rates);
	int lc = write_table(path, sizeof path, "tall-cap", text) == 0 ? pm_rates_load(&capped, path, "gpu", err, sizeof err) : -1;
	remove(path);
	int lu = write_table(path, sizeof path, "tall-nocap", rates) == 0 ? pm_rates_load(&uncapped, path, "gpu", err, sizeof err) : -1;
	remove(path);
	if (lc != 1 || lu != 1 || load(&db, "h200x4.txt") != 0) {
		t_check(0, "the tables or the link map (%s)", err);
		return;
	}
	gpus_of(&db, dev, 1.0, 140e9);
	struct pm_problem p = gemm(16384, 16384, 16384, 1, 1, 0, 1);
	struct pm_eval ec, ef;
	dev[0].rates = capped;
	pm_evaluate_tiles(&p, dev, 1, &db, 1024, 16384, 1u, &ec);
	dev[0].rates = uncapped;
	pm_evaluate_tiles(&p, dev, 1, &db, 1024, 16384, 1u, &ef);
	t_check(ec.R == 16384 && ec.compute_ms > 1.15 * ef.compute_ms,
	        "16384^3 00h in tiles of 16384 x 1024: products %.1f ms under 2048's cap, %.1f without it",
	        ec.compute_ms, ef.compute_ms);
}

/* Tall tiles (gemm, docs/AUTOTUNER.md): C's and op(A)'s tiles R rows by T. With a copy table whose
 * short columns cross slowly (at pitch 64 KB: 25 GB/s for columns of 2048 doubles, 35 of 4096, 55
 * of 8192; one H100 moves 31, 46 and 55 beside DGEMMs), 8192^3 from the host at tile 2048 is faster in
 * tiles of 8192 x 2048: A's and C's copies at the 8192 rate, B's at 2048's. A transposed (stored
 * k x m: its tiles' columns are T long) gains only C's. pm_tune takes them only 5% faster than the
 * best square tiles (TALL_MARGIN), never for another routine, and always when forced
 * (tall_rows above the tile); PARALIA_TALL is read as model, none or a row count. */
static void tall_tiles(void)
{
	char path[1024], err[1200];
	if (write_table(path, sizeof path, "xfer-tall",
	                "xfer d 512 65536 15 15 30\nxfer d 1024 65536 20 20 40\nxfer d 2048 65536 25 25 50\n"
	                "xfer d 4096 65536 35 35 70\nxfer d 8192 65536 55 55 100\n"))
		return;
	struct pm_xfer x;
	struct lm_db db;
	struct pm_device dev[PM_MAX_DEVS];
	int lx = pm_xfer_load(&x, path, err, sizeof err);
	remove(path);
	if (lx != 1 || load(&db, "h200x4.txt") != 0) {
		t_check(0, "the copy table or the link map (%s)", err);
		return;
	}
	gpus_of(&db, dev, 1.0, 140e9);
	dev[0].xfer = x;
	struct pm_problem p = gemm(8192, 8192, 8192, 0, 0, 0, 1), tA = p;
	struct pm_eval e;
	double sq = pm_evaluate(&p, dev, 1, &db, 2048, 1u, NULL);
	double tall = pm_evaluate_tiles(&p, dev, 1, &db, 2048, 8192, 1u, &e);
	t_check(e.R == 8192 && e.T == 2048 && e.layer.R == 8192 && tall < 0.85 * sq,
	        "8192^3 hhh at tile 2048: %.2f ms in 8192 x 2048 tiles against %.2f square (R %d)", tall,
	        sq, e.R);
	tA.trans = 1;
	tA.rows[0] = 8192; /* A stored k x m */
	double sqA = pm_evaluate(&tA, dev, 1, &db, 2048, 1u, NULL);
	double tallA = pm_evaluate_tiles(&tA, dev, 1, &db, 2048, 8192, 1u, NULL);
	t_check(tallA < sqA && sqA - tallA < 0.8 * (sq - tall),
	        "A transposed gains C's copies only: %.2f -> %.2f ms (untransposed %.2f -> %.2f)", sqA,
	        tallA, sq, tall);
	struct pm_problem sy = p;
	sy.routine = 's';
	pm_evaluate_tiles(&sy, dev, 1, &db, 2048, 8192, 1u, &e);
	t_check(e.R == 2048, "syrk's tiles stay square (R %d)", e.R);

	/* the choice: over shapes, tall only when 5% faster than the best square tiles (pm_tune
	 * both ways), and both outcomes happen */
	int chose[2] = { 0, 0 };
	static const int shapes[][3] = { { 8192, 8192, 8192 }, { 4096, 8192, 8192 }, { 16384, 8192, 8192 },
	                                 { 8192, 8192, 32768 }, { 8192, 4096, 8192 } };
	struct pm_problem qs[sizeof shapes / sizeof shapes[0]];
	for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++)
		qs[s] = gemm(shapes[s][0], shapes[s][1], shapes[s][2], 0, 0, 0, 1);
	int wrong = margin_choices(qs, sizeof qs / sizeof qs[0], dev, &db, allow_tall, is_tall, chose);
	t_check(!wrong && chose[0] && chose[1], "tall tiles chosen only 5%% faster than square ones: %d wrong (tall "
	        "%d, square %d)", wrong, chose[1], chose[0]);
	/* forced */
	struct pm_tune_opts fixed = { 2048, PM_TIME, 0 };
	struct pm_problem f = p;
	f.tall_rows = 6144;
	pm_tune(&f, dev, 1, &db, &fixed, &e);
	int forced = e.R;
	f.tall_rows = 2048;
	pm_tune(&f, dev, 1, &db, &fixed, &e);
	t_check(forced == 6144 && e.R == 2048, "forced rows: 6144 at tile 2048 (R %d), 2048 there square "
	        "(R %d)", forced, e.R);
	/* Tiles holding every row of A (here square ones of T >= m) are its column panels, and which
	 * way A goes is step 3's rule: as panels beside B's panels or with B on the GPU, as tiles
	 * (fetched ahead, step 6) beside B's tiles crossing */
	struct pm_problem btiles = gemm(4096, 4096, 32768, 0, 0, 0, 1), bpanels = btiles;
	struct pm_problem bgpu = gemm(4096, 4096, 32768, 0, 1, 0, 1);
	btiles.panels_may = bgpu.panels_may = bpanels.panels_may = 1;
	bpanels.panels_must = 2;
	pm_evaluate(&btiles, dev, 1, &db, 6144, 1u, &e);
	unsigned with_btiles = e.panels;
	double a_ahead = e.layer.a_us;
	int fetched = pm_fetch_ahead(&e.layer, 4096, 4096, 32768);
	pm_evaluate(&bpanels, dev, 1, &db, 6144, 1u, &e);
	unsigned with_bpanels = e.panels;
	pm_evaluate(&bgpu, dev, 1, &db, 6144, 1u, &e);
	t_check(with_btiles == 0 && a_ahead > 0 && fetched && with_bpanels == 3 && e.panels == 1,
	        "4096x4096x32768 at tile 6144, A's tiles its panels: A in tiles fetched ahead beside B's "
	        "tiles (panels %u, A %.3g us per element), in panels beside B's (%u) and with B on the GPU "
	        "(%u)", with_btiles, a_ahead, with_bpanels, e.panels);
	/* A's panels forced (PARALIA_PANELS=a) beside B's tiles: as forced, and priced */
	struct pm_problem aforced = btiles;
	aforced.panels_may = 0;
	aforced.panels_must = 1;
	double ta = pm_evaluate(&aforced, dev, 1, &db, 6144, 1u, &e);
	t_check(e.panels == 1 && ta > 0 && ta < 1e6, "A's panels forced beside B's tiles: panels %u, %.2f ms",
	        e.panels, ta);
	/* PARALIA_TALL */
	static const struct { const char *v; int may, rows; } env[] = {
		{ "", 1, 0 }, { "model", 1, 0 }, { "none", 0, 0 }, { "0", 0, 0 }, { "8192", 0, 8192 },
		{ "70000", 1, 0 }, { "-1", 1, 0 }, { "8192x", 1, 0 },
	};
	int bad = 0;
	for (size_t i = 0; i < sizeof env / sizeof env[0]; i++) {
		int may = -1, rows = -1;
		setenv("PARALIA_TALL", env[i].v, 1);
		pm_tall_env(&may, &rows);
		if (may != env[i].may || rows != env[i].rows) {
			bad++;
			t_check(0, "PARALIA_TALL=%s: may %d rows %d (want %d %d)", env[i].v, may, rows,
			        env[i].may, env[i].rows);
		}
	}
	unsetenv("PARALIA_TALL");
	t_check(!bad, "PARALIA_TALL read as model, none or a row count up to 65535");
	unlink(path);
}

/* Deep products (step 3, deep_may): gemm on one device where op(A) lives, B or C crossing to it,
 * k deeper than a tile: each C tile, all of m's rows by T columns, is one product over the whole
 * k, priced at its volume's rate; no panels, no C read late, nothing fetched ahead (one product
 * per chain); forced beside tall rows, C's tiles those rows. The model keeps them only 5% faster
 * than the best square or tall tiles, all of them where forced (deep_must), none where they cannot
 * be. */
/* How many of "", "model", "none", "all" and a bad value a knob defaulting to the model's choice
 * (pm_env_mode's PM_ENV_MODEL) reads wrong through read(&may, &must): empty, model and a
 * bad value may, none neither, all both. */
static int model_knob_wrong(const char *var, void (*read)(int *may, int *must))
{
	static const struct { const char *v; int may, must; } env[] = {
		{ "", 1, 0 }, { "model", 1, 0 }, { "none", 0, 0 }, { "all", 1, 1 }, { "bogus", 1, 0 },
	};
	int bad = 0;
	for (size_t i = 0; i < sizeof env / sizeof env[0]; i++) {
		int may = -1, must = -1;
		setenv(var, env[i].v, 1);
		read(&may, &must);
		bad += may != env[i].may || must != env[i].must;
	}
	unsetenv(var);
	return bad;
}

static void deep_products(void)
{
	struct lm_db db;
	struct pm_device dev[PM_MAX_DEVS];
	if (h200x4_gpus(&db, dev) != 0)
		return;
	int g = dev[0].node;
	struct pm_eval e;
	struct pm_tune_opts fixed = { 1024, PM_TIME, 0 };
	struct pm_problem f = gemm(8192, 8192, 8192, g, 0, 0, 1);
	f.deep_must = 1;
	f.c_late_may = 1;
	f.panels_may = 3;
	pm_tune(&f, dev, 1, &db, &fixed, &e);
	double one = pm_tile_us(&dev[0].rates, 1, 8192, 1024, 8192) + PM_TASK_US; /* and its task */
	t_check(e.D == 8192 && e.R == 8192 && e.T == 1024 && !e.c_late && !e.panels &&
	        e.layer.a_us == 0 && e.layer.b_us == 0 && fabs(e.compute_ms * 1e3 - 8 * one) < 0.01 * 8 * one,
	        "8192^3 with A on the GPU, deep at tile 1024: products 8192 deep (%d), C's tiles 8192 "
	        "rows (%d), not late (%d), no panels (%u), nothing fetched ahead; 8 products of %.0f us "
	        "(compute %.3f ms)", e.D, e.R, e.c_late, e.panels, one, e.compute_ms);
	/* forced beside fewer rows (PARALIA_TALL=R): C's tiles R x T, square at R = T */
	f.tall_rows = 1024;
	pm_tune(&f, dev, 1, &db, &fixed, &e);
	double sq = pm_tile_us(&dev[0].rates, 1, 1024, 1024, 8192) + PM_TASK_US;
	t_check(e.D == 8192 && e.R == 1024 && fabs(e.compute_ms * 1e3 - 64 * sq) < 0.01 * 64 * sq,
	        "forced beside 1024 rows: C's tiles %d x 1024, products %d deep; 64 of %.0f us (compute "
	        "%.3f ms)", e.R, e.D, sq, e.compute_ms);
	f.tall_rows = 0;
	/* the choice, over shapes and placements with A on the GPU: deep only when 5% faster than
	 * the best otherwise, and both outcomes happen */
	int chose[2] = { 0, 0 };
	static const int shapes[][4] = { { 8192, 8192, 8192, 0 }, { 8192, 8192, 8192, 1 },
	                                 { 4096, 4096, 32768, 0 }, { 16384, 16384, 16384, 0 },
	                                 { 32768, 32768, 4096, 0 }, { 4096, 4096, 4096, 1 } };
	struct pm_problem qs[sizeof shapes / sizeof shapes[0]];
	for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++)
		qs[i] = gemm(shapes[i][0], shapes[i][1], shapes[i][2], g, shapes[i][3] ? g : 0, 0, 1);
	int wrong = margin_choices(qs, sizeof qs / sizeof qs[0], dev, &db, allow_deep, is_deep, chose);
	t_check(!wrong && chose[0] && chose[1], "deep products chosen only 5%% faster than tiles: %d "
	        "wrong (deep %d, tiles %d)", wrong, chose[1], chose[0]);
	/* never where they cannot be, even forced */
	struct { const char *what; struct pm_problem p; int T; } no[] = {
		{ "A on the host (hhh)", gemm(8192, 8192, 8192, 0, 0, 0, 1), 1024 },
		{ "A on the host, B on the GPU (h0h)", gemm(8192, 8192, 8192, 0, g, 0, 1), 1024 },
		{ "k no deeper than the tile", gemm(8192, 8192, 1024, g, 0, 0, 1), 1024 },
		{ "A's tile beyond 32 bits of elements", gemm(60000, 8192, 80000, g, 0, 0, 1), 1024 },
		{ "C's rows beyond PARALIA_TILE_MAX", gemm(70000, 8192, 8192, g, 0, 0, 1), 1024 },
	};
	for (size_t i = 0; i < sizeof no / sizeof no[0]; i++) {
		struct pm_tune_opts o = { no[i].T, PM_TIME, 0 };
		no[i].p.deep_must = 1;
		pm_tune(&no[i].p, dev, 1, &db, &o, &e);
		t_check(e.D == e.T, "no deep products: %s (D %d)", no[i].what, e.D);
	}
	struct pm_problem sy = gemm(8192, 8192, 8192, g, 0, 0, 1), all = gemm(8192, 8192, 8192, g, g, g, 1);
	sy.routine = 's';
	sy.deep_must = 1;
	pm_tune(&sy, dev, 1, &db, &fixed, &e);
	int sy_d = e.D;
	all.deep_may = 1; /* nothing crosses: the model does not offer them */
	pm_tune(&all, dev, 1, &db, &fixed, &e);
	t_check(sy_d == 1024 && e.D == 1024, "syrk forced (D %d) and gemm with every operand on the GPU "
	        "(D %d): no deep products", sy_d, e.D);
	int bad = model_knob_wrong("PARALIA_DEEP", pm_deep_env);
	t_check(!bad, "PARALIA_DEEP read as model, none or all (%d wrong)", bad);
}

/* Products in layers deeper than the tile (PARALIA_DEPTH=D, pm_evaluate_depth): a depth of the
 * tile is the tiles' plan, one as deep as k or deeper the deep products' (over the whole k), and
 * between them k in layers of D with a ragged last one; forced through pm_tune only on one device
 * and only between the tile and k, never beside deep products forced. */
static void depth_layers(void)
{
	struct lm_db db;
	struct pm_device dev[PM_MAX_DEVS];
	if (h200x4_gpus(&db, dev) != 0)
		return;
	int g = dev[0].node;
	struct pm_eval a, b;
	struct pm_problem h = gemm(4096, 4096, 32768, 0, 0, 0, 1), ga = gemm(8192, 8192, 8192, g, 0, 0, 1);
	double t1 = pm_evaluate_tiles(&h, dev, 1, &db, 1024, 2048, 1u, &a);
	double t2 = pm_evaluate_depth(&h, dev, 1, &db, 1024, 2048, 1024, 1u, &b);
	t_check(t1 == t2 && b.D == 1024 && b.R == 2048, "layers as deep as the tile: the tiles' plan "
	        "(%.3f and %.3f ms)", t1, t2);
	t1 = pm_evaluate_deep(&ga, dev, 1, &db, 1024, 8192, 1u, &a);
	t2 = pm_evaluate_depth(&ga, dev, 1, &db, 1024, 8192, 65536, 1u, &b);
	t_check(t1 == t2 && b.D == 8192 && b.layer.a_us == 0 && b.layer.b_us == 0, "layers deeper than "
	        "k: the deep products over k = 8192 (%.3f and %.3f ms; depth %d), nothing fetched ahead",
	        t1, t2, b.D);
	pm_evaluate_depth(&h, dev, 1, &db, 1024, 4096, 6000, 1u, &b);
	double one = pm_product_us(&dev[0].rates, h.dbl, 4096, 1024, 6000, 1024);
	double last = pm_product_us(&dev[0].rates, h.dbl, 4096, 1024, 2768, 1024);
	double want = 4 * (5 * one + last + 6 * PM_TASK_US); /* (these rates have no power cap) */
	t_check(b.D == 6000 && b.layer.D == 6000 && b.layer.a_us > 0 && b.layer.b_us > 0 &&
	        fabs(b.compute_ms * 1e3 - want) <= 0.001 * want, "FP64 4096x4096x32768 from the host in "
	        "layers of 6000 (five, then 2768): A's and B's copies in the layer; compute %.3f ms, "
	        "four chains of six products %.3f", b.compute_ms, want / 1e3);
	/* no deeper than k, where k is no deeper than the tile either */
	struct pm_problem shallow_k = gemm(4096, 4096, 500, 0, 0, 0, 1);
	pm_evaluate_depth(&shallow_k, dev, 1, &db, 1024, 4096, 4096, 1u, &b);
	t_check(b.D == 1024, "layers of 4096 over k = 500 at tile 1024: the tile's depth (%d)", b.D);
	/* forced through pm_tune: on one device, between the tile and k, not beside PARALIA_DEEP=all */
	struct pm_tune_opts fixed = { 1024, PM_TIME, 0 };
	struct pm_eval e;
	h.depth = 8192;
	h.tall_rows = 2048;
	pm_tune(&h, dev, 1, &db, &fixed, &e);
	int forced = e.D == 8192 && e.R == 2048 && e.T == 1024;
	h.deep_must = 1;
	h.depth = 4096;
	pm_tune(&h, dev, 1, &db, &fixed, &e);
	int beside_deep = e.D;
	h.deep_must = 0;
	h.depth = 32768;
	pm_tune(&h, dev, 1, &db, &fixed, &e);
	int as_k = e.D;
	h.depth = 512;
	pm_tune(&h, dev, 1, &db, &fixed, &e);
	int shallow = e.D;
	h.depth = 8192;
	pm_tune(&h, dev, 2, &db, &fixed, &e);
	int two = e.D, ngpu = __builtin_popcount(e.subset);
	t_check(forced && beside_deep != 4096 && as_k == 1024 && shallow == 1024 &&
	        two == (ngpu == 1 ? 8192 : 1024),
	        "PARALIA_DEPTH=8192 beside 2048 rows: layers 8192 deep (%d); beside deep products "
	        "forced: not 4096 (%d); as deep as k or shallower than the tile: the tiles' 1024 (%d, "
	        "%d); offered two GPUs: depth %d on %d", forced, beside_deep, as_k, shallow, two, ngpu);
	/* the model's choice (PARALIA_DEPTH=model): from the host, layers only when 5% faster than the
	 * best otherwise, C's and A's tiles all of m's rows; never where A lives on the GPU or is
	 * transposed, beside forced tall rows, nor for a CPU. The GPU copies FP32 tiles from the host
	 * at one H200's rates by column length at a pitch of 128 KB (2026-11-28t's kernel table):
	 * short columns slow, so that B's tiles 4096 deep of 4096x4096x32768 copy at 32 GB/s */
	if (xfer_lines(&dev[0], "layers-xfer",
	               "xfer s 1024 4096 53.4 53.3 94.4\nxfer s 1024 131072 19.5 19.4 38.2\n"
	               "xfer s 2048 8192 54.6 54.4 97.3\nxfer s 2048 131072 32.0 32.2 63.0\n"
	               "xfer s 4096 16384 55.3 55.1 100.9\nxfer s 4096 131072 31.6 31.7 62.8\n"
	               "xfer s 6144 24576 55.2 55.3 99.4\nxfer s 6144 131072 46.6 46.6 87.4\n"
	               "xfer s 8192 32768 55.4 55.3 97.1\nxfer s 8192 131072 46.7 42.9 84.2\n"))
		return;
	int chose[2] = { 0, 0 };
	static const int shapes[][4] = { { 4096, 4096, 32768, 0 }, { 4096, 4096, 32768, 1 },
	                                 { 4096, 4096, 4096, 0 }, { 4096, 4096, 4096, 1 },
	                                 { 8192, 8192, 8192, 1 }, { 16384, 16384, 16384, 1 },
	                                 { 20000, 17000, 9000, 1 }, { 32768, 32768, 4096, 0 } };
	struct pm_problem qs[sizeof shapes / sizeof shapes[0]];
	for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++) {
		qs[i] = gemm(shapes[i][0], shapes[i][1], shapes[i][2], 0, 0, 0, shapes[i][3]);
		qs[i].dbl = 0;
	}
	int wrong = margin_choices(qs, sizeof qs / sizeof qs[0], dev, &db, allow_layers, is_deep, chose);
	int rows_m = 1;
	for (size_t i = 0; i < sizeof qs / sizeof qs[0]; i++) {
		struct pm_problem q = qs[i];
		struct pm_tune_opts o = { 0, PM_TIME, 0 };
		q.layers_may = 1;
		pm_tune(&q, dev, 1, &db, &o, &e);
		rows_m &= !(e.D > e.T) || (e.R == q.m && e.D < q.k);
	}
	t_check(!wrong && chose[0] && chose[1] && rows_m, "layers chosen only 5%% faster than the rest, "
	        "C's and A's tiles m's rows: %d wrong (layers %d, not %d), rows %d", wrong, chose[1],
	        chose[0], rows_m);
	int never = 0;
	struct pm_problem on_gpu = gemm(4096, 4096, 32768, g, 0, 0, 1), tr = qs[0], tall = qs[0];
	on_gpu.layers_may = tr.layers_may = tall.layers_may = 1;
	tr.trans = 1;
	tall.tall_rows = 2048;
	struct pm_problem *no[3] = { &on_gpu, &tr, &tall };
	for (int i = 0; i < 3; i++) {
		pm_tune(no[i], dev, 1, &db, &fixed, &e);
		never += e.D > e.T && e.D < no[i]->k;
	}
	t_check(never == 0, "no layers with A on the GPU, A transposed or tall rows forced: %d", never);
}

/* The next chain joins gemm's first block (device_us, next_chain_joins_may): on one GPU into which
 * A and B both cross in tiles, C's tiles one row (all of m's rows) and the first block and one more
 * chain within the policy's lookahead, the flow shop is priced in the block order and with the
 * first block one chain wider, and the lesser kept. PARALIA_LOOKAHEAD below four chains leaves the
 * block order alone. */
static void next_chain_joins(void)
{
	struct lm_db db;
	struct pm_device dev[PM_MAX_DEVS];
	if (h200x4_gpus(&db, dev) != 0)
		return;
	/* FP32 4096x4096x32768 from the host in layers of 6144, C's tiles 4096 x 1024: blocks of
	 * three and one, the first bringing all of A and held by the link, the second only its B
	 * tiles; B's 24 KB columns copied from its 128 KB pitch at one H200's 46.6 GB/s */
	if (xfer_lines(&dev[0], "joins-xfer",
	               "xfer s 6144 24576 55.2 55.3 99.4\nxfer s 6144 131072 46.6 46.6 87.4\n"
	               "xfer s 8192 32768 55.4 55.3 97.1\nxfer s 8192 131072 46.7 42.9 84.2\n"))
		return;
	struct pm_problem h = gemm(4096, 4096, 32768, 0, 0, 0, 1);
	h.dbl = 0;
	/* FP64 4096^3 with beta = 0 in layers of 2048, C's tiles 4096 x 512: blocks of 3, 3 and 2 */
	struct pm_problem b0 = gemm(4096, 4096, 4096, 0, 0, 0, 0);
	/* two tile rows of 4096: the blocks down the first block column bring A tiles of their own */
	struct pm_problem rows2 = h;
	rows2.m = rows2.ld[0] = rows2.ld[2] = 8192;
	/* A on the GPU: only B crosses */
	struct pm_problem a_on = h;
	a_on.loc[0] = dev[0].node;
	/* FP64 8192^3 with C on the GPU in layers of 3072, C's tiles 8192 x 512: 16 chains, blocks of
	 * three; and 8192 x 2048: four chains */
	struct pm_problem hh0 = gemm(8192, 8192, 8192, 0, 0, dev[0].node, 1);
	struct pm_eval e;
	/* under the default lookahead; 3, fewer than four chains: the block order; 4, the first block
	 * and the next chain, not sixteen */
	static const char *lookahead[3] = { NULL, "3", "4" };
	double one[6], order[6], at4[6];
	for (int pass = 0; pass < 3; pass++) {
		char *keep = env_saved("PARALIA_LOOKAHEAD");
		if (lookahead[pass])
			setenv("PARALIA_LOOKAHEAD", lookahead[pass], 1);
		double *t = pass == 0 ? one : pass == 1 ? order : at4;
		t[0] = pm_evaluate_depth(&h, dev, 1, &db, 1024, 4096, 6144, 1u, pass == 0 ? &e : NULL);
		t[1] = pm_evaluate_depth(&b0, dev, 1, &db, 512, 4096, 2048, 1u, NULL);
		t[2] = pm_evaluate_depth(&rows2, dev, 1, &db, 1024, 4096, 6144, 1u, NULL);
		t[3] = pm_evaluate_depth(&a_on, dev, 1, &db, 1024, 4096, 6144, 1u, NULL);
		t[4] = pm_evaluate_depth(&hh0, dev, 1, &db, 512, 8192, 3072, 1u, NULL);
		t[5] = pm_evaluate_depth(&hh0, dev, 1, &db, 2048, 8192, 3072, 1u, NULL);
		env_restore("PARALIA_LOOKAHEAD", keep);
	}
	printf("tune_model: next chain joins: 4096x4096x32768 in 4096 x 1024 %.3f ms (block order %.3f), "
	       "4096^3 beta 0 in 4096 x 512 %.3f (%.3f), 8192x4096x32768 %.3f (%.3f), A on the GPU %.3f (%.3f)\n",
	       one[0], order[0], one[1], order[1], one[2], order[2], one[3], order[3]);
	t_check(e.D == 6144 && e.R == 4096 && one[0] < 0.99 * order[0], "4096x4096x32768 from the host "
	        "in layers of 6144, C's tiles 4096 x 1024: the four chains as one, %.3f ms, under the block "
	        "order's %.3f", one[0], order[0]);
	t_check(one[1] == order[1], "4096^3 with beta = 0 in 4096 x 512: the block order kept, its first "
	        "blocks home early (%.3f ms, %.3f)", one[1], order[1]);
	t_check(one[2] == order[2], "8192x4096x32768, two tile rows of 4096: the block order (%.3f ms, "
	        "%.3f)", one[2], order[2]);
	t_check(one[3] == order[3], "4096x4096x32768 with A on the GPU: the block order (%.3f ms, %.3f)",
	        one[3], order[3]);
	double four = at4[4];
	printf("tune_model: next chain joins: 8192^3 with C on the GPU in 8192 x 512 %.3f ms (block order "
	       "%.3f, lookahead 4 %.3f), in 8192 x 2048 %.3f (%.3f)\n", one[4], order[4], four, one[5],
	       order[5]);
	t_check(one[4] < order[4] && one[4] > 0.97 * order[4] && four == one[4] && one[5] < 0.99 * order[5],
	        "8192^3 with C on the GPU in layers of 3072: 16 chains priced as the first block and one "
	        "more chain, then the rest, a little under the block order (%.3f ms, %.3f; the same at "
	        "PARALIA_LOOKAHEAD=4: %.3f), four as one (%.3f, %.3f)", one[4], order[4], four, one[5],
	        order[5]);
}

/* Deep products in square C tiles (step 3, square_deep_may): cuBLASXt's blocks, each C tile T x T
 * one product over the whole k. Offered wherever deep products of all m's rows are, at a tile size
 * whose square kernel reaches 90% of the device's best rate, over a B read at a leading dimension
 * that is a multiple of 128 bytes, and kept where 1% faster than all else (the deep_products
 * margins above); forced deep products (deep_must) keep all of m's rows. */
static void square_deep(void)
{
	struct lm_db db;
	struct pm_device dev[PM_MAX_DEVS];
	if (h200x4_gpus(&db, dev) != 0)
		return;
	int g = dev[0].node;
	/* the product over the whole k, priced at its volume's rate: 64 tiles of 2048 x 2048 x 16384 */
	struct pm_problem p = gemm(16384, 16384, 16384, g, g, 0, 1);
	struct pm_eval e;
	pm_evaluate_deep(&p, dev, 1, &db, 2048, 2048, 1u, &e);
	double one = pm_tile_us(&dev[0].rates, 1, 2048, 2048, 16384) + PM_TASK_US;
	t_check(e.R == 2048 && e.D == 16384 && fabs(e.compute_ms * 1e3 - 64 * one) < 0.01 * 64 * one,
	        "16384^3 with C on the host, square deep at 2048: C's tiles %d rows, products %d deep; 64 "
	        "of %.0f us (compute %.3f ms)", e.R, e.D, one, e.compute_ms);
	/* taken somewhere over these shapes, by the model's choice only */
	static const int shapes[][3] = { { 16384, 16384, 16384 }, { 20000, 17000, 9000 },
	                                  { 12000, 30000, 7000 }, { 27000, 9500, 14500 },
	                                  { 32768, 32768, 4096 }, { 8192, 8192, 8192 } };
	int square = 0, narrow = 0;
	double top = 0;
	for (int c = 0; c < dev[0].rates.n; c++) {
		int T = dev[0].rates.T[c];
		top = fmax(top, pm_rate_gflops(&dev[0].rates, 1, T, T, T));
	}
	for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++) {
		struct pm_problem q = gemm(shapes[i][0], shapes[i][1], shapes[i][2], g, g, 0, 1);
		struct pm_tune_opts o = { 0, PM_TIME, 0 };
		q.deep_may = 1;
		pm_tune(&q, dev, 1, &db, &o, &e);
		if (e.D > e.T && e.R == e.T && e.R < q.m) {
			square++;
			narrow += pm_rate_gflops(&dev[0].rates, 1, e.T, e.T, e.T) < 0.9 * top;
		}
	}
	t_check(square > 0 && !narrow, "square C tiles over k chosen at %d of 6 shapes with C alone on "
	        "the host, %d of them at a tile whose kernel is below 90%% of the best", square, narrow);
	/* not where B's deep tiles are read at a leading dimension off 128 bytes, which the model
	 * does not price: k of 16388 doubles (131104 bytes), B on the GPU at that leading dimension */
	struct pm_problem off = gemm(16384, 16384, 16388, g, g, 0, 1);
	struct pm_problem big = gemm(16384, 16384, 16384, g, g, 0, 1);
	struct pm_tune_opts o = { 0, PM_TIME, 0 };
	struct pm_eval on;
	off.deep_may = big.deep_may = 1;
	pm_tune(&big, dev, 1, &db, &o, &on);
	pm_tune(&off, dev, 1, &db, &o, &e);
	t_check(on.D > on.T && on.R == on.T && !(e.D > e.T && e.R == e.T),
	        "16384^3 with C on the host in square C tiles over k (R %d, D %d, T %d), not over k = "
	        "16388 (R %d, D %d, T %d)", on.R, on.D, on.T, e.R, e.D, e.T);
	/* forced: all of m's rows, as before */
	p.deep_must = 1;
	struct pm_tune_opts fixed = { 2048, PM_TIME, 0 };
	pm_tune(&p, dev, 1, &db, &fixed, &e);
	t_check(e.D == 16384 && e.R == 16384, "forced deep products keep all of m's rows (R %d, D %d)",
	        e.R, e.D);
}

/* B's tiles cut where it lives (step 3, pm_b_cut_choice): on the call's one GPU, where B's leading
 * dimension is off 128 bytes and its tiles' rows are not, with room for a copy of B; the cut
 * adds a task per tile of B and B's bytes twice through the GPU's memory. Forced (b_cut_must)
 * wherever B lives on the call's one device. */
static void b_cut_tiles(void)
{
	struct lm_db db;
	struct pm_device dev[PM_MAX_DEVS];
	if (h200x4_gpus(&db, dev) != 0)
		return;
	int g = dev[0].node;
	struct pm_tune_opts fixed = { 4096, PM_TIME, 0 };
	struct pm_eval cut, views;
	/* FP32 27000x9500x14500 with B on the GPU (h0h), B's leading dimension 14500: 58000 bytes */
	struct pm_problem p = gemm(27000, 9500, 14500, 0, g, 0, 1), off = p;
	p.dbl = off.dbl = 0;
	p.b_cut_may = 1;
	pm_tune(&p, dev, 1, &db, &fixed, &cut);
	pm_tune(&off, dev, 1, &db, &fixed, &views);
	double want = 4.0 * 3 * PM_TASK_US + 2.0 * 14500 * 9500 * 4 / 2e6; /* 4 x 3 tiles of B */
	double got = (cut.time_ms - views.time_ms) * 1e3;
	t_check(cut.b_cut && !views.b_cut && fabs(got - want) < 0.01 * want,
	        "FP32 27000x9500x14500 h0h, B's leading dimension 14500: cut (%d; not when the problem "
	        "does not allow it: %d), %.0f us more (want %.0f)", cut.b_cut, views.b_cut, got, want);
	/* where it is not cut */
	struct { const char *what; struct pm_problem p; } no[] = {
		{ "B's leading dimension 14528 (a multiple of 128 bytes)", p },
		{ "B on the host (hh0)", p },
		{ "deep products whose B tiles' rows, k, are off 128 bytes too", p },
		{ "syrk", p },
		{ "no room for a copy of B", p },
	};
	no[0].p.ld[1] = 14528;
	no[1].p.loc[1] = 0, no[1].p.loc[2] = g;
	no[2].p.loc[0] = g, no[2].p.deep_must = 1;
	no[3].p.routine = 's';
	for (size_t i = 0; i < sizeof no / sizeof no[0]; i++) {
		struct pm_device d0 = dev[0];
		if (i == 4)
			d0.mem_bytes = 4.0 * 14500 * 9500 * 4 - 1;
		pm_tune(&no[i].p, &d0, 1, &db, &fixed, &cut);
		t_check(!cut.b_cut, "B's tiles not cut: %s", no[i].what);
	}
	/* deep products over a k that is a multiple of 128 bytes, B's leading dimension not: cut */
	struct pm_problem deep = gemm(8192, 8192, 8192, g, g, 0, 1);
	deep.ld[1] = 8200;
	deep.deep_must = deep.b_cut_may = 1;
	pm_tune(&deep, dev, 1, &db, &fixed, &cut);
	int deep_cut = cut.b_cut && cut.D == 8192;
	/* FP64 at 58000 bytes (7250 elements: 64 bytes) too */
	struct pm_problem d = gemm(8192, 8192, 7250, 0, g, 0, 1);
	d.b_cut_may = 1;
	pm_tune(&d, dev, 1, &db, &fixed, &cut);
	int d_cut = cut.b_cut;
	/* two GPUs: never (B's tiles are cut only on the call's one device) */
	struct pm_problem two = p;
	pm_evaluate(&two, dev, 4, &db, 4096, 3u, &cut);
	int two_cut = cut.b_cut;
	/* forced: wherever B lives on the call's one device, aligned or not */
	struct pm_problem must = no[0].p;
	must.b_cut_must = 1;
	pm_tune(&must, dev, 1, &db, &fixed, &cut);
	t_check(deep_cut && d_cut && !two_cut && cut.b_cut, "cut beside deep products over an aligned k "
	        "(%d), in FP64 at a leading dimension of 64 bytes (%d), not over two GPUs (%d), and forced "
	        "at an aligned one (%d)", deep_cut, d_cut, two_cut, cut.b_cut);
	int bad = model_knob_wrong("PARALIA_CUT_B", pm_cut_b_env);
	t_check(!bad, "PARALIA_CUT_B read as model, none or all (%d wrong)", bad);
}

/* Step 4's floating segments: where only one of A and B crosses, the other blocks read the tiles
 * the first block column brought, and the policy runs their products (below the head's priority)
 * while the head's copy is under way, so a link-bound first block column leaves the GPU no waits.
 * The segments of FP64 8192^3 with B on the GPU in tiles of 1024 x 8192 rows, A in eight panels
 * of 64 MB (1280 us each), C read late: the first product with the first panel, the first
 * block's two other first-layer products (nothing to bring), its 21 later products (a panel per
 * three: 427 us each), the other blocks' 40 (nothing); 319 us a product. In the order the GPU
 * waits for each panel (the bound at the last one: its arrival, then 41 products); the other
 * blocks floating, it computes from the first panel on: 1280 + 64 x 319 us (one H200: 24.0-24.3
 * ms measured where the order priced 25.7, bench/results/gemm-2026-11-28s.md). A floating
 * segment with no bytes before it reads what lives on the device: in the order. Then through
 * pm_evaluate_tiles, on the h200x4 link map with products 1.3 times the default rates (three to
 * a panel's copy, as on the H200): that plan ends within two and a half tiles' copies home of its
 * first panel and its products (25.7 ms in the order, 23.8 floating), and in the order again
 * where the policy would not run the other blocks early (PARALIA_LOOKAHEAD=0: no copies asked
 * ahead, or PARALIA_POP_READY=0). Last, pm_block_order_segments floats only the other blocks, and
 * only where one of A and B crosses: with both in layer panels and C read late, segments bring
 * nothing too, and stay in the order. */
static void floating_other_blocks(void)
{
	const double rate = 1280.0 / 67108864, c = 319; /* us per byte; us per product */
	struct segment ordered[PM_MAX_SEGMENTS] = {
		{ 1, 67108864, c, 0 }, { 2, 0, c, 0 }, { 21, 427 / rate, c, 0 }, { 0, 0, c, 0 }, { 40, 0, c, 0 },
	};
	struct segment floating[PM_MAX_SEGMENTS];
	memcpy(floating, ordered, sizeof floating);
	floating[4].reads_earlier = 1;
	struct last_tiles lt = { 1, 0, 0, 0, 0 }; /* nothing to send home: the GPU's time alone */
	double comp = 64 * c;
	double t_order = pm_device_time(ordered, PM_MAX_SEGMENTS, 3, 0, 0, rate, comp, 0, 0, &lt, 0);
	double t_float = pm_device_time(floating, PM_MAX_SEGMENTS, 3, 0, 0, rate, comp, 0, 0, &lt, 0);
	double last_panel = 1280 + 21 * 427.0;
	t_check(fabs(t_float - (1280 + comp)) < 1 && t_order >= last_panel + 41 * c - 1,
	        "one operand crossing: %.0f us with the other blocks floating (the first panel, then "
	        "%.0f us of products), %.0f in the order (the last panel at %.0f us)", t_float, comp,
	        t_order, last_panel);
	struct segment first_free[PM_MAX_SEGMENTS];
	memcpy(first_free, ordered, sizeof first_free);
	first_free[0].in = 0;
	first_free[1].reads_earlier = 1;
	double a = pm_device_time(first_free, PM_MAX_SEGMENTS, 3, 0, 0, rate, comp, 0, 0, &lt, 0);
	first_free[1].reads_earlier = 0;
	double b = pm_device_time(first_free, PM_MAX_SEGMENTS, 3, 0, 0, rate, comp, 0, 0, &lt, 0);
	t_check(a == b, "a segment with no bytes before it stays in the order (%.0f us, %.0f)", a, b);

	struct lm_db db;
	struct pm_device dev[PM_MAX_DEVS];
	if (load(&db, "h200x4.txt"))
		return;
	gpus_of(&db, dev, 1.3, 140e9);
	int g = dev[0].node;
	struct pm_problem h0h = gemm(8192, 8192, 8192, 0, g, 0, 1);
	h0h.panels_must = 1;
	h0h.c_late_must = 1;
	struct pm_eval e;
	double t = pm_evaluate_tiles(&h0h, dev, 1, &db, 1024, 8192, 1u, &e);
	double panel_ms = lm_link_time_us(&db, 0, g, 67108864) * 1e-3;
	double home_ms = lm_link_time_us(&db, g, 0, 67108864) * 1e-3;
	printf("tune_model: 8192^3 h0h in 1024 x 8192 tiles, A's panels: %.3f ms (first panel %.3f, "
	       "products %.3f, a tile home %.3f)\n", t, panel_ms, e.compute_ms, home_ms);
	t_check(e.panels == 1 && e.c_late && t <= panel_ms + e.compute_ms + 2.5 * home_ms,
	        "8192^3 h0h in 1024 x 8192 tiles, A's panels: %.2f ms, its first panel %.2f, products "
	        "%.2f, a tile home %.2f (panels %u, C late %d)", t, panel_ms, e.compute_ms, home_ms,
	        e.panels, e.c_late);
	const char *no_ahead[][2] = { { "PARALIA_LOOKAHEAD", "0" }, { "PARALIA_POP_READY", "0" } };
	for (int v = 0; v < 2; v++) {
		char *keep = env_saved(no_ahead[v][0]);
		setenv(no_ahead[v][0], no_ahead[v][1], 1);
		double t_no = pm_evaluate_tiles(&h0h, dev, 1, &db, 1024, 8192, 1u, NULL);
		env_restore(no_ahead[v][0], keep);
		t_check(t_no > t + 1, "%s=%s: the other blocks in the order (%.2f ms, %.2f floating)",
		        no_ahead[v][0], no_ahead[v][1], t_no, t);
	}

	/* 8 C tiles of 8192 x 1024 in blocks of three, 8 layers: A's 512 MB in layer panels */
	struct device_part one = { .n = 8, .kt = 8, .rows = 1, .cols = 8, .A = 536870912, .B = 0,
	                           .Cin = 0, .comp = comp, .first_in = 67108864, .last_layer = 1,
	                           .a_panel = PANEL_LAYER, .b_panel = PANEL_NONE, .c_late = 1,
	                           .bs = 3, .held = 0, .fill_waits = 1 };
	struct device_part both = one, not_filled = one;
	both.B = 536870912;
	both.b_panel = PANEL_LAYER;
	not_filled.fill_waits = 0;
	struct segment sg[PM_MAX_SEGMENTS];
	struct result_times r;
	int floats[3] = { 0, 0, 0 }, zero_both = 0;
	const struct device_part *parts[3] = { &one, &both, &not_filled };
	for (int x = 0; x < 3; x++) {
		pm_block_order_segments(parts[x], sg, &r);
		for (int i = 0; i < PM_MAX_SEGMENTS; i++) {
			floats[x] += sg[i].reads_earlier;
			t_check(i >= 3 || !sg[i].reads_earlier, "the first block's segment %d stays in the order", i);
			zero_both += x == 1 && i > 0 && sg[i].n > 0 && sg[i].in <= 0;
		}
	}
	t_check(floats[0] > 0 && floats[1] == 0 && zero_both > 0 && floats[2] == 0,
	        "the other blocks float only with one operand crossing and the policy filling waits (%d "
	        "with A, %d with A and B in layer panels, whose %d segments bring nothing; %d without "
	        "the policy's fill)", floats[0], floats[1], zero_both, floats[2]);
}

int main(void)
{
	t_set_name("tune_model");
	report_h200();
	transfer_bound();
	slow_devices();
	tile_sizes();
	wr_lazy_and_metrics();
	xfer_pitches();
	cut_panels_fill();
	c_late_choices();
	resident_order();
	chains_interleaved();
	late_tail();
	c_home_choices();
	duplex_by_volume();
	duplex_by_columns();
	fetch_ahead_rounds();
	power_cap();
	runtime_plans();
	owner_grids();
	schedule_matches_loop();
	huge_sizes();
	tall_products();
	tall_tiles();
	deep_products();
	depth_layers();
	next_chain_joins();
	square_deep();
	b_cut_tiles();
	floating_other_blocks();
	return t_summary();
}
