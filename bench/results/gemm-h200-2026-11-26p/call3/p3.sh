#!/usr/bin/env bash
# Session 2026-11-26p, call 3 (issue 14): the dataset on one H200, part 3: 32768^3 (FP64 and FP32,
# hhh 000 h0h 00h 0hh) against cuBLASXt's best block of 4096 and 8192 and one cuBLAS call; beta = 0
# on 8192^3 (the five placements, FP64 and FP32) against cuBLASXt; then paralia and one cuBLAS call
# at the small GPU-resident points that read 0.96x in call 1, alternating processes, call by call.
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh p3 $t || exit
PARALIA_VERBOSE=1 BENCH_PRECS="d s" BENCH_SHAPES="32768:32768:32768" BENCH_BLOCKS="4096,8192" \
  BENCH_PLACES="hhh 000 h0h 00h 0hh" BENCH_SYSTEMS="paralia cublasxt cublas" BENCH_REPS=3 BENCH_TIMEOUT=240 \
  timeout $((560 - (SECONDS - dev_start))) bash bench/gemm_compare.sh "$R/gemm-32k" >/dev/null 2>&1
grep "^| [ds] " "$R/gemm-32k/gemm.md" | cut -d'|' -f2-8,10-15
sed -n '/Geometric/,$p' "$R/gemm-32k/gemm.md" | head -3
stamp 32k; pack
left=$((560 - (SECONDS - dev_start)))
[ $left -gt 40 ] && PARALIA_VERBOSE=1 BENCH_BETA=0 BENCH_PRECS="d s" BENCH_SHAPES="8192:8192:8192" \
  BENCH_PLACES="hhh 000 h0h 00h 0hh" BENCH_SYSTEMS="paralia cublasxt cublas" BENCH_REPS=3 BENCH_TIMEOUT=100 \
  timeout $left bash bench/gemm_compare.sh "$R/gemm-beta0" >/dev/null 2>&1
grep "^| [ds] " "$R/gemm-beta0/gemm.md" | cut -d'|' -f2-8,11-13
sed -n '/Geometric/,$p' "$R/gemm-beta0/gemm.md" | head -3
stamp beta0; pack
: > "$R/small.csv"
for round in 1 2 3; do
  for sys in paralia cublas; do
    [ $((SECONDS - dev_start + 20)) -lt 585 ] || break 2
    PARALIA_VERBOSE=2 BENCH_EACH=1 BENCH_REPS=10 timeout 20 _build/bench/gemm_bench $sys d:4096:4096:4096:000 s:4096:4096:4096:000 d:8192:8192:8192:000 \
      2>>"$R/small.err" | grep -v "^#" | sed "s/^/$round,/" >> "$R/small.csv"
  done
done
stamp small; pack
cut -d, -f1-2,3-7,9-11 "$R/small.csv"
grep -i "whole\|ms" "$R/small.err" | grep -v "call [0-9]*:" | sort | uniq -c | head -12
