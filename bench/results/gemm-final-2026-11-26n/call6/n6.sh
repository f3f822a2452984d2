#!/usr/bin/env bash
# Session 2026-11-26n, call 6 (issue 14): the dataset's FP32 32768^3 (session m had paralia alone)
# on the five placements against cuBLASXt and one cuBLAS call, and FP64 32768^3 00h on this
# session's code (single-tile blocks) against cuBLASXt; then the dataset's table and plot
# (bench/results/gemm-final-2026-11-26n/combine.sh; matplotlib is here). Session m's kernel table
# (call 3), a link map calibrated here.
. scripts/device-env.sh n6 .device/kernels-m3.txt
PARALIA_VERBOSE=1 BENCH_PRECS="s" BENCH_SHAPES="32768:32768:32768" BENCH_PLACES="hhh 000 h0h 00h 0hh" \
  BENCH_SYSTEMS="paralia cublasxt cublas" BENCH_REPS=3 BENCH_TIMEOUT=190 timeout 390 bash bench/gemm_compare.sh "$R/gemm-32k-s" >/dev/null 2>&1
grep "^| s" "$R/gemm-32k-s/gemm.md" | cut -d'|' -f2-8,12-15; stamp 32k-s; pack
PARALIA_VERBOSE=1 BENCH_PRECS="d" BENCH_SHAPES="32768:32768:32768" BENCH_PLACES="00h" \
  BENCH_SYSTEMS="paralia cublasxt" BENCH_REPS=3 BENCH_TIMEOUT=60 timeout 120 bash bench/gemm_compare.sh "$R/gemm-32k-d00h" >/dev/null 2>&1
grep "^| d" "$R/gemm-32k-d00h/gemm.md" | cut -d'|' -f2-8,12-15; stamp 32k-d00h; pack
F=bench/results/gemm-final-2026-11-26n; mkdir -p "$F/call6"
cp -r "$R/gemm-32k-s" "$R/gemm-32k-d00h" "$F/call6/" 2>/dev/null
(cd "$F" && bash combine.sh > /dev/null 2>&1); cp -r "$F/dataset" "$R/"
grep "Geometric" "$R/dataset/gemm.md"; ls -la "$R/dataset"; stamp dataset; pack
