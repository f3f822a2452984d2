#!/usr/bin/env bash
# Session 2026-11-26q, call 5 (issue 14), one H200: the FP64 picks at the dataset's mixed
# placements (h0h, 00h, 0hh; 8 shapes): the pick and every fixed tile of 2048-6144
# (bench/tile_sweep.sh, median of 3), replayed on this call's kernel table and link map.
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh q5 $t || exit
grep "GB/s" "$R/linkmap.log" | head -3
shapes="4096:4096:4096 8192:8192:8192 16384:16384:16384 32768:32768:4096 4096:4096:32768 20000:17000:9000 12000:30000:7000 27000:9500:14500"
pts=""; for s in $shapes; do pts="$pts d:$s:h0h d:$s:00h d:$s:0hh"; done
PARALIA_VERBOSE=1 SWEEP_POINTS="$pts" SWEEP_TILES="0 4096 2048 3072 6144" BENCH_REPS=3 \
  timeout 500 bash bench/tile_sweep.sh "$R/sweep.csv" >/dev/null 2>&1
stamp sweep; pack
_build/bench/model_replay "$R/kernels.txt" "$R/linkmap.txt" "$R/sweep.csv" 14 > "$R/replay.txt" 2>&1
tail -26 "$R/replay.txt" | cut -c1-260
stamp replay; pack
