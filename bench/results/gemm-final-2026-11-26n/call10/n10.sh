#!/usr/bin/env bash
# Session 2026-11-26n, call 10 (issue 14): gemm's direct path for every autotuned plan on the GPU
# holding every operand, its blocks the plan's tile where the model found tiles faster. The GPU
# suite on that code, then the FP64 GPU-resident points whose plans were tiles, against one
# cuBLAS call, with the direct path's decisions (PARALIA_VERBOSE=2).
. scripts/device-env.sh n10 .device/kernels-m3.txt || exit
CHECK_RUNS=1 timeout 230 scripts/gpu-run.sh check > "$R/suite.txt" 2>&1; tail -2 "$R/suite.txt"
grep -h "^# \|FAIL" _build/test-suite.log 2>/dev/null | head -12 > "$R/suite-summary.txt"; grep "TOTAL\|PASS\|FAIL" "$R/suite-summary.txt"
cp _build/tests/gemm_direct.sh.log "$R/gemm_direct.log" 2>/dev/null; grep "gemm_direct: " "$R/gemm_direct.log"
stamp suite; pack
P="d:8192:8192:8192:000 d:16384:16384:16384:000 d:32768:32768:4096:000 d:4096:4096:32768:000 d:20000:17000:9000:000"
PARALIA_VERBOSE=2 BENCH_REPS=3 timeout 100 _build/bench/gemm_bench paralia $P > "$R/paralia.csv" 2> "$R/paralia.err"
BENCH_REPS=3 timeout 60 _build/bench/gemm_bench cublas $P > "$R/cublas.csv" 2>/dev/null
grep -v "^#" "$R/paralia.csv" "$R/cublas.csv" | cut -d, -f1-9,12
grep "autotune\|: whole\|: blocks" "$R/paralia.err" | sed 's/(ld.*): tile/: tile/' | cut -c1-150
stamp points; pack
