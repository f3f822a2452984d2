#!/usr/bin/env bash
# Session 2026-11-28g, call 5 (issue 14), on 258a9a5: call 4's one point below 1.0x dmdas, FP64
# 4096x4096x32768 with B on the GPU (paralia's pick 3072, 27.1 ms, predicted 24.3; dmdas's tiles
# of 2048 25.7): every square tile against the pick, with the model's time for each
# (bench/tile_sweep.sh), twice, then the pick against tile 2048 alternating, three rounds.
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh g5 $t || exit
for r in 1 2; do
  SWEEP_POINTS="d:4096:4096:32768:h0h" SWEEP_TILES="1536 2048 3072 4096" timeout 100 bash bench/tile_sweep.sh "$R/sweep-$r.csv" > /dev/null 2>&1
  cut -d, -f1-13 "$R/sweep-$r.csv"; stamp "sweep $r"; pack
done
ALT_LIMIT=30 alternate "1 2 3" ab.csv "d:4096:4096:32768:h0h" pick t2048:PARALIA_TILE=2048
cut -d, -f1-12 "$R/ab.csv"
grep -h autotune "$R/pick-1.err" | cut -c1-260
