#!/usr/bin/env bash
# Session 2026-11-28p, call 6 (issue 14), on 821dba6's model (A's cut panels priced before the
# first product's B tile; fec6605's library otherwise, whose suite call 4 ran): the error table
# from the host again, the dataset's 16 hhh points but 32768^3 (FP64, FP32), the pick and every
# square tile (1024-8192 at the three smallest shapes, 2048-8192 at the others), a point's tiles
# in one process, medians of 3. Two cells change way on this model: FP32 4096^3 at 1024 (tiles,
# was A in panels) and FP64 8192^3 at 3072 (A and B in panels, was A's).
. scripts/device-env.sh p6 .device/kernels-n9-h200.txt .device/kernels-m3.txt || exit
git log --oneline -1
export SWEEP_ONE_PROCESS=1 BENCH_REPS=3 PARALIA_VERBOSE=1
small=""; for P in d s; do for s in 4096:4096:4096 8192:8192:8192 4096:4096:32768; do small+=" $P:$s:hhh"; done; done
big=""; for P in d s; do for s in 16384:16384:16384 32768:32768:4096 20000:17000:9000 12000:30000:7000 27000:9500:14500; do big+=" $P:$s:hhh"; done; done
SWEEP_POINTS="$small" SWEEP_TILES="0 1024 1536 2048 3072 4096 6144 8192" \
  timeout 60 bash bench/tile_sweep.sh "$R/sweep-small.csv" >/dev/null 2>&1
echo "small rc $?"; wc -l < "$R/sweep-small.csv"
stamp small; pack
left=$((200 - (SECONDS - dev_start)))
SWEEP_POINTS="$big" SWEEP_TILES="0 2048 3072 4096 6144 8192" \
  timeout $left bash bench/tile_sweep.sh "$R/sweep-big.csv" >/dev/null 2>&1
echo "big rc $?"; wc -l < "$R/sweep-big.csv"
stamp big; pack
