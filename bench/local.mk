# (nothing yet)

# Scheduling policy: decision cost per task (synthetic 4 GPU + 64 CPU node), and a comparison
# script of paralia against StarPU's policies on any program (sched_compare.sh).
noinst_PROGRAMS += bench/sched_decision
bench_sched_decision_SOURCES = bench/sched_decision.c
EXTRA_DIST += bench/sched_compare.sh

# GEMM benchmark of paralia against cuBLASXt and a plain StarPU tile graph (bench/gemm_compare.sh
# runs it on the GPU machine and writes the CSV, Markdown table and plot).
noinst_PROGRAMS += bench/gemm_bench
bench_gemm_bench_SOURCES = bench/gemm_bench.c
bench_gemm_bench_CFLAGS = $(AM_CFLAGS) -fopenmp
bench_gemm_bench_LDFLAGS = -fopenmp
EXTRA_DIST += bench/gemm_compare.sh bench/gemm_report.py bench/home_bytes_numa.sh bench/README.md bench/results

# Planning cost against problem size: paralia_plan_query up to INT_MAX on this machine, and the
# autotuner alone on synthetic 5-, 9- and 16-device machines (bench/results/plan_query-*.md).
noinst_PROGRAMS += bench/plan_query
bench_plan_query_SOURCES = bench/plan_query.c
