#!/usr/bin/env bash
# Session 2026-11-27d2, call 4 (issue 14): on 02e7436 (gemm's CUDA algorithm per shape by timing,
# margins FP32 3%, FP64 10%), side by side with PARALIA_GEMM_ALGO=cublas (cublas<t>gemm, as
# before): alternating processes, two rounds, ten untimed calls first; then the GPU suite.
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh d4 $t || exit
pts="d:4096:4096:32768:00h s:4096:4096:32768:00h d:8192:8192:8192:0hh d:8192:8192:8192:00h s:4096:4096:4096:00h d:4096:4096:32768:000"
BENCH_UNTIMED=10 ALT_LIMIT=120 alternate "1 2" ab.csv "$pts" cublas:PARALIA_GEMM_ALGO=cublas measure
suite 420
