#!/usr/bin/env bash
# Session 2026-11-27z, call 5 (issue 14): this session's dataset plotted (matplotlib is here), then
# the GPU suite on this session's last code (gemm_bench's paired system and its check in
# tests/bench_args.sh among the tests).
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh z5 $t || exit
(cd bench/results/gemm-2026-11-27z && bash combine.sh && cp dataset-h200/gemm.png "$R/gemm.png" && cp dataset-h200/gemm.md "$R/gemm.md") > "$R/plot.log" 2>&1
tail -3 "$R/plot.log"; stamp plot; pack
suite 440
grep -h "bench_args: " "$R"/suite -r | sort -u | tail -20
