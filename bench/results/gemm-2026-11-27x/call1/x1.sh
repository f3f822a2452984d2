#!/usr/bin/env bash
# Session 2026-11-27x, call 1 (issue 14): deep products with square C tiles (C T x T, one product
# over the whole k: cuBLASXt's own blocks, PARALIA_TALL=T beside PARALIA_DEEP=all) against the
# model's plan, at 12 points with A on the GPU, two rounds alternating, each in its own process;
# cuBLASXt at the same points; then the three points below 1.0x cuBLASXt (d 27000x9500x14500 00h,
# d 20000x17000x9000 000, d 32768x32768x4096 000) with paralia, one cuBLAS call and cuBLASXt
# alternating, two rounds.
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh x1 $t || exit
pts="d:16384:16384:16384:00h d:27000:9500:14500:00h d:20000:17000:9000:00h d:12000:30000:7000:00h d:32768:32768:4096:00h d:8192:8192:8192:00h d:16384:16384:16384:0hh d:27000:9500:14500:0hh d:20000:17000:9000:0hh s:16384:16384:16384:00h s:27000:9500:14500:00h s:20000:17000:9000:00h"
ALT_LIMIT=170 alternate "1 2" sq.csv "$pts" model sq2048:PARALIA_TILE=2048,PARALIA_TALL=2048,PARALIA_DEEP=all sq4096:PARALIA_TILE=4096,PARALIA_TALL=4096,PARALIA_DEEP=all
timeout 170 _build/bench/gemm_bench cublasxt $pts 2> "$R/cublasxt.err" >> "$R/ref.csv"; stamp cublasxt; pack
low="d:27000:9500:14500:00h d:20000:17000:9000:000 d:32768:32768:4096:000"
for round in 1 2; do
  for sys in paralia cublas cublasxt; do
    PARALIA_VERBOSE=1 timeout 120 _build/bench/gemm_bench $sys $low 2>> "$R/low-$sys.err" | sed "s/^/$round,/" >> "$R/low.csv"
  done
  stamp "low round $round"; pack
done
cat "$R/sq.csv" "$R/ref.csv" "$R/low.csv"
