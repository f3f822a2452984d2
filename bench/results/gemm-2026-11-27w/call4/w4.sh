#!/usr/bin/env bash
# Session 2026-11-27w, call 4 (issue 14): as call 3, with deep products no narrower than 512 (but
# where forced): the points where the model takes deep products (one per C tile over the whole k,
# A on the GPU) on an H200's or an H100's table, the default against PARALIA_DEEP=none (the plans
# before), two rounds alternating, each in its own process; cuBLASXt (best of 2048/4096/8192) at
# the same points in this call; then the GPU suite.
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh w4 $t || exit
pts="d:4096:4096:4096:00h d:8192:8192:8192:0hh d:8192:8192:8192:00h d:4096:4096:32768:0hh d:4096:4096:32768:00h d:20000:17000:9000:0hh d:12000:30000:7000:0hh d:27000:9500:14500:0hh s:4096:4096:4096:0hh s:4096:4096:4096:00h s:4096:4096:32768:00h"
alternate "1 2" deep.csv "$pts" model none:PARALIA_DEEP=none
timeout 150 _build/bench/gemm_bench cublasxt $pts 2> "$R/cublasxt.err" >> "$R/ref.csv"; stamp cublasxt; pack
cat "$R/deep.csv" "$R/ref.csv"
mkdir -p "$R/suite"
CHECK_RUNS=1 CHECK_LIMIT=300 timeout 310 scripts/gpu-run.sh check > "$R/suite/run.log" 2>&1
cp "$OUT/summary.txt" "$R/suite/" 2>/dev/null; tar -xzf "$OUT/results.tar.gz" -C "$R/suite" 2>/dev/null
tail -5 "$R/suite/summary.txt"; grep -h "gemm_deep" -r "$R/suite" | tail -3
stamp suite; pack
