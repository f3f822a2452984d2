#!/usr/bin/env bash
# Session 2026-11-26n, call 4 (issue 14): gemm in single-tile blocks (chain by chain) where A and B
# do not cross. The GPU suite on that code; then every 00h point of the dataset but 32768^3 (FP64
# and FP32, beta 0.5) and FP64 8192^3 00h with beta 0, against cuBLASXt's best block in the same
# run; then every fixed tile against the pick at FP64 8192^3 00h (beta 0.5 and 0), for
# bench/model_replay. Session m's kernel table (call 3), a link map calibrated here.
. scripts/device-env.sh n4 .device/kernels-m3.txt
CHECK_RUNS=1 timeout 250 scripts/gpu-run.sh check > "$R/suite.txt" 2>&1; tail -3 "$R/suite.txt"
grep -h "^# \|FAIL" _build/test-suite.log 2>/dev/null | head -20 > "$R/suite-summary.txt"; cat "$R/suite-summary.txt"
stamp suite; pack
S="8192:8192:8192 16384:16384:16384 32768:32768:4096 4096:4096:32768 20000:17000:9000 12000:30000:7000 27000:9500:14500"
PARALIA_VERBOSE=1 BENCH_PRECS="d s" BENCH_SHAPES="4096:4096:4096 $S" BENCH_PLACES="00h" BENCH_SYSTEMS="paralia cublasxt" \
  BENCH_REPS=3 BENCH_TIMEOUT=110 timeout 225 bash bench/gemm_compare.sh "$R/gemm-00h" >/dev/null 2>&1
grep "^| [ds]" "$R/gemm-00h/gemm.md" | cut -d'|' -f2-8,14; sed -n '/Geometric/,$p' "$R/gemm-00h/gemm.md" | head -2
stamp 00h; pack
PARALIA_VERBOSE=1 BENCH_BETA=0 BENCH_PRECS="d" BENCH_SHAPES="8192:8192:8192" BENCH_PLACES="00h" BENCH_SYSTEMS="paralia cublasxt" \
  BENCH_REPS=3 BENCH_TIMEOUT=40 timeout 60 bash bench/gemm_compare.sh "$R/gemm-00h-beta0" >/dev/null 2>&1
grep "^| [ds]" "$R/gemm-00h-beta0/gemm.md" | cut -d'|' -f2-8,14
stamp beta0; pack
export SWEEP_TILES="0 2048 3072 4096 6144"
SWEEP_POINTS="d:8192:8192:8192:00h" timeout 50 bash bench/tile_sweep.sh "$R/sweep.csv" >/dev/null 2>&1
BENCH_BETA=0 SWEEP_POINTS="d:8192:8192:8192:00h" timeout 50 bash bench/tile_sweep.sh "$R/sweep-beta0.csv" >/dev/null 2>&1
cut -d, -f1,3-9,13 "$R/sweep.csv" "$R/sweep-beta0.csv"; stamp sweep; pack
