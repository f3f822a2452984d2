#!/usr/bin/env bash
# Session 2026-11-27r, call 9 (issue 14), on dd902e8: the GPU's timeline of FP64 8192^3 from the
# host at the pick (tiles 2048, C and A 6144 x 2048, A and B in panels, C read late): predicted
# 32.9 ms, measured 36.4-38.1 on call 7's H100. Where do the 4 ms go?
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh r9 $t || exit
grep "GB/s" "$R/linkmap.log" | head -3
PARALIA_VERBOSE=1 PARALIA_TALL=6144 timeout 120 bash bench/gpu_timeline.sh "$R/tl" 2048:d:8192:8192:8192:hhh > "$R/tl.log" 2>&1
PARALIA_VERBOSE=1 PARALIA_TALL=none timeout 120 bash bench/gpu_timeline.sh "$R/tl" 4096:d:8192:8192:8192:hhh >> "$R/tl.log" 2>&1
cat "$R/tl/report.txt" | grep -v "^\[starpu"
stamp timeline; pack
