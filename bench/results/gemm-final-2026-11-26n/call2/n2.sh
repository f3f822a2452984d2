#!/usr/bin/env bash
# Session 2026-11-26n, call 2 (issue 14): paralia against StarPU's dmdas on a plain tile graph of
# paralia's codelets (best of tiles 2048/4096), side by side on one machine, on the last code: the
# 16 points of session i (FP64 and FP32; 8192^3, 16384^3, 4096x4096x32768, 20000x17000x9000; hhh
# and 000), then FP64 at the same shapes with one or two operands on the GPU (h0h 00h 0hh); with
# session m's kernel table (call 3) and a link map calibrated here.
. scripts/device-env.sh n2 .device/kernels-m3.txt
PARALIA_VERBOSE=1 BENCH_PRECS="d s" BENCH_SHAPES="8192:8192:8192 16384:16384:16384 4096:4096:32768 20000:17000:9000" \
  BENCH_PLACES="hhh 000" BENCH_SYSTEMS="paralia dmdas" BENCH_REPS=3 BENCH_TIMEOUT=170 \
  timeout 345 bash bench/gemm_compare.sh "$R/gemm-dmdas" >/dev/null 2>&1
grep "^| [ds]" "$R/gemm-dmdas/gemm.md" | cut -d'|' -f2-7,12,14
sed -n '/Geometric/,$p' "$R/gemm-dmdas/gemm.md" | head -3
stamp dmdas; pack
PARALIA_VERBOSE=1 BENCH_PRECS="d" BENCH_SHAPES="8192:8192:8192 16384:16384:16384 4096:4096:32768 20000:17000:9000" \
  BENCH_PLACES="h0h 00h 0hh" BENCH_SYSTEMS="paralia dmdas" BENCH_REPS=3 BENCH_TIMEOUT=110 \
  timeout 225 bash bench/gemm_compare.sh "$R/gemm-dmdas-mixed" >/dev/null 2>&1
grep "^| [ds]" "$R/gemm-dmdas-mixed/gemm.md" | cut -d'|' -f2-7,12,14
sed -n '/Geometric/,$p' "$R/gemm-dmdas-mixed/gemm.md" | head -3
stamp mixed; pack
