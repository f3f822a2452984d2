#!/usr/bin/env bash
# Session 2026-11-28g, call 7 (issue 14), on 258a9a5: why FP64 8192^3 runs 1.06-1.08x faster in
# tiles of 8192 x 1024 (all of m's rows) than in 6144 x 1024 where the model prices the 6144-row
# tiles 2-6% faster (call 6, one H200): the GPU's timeline of each (bench/gpu_timeline.sh, CUPTI),
# from the host (hhh) and with B on the GPU (h0h), twice each.
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh g7 $t || exit
for r in 1 2; do
  for rows in 8192 6144; do
    PARALIA_TALL=$rows bash bench/gpu_timeline.sh "$R/timeline-r$rows-$r" 1024:d:8192:8192:8192:hhh 1024:d:8192:8192:8192:h0h > /dev/null 2>&1
    stamp "rows $rows round $r"; pack
  done
done
for f in "$R"/timeline-*-1/report.txt; do echo "#### $f"; cat "$f"; done
