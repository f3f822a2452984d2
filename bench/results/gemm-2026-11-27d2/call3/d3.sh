#!/usr/bin/env bash
# Session 2026-11-27d2, call 3 (issue 14): gemm's CUDA algorithm chosen per shape by timing, as of
# 4bc27bf (another algorithm kept only where timed 3% faster; timed only where a kernel runs
# alone: not the direct path's blocks), against cublas<t>gemm everywhere
# (PARALIA_GEMM_ALGO=cublas), side by side: alternating processes, three rounds, ten untimed calls
# first; deep products 512 wide, tall tiles, GPU-resident one-call and blocks points.
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh d3 $t || exit
pts="d:4096:4096:32768:00h s:4096:4096:32768:00h d:4096:4096:4096:00h s:4096:4096:4096:00h d:8192:8192:8192:00h d:8192:8192:8192:0hh d:27000:9500:14500:0hh d:12000:30000:7000:0hh d:32768:32768:4096:00h d:4096:4096:32768:000 d:8192:8192:8192:000 d:20000:17000:9000:000 s:12000:30000:7000:000"
export BENCH_UNTIMED=10
ALT_LIMIT=200 alternate "1 2 3" ab.csv "$pts" measure cublas:PARALIA_GEMM_ALGO=cublas
