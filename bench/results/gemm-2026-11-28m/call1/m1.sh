#!/usr/bin/env bash
# Session 2026-11-28m, call 1 (issue 14): the chains' tiles fetched ahead at StarPU's prefetch
# level ("pf", bench/results/gemm-2026-11-28m/pf.patch) instead of its idle level. StarPU
# (src/datawizard/datawizard.c, data_request.h) starts an idle request only when no other copy is
# pending on that link direction, and one at a time, so each tile fetched ahead waits for the
# driver to see the previous copy end; prefetch requests keep two in flight. Against the library
# as it is and against "prio" (C's late tiles at the lowest priority, 2026-11-28k), each library
# in its own process, rounds in three orders: (1) 13 points from small to large, medians of 3;
# (2) FP32 4096^3 hhh at tiles 1024 and 2048 and the pick (the model's two misses, 2026-11-28i),
# base and pf, medians of 5.
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh m1 $t || exit
git log --oneline -1; git status --short | head -5
grep "GB/s" "$R/linkmap.log" | head -3
alt_build "$HOME/alt-pf" bench/results/gemm-2026-11-28m/pf.patch || exit
alt_build "$HOME/alt-prio" bench/results/gemm-2026-11-28k/c-late-prio.patch || exit
F=$HOME/alt-pf/_build/bench/gemm_bench P=$HOME/alt-prio/_build/bench/gemm_bench
pts="d:4096:4096:4096:hhh s:4096:4096:4096:hhh d:4096:4096:4096:h0h s:4096:4096:4096:0hh"
pts+=" d:8192:8192:8192:hhh s:8192:8192:8192:hhh d:8192:8192:8192:h0h d:4096:4096:32768:h0h"
pts+=" s:4096:4096:32768:hhh d:16384:16384:16384:hhh d:20000:17000:9000:hhh"
pts+=" d:27000:9500:14500:hhh d:32768:32768:4096:h0h"
export BENCH_REPS=3 ALT_LIMIT=110
alternate 1 ab.csv "$pts" base pf:BENCH_BIN=$F prio:BENCH_BIN=$P
alternate 2 ab.csv "$pts" prio:BENCH_BIN=$P pf:BENCH_BIN=$F base
left=$((560 - (SECONDS - dev_start)))
[ $left -gt 170 ] && alternate 3 ab.csv "$pts" pf:BENCH_BIN=$F base prio:BENCH_BIN=$P
unset BENCH_REPS ALT_LIMIT
python3 bench/ab_report.py --base base "$R/ab.csv" > "$R/ab-report.txt" 2>&1; cat "$R/ab-report.txt"
stamp report; pack
round=0
for w in base pf pf base; do
  left=$((575 - (SECONDS - dev_start)))
  [ $left -gt 25 ] || break
  round=$((round + 1)); b=_build/bench/gemm_bench; [ $w = pf ] && b=$F
  PARALIA_VERBOSE=1 BENCH_SWEEP="1024 2048 0" BENCH_REPS=5 timeout 20 "$b" paralia s:4096:4096:4096:hhh \
    2>> "$R/small-$w.err" | grep -v "^#" | sed "s/^/$w,$round,/" >> "$R/small.csv"
done
cut -d, -f1-4,8-10,14 "$R/small.csv"
stamp small; pack
