#!/usr/bin/env bash
# Session 2026-11-27v, call 2 (issue 14): C read late where the model's rule forbids it. The rule
# reads C late only where A and B bring at least as many elements across as C (c_late_choice);
# at 20000x17000x9000 from the host they bring 333M against C's 340M, and call 1's timeline (tile
# 4096) showed the first 53 ms link-bound with C's tiles among the first block's copies, the GPU
# idle 16 ms waiting for them, and the last 15 ms kernels only. The model prices C late there at
# 126.7 ms against 137.7 (tile 3072). Default (model) against PARALIA_C_LATE=all, alternating,
# two rounds, at the points where the rule says no, each in its own process; then the timeline of
# 20000x17000x9000 hhh read late.
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh v2 $t || exit
d="d:20000:17000:9000:hhh d:20000:17000:9000:h0h d:20000:17000:9000:0hh d:12000:30000:7000:hhh d:12000:30000:7000:h0h d:12000:30000:7000:0hh d:32768:32768:4096:hhh d:27000:9500:14500:0hh"
s="s:20000:17000:9000:hhh s:20000:17000:9000:0hh s:12000:30000:7000:hhh s:32768:32768:4096:hhh"
for round in 1 2; do
  for mode in model all; do
    PARALIA_C_LATE=$mode PARALIA_VERBOSE=1 timeout 150 _build/bench/gemm_bench paralia $d $s 2> "$R/late-$mode-$round.err" | sed "s/^/$mode,$round,/" >> "$R/late.csv"
    stamp "$mode round $round"; pack
  done
done
PARALIA_C_LATE=all PARALIA_TALL=model PARALIA_VERBOSE=2 timeout 60 bash bench/gpu_timeline.sh "$R/tl" 0:d:20000:17000:9000:hhh > /dev/null 2>&1
PARALIA_C_LATE=all timeout 60 bash bench/gpu_timeline.sh "$R/tl" 4096:d:20000:17000:9000:hhh > /dev/null 2>&1
grep "^== \|^HtoD\|^DtoH\|^kernel\|^fill\|^last call" "$R/tl/report.txt" | cut -c1-200
stamp timeline; pack
cat "$R/late.csv"
