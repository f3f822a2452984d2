#!/usr/bin/env bash
# Session 2026-11-27r, call 10 (issue 14), on dd902e8: C added at home (PARALIA_C_HOME) against C
# read on the GPU, now that A and B cross in panels and tall tiles. Call 9's timeline of FP64
# 8192^3 from the host: the link to the GPU busy 31.5 of 36.3 ms, C's tiles (a third of its bytes)
# crossing last, its 2048-row edge tiles at 30 GB/s; added at home C never crosses in. The
# default (C read, late where the model says), home where the model finds it 10% faster, home
# everywhere; two rounds alternating, medians of 5.
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh r10 $t || exit
grep "GB/s" "$R/linkmap.log" | head -3
grep "^sum" "$PARALIA_HOME"/kernels-*.txt
P="d:4096:4096:4096:hhh d:8192:8192:8192:hhh d:8192:8192:8192:h0h d:8192:8192:8192:0hh d:16384:16384:16384:hhh d:20000:17000:9000:hhh d:12000:30000:7000:hhh d:27000:9500:14500:hhh d:32768:32768:4096:hhh"
: > "$R/home.csv"
for round in 1 2; do
  for mode in none model all; do
    PARALIA_C_HOME=$mode BENCH_REPS=5 PARALIA_VERBOSE=1 timeout 100 _build/bench/gemm_bench paralia $P 2>"$R/home-$mode-$round.err" \
      | grep -v "^#" | sed "s/^/$mode-$round,/" >> "$R/home.csv"
    stamp "$mode $round"; pack
  done
done
cut -d, -f1,3-9,12,13,14 "$R/home.csv"
grep -h "autotune" "$R"/home-model-1.err | sed 's/.*autotune dgemm //; s/(ld.*): tile/: tile/' | cut -c1-200
stamp done; pack
