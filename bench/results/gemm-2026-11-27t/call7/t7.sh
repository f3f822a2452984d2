#!/usr/bin/env bash
# Session 2026-11-27t, call 7 (issue 14), one H200, on c7c08e0: the dataset's last six points no
# sweep had covered, 32768^3 with an operand on the GPU (h0h, 00h, 0hh; FP64 and FP32), at tiles
# 4096 and 6144, where the picks of call 6's 32768^3 points fell; medians of 3 after two untimed
# calls (the device time left allowed no more), replayed on this call's kernel table and link map.
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh t7 $t || exit
grep "GB/s" "$R/linkmap.log" | head -3
pts=""; for p in d s; do for pl in h0h 00h 0hh; do pts="$pts $p:32768:32768:32768:$pl"; done; done
PARALIA_VERBOSE=1 SWEEP_POINTS="$pts" SWEEP_TILES="4096 6144" BENCH_REPS=3 BENCH_UNTIMED=2 \
  timeout 330 bash bench/tile_sweep.sh "$R/sweep-32k-mixed.csv" >/dev/null 2>&1
stamp sweep; pack
_build/bench/model_replay "$R/kernels.txt" "$R/linkmap.txt" "$R/sweep-32k-mixed.csv" 14 > "$R/replay-32k-mixed.txt" 2>&1
cat "$R/replay-32k-mixed.txt" | cut -c1-220
pack
