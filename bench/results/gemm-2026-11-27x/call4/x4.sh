#!/usr/bin/env bash
# Session 2026-11-27x, call 4 (issue 14): where the time goes in the model's plan and in square C
# tiles over the whole k, with C alone on the host: the GPU's timelines (CUPTI) of one call each,
# FP32 27000x9500x14500 (tiles 6144 / square 2048), FP32 16384^3 (tiles 4096 / square 2048, no
# edge products), FP64 20000x17000x9000 (tiles 3072 / square 4096).
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh x4 $t || exit
for p in 6144:s:27000:9500:14500:00h 4096:s:16384:16384:16384:00h 3072:d:20000:17000:9000:00h; do
  PARALIA_DEEP=none PARALIA_VERBOSE=1 timeout 120 bash bench/gpu_timeline.sh "$R/tl" "$p" > /dev/null 2>> "$R/tl.err"
  stamp "tiles $p"; pack
done
for p in 2048:s:27000:9500:14500:00h 2048:s:16384:16384:16384:00h 4096:d:20000:17000:9000:00h; do
  PARALIA_TALL=${p%%:*} PARALIA_DEEP=all PARALIA_VERBOSE=1 timeout 120 bash bench/gpu_timeline.sh "$R/tl-sq" "$p" > /dev/null 2>> "$R/tl.err"
  stamp "square $p"; pack
done
cat "$R/tl/report.txt" "$R/tl-sq/report.txt"
