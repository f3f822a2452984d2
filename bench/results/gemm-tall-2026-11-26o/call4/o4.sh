#!/usr/bin/env bash
# Session 2026-11-26o, call 4 (issue 14): the issue's own table (../shared/platforms/h200x1.md:
# FP64 hhh and 000 at 8192^3, 16384^3, 32768^3, 32768x32768x4096, 4096x4096x32768) on the code
# with tall tiles, against cuBLASXt's best block and one cuBLAS call; an H200's table from session
# n (call 9) on an H200, session m's on an H100. Then FP64 32768x32768x4096 with C alone on the
# host, where an H200's table picks tall tiles, with them allowed and not, twice.
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh o4 $t || exit
PARALIA_VERBOSE=1 BENCH_PRECS="d" BENCH_SHAPES="8192:8192:8192 16384:16384:16384 32768:32768:4096 4096:4096:32768 32768:32768:32768" \
  BENCH_PLACES="hhh 000" BENCH_SYSTEMS="paralia cublasxt cublas" BENCH_REPS=3 BENCH_TIMEOUT=170 \
  timeout 430 bash bench/gemm_compare.sh "$R/gemm-h200x1" >/dev/null 2>&1
grep "^| d" "$R/gemm-h200x1/gemm.md" | cut -d'|' -f2-8,11-13,15; sed -n '/Geometric/,$p' "$R/gemm-h200x1/gemm.md" | head -2
stamp table; pack
: > "$R/picks.csv"
for round in 1 2; do
  for mode in model none; do
    [ $((SECONDS + 40)) -lt 585 ] || break 2
    PARALIA_TALL=$mode PARALIA_VERBOSE=1 BENCH_REPS=3 BENCH_UNTIMED=2 timeout 40 _build/bench/gemm_bench paralia d:32768:32768:4096:00h 2>>"$R/picks.err" | grep -v "^#" | sed "s/^/$mode$round,/" >> "$R/picks.csv"
  done
done
stamp picks; pack
cut -d, -f1,3-6,8-12 "$R/picks.csv"
grep "autotune" "$R/picks.err" | sed 's/(ld.*): tile/: tile/' | cut -c1-170 | sort -u
