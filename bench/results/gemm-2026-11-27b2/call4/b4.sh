#!/usr/bin/env bash
# Session 2026-11-27b2, call 4 (issue 14): on the session's last library code (d861d0e), the two
# dataset points this session changed beyond the processes' spread, paralia and cuBLASXt (best
# block of 2048, 4096, 8192) side by side by bench/gemm_compare.sh: FP64 4096^3 00h (the model's
# pick now deep products of 512) and FP64 8192^3 h0h (PARALIA_POP_HOLD); then the GPU suite.
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh b4 $t || exit
for pt in 4096:00h 8192:h0h; do
  n=${pt%%:*} pl=${pt#*:}
  BENCH_PRECS=d BENCH_SHAPES=$n:$n:$n BENCH_PLACES=$pl BENCH_SYSTEMS="paralia cublasxt" \
    BENCH_TIMEOUT=120 bench/gemm_compare.sh "$R/cmp-$n-$pl" > "$R/cmp-$n-$pl.log" 2>&1
  grep -v "^#" "$R/cmp-$n-$pl/gemm.csv"
done
stamp compare; pack
suite 440
