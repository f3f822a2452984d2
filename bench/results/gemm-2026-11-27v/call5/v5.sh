#!/usr/bin/env bash
# Session 2026-11-27v, call 5 (issue 14): the GPU-resident FP64 points below 1.0x cuBLASXt. There
# paralia's direct path runs one cuBLAS call (its blocks of 2048 over two streams measured slower
# under DGEMM's power cap), while cuBLASXt's best block was 8192 (session p: 20000x17000x9000 000
# 113.3 ms against one call's 115.2). One call (PARALIA_DIRECT_WAY=whole) against blocks of 8192
# over the two streams (blocks, PARALIA_DIRECT_BLOCK=8192), one cuBLAS call and cuBLASXt at 8192,
# each in its own process, two rounds.
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh v5 $t || exit
pts="d:20000:17000:9000:000 d:32768:32768:4096:000 d:27000:9500:14500:000 d:12000:30000:7000:000 d:16384:16384:16384:000"
for round in 1 2; do
  PARALIA_DIRECT_WAY=whole timeout 60 _build/bench/gemm_bench paralia $pts 2>/dev/null | sed "s/^/whole,$round,/" >> "$R/direct.csv"
  PARALIA_DIRECT_WAY=blocks PARALIA_DIRECT_BLOCK=8192 timeout 60 _build/bench/gemm_bench paralia $pts 2>/dev/null | sed "s/^/b8192,$round,/" >> "$R/direct.csv"
  timeout 60 _build/bench/gemm_bench cublas $pts 2>/dev/null | sed "s/^/cublas,$round,/" >> "$R/direct.csv"
  BENCH_BLOCKS=8192 timeout 90 _build/bench/gemm_bench cublasxt $pts 2>/dev/null | sed "s/^/xt8192,$round,/" >> "$R/direct.csv"
  stamp "round $round"; pack
done
cat "$R/direct.csv"
