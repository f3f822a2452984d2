#!/usr/bin/env bash
# Session 2026-11-28k, call 2 (issue 14), on the library of b8c6b3a: the dataset's ten 32768^3
# points (hhh, h0h, 00h, 0hh, 000; FP64 and FP32), which no sweep has measured on this model: the
# pick and fixed square tiles of 4096, 6144 and 8192 (bench/tile_sweep.sh, medians of 3). Off the
# GPU: 2 untimed calls (a call takes 1.3 s; the power cap engages within the first), each point's
# tiles in one process on operands filled once (SWEEP_ONE_PROCESS=1). At 000: 4 untimed calls
# (gemm's direct path times its ways on a shape's first four), a process per tile after one cuBLAS
# call on the same operands. Replayed after on this call's table and map (bench/model_replay).
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh k2 $t || exit
git log --oneline -1; git status --short | head -3
grep "GB/s" "$R/linkmap.log" | head -3
for part in d s d-000 s-000; do
  prec=${part%-000} untimed=2 places="hhh h0h 00h 0hh"
  [ "$part" != "$prec" ] && untimed=4 places=000
  pts=""; for pl in $places; do pts+="$prec:32768:32768:32768:$pl "; done
  left=$((575 - (SECONDS - dev_start)))
  [ $left -gt 20 ] || break
  PARALIA_VERBOSE=1 SWEEP_ONE_PROCESS=1 SWEEP_POINTS="$pts" SWEEP_TILES="0 4096 6144 8192" BENCH_REPS=3 \
    BENCH_UNTIMED=$untimed timeout $left bash bench/tile_sweep.sh "$R/sweep-$part-32k.csv" >/dev/null 2>&1
  cut -d, -f1,3,7,8,9,13,14 "$R/sweep-$part-32k.csv"
  stamp "$part"; pack
done
