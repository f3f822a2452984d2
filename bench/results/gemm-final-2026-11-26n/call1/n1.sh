#!/usr/bin/env bash
# Session 2026-11-26n, call 1 (issue 14): the GPU suite on the last code (6860df4's direct path,
# this session's table writers), then beta = 0 on 8192^3 (five placements) and the four FP64 points
# that read below 1.0x cuBLASXt in session m, again with five timed calls, against cuBLASXt and one
# cuBLAS call; with session m's kernel table (call 3) and a link map calibrated here.
. scripts/device-env.sh n1 .device/kernels-m3.txt
CHECK_RUNS=1 timeout 250 scripts/gpu-run.sh check > "$R/suite.txt" 2>&1; tail -3 "$R/suite.txt"
grep -h "^# \|FAIL" _build/test-suite.log 2>/dev/null | head -20 > "$R/suite-summary.txt"; cat "$R/suite-summary.txt"
cp _build/tests/gemm_direct.sh.log "$R/gemm_direct.log" 2>/dev/null; grep "gemm_direct: " "$R/gemm_direct.log"
stamp suite; pack
for g in "4096:4096:32768 h0h 00h" "27000:9500:14500 00h" "32768:32768:4096 000"; do
  set -- $g; d=$R/gemm-below-${1//:/x}
  PARALIA_VERBOSE=1 BENCH_PRECS="d" BENCH_SHAPES="$1" BENCH_PLACES="${*:2}" BENCH_SYSTEMS="paralia cublasxt cublas" \
    BENCH_REPS=5 BENCH_TIMEOUT=60 timeout 130 bash bench/gemm_compare.sh "$d" >/dev/null 2>&1
  grep "^| d" "$d/gemm.md" | cut -d'|' -f2-8,12-14
done
stamp below; pack
PARALIA_VERBOSE=1 BENCH_BETA=0 BENCH_PRECS="d s" BENCH_SHAPES="8192:8192:8192" \
  BENCH_PLACES="hhh 000 h0h 00h 0hh" BENCH_SYSTEMS="paralia cublasxt cublas" BENCH_REPS=3 BENCH_TIMEOUT=50 \
  timeout 120 bash bench/gemm_compare.sh "$R/gemm-beta0" 2>&1 | grep -v "^#" | cut -d, -f1-12 | tail -2
sed -n '/Geometric/,$p' "$R/gemm-beta0/gemm.md" | head -3
stamp beta0; pack
