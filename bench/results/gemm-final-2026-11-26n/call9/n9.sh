#!/usr/bin/env bash
# Session 2026-11-26n, call 9 (issue 14): the issue's own table (../shared/platforms/h200x1.md:
# FP64 hhh and 000 at 8192^3, 16384^3, 32768^3, 32768x32768x4096, 4096x4096x32768) on the last
# code, against cuBLASXt's best block and one cuBLAS call, on whatever GPU came; session m's
# kernel table where it is an H100, else this GPU's own (paralia-kernels), a link map calibrated
# here.
. scripts/device-env.sh n9 .device/kernels-m3.txt || exit
PARALIA_VERBOSE=1 BENCH_PRECS="d" BENCH_SHAPES="8192:8192:8192 16384:16384:16384 32768:32768:4096 4096:4096:32768 32768:32768:32768" \
  BENCH_PLACES="hhh 000" BENCH_SYSTEMS="paralia cublasxt cublas" BENCH_REPS=3 BENCH_TIMEOUT=170 \
  timeout 420 bash bench/gemm_compare.sh "$R/gemm-h200x1" >/dev/null 2>&1
grep "^| d" "$R/gemm-h200x1/gemm.md" | cut -d'|' -f2-8,11-13,15; sed -n '/Geometric/,$p' "$R/gemm-h200x1/gemm.md" | head -2
stamp table; pack
