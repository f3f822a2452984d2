# SPDX-License-Identifier: LGPL-2.1-or-later
# Each test is a program that can fail; tests mirror src/ (blas_*, linkmap_*, sched_*).
TESTING_SOURCES = tests/testing.c tests/testing.h tests/testing_prec.c tests/testing_prec.h
check_PROGRAMS += tests/blas_gemm
tests_blas_gemm_SOURCES = tests/blas_gemm.c $(TESTING_SOURCES)
TESTS += tests/blas_gemm
check_PROGRAMS += tests/blas_trmm tests/blas_trsm
tests_blas_trmm_SOURCES = tests/blas_trmm.c tests/triangular_cases.h $(TESTING_SOURCES)
tests_blas_trsm_SOURCES = tests/blas_trsm.c tests/triangular_cases.h $(TESTING_SOURCES)
TESTS += tests/blas_trmm tests/blas_trsm

# Symmetric routines; testing_tri.h holds their triangle-aware checks.
EXTRA_DIST += tests/testing_tri.h
check_PROGRAMS += tests/blas_syrk tests/blas_syr2k tests/blas_symm
tests_blas_syrk_SOURCES = tests/blas_syrk.c $(TESTING_SOURCES)
tests_blas_syr2k_SOURCES = tests/blas_syr2k.c $(TESTING_SOURCES)
tests_blas_symm_SOURCES = tests/blas_symm.c $(TESTING_SOURCES)
TESTS += tests/blas_syrk tests/blas_syr2k tests/blas_symm

# gemm's direct path after the caller's work on the default streams (its own streams wait for it).
check_PROGRAMS += tests/gemm_after_caller
tests_gemm_after_caller_SOURCES = tests/gemm_after_caller.c $(TESTING_SOURCES)
TESTS += tests/gemm_after_caller

# Two application threads calling routines at once.
check_PROGRAMS += tests/threads
tests_threads_SOURCES = tests/threads.c $(TESTING_SOURCES)
tests_threads_LDADD = $(LDADD) -lpthread
TESTS += tests/threads

# Stress (issue 12): every routine x placement x tile-edge shape, several threads, many rounds.
check_PROGRAMS += tests/stress
tests_stress_SOURCES = tests/stress.c $(TESTING_SOURCES)
tests_stress_LDADD = $(LDADD) -lpthread
TESTS += tests/stress

# paralia_init/paralia_shutdown when the application owns StarPU and when paralia does.
check_PROGRAMS += tests/init_modes
tests_init_modes_SOURCES = tests/init_modes.c $(TESTING_SOURCES)
TESTS += tests/init_modes

# geadd tile kernel (WR-lazy accumulation) against a loop reference.
check_PROGRAMS += tests/codelet_geadd
tests_codelet_geadd_SOURCES = tests/codelet_geadd.c $(TESTING_SOURCES)
TESTS += tests/codelet_geadd

# Link map: database files and route/sharing arithmetic on synthetic machines (tests/data/linkmap).
EXTRA_DIST += tests/data/linkmap
check_PROGRAMS += tests/linkmap_file tests/linkmap_routes tests/linkmap_estimate
tests_linkmap_file_SOURCES = tests/linkmap_file.c $(TESTING_SOURCES)
tests_linkmap_routes_SOURCES = tests/linkmap_routes.c $(TESTING_SOURCES)
tests_linkmap_estimate_SOURCES = tests/linkmap_estimate.c $(TESTING_SOURCES)
TESTS += tests/linkmap_file tests/linkmap_routes tests/linkmap_estimate

# The link-map reader under 2000 seeded mutations of the synthetic maps (issue 13).
check_PROGRAMS += tests/linkmap_fuzz
tests_linkmap_fuzz_SOURCES = tests/linkmap_fuzz.c $(TESTING_SOURCES)
TESTS += tests/linkmap_fuzz

# Autotuner decisions on synthetic link databases; plans, cache and query with StarPU running.
check_PROGRAMS += tests/tune_model
tests_tune_model_SOURCES = tests/tune_model.c $(TESTING_SOURCES)
TESTS += tests/tune_model
# The choice of gemm's CUDA algorithm per shape by timing (src/codelets/algo_choice.h), no GPU.
check_PROGRAMS += tests/gemm_algo_choice
tests_gemm_algo_choice_SOURCES = tests/gemm_algo_choice.c $(TESTING_SOURCES)
TESTS += tests/gemm_algo_choice
# gemm's CUDA kernel through the tuner against CBLAS (tiles of 1024 on a GPU; skipped without one).
check_PROGRAMS += tests/gemm_tuned
tests_gemm_tuned_SOURCES = tests/gemm_tuned.c $(TESTING_SOURCES)
TESTS += tests/gemm_tuned

# Chains of calls on kept matrices; mismatch errors; no stale copies after one-off calls.
check_PROGRAMS += tests/blas_chain
tests_blas_chain_SOURCES = tests/blas_chain.c $(TESTING_SOURCES)
TESTS += tests/blas_chain

# Sizes up to INT_MAX: tile size bounds, matrices no array can hold, k = INT_MAX, hostile handles.
check_PROGRAMS += tests/blas_sizes
tests_blas_sizes_SOURCES = tests/blas_sizes.c $(TESTING_SOURCES)
TESTS += tests/blas_sizes

# Kept matrices that share elements refused in either order, disjoint blocks of one array accepted.
check_PROGRAMS += tests/blas_keep_overlap
tests_blas_keep_overlap_SOURCES = tests/blas_keep_overlap.c $(TESTING_SOURCES)
TESTS += tests/blas_keep_overlap

# gemm over every kept/one-off combination of A, B, C, direct and WR-lazy (CPU workers).
check_PROGRAMS += tests/blas_placement
tests_blas_placement_SOURCES = tests/blas_placement.c $(TESTING_SOURCES)
TESTS += tests/blas_placement

# Bigger than the memory tiles may use: STARPU_LIMIT_CUDA_MEM on GPUs, else a capped synthetic
# NUMA node (STARPU_LIMIT_CPU_NUMA_1_MEM) where eviction is seen to happen.
check_PROGRAMS += tests/blas_memlimit
tests_blas_memlimit_SOURCES = tests/blas_memlimit.c $(TESTING_SOURCES)
TESTS += tests/blas_memlimit
# Tile factorisation codelets (potrf, getrf without pivoting) and task failure reporting.
check_PROGRAMS += tests/codelets_factor
tests_codelets_factor_SOURCES = tests/codelets_factor.c $(TESTING_SOURCES)
TESTS += tests/codelets_factor

# A time limit around bench/gemm_compare.sh stops its benchmark too.
EXTRA_DIST += tests/bench_timeout.sh
TESTS += tests/bench_timeout.sh
EXTRA_DIST += tests/bench_args.sh
TESTS += tests/bench_args.sh
# bench/replay_prototype.py against a stand-in model_replay: cells and picks whose way moved apart.
EXTRA_DIST += tests/replay_prototype.sh
TESTS += tests/replay_prototype.sh
# bench/ab_report.py on alternate's rows: speedups base over other, their geometric mean, bad input.
EXTRA_DIST += tests/ab_report.sh
TESTS += tests/ab_report.sh
# bench/paired_report.py on `gemm_bench paired` call lines: ratios of the calls run side by side.
EXTRA_DIST += tests/paired_report.sh
TESTS += tests/paired_report.sh
# bench/timeline_issues.py on a made-up trace: copies asked for after the link went idle, summed.
EXTRA_DIST += tests/timeline_issues.sh
TESTS += tests/timeline_issues.sh
# The start of those two tests, and the checks it and tests/gemm_harness.sh build on (sourced).
EXTRA_DIST += tests/pytool_harness.sh tests/check_harness.sh
# scripts/kernel-table.sh: the carried kernel table a device script's machine takes, by GPU model.
EXTRA_DIST += tests/kernel_table_for.sh
TESTS += tests/kernel_table_for.sh
# docs/ENVIRONMENT.md names every PARALIA_ variable the code reads, and no other.
EXTRA_DIST += tests/env_doc.sh
TESTS += tests/env_doc.sh
# PARALIA_VERBOSE read one way by the policy and the whole-matrix calls: 0 to 2, else named and 0.
EXTRA_DIST += tests/verbose_env.sh
TESTS += tests/verbose_env.sh
# gemm with host operands in column panels (PARALIA_PANELS=all), against CBLAS, on the GPU too.
EXTRA_DIST += tests/gemm_harness.sh tests/gemm_panels.sh
TESTS += tests/gemm_panels.sh
# gemm with C read late (PARALIA_C_LATE=all), against CBLAS, on the GPU too.
EXTRA_DIST += tests/gemm_late.sh
TESTS += tests/gemm_late.sh
# C added at home: the scratch tiles' host copies pinned before a call, counted per size.
check_PROGRAMS += tests/blas_home_warm
tests_blas_home_warm_SOURCES = tests/blas_home_warm.c $(TESTING_SOURCES)
TESTS += tests/blas_home_warm

# gemm with C added at home (PARALIA_C_HOME=all): slices summed by the CPU workers, against CBLAS.
EXTRA_DIST += tests/gemm_home.sh
TESTS += tests/gemm_home.sh
# How gemm's direct path computes a shape: one call or blocks over two streams, measured.
check_PROGRAMS += tests/direct_way
tests_direct_way_SOURCES = tests/direct_way.c $(TESTING_SOURCES)
TESTS += tests/direct_way
# gemm with every operand on one GPU in one tile: one cuBLAS call from the calling thread, or C in
# blocks over two streams (GPU).
EXTRA_DIST += tests/gemm_direct.sh
TESTS += tests/gemm_direct.sh
EXTRA_DIST += tests/gemm_tall.sh
TESTS += tests/gemm_tall.sh
# gemm's deep products (one product per C tile over the whole k) forced on CPU workers.
EXTRA_DIST += tests/gemm_deep.sh
TESTS += tests/gemm_deep.sh
EXTRA_DIST += tests/gemm_depth.sh
TESTS += tests/gemm_depth.sh
# gemm's B read from tiles cut out of it where it lives (PARALIA_CUT_B=all), against CBLAS.
EXTRA_DIST += tests/gemm_cut.sh
TESTS += tests/gemm_cut.sh
# Both factorisation examples with their residual check, and their bad command lines.
EXTRA_DIST += tests/examples.sh
TESTS += tests/examples.sh
# Link map of this machine (fallbacks and warnings) and the paralia-linkmap tool.
check_PROGRAMS += tests/linkmap_machine
tests_linkmap_machine_SOURCES = tests/linkmap_machine.c $(TESTING_SOURCES)
EXTRA_DIST += tests/linkmap_tool.sh
TESTS += tests/linkmap_machine tests/linkmap_tool.sh
# A kernel table is read only on the GPU models it was measured on.
check_PROGRAMS += tests/kernel_table_devices
tests_kernel_table_devices_SOURCES = tests/kernel_table_devices.c $(TESTING_SOURCES)
TESTS += tests/kernel_table_devices

# paralia-linkmap simgrid: link maps as StarPU-SimGrid platforms (the shipped sim/platforms too).
EXTRA_DIST += tests/linkmap_simgrid.sh
TESTS += tests/linkmap_simgrid.sh

# The heat map (libpng): layout, cell colours, values, labels and scale read back from the PNG.
check_PROGRAMS += tests/linkmap_png
tests_linkmap_png_SOURCES = tests/linkmap_png.c tools/linkmap_heatmap.c tools/font5x8.c \
	$(TESTING_SOURCES)
tests_linkmap_png_CFLAGS = $(AM_CFLAGS) $(PNG_CFLAGS)
tests_linkmap_png_LDADD = $(LDADD) $(PNG_LIBS)
TESTS += tests/linkmap_png
# The paralia scheduling policy: its model on synthetic link databases (no StarPU needed).
EXTRA_DIST += tests/sched_testing.h tests/sched_reference.h
check_PROGRAMS += tests/sched_eta tests/sched_host_once tests/sched_queue tests/sched_route
tests_sched_eta_SOURCES = tests/sched_eta.c $(TESTING_SOURCES)
tests_sched_host_once_SOURCES = tests/sched_host_once.c $(TESTING_SOURCES)
tests_sched_queue_SOURCES = tests/sched_queue.c $(TESTING_SOURCES)
tests_sched_route_SOURCES = tests/sched_route.c $(TESTING_SOURCES)
TESTS += tests/sched_eta tests/sched_host_once tests/sched_queue tests/sched_route

# The policy inside StarPU: pinning; loading into a plain StarPU program through STARPU_SCHED_LIB.
check_PROGRAMS += tests/sched_pin tests/sched_foreign tests/sched_writeback
tests_sched_pin_SOURCES = tests/sched_pin.c $(TESTING_SOURCES)
tests_sched_writeback_SOURCES = tests/sched_writeback.c $(TESTING_SOURCES)
# Shutting down right after unregister_submit (run by tests/sched_numa.sh, 10 times).
check_PROGRAMS += tests/sched_shutdown
tests_sched_shutdown_SOURCES = tests/sched_shutdown.c $(TESTING_SOURCES)
tests_sched_foreign_SOURCES = tests/sched_foreign.c
tests_sched_foreign_LDADD = $(STARPU_LIBS)
EXTRA_DIST += tests/sched_env.sh
TESTS += tests/sched_pin tests/sched_env.sh tests/sched_writeback

# Fetching ahead along a chain: the attached tiles reach the worker's node, and only those.
check_PROGRAMS += tests/blas_fetch_ahead
tests_blas_fetch_ahead_SOURCES = tests/blas_fetch_ahead.c $(TESTING_SOURCES)
TESTS += tests/blas_fetch_ahead
# Column panels: one copy per panel, its tiles views into it there and still valid at home.
check_PROGRAMS += tests/blas_panels
tests_blas_panels_SOURCES = tests/blas_panels.c $(TESTING_SOURCES)
TESTS += tests/blas_panels

# The policy's pop waits for the fewest copies, not bytes (skipped without another memory node).
check_PROGRAMS += tests/sched_pop
tests_sched_pop_SOURCES = tests/sched_pop.c $(TESTING_SOURCES)
TESTS += tests/sched_pop
check_PROGRAMS += tests/sched_kernel_table
tests_sched_kernel_table_SOURCES = tests/sched_kernel_table.c $(TESTING_SOURCES)
TESTS += tests/sched_kernel_table

# The policy's StarPU side (prefetches, relays) over four memory nodes of a synthetic NUMA topology.
EXTRA_DIST += tests/sched_numa.sh
TESTS += tests/sched_numa.sh

# The drop-in BLAS (issue 17): unmodified C and Fortran programs linked against the system BLAS
# only, and numpy, with and without LD_PRELOAD=libparalia_blas.so.
if !PARALIA_SIMULATION
check_PROGRAMS += tests/dropin_prog
tests_dropin_prog_SOURCES = tests/dropin_prog.c
tests_dropin_prog_LDADD = -lblas -lm -lpthread
# the Fortran program is compiled by dropin.sh with gfortran when there is one
EXTRA_DIST += tests/dropin.sh tests/dropin_prog.f90
TESTS += tests/dropin.sh
# A paralia program linked with the drop-in BLAS: calls on kept matrices go to paralia.
check_PROGRAMS += tests/dropin_keep
tests_dropin_keep_SOURCES = tests/dropin_keep.c
tests_dropin_keep_LDADD = libparalia_blas.la $(LDADD)
TESTS += tests/dropin_keep
endif
