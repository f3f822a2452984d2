#!/usr/bin/env bash
# Session 2026-11-28g, call 1 (issue 14), on 1f9e5ad (dd6b733's cap for tall products included):
# 1. the dataset points whose plan the kernel table's tall lines change (replayed on 1f9e5ad:
#    FP64 8192^3 hhh h0h, 32768x32768x4096 hhh h0h 00h), the table without them (before) and with
#    them (tall, the carried table), each in its own process, alternating, three rounds;
# 2. paralia (the carried table, tall lines in) and cuBLASXt at FP64 8192^3 and 32768x32768x4096,
#    hhh h0h 00h, by bench/gemm_compare.sh (the dataset's way), for the dataset's rows;
# 3. the two FP64 GPU-resident points at 0.99x cuBLASXt in the dataset (4096x4096x32768 000,
#    20000x17000x9000 000): paralia, cuBLASXt and one cuBLAS call, three rounds of gemm_compare.
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh g1 $t || exit
N=$HOME/.paralia-notall
mkdir -p "$N" && cp "$PARALIA_HOME"/*.txt "$N/"
grep -v '^tall ' "$PARALIA_HOME/kernels-$(hostname).txt" > "$N/kernels-$(hostname).txt"
grep -c '^tall ' "$PARALIA_HOME/kernels-$(hostname).txt" "$N/kernels-$(hostname).txt"
P="d:8192:8192:8192:hhh d:8192:8192:8192:h0h d:32768:32768:4096:hhh d:32768:32768:4096:h0h d:32768:32768:4096:00h"
for r in 1 2 3; do
  [ $((SECONDS - dev_start)) -gt 230 ] && break
  ALT_LIMIT=60 alternate "$r" tall-ab.csv "$P" before:PARALIA_HOME=$N tall
done
cut -d, -f1-12 "$R/tall-ab.csv"
grep -h "autotune" "$R"/before-1.err "$R"/tall-1.err | cut -c1-220
BENCH_PRECS=d BENCH_SHAPES="8192:8192:8192 32768:32768:4096" BENCH_PLACES="hhh h0h 00h" \
  BENCH_SYSTEMS="paralia cublasxt" BENCH_TIMEOUT=120 timeout 200 bash bench/gemm_compare.sh "$R/compare-tall" >/dev/null 2>&1
grep "^| [ds]" "$R/compare-tall/gemm.md" | cut -d'|' -f2-8,11,12,13
stamp compare; pack
for r in 1 2 3; do
  [ $((SECONDS - dev_start)) -gt 500 ] && break
  BENCH_PRECS=d BENCH_SHAPES="4096:4096:32768 20000:17000:9000" BENCH_PLACES="000" \
    BENCH_SYSTEMS="paralia cublasxt cublas" BENCH_TIMEOUT=40 timeout 90 bash bench/gemm_compare.sh "$R/compare-000-$r" >/dev/null 2>&1
  grep "^| [ds]" "$R/compare-000-$r/gemm.md" | cut -d'|' -f2-8,10,13,15
  stamp "000 round $r"; pack
done
