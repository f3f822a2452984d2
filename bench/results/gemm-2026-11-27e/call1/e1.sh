#!/usr/bin/env bash
# Session 2026-11-27e, call 1 (issue 14): the GPU suite on 664fb3a first (tests/gemm_tuned's first
# GPU run: the tuner's kernels against CBLAS), then gemm's CUDA algorithm per shape by timing
# (default) side by side with PARALIA_GEMM_ALGO=cublas (cublas<t>gemm everywhere): alternating
# processes, two rounds, ten untimed calls first, at the deep and 2048-wide points.
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh e1 $t || exit
suite 430
pts="d:4096:4096:32768:00h s:4096:4096:32768:00h s:4096:4096:32768:hhh d:4096:4096:32768:hhh d:8192:8192:8192:hhh d:32768:32768:4096:00h"
BENCH_UNTIMED=10 ALT_LIMIT=50 alternate "1 2" ab.csv "$pts" cublas:PARALIA_GEMM_ALGO=cublas measure
