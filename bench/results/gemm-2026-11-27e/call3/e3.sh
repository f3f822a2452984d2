#!/usr/bin/env bash
# Session 2026-11-27e, call 3 (issue 14): call 2's one round of PARALIA_GEMM_ALGO=cublas against the
# default (the kernel's algorithm per shape by timing) moved ten points by 5-30% either way (FP64
# 8192^3 0hh, 32768x32768x4096 h0h and 0hh, 16384^3 hhh, 4096^3 00h, 20000x17000x9000 hhh; FP32
# 8192^3 h0h, 4096x4096x32768 h0h, 12000x30000x7000 hhh h0h): again at those, two rounds in
# both orders, with five FP64 points call 2's processes did not reach (their 100 s ran out),
# PARALIA_VERBOSE=1 (each shape's candidates and choice in the .err files).
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh e3 $t || exit
d="d:8192:8192:8192:0hh d:32768:32768:4096:h0h d:32768:32768:4096:0hh d:16384:16384:16384:hhh d:4096:4096:4096:00h d:20000:17000:9000:hhh d:20000:17000:9000:0hh d:12000:30000:7000:hhh d:12000:30000:7000:00h d:27000:9500:14500:hhh d:27000:9500:14500:0hh"
s="s:8192:8192:8192:h0h s:4096:4096:32768:h0h s:12000:30000:7000:hhh s:12000:30000:7000:h0h"
export BENCH_UNTIMED=4 BENCH_REPS=5 ALT_LIMIT=110
alternate "1" ab.csv "$d $s" measure cublas:PARALIA_GEMM_ALGO=cublas
alternate "2" ab.csv "$d $s" cublas:PARALIA_GEMM_ALGO=cublas measure
alternate "3" ab.csv "$d $s" measure cublas:PARALIA_GEMM_ALGO=cublas
