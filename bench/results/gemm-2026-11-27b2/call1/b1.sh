#!/usr/bin/env bash
# Session 2026-11-27b2, call 1 (issue 14): where the worst host points of the dataset lose their
# time. The GPU's timelines (CUPTI, with StarPU's worker events) of the picks at FP64 4096^3 00h
# (tile 1536), FP32 4096^3 h0h (2048), FP64 8192^3 h0h (2048 x 8192 rows), FP32
# 4096x4096x32768 hhh (6144), and of deep products 512 wide at FP64 4096^3 00h; then the picks
# against the other ways, side by side (alternate).
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh b1 $t || exit
export TIMELINE_STARPU=1
PARALIA_DEEP=none bench/gpu_timeline.sh "$R/tl" 1536:d:4096:4096:4096:00h 2048:s:4096:4096:4096:h0h \
  6144:s:4096:4096:32768:hhh > /dev/null 2>&1
PARALIA_DEEP=all PARALIA_TALL=model bench/gpu_timeline.sh "$R/tl-deep" 512:d:4096:4096:4096:00h > /dev/null 2>&1
PARALIA_DEEP=none PARALIA_TALL=8192 bench/gpu_timeline.sh "$R/tl-tall" 2048:d:8192:8192:8192:h0h > /dev/null 2>&1
cat "$R"/tl*/report.txt | head -400
stamp timelines; pack
export BENCH_UNTIMED=4 BENCH_REPS=5
p00="d:4096:4096:4096:00h s:4096:4096:4096:00h d:4096:4096:32768:00h s:4096:4096:32768:00h"
alternate "1 2" small00h.csv "$p00" pick \
  deep256:PARALIA_TILE=256,PARALIA_DEEP=all deep512:PARALIA_TILE=512,PARALIA_DEEP=all \
  sq2048k:PARALIA_TILE=2048,PARALIA_TALL=2048,PARALIA_DEEP=all \
  t1536:PARALIA_TILE=1536,PARALIA_DEEP=none,PARALIA_TALL=none
phhh="s:4096:4096:32768:hhh d:4096:4096:32768:hhh"
alternate "1 2" thin.csv "$phhh" pick panb6144:PARALIA_TILE=6144,PARALIA_PANELS=b \
  panb2048:PARALIA_TILE=2048,PARALIA_PANELS=b panall2048:PARALIA_TILE=2048,PARALIA_PANELS=all \
  t2048:PARALIA_TILE=2048,PARALIA_PANELS=none
cut -d, -f1,2,4-13 "$R"/small00h.csv "$R"/thin.csv
stamp alternate; pack
