#!/usr/bin/env bash
# Session 2026-11-27b2, call 3 (issue 14): the policy leaving a task queued while its copies take
# longer than the GPU worker's work in flight (PARALIA_POP_HOLD=1, the default in this tree)
# against popping it (=0), side by side in alternating processes at the dataset's host points of
# 4096^3, 8192^3 and 4096x4096x32768 (both precisions) and the FP64 points from the host where
# panels are cut; the GPU's timelines of FP64 8192^3 h0h (2048 x 8192 tiles) and 4096^3 00h
# (1536) with it; FP64 4096^3 00h at tile 1536 and in deep products of 512 under both.
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh b3 $t || exit
export TIMELINE_STARPU=1
PARALIA_DEEP=none PARALIA_TALL=8192 bench/gpu_timeline.sh "$R/tl-hold" 2048:d:8192:8192:8192:h0h > /dev/null 2>&1
PARALIA_DEEP=none bench/gpu_timeline.sh "$R/tl-hold" 1536:d:4096:4096:4096:00h > /dev/null 2>&1
grep -A8 "^==" "$R/tl-hold/report.txt" | grep -v starpu
stamp timelines; pack
export BENCH_UNTIMED=4 BENCH_REPS=5
pts=""
for p in d s; do
  for s in 4096:4096:4096 8192:8192:8192 4096:4096:32768; do
    for pl in hhh h0h 0hh 00h; do pts="$pts $p:$s:$pl"; done
  done
done
pts="$pts d:32768:32768:4096:hhh d:32768:32768:4096:h0h d:16384:16384:16384:hhh d:20000:17000:9000:hhh d:27000:9500:14500:hhh"
alternate "1 2" hold.csv "$pts" hold nohold:PARALIA_POP_HOLD=0
stamp alternate; pack
alternate "1 2" t1536.csv "d:4096:4096:4096:00h" t1536:PARALIA_TILE=1536,PARALIA_DEEP=none \
  t1536n:PARALIA_TILE=1536,PARALIA_DEEP=none,PARALIA_POP_HOLD=0 deep512:PARALIA_TILE=512,PARALIA_DEEP=all \
  deep512n:PARALIA_TILE=512,PARALIA_DEEP=all,PARALIA_POP_HOLD=0
cut -d, -f1,2,4-13 "$R"/hold.csv "$R"/t1536.csv
stamp all; pack
