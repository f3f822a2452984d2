#!/usr/bin/env bash
# Session 2026-11-28l, call 2 (issue 14): C's late tiles at StarPU's lowest priority
# (bench/results/gemm-2026-11-28k/c-late-prio.patch, built beside this tree: "prio") against
# the library as it is ("base"), where call 1 left it open: (1) the GPU's timelines with StarPU's
# worker events of FP64 16384^3 hhh at tile 4096 (call 1: prio 1.03x slower there, within its
# spread) under each library; (2) the other points whose picks read C late, FP64 32768x32768x4096
# hhh h0h 0hh, 8192^3 h0h, 4096^3 h0h 0hh, with 16384^3 hhh h0h 0hh and 27000x9500x14500 0hh
# again, medians of 3, six rounds base, prio, prio, base, base, prio; (3) FP64 32768^3 hhh
# (tile 6144, C read late), rounds base, prio, prio, base if the time is left.
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh l2 $t || exit
git log --oneline -1; git status --short | head -5
grep "GB/s" "$R/linkmap.log" | head -3
alt_build "$HOME/alt-cprio" bench/results/gemm-2026-11-28k/c-late-prio.patch || exit
P=$HOME/alt-cprio/_build/bench/gemm_bench
for w in base prio; do
  tl=bench/gpu_timeline.sh; [ $w = prio ] && tl=$HOME/alt-cprio/bench/gpu_timeline.sh
  TIMELINE_STARPU=1 timeout 90 bash "$tl" "$R/tl-$w" 4096:d:16384:16384:16384:hhh > "$R/tl-$w.log" 2>&1
  grep "^== \|^last call\|^HtoD\|^DtoH\|^kernel\|^fill" "$R/tl-$w/report.txt" | cut -c1-220
done
stamp timelines; pack
pts="d:32768:32768:4096:hhh d:32768:32768:4096:h0h d:32768:32768:4096:0hh d:8192:8192:8192:h0h"
pts+=" d:4096:4096:4096:h0h d:4096:4096:4096:0hh d:16384:16384:16384:hhh d:16384:16384:16384:h0h"
pts+=" d:16384:16384:16384:0hh d:27000:9500:14500:0hh"
export BENCH_REPS=3
ALT_LIMIT=100 alternate 1 prio.csv "$pts" base prio:BENCH_BIN=$P
ALT_LIMIT=100 alternate 2 prio.csv "$pts" prio:BENCH_BIN=$P base
ALT_LIMIT=100 alternate 3 prio.csv "$pts" base prio:BENCH_BIN=$P
cut -d, -f1-4,6-9,10-12,14 "$R/prio.csv"
round=0
for w in base prio prio base; do
  round=$((round + 1))
  left=$((580 - (SECONDS - dev_start)))
  [ $left -gt 40 ] || break
  b=_build/bench/gemm_bench; [ $w = prio ] && b=$P
  PARALIA_VERBOSE=1 timeout $left "$b" paralia d:32768:32768:32768:hhh 2>> "$R/big-$w.err" |
    grep -v "^#" | sed "s/^/$w,$round,/" >> "$R/big.csv"
  stamp "big $w"; pack
done
cut -d, -f1-4,6-9,10-12,14 "$R/big.csv"
