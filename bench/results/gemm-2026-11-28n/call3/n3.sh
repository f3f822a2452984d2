#!/usr/bin/env bash
# Session 2026-11-28n, call 3 (issue 14): the GPU suite on the tree whose gemm runs its square and
# tall products on two lanes of their CUDA worker and its deep products on the worker's stream
# through the tuner (the default now; call 2 had the deep products on the lanes too, 2-6% slower
# there); then the dataset's 13 points whose plans run deep products against cuBLASXt
# (bench/gemm_compare.sh, BENCH_POINTS), and, side by side, this library against
# PARALIA_GEMM_STREAMS=1 at four of them and two of square tiles.
. scripts/device-env.sh n3 .device/kernels-n9-h200.txt .device/kernels-m3.txt || exit
git log --oneline -1; git status --short | head -8
suite $((430 - (SECONDS - dev_start)))
deep="s:4096:4096:4096:00h s:4096:4096:4096:0hh s:16384:16384:16384:00h s:4096:4096:32768:00h"
deep+=" d:4096:4096:4096:00h d:8192:8192:8192:00h d:8192:8192:8192:0hh d:16384:16384:16384:00h"
deep+=" d:4096:4096:32768:00h d:4096:4096:32768:0hh d:20000:17000:9000:0hh d:12000:30000:7000:0hh"
deep+=" d:27000:9500:14500:0hh"
left=$((560 - (SECONDS - dev_start)))
if [ $left -gt 60 ]; then
  PARALIA_VERBOSE=1 BENCH_POINTS="$deep" BENCH_SYSTEMS="paralia cublasxt" BENCH_REPS=3 BENCH_TIMEOUT=150 \
    timeout $left bash bench/gemm_compare.sh "$R/gemm-deep" >/dev/null 2>&1
  grep "^| [ds] " "$R/gemm-deep/gemm.md" | cut -d'|' -f2-7,11-13
  sed -n '/Geometric/,$p' "$R/gemm-deep/gemm.md" | head -2
  stamp deep; pack
fi
pts="s:4096:4096:32768:00h d:8192:8192:8192:0hh d:12000:30000:7000:0hh s:16384:16384:16384:00h"
pts+=" s:16384:16384:16384:hhh d:20000:17000:9000:hhh"
export BENCH_REPS=3 ALT_LIMIT=40
[ $((585 - (SECONDS - dev_start))) -gt 45 ] && alternate 1 ab.csv "$pts" hybrid one:PARALIA_GEMM_STREAMS=1
[ $((585 - (SECONDS - dev_start))) -gt 45 ] && alternate 2 ab.csv "$pts" one:PARALIA_GEMM_STREAMS=1 hybrid
python3 bench/ab_report.py --base one "$R/ab.csv" > "$R/ab-report.txt" 2>&1; cat "$R/ab-report.txt"
stamp ab; pack
