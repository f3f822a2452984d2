#!/usr/bin/env bash
# Session 2026-11-28i, call 3 (issue 14), on b8c6b3a: the error table from the host with the tall
# lines and the duplex priced at the copies' columns, which no sweep has measured. Every fixed
# square tile of 2048-8192 and the pick at the dataset's 16 hhh points (FP64 and FP32, 8 shapes
# but 32768^3; bench/tile_sweep.sh, medians of 3), tiles of 1024 and 1536 at its three smallest
# shapes, then tall tiles of 8192 x 1024 and 8192 x 2048 while time is left. Replayed after on
# this call's kernel table and link map (bench/model_replay).
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh i3 $t || exit
grep "GB/s" "$R/linkmap.log"
shapes="4096:4096:4096 8192:8192:8192 16384:16384:16384 32768:32768:4096 4096:4096:32768 20000:17000:9000 12000:30000:7000 27000:9500:14500"
pts=""; for P in d s; do for s in $shapes; do pts="$pts $P:$s:hhh"; done; done
small=""; for P in d s; do for s in 4096:4096:4096 8192:8192:8192 4096:4096:32768; do small="$small $P:$s:hhh"; done; done
PARALIA_VERBOSE=1 SWEEP_POINTS="$pts" SWEEP_TILES="0 2048 3072 4096 6144 8192" BENCH_REPS=3 \
  timeout 390 bash bench/tile_sweep.sh "$R/sweep.csv" >/dev/null 2>&1
stamp sweep; pack
left=$((560 - (SECONDS - dev_start)))
[ $left -gt 20 ] && PARALIA_VERBOSE=1 SWEEP_POINTS="$small" SWEEP_TILES="1024 1536" BENCH_REPS=3 \
  timeout $left bash bench/tile_sweep.sh "$R/sweep-small.csv" >/dev/null 2>&1
stamp small; pack
left=$((575 - (SECONDS - dev_start)))
[ $left -gt 20 ] && PARALIA_VERBOSE=1 SWEEP_POINTS="$pts" SWEEP_TILES=" " SWEEP_TALL="1024:8192 2048:8192" BENCH_REPS=3 \
  timeout $left bash bench/tile_sweep.sh "$R/sweep-tall.csv" >/dev/null 2>&1
stamp tall; pack
wc -l "$R"/sweep*.csv
