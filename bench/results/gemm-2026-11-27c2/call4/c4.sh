#!/usr/bin/env bash
# Session 2026-11-27c2, call 4 (issue 14): the GPU suite on the session's last library code
# (c5ad18a tree; library b52976c: near_best_kernel, no change of plan), then bench/gemm_split.cu at the shapes where
# the model's deep products or square C tiles over k run off its prices: one cuBLAS call on
# GPU-resident operands against the same product in column panels of 256 to 8192 (deep products)
# and in blocks over k (square C tiles), median of 5 each.
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh c4 $t || exit
suite 440
nvcc -O2 -Ibench -o /tmp/gemm_split bench/gemm_split.cu -lcublas > "$R/split-build.log" 2>&1 ||
  { echo "gemm_split did not build"; cat "$R/split-build.log"; exit 1; }
timeout 150 /tmp/gemm_split d:4096:4096:32768 d:4096:4096:4096 d:8192:8192:8192 d:20000:17000:9000 \
  d:27000:9500:14500 d:12000:30000:7000 s:4096:4096:32768 s:20000:17000:9000 > "$R/split.csv" 2> "$R/split.err"
cat "$R/split.csv"
stamp split; pack
