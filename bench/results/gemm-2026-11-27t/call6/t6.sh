#!/usr/bin/env bash
# Session 2026-11-27t, call 6 (issue 14), one H200, on c7c08e0: the dataset's points no sweep had
# covered. (1) FP32 at the mixed placements (h0h, 00h, 0hh; 8 shapes): the pick and every fixed
# tile of 2048-8192, as session q's call 5 swept FP64's. (2) 32768^3, FP64 and FP32, hhh and 000:
# the pick and tiles 4096, 6144, 8192, and one cuBLAS call on the GPU-resident ones. Medians of 3
# (bench/tile_sweep.sh), replayed on this call's kernel table and link map (bench/model_replay).
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh t6 $t || exit
grep "GB/s" "$R/linkmap.log" | head -3
shapes="4096:4096:4096 8192:8192:8192 16384:16384:16384 32768:32768:4096 4096:4096:32768 20000:17000:9000 12000:30000:7000 27000:9500:14500"
pts=""; for s in $shapes; do pts="$pts s:$s:h0h s:$s:00h s:$s:0hh"; done
PARALIA_VERBOSE=1 SWEEP_POINTS="$pts" SWEEP_TILES="0 2048 3072 4096 6144 8192" BENCH_REPS=3 \
  timeout 260 bash bench/tile_sweep.sh "$R/sweep-s-mixed.csv" >/dev/null 2>&1
stamp "FP32 mixed"; pack
_build/bench/model_replay "$R/kernels.txt" "$R/linkmap.txt" "$R/sweep-s-mixed.csv" 14 > "$R/replay-s-mixed.txt" 2>&1
tail -26 "$R/replay-s-mixed.txt" | cut -c1-200
left=$((585 - (SECONDS - dev_start)))
echo "left $left s for 32768^3"
[ $left -gt 60 ] && PARALIA_VERBOSE=1 SWEEP_POINTS="d:32768:32768:32768:hhh s:32768:32768:32768:hhh d:32768:32768:32768:000 s:32768:32768:32768:000" \
  SWEEP_TILES="0 4096 6144 8192" BENCH_REPS=3 timeout $((left - 10)) bash bench/tile_sweep.sh "$R/sweep-32k.csv" >/dev/null 2>&1
stamp "32768^3"; pack
_build/bench/model_replay "$R/kernels.txt" "$R/linkmap.txt" "$R/sweep-32k.csv" 14 > "$R/replay-32k.txt" 2>&1
tail -12 "$R/replay-32k.txt" | cut -c1-200
pack
