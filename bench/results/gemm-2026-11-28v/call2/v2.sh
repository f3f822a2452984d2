#!/usr/bin/env bash
# Session 2026-11-28v, call 2 (issue 14), on bd9d257 (the library as it stands): why gemm's blocks
# priced as one (2026-11-28u) are 6-17% under what FP64 8192^3 ran in 16 chains of 8192 x 512,
# and within 2% at FP32 4096x4096x32768 in four chains (call 1: FP64 8192^3 with C on the GPU,
# the as-one pick 27.9 ms against 23.3 predicted, 0.939x the square tiles of 3072 it replaced):
# 1. FP64 8192^3 with C on the GPU (hh0), and from the host with beta = 0: the same layers (3072
#    deep; 4096 at hhh beta 0, the pick there) in C tiles of 8192 rows by 512, 1024, 2048 and 4096
#    (16, 8, 4, 2 chains), the pick under PARALIA_LOOKAHEAD 4 and 64, square tiles of 3072; two
#    rounds, medians of 9;
# 2. the GPU's timeline with the runtime's calls: hh0's pick (16 chains) and 2048 wide (4 chains).
. scripts/device-env.sh v2 .device/kernels-n9-h200.txt .device/kernels-m3.txt || exit
git log --oneline -1; git status --short | head -8
export BENCH_REPS=9 ALT_LIMIT=60
for r in 1 2; do
  alternate $r hh0.csv d:8192:8192:8192:hh0 pick w512:PARALIA_TILE=512,PARALIA_DEPTH=3072,PARALIA_TALL=8192 \
    w1024:PARALIA_TILE=1024,PARALIA_DEPTH=3072,PARALIA_TALL=8192 w2048:PARALIA_TILE=2048,PARALIA_DEPTH=3072,PARALIA_TALL=8192 \
    w4096:PARALIA_TILE=4096,PARALIA_DEPTH=3072,PARALIA_TALL=8192 \
    la4:PARALIA_LOOKAHEAD=4,PARALIA_TILE=512,PARALIA_DEPTH=3072,PARALIA_TALL=8192 \
    la64:PARALIA_LOOKAHEAD=64,PARALIA_TILE=512,PARALIA_DEPTH=3072,PARALIA_TALL=8192 \
    sq3072:PARALIA_TILE=3072,PARALIA_DEPTH=none,PARALIA_TALL=none
done
cut -d, -f1,2,4,5,6,7,8,9,10,11,14 "$R/hh0.csv"
for f in "$R"/*-[0-9].err; do mv "$f" "${f%.err}-hh0.err"; done
stamp hh0; pack
export BENCH_BETA=0
for r in 1 2; do
  alternate $r hhh0.csv d:8192:8192:8192:hhh pick w512:PARALIA_TILE=512,PARALIA_DEPTH=4096,PARALIA_TALL=8192 \
    w1024:PARALIA_TILE=1024,PARALIA_DEPTH=4096,PARALIA_TALL=8192 w2048:PARALIA_TILE=2048,PARALIA_DEPTH=4096,PARALIA_TALL=8192 \
    w4096:PARALIA_TILE=4096,PARALIA_DEPTH=4096,PARALIA_TALL=8192 \
    la4:PARALIA_LOOKAHEAD=4,PARALIA_TILE=512,PARALIA_DEPTH=4096,PARALIA_TALL=8192 \
    la64:PARALIA_LOOKAHEAD=64,PARALIA_TILE=512,PARALIA_DEPTH=4096,PARALIA_TALL=8192
done
unset BENCH_BETA
cut -d, -f1,2,4,5,6,7,8,9,10,11,14 "$R/hhh0.csv"
for f in "$R"/*-[0-9].err; do mv "$f" "${f%.err}-hhh0.err"; done
stamp hhh0; pack
TIMELINE_STARPU=1 PARALIA_VERBOSE=1 PARALIA_TALL=model timeout 60 \
  bash bench/gpu_timeline.sh "$R/tl-pick" "0:d:8192:8192:8192:hh0" > /dev/null 2>&1
echo "timeline pick rc $?"; head -30 "$R/tl-pick/report.txt" 2>/dev/null
stamp tl-pick; pack
TIMELINE_STARPU=1 PARALIA_VERBOSE=1 PARALIA_TALL=8192 PARALIA_DEPTH=3072 timeout 60 \
  bash bench/gpu_timeline.sh "$R/tl-w2048" "2048:d:8192:8192:8192:hh0" > /dev/null 2>&1
echo "timeline w2048 rc $?"; head -30 "$R/tl-w2048/report.txt" 2>/dev/null
stamp tl-w2048; pack
