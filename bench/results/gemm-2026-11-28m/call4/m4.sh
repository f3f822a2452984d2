#!/usr/bin/env bash
# Session 2026-11-28m, call 4 (issue 14): on the library whose gemm asks for C's late tiles at
# StarPU's lowest priority (c27ef05), the odd shapes from the host and with B on the GPU at tiles
# 3072, 4096 and 6144 and the pick (BENCH_SWEEP, one process per point and round, medians of 3,
# two rounds): before it, 4096 was the best tile at FP64 20000x17000x9000 hhh (126.1 ms against
# the pick's 135.0, 2026-11-28i), which the model prices 5% over.
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh m4 $t || exit
grep "GB/s" "$R/linkmap.log" | head -3
for round in 1 2; do
  for p in d:20000:17000:9000:hhh d:27000:9500:14500:hhh d:20000:17000:9000:h0h d:27000:9500:14500:h0h d:12000:30000:7000:hhh; do
    [ $((250 - (SECONDS - dev_start))) -gt 20 ] || break 2
    PARALIA_VERBOSE=1 BENCH_SWEEP="3072 4096 6144 0" BENCH_REPS=3 timeout 30 _build/bench/gemm_bench paralia $p \
      2>> "$R/sweep-$round.err" | grep -v "^#" | sed "s/^/sweep,$round,/" >> "$R/sweep.csv"
  done
  stamp "round $round"; pack
done
cat "$R/sweep.csv"
