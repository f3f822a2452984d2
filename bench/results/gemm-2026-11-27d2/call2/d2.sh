#!/usr/bin/env bash
# Session 2026-11-27d2, call 2 (issue 14): gemm's CUDA algorithm chosen per shape by timing
# (src/codelets/gemm_algo.c, the default) against cublas<t>gemm everywhere (PARALIA_GEMM_ALGO=cublas,
# what paralia did before), side by side: alternating processes, two rounds, at points whose
# products are m x 2048 (tall tiles of 8192 x 2048), GPU-resident one-call points and others; ten
# untimed calls first (a one-call shape times its candidates over its first calls). Then
# lt_algos quick at the tall tiles' products.
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh d2 $t || exit
pts="d:32768:32768:4096:00h d:32768:32768:4096:0hh d:8192:8192:8192:h0h d:4096:4096:32768:000 d:8192:8192:8192:000 d:20000:17000:9000:000 d:16384:16384:16384:00h d:20000:17000:9000:hhh d:4096:4096:32768:00h s:12000:30000:7000:000 s:4096:4096:32768:00h"
export BENCH_UNTIMED=10
ALT_LIMIT=200 alternate "1 2" ab.csv "$pts" measure cublas:PARALIA_GEMM_ALGO=cublas
nvcc -O2 -arch=sm_90 -o _build/lt_algos bench/lt_algos.cu -lcublasLt -lcublas -ldl > "$R/lt_build.txt" 2>&1 || cat "$R/lt_build.txt"
timeout 60 _build/lt_algos quick d:8192:2048:2048 d:4096:4096:4096 d:3072:3072:3072 d:4096:512:4096 d:16384:512:16384 d:4096:4096:32768 d:8192:8192:8192 > "$R/tall.csv" 2> "$R/tall.err"; echo "lt_algos quick rc $?"
stamp tall; pack
