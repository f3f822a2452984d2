#!/usr/bin/env bash
# Session 2026-11-28t, call 1 (issue 14): gemm's products in layers deeper than the tile
# (PARALIA_DEPTH=D, measuring), where both A and B cross from the host and B's tiles' columns are
# short (FP32 4096x4096x32768 hhh: B's pitch 128 KB, its tiles of 6144 copy 6144 x 4 = 24 KB per
# column at ~46 GB/s in the kernel table, 2048 at ~32): op(B)'s tiles D x T copy D-long columns,
# op(A)'s R x D whole columns where R = m.
# 1. side by side, each in its own process, three rounds in rotating order, medians of 9: the
#    model's pick against layered plans;
# 2. a sweep (one process per cell, medians of 5) of the model's best layered cells at three FP64
#    points from the host, beside their picks, to check the model's prices of layers;
# 3. GPU timelines of the pick and of one layered plan at FP32 4096x4096x32768 hhh.
. scripts/device-env.sh t1 .device/kernels-n9-h200.txt .device/kernels-m3.txt || exit
git log --oneline -1; git status --short | head -12
pt=s:4096:4096:32768:hhh
export BENCH_REPS=9 ALT_LIMIT=60
a=k8a:PARALIA_TILE=1024,PARALIA_TALL=2048,PARALIA_DEPTH=8192
b=k8b:PARALIA_TILE=1024,PARALIA_TALL=4096,PARALIA_DEPTH=8192
c=k8c:PARALIA_TILE=2048,PARALIA_TALL=4096,PARALIA_DEPTH=8192
d=k8f:PARALIA_TILE=1024,PARALIA_TALL=2048,PARALIA_DEPTH=8192,PARALIA_FETCH_AHEAD=all
e=k16a:PARALIA_TILE=512,PARALIA_TALL=4096,PARALIA_DEPTH=16384
f=k16c:PARALIA_TILE=2048,PARALIA_TALL=4096,PARALIA_DEPTH=16384
alternate 1 layers.csv "$pt" model "$a" "$b" "$c" "$d" "$e" "$f"
alternate 2 layers.csv "$pt" "$f" "$e" "$d" "$c" "$b" "$a" model
alternate 3 layers.csv "$pt" "$c" model "$e" "$a" "$f" "$b" "$d"
python3 bench/ab_report.py --base model "$R/layers.csv" > "$R/layers-report.txt" 2>&1; cat "$R/layers-report.txt"
cut -d, -f1,2,9,10,11,12,14 "$R/layers.csv"
grep -h "deep\|panel\|late\|ahead" "$R"/k8a-1.err "$R"/model-1.err | grep -v "^\[starpu" | head -12
stamp layers; pack
SWEEP_POINTS="d:27000:9500:14500:hhh d:12000:30000:7000:hhh d:16384:16384:16384:hhh" SWEEP_TILES="0" \
  SWEEP_DEPTH="3072:4096:4096 3072:3072:6144 1536:6144:4096 2048:4096:4096 2048:4096:8192" \
  BENCH_REPS=5 PARALIA_VERBOSE=1 timeout 200 bash bench/tile_sweep.sh "$R/sweep.csv" >/dev/null 2>&1
echo "sweep rc $?"; cut -d, -f1,3-10,13 "$R/sweep.csv"
_build/bench/model_replay "$R/kernels.txt" "$R/linkmap.txt" "$R/sweep.csv" > "$R/replay.txt" 2>&1; cat "$R/replay.txt"
stamp sweep; pack
TIMELINE_STARPU=1 PARALIA_VERBOSE=1 timeout 60 bash bench/gpu_timeline.sh "$R/timeline-pick" "0:$pt" > /dev/null 2>&1
echo "timeline pick rc $?"
PARALIA_TALL=2048 PARALIA_DEPTH=8192 TIMELINE_STARPU=1 PARALIA_VERBOSE=1 timeout 60 \
  bash bench/gpu_timeline.sh "$R/timeline-k8a" "1024:$pt" > /dev/null 2>&1
echo "timeline k8a rc $?"
head -40 "$R/timeline-pick/report.txt" 2>/dev/null; head -40 "$R/timeline-k8a/report.txt" 2>/dev/null
stamp timelines; pack
