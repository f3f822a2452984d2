#!/usr/bin/env bash
# Session 2026-11-27r, call 3 (issue 14), on 5eff5db: the dataset's GPU-resident points (FP64,
# FP32, 8 shapes) against one cuBLAS call and cuBLASXt's best block; beta = 0 on 8192^3 at the 5
# placements (as session p's calls 1 and 3).
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh r3 $t || exit
grep "GB/s" "$R/linkmap.log" | head -3
S8="4096:4096:4096 8192:8192:8192 16384:16384:16384 32768:32768:4096 4096:4096:32768 20000:17000:9000 12000:30000:7000 27000:9500:14500"
PARALIA_VERBOSE=1 BENCH_PRECS="d s" BENCH_SHAPES="$S8" BENCH_PLACES="000" BENCH_SYSTEMS="paralia cublas cublasxt" \
  BENCH_REPS=3 BENCH_TIMEOUT=110 timeout $((400 - (SECONDS - dev_start))) bash bench/gemm_compare.sh "$R/gemm-000" >/dev/null 2>&1
grep "^| [ds] " "$R/gemm-000/gemm.md" | cut -d'|' -f2-7,10,13-15
sed -n '/Geometric/,$p' "$R/gemm-000/gemm.md" | head -3
stamp 000; pack
left=$((585 - (SECONDS - dev_start)))
[ $left -gt 40 ] && PARALIA_VERBOSE=1 BENCH_BETA=0 BENCH_PRECS="d s" BENCH_SHAPES="8192:8192:8192" \
  BENCH_PLACES="hhh 000 h0h 00h 0hh" BENCH_SYSTEMS="paralia cublasxt cublas" BENCH_REPS=3 BENCH_TIMEOUT=100 \
  timeout $left bash bench/gemm_compare.sh "$R/gemm-beta0" >/dev/null 2>&1
grep "^| [ds] " "$R/gemm-beta0/gemm.md" | cut -d'|' -f2-8,11-13
sed -n '/Geometric/,$p' "$R/gemm-beta0/gemm.md" | head -3
stamp beta0; pack
