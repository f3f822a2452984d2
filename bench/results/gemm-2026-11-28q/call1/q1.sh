#!/usr/bin/env bash
# Session 2026-11-28q, call 1 (issue 14), on 20008df (the library session p left, not yet run on a
# GPU: A's cut panels priced, PARALIA_LOOKAHEAD read once):
# 1. the GPU suite on it;
# 2. the GPU's timelines of the hhh points furthest under 80% of the bound, each at its pick
#    (FP32 4096x4096x32768 also at 2048 and 8192): how busy the link to the GPU is, each
#    operand's copy rate, the fill before the first kernel and the drain after the last copy.
. scripts/device-env.sh q1 .device/kernels-n9-h200.txt .device/kernels-m3.txt || exit
git log --oneline -1; git status --short | head -8
suite $((440 - (SECONDS - dev_start)))
left=$((545 - (SECONDS - dev_start)))
[ $left -gt 30 ] && timeout $left bash bench/gpu_timeline.sh "$R/timeline" \
  0:s:4096:4096:32768:hhh 2048:s:4096:4096:32768:hhh 8192:s:4096:4096:32768:hhh \
  0:d:16384:16384:16384:hhh 0:d:27000:9500:14500:hhh 0:d:20000:17000:9000:hhh > "$R/timeline.log" 2>&1
stamp timeline; pack
