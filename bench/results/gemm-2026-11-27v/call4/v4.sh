#!/usr/bin/env bash
# Session 2026-11-27v, call 4 (issue 14): with C read late where faster (5adc5f0), is the model's
# tile still within 5% of the best? Call 2's timelines (one H100) ran 20000x17000x9000 from the
# host read late in 137.0 ms at the pick (3072) and 123.4 at 4096, where the model prices 4096
# 4% slower. Tiles 3072, 4096 and 6144 (square) and the pick at the seven odd-shape points that
# now read late, each tile in its own process, two rounds. Then bench/copy2d beside DGEMMs at the
# datasets' leading dimensions: call 1's 4096-row tiles crossed at 51 GB/s from a 160 KB pitch, where
# the kernel table (its pitches 64-256 KB, all powers of two) reads 46.4.
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh v4 $t || exit
pts="d:20000:17000:9000:hhh d:20000:17000:9000:h0h d:20000:17000:9000:0hh d:12000:30000:7000:hhh d:12000:30000:7000:h0h d:12000:30000:7000:0hh d:27000:9500:14500:0hh"
for round in 1 2; do
  for T in 0 3072 4096 6144; do
    tall=none; [ $T = 0 ] && tall=model
    PARALIA_TILE=$T PARALIA_TALL=$tall PARALIA_VERBOSE=1 timeout 100 _build/bench/gemm_bench paralia $pts 2> "$R/sweep-$T-$round.err" | sed "s/^/T=$T,$round,/" >> "$R/sweep.csv"
  done
  stamp "sweep round $round"; pack
done
for ld in 8192 12000 16384 20000 27000 32768; do
  echo "# ld $ld" >> "$R/copy2d.csv"; timeout 60 _build/bench/copy2d $ld load >> "$R/copy2d.csv" 2>&1
done
stamp copy2d; pack
cat "$R/sweep.csv" "$R/copy2d.csv"
