#!/usr/bin/env bash
# Session 2026-11-27r, call 4 (issue 14), on 5eff5db: 32768^3, both precisions, 5 placements,
# against cuBLASXt (blocks 4096 and 8192) and one cuBLAS call (as session p's call 3).
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh r4 $t || exit
grep "GB/s" "$R/linkmap.log" | head -3
PARALIA_VERBOSE=1 BENCH_PRECS="d s" BENCH_SHAPES="32768:32768:32768" BENCH_BLOCKS="4096,8192" \
  BENCH_PLACES="hhh 000 h0h 00h 0hh" BENCH_SYSTEMS="paralia cublasxt cublas" BENCH_REPS=3 BENCH_TIMEOUT=240 \
  timeout $((585 - (SECONDS - dev_start))) bash bench/gemm_compare.sh "$R/gemm-32k" >/dev/null 2>&1
grep "^| [ds] " "$R/gemm-32k/gemm.md" | cut -d'|' -f2-8,10-15
sed -n '/Geometric/,$p' "$R/gemm-32k/gemm.md" | head -3
stamp 32k; pack
