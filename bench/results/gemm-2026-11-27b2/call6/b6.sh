#!/usr/bin/env bash
# Session 2026-11-27b2, call 6 (issue 14): PARALIA_POP_HOLD on task graphs written by others, on
# the last library code (d861d0e): tiled Cholesky and LU (n = 20480, tile 2048) and the plain
# tile DGEMM graph (gemm_bench graph, 16384^3 from the host) under paralia with the hold (the
# default), without it, and dmdas; runs alternating (bench/sched_compare.sh).
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh b6 $t || exit
export RUNS=5 WARMUP=1 POLICIES="paralia paralia:PARALIA_POP_HOLD=0 dmdas"
for f in cholesky lu; do
  timeout 170 bash bench/sched_compare.sh _build/examples/paralia-$f -n 20480 -nb 2048 > "$R/$f.txt" 2>&1
  tail -6 "$R/$f.txt"; stamp $f; pack
done
BENCH_REPS=3 CALLS=4 timeout 200 bash bench/sched_compare.sh _build/bench/gemm_bench graph d:16384:16384:16384:hhh > "$R/graph.txt" 2>&1
tail -6 "$R/graph.txt"; stamp graph; pack
