#!/usr/bin/env bash
# Session 2026-11-27u, call 5 (issue 14): the GPU's timeline (CUPTI, bench/gpu_timeline.sh) of FP64
# 8192^3 with A on the GPU (tile 4096), where the pop's rule (PARALIA_POP_READY=2) ran 29.8-30.0 ms
# against 28.7-28.8 under priority first (=0) in 12 processes of 12 (call 4), and of 8192^3 from
# the host (the model's tall tiles), where it ran 4% faster; each under =2 and =0.
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh u5 $t || exit
for pr in 2 0; do
  PARALIA_POP_READY=$pr PARALIA_VERBOSE=2 timeout 60 bash bench/gpu_timeline.sh "$R/tl-pop$pr" 4096:d:8192:8192:8192:0hh > "$R/tl-pop$pr.log" 2>&1
  PARALIA_POP_READY=$pr PARALIA_TALL=model PARALIA_VERBOSE=2 timeout 60 bash bench/gpu_timeline.sh "$R/tl-pop$pr" 0:d:8192:8192:8192:hhh >> "$R/tl-pop$pr.log" 2>&1
  grep "^== " "$R/tl-pop$pr/report.txt"
  stamp "pop $pr"; pack
done
