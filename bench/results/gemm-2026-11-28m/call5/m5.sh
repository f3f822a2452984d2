#!/usr/bin/env bash
# Session 2026-11-28m, call 5 (issue 14): is tile 4096's slowdown at the odd shapes from the host
# (call 4: FP64 27000x9500x14500 182.5-184.1 ms, 165.9 in session i; 12000x30000x7000 119.6-122.6,
# 113.8) the change's (C's late tiles at the lowest priority, c27ef05) or the machine's? The
# library before it built beside (base-reverse.patch), tiles 4096 and 3072 at both points, one
# process per library and round, rounds base, prio, prio, base, medians of 3.
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh m5 $t || exit
grep "GB/s" "$R/linkmap.log" | head -3
alt_build "$HOME/alt-base" bench/results/gemm-2026-11-28m/base-reverse.patch || exit
round=0
for w in base prio prio base; do
  [ $((150 - (SECONDS - dev_start))) -gt 15 ] || break
  round=$((round + 1)); b=_build/bench/gemm_bench; [ $w = base ] && b=$HOME/alt-base/_build/bench/gemm_bench
  PARALIA_VERBOSE=1 BENCH_SWEEP="4096 3072" BENCH_REPS=3 timeout 30 "$b" paralia d:27000:9500:14500:hhh d:12000:30000:7000:hhh \
    2>> "$R/tiles-$w.err" | grep -v "^#" | sed "s/^/$w,$round,/" >> "$R/tiles.csv"
  stamp "$w round $round"; pack
done
cat "$R/tiles.csv"
