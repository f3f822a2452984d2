#!/usr/bin/env bash
# Session 2026-11-27e, call 4 (issue 14): the GPU suite on the last code (gemm's kernel times a
# candidate only behind work already queued on its stream), then that tuner against
# PARALIA_GEMM_ALGO=cublas at the points where it chose cuBLASLt before (FP32 deep products,
# FP32 12000x30000x7000) and two it left level or 2% slower: two rounds, both orders,
# PARALIA_VERBOSE=1 (each shape's candidates and choice in the .err files).
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh e4 $t || exit
suite 430
pts="s:4096:4096:32768:00h s:12000:30000:7000:hhh s:4096:4096:4096:00h s:4096:4096:4096:0hh d:8192:8192:8192:0hh d:4096:4096:32768:00h"
export BENCH_UNTIMED=6 BENCH_REPS=5 ALT_LIMIT=60
alternate "1" ab.csv "$pts" measure cublas:PARALIA_GEMM_ALGO=cublas
alternate "2" ab.csv "$pts" cublas:PARALIA_GEMM_ALGO=cublas measure
