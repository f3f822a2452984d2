# SPDX-License-Identifier: LGPL-2.1-or-later
# (nothing yet)

# Scheduling policy: decision cost per task (synthetic 4 GPU + 64 CPU node), and a comparison
# script of paralia against StarPU's policies on any program (sched_compare.sh).
noinst_PROGRAMS += bench/sched_decision
bench_sched_decision_SOURCES = bench/sched_decision.c
EXTRA_DIST += bench/sched_compare.sh bench/starpu_bus.sh bench/tile_sweep.sh

# GEMM benchmark of paralia against cuBLASXt and a plain StarPU tile graph (bench/gemm_compare.sh
# runs it on the GPU machine and writes the CSV, Markdown table and plot).
noinst_PROGRAMS += bench/gemm_bench
bench_gemm_bench_SOURCES = bench/gemm_bench.c
bench_gemm_bench_CFLAGS = $(AM_CFLAGS) -fopenmp
bench_gemm_bench_LDFLAGS = $(AM_LDFLAGS) -fopenmp
EXTRA_DIST += bench/gemm_compare.sh bench/dmdas_compare.sh bench/dataset_compare.sh bench/gemm_report.py bench/home_bytes_numa.sh bench/README.md bench/results
# Ways to bring a strided host tile into a packed GPU buffer (CUDA source: nvcc by hand, its header).
EXTRA_DIST += bench/copy_ways.cu
# One cuBLAS GEMM on GPU-resident operands against column panels and blocks over streams (nvcc).
EXTRA_DIST += bench/gemm_split.cu
# cuBLASLt's GEMM algorithms under the power cap against cublas<t>gemm (nvcc by hand).
EXTRA_DIST += bench/lt_algos.cu
# Tall products (R x T x T) against the square ones the model prices them as (nvcc by hand).
EXTRA_DIST += bench/tall_probe.cu
# Their operands' values, random and not zero (a header).
EXTRA_DIST += bench/cuda_fill.h
# gemm_bench's and direct_probe's operand values (a header).
EXTRA_DIST += bench/host_fill.h
# Their shared timing: streams joined, events, the median of 5 (a header, nvcc by hand).
EXTRA_DIST += bench/cuda_median.h
# The nvcc probes' and copy2d's check of a CUDA call.
EXTRA_DIST += bench/cuda_check.h

# The CUDA behaviour behind issue 12 (a pageable cudaMemcpy racing StarPU's non-blocking streams),
# on its own; run on a GPU machine by scripts/gpu-run.sh's check stage.
if PARALIA_USE_CUDA
noinst_PROGRAMS += bench/pageable_race
bench_pageable_race_SOURCES = bench/pageable_race.c
# Bandwidth of tile-shaped (2D, strided) copies against the run length (issue 14's model).
noinst_PROGRAMS += bench/copy2d
bench_copy2d_SOURCES = bench/copy2d.c
# The same through StarPU's request machinery (prefetch, fetch, write-back, unregister).
noinst_PROGRAMS += bench/starpu_xfer
bench_starpu_xfer_SOURCES = bench/starpu_xfer.c
# The gemm rate against the time the GPU has been computing: power cap, clocks (issue 14).
noinst_PROGRAMS += bench/sustain_probe
bench_sustain_probe_SOURCES = bench/sustain_probe.c
# Busy periods on a GPU's host link, beside a link calibration (its rounds, issue 14).
noinst_PROGRAMS += bench/copy_load
bench_copy_load_SOURCES = bench/copy_load.c
# What a GPU-resident gemm costs beyond its one cuBLAS call: the direct path's steps (issue 14).
noinst_PROGRAMS += bench/direct_probe
bench_direct_probe_SOURCES = bench/direct_probe.c
bench_direct_probe_CFLAGS = $(AM_CFLAGS) -fopenmp
bench_direct_probe_LDFLAGS = $(AM_LDFLAGS) -fopenmp
endif

# Copies between memory nodes through StarPU, alone and together (link sharing), on a GPU machine
# or a simulated one (scripts/simulate.sh MACHINE link_bench).
noinst_PROGRAMS += bench/link_bench
bench_link_bench_SOURCES = bench/link_bench.c
# Planning cost against problem size: paralia_plan_query up to INT_MAX on this machine, and the
# autotuner alone on synthetic 5-, 9- and 16-device machines (bench/results/plan_query-*.md).
noinst_PROGRAMS += bench/plan_query
bench_plan_query_SOURCES = bench/plan_query.c

# An unmodified BLAS program (Fortran dgemm_/sgemm_ on malloc'd matrices) for
# bench/dropin_compare.sh: the system BLAS, NVBLAS and paralia's drop-in BLAS side by side.
noinst_PROGRAMS += bench/blas_prog
bench_blas_prog_SOURCES = bench/blas_prog.c
bench_blas_prog_LDADD = -lblas
EXTRA_DIST += bench/dropin_compare.sh

# The autotuner's model against a recorded tile sweep, offline (issue 14): bench/model_replay
# KERNELS LINKMAP SWEEP.csv, e.g. on bench/results/gemm-tiles-2026-11-24b/.
noinst_PROGRAMS += bench/model_replay
bench_model_replay_SOURCES = bench/model_replay.c
# Every field of the autotuner's plans over a grid of problems, to compare two trees of
# src/perfmodel where a change should not move a plan: bench/plan_dump KERNELS LINKMAP NGPU.
noinst_PROGRAMS += bench/plan_dump
bench_plan_dump_SOURCES = bench/plan_dump.c
