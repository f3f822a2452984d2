#!/usr/bin/env bash
# Session 2026-11-28k, call 3 (issue 14), on the library of b8c6b3a: the one pick call 1's sweep
# found slower than its best fixed tile by more than the machine's spread, FP64 4096x4096x32768
# h0h (tiles of 3072, C read late, the first block fetching ahead: 26.3-26.4 ms, predicted 23.7;
# 2048 23.2, predicted 23.9; session q's H200 read 3072 -8% too). Which of the plan's ways the
# model misprices there: (1) tiles of 2048 and 3072 as the model plans them, then with no block
# fetching ahead (PARALIA_FETCH_AHEAD=none), C read with the products (PARALIA_C_LATE=none) and A
# in column panels (PARALIA_PANELS=a), in two rounds, the second in the reverse order (gemm_bench
# BENCH_SWEEP, medians of 3); (2) the GPU's timeline of one call at each tile with StarPU's worker
# events (bench/gpu_timeline.sh, TIMELINE_STARPU=1).
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh k3 $t || exit
git log --oneline -1; git status --short | head -3
grep "GB/s" "$R/linkmap.log" | head -3
p=d:4096:4096:32768:h0h
ways="model FETCH_AHEAD=none C_LATE=none PANELS=a"
rev="PANELS=a C_LATE=none FETCH_AHEAD=none model"
for round in 1 2; do
  list=$ways; [ $round = 2 ] && list=$rev
  for w in $list; do
    envs=(); [ "$w" != model ] && envs=("PARALIA_$w")
    env "${envs[@]}" PARALIA_VERBOSE=1 BENCH_SWEEP="2048 3072" BENCH_REPS=3 timeout 60 _build/bench/gemm_bench paralia $p \
      2>> "$R/ways.err" | grep -v "^#" | sed "s/^/$w,$round,/" >> "$R/ways.csv"
  done
done
cut -d, -f1-3,9,10,14 "$R/ways.csv"
stamp ways; pack
for T in 2048 3072; do
  TIMELINE_STARPU=1 timeout 90 bash bench/gpu_timeline.sh "$R/tl" $T:$p > "$R/tl-$T.log" 2>&1
done
grep "^== \|^last call\|^HtoD\|^DtoH\|^kernel\|^fill" "$R/tl/report.txt" | cut -c1-220
stamp timelines; pack
# (3) FP64 27000x9500x14500 h0h and 0hh, whose picks (tiles of 3072, the plan of their T=3072
# cells) ran first on their operands in call 1 and 4-7% slower than those cells: the pick between
# fixed tiles, not first (BENCH_SWEEP="3072 0 8192 0 3072").
left=$((570 - (SECONDS - dev_start)))
[ $left -gt 30 ] && PARALIA_VERBOSE=1 BENCH_SWEEP="3072 0 8192 0 3072" BENCH_REPS=3 timeout $left \
  _build/bench/gemm_bench paralia d:27000:9500:14500:h0h d:27000:9500:14500:0hh 2>> "$R/order.err" |
  grep -v "^#" > "$R/order.csv"
cut -d, -f1,3-10,13 "$R/order.csv"
stamp order; pack
