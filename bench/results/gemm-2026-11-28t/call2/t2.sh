#!/usr/bin/env bash
# Session 2026-11-28t, call 2 (issue 14): two model prototypes, switched by the environment in one
# library, measured side by side with the plans they pick and their neighbours:
#   PROTO_LAYERS=1  the model offers products in layers deeper than the tile (PARALIA_DEPTH's way)
#                   with C's and A's tiles all of m's rows, where A and B both cross (5% margin);
#   PROTO_ROUND=1   a plan of one block on one device that does not fetch ahead pays its layer
#                   rounds (pm_fetch_ahead's loss);
#   and (built in, no switch) deep products priced across the kernel table's dips.
# Each configuration in its own process, three rounds in rotating order, medians of 9.
. scripts/device-env.sh t2 .device/kernels-n9-h200.txt .device/kernels-m3.txt || exit
git log --oneline -1; git status --short | head -12
export BENCH_REPS=9 ALT_LIMIT=60
lay=lay:PROTO_LAYERS=1,PROTO_ROUND=1
pt=s:4096:4096:32768:hhh
f6a=t1024k6:PARALIA_TILE=1024,PARALIA_TALL=4096,PARALIA_DEPTH=6144
f8a=t1024k8:PARALIA_TILE=1024,PARALIA_TALL=4096,PARALIA_DEPTH=8192
f6b=t1536k6:PARALIA_TILE=1536,PARALIA_TALL=4096,PARALIA_DEPTH=6144
f6c=t2048k6:PARALIA_TILE=2048,PARALIA_TALL=4096,PARALIA_DEPTH=6144
f6d=t3072k6:PARALIA_TILE=3072,PARALIA_TALL=4096,PARALIA_DEPTH=6144
alternate 1 long.csv "$pt" model "$lay" "$f6a" "$f8a" "$f6b" "$f6c" "$f6d"
alternate 2 long.csv "$pt" "$f6d" "$f6c" "$f6b" "$f8a" "$f6a" "$lay" model
alternate 3 long.csv "$pt" "$f6b" model "$f6d" "$lay" "$f8a" "$f6c" "$f6a"
python3 bench/ab_report.py --base model "$R/long.csv" > "$R/long-report.txt" 2>&1; cat "$R/long-report.txt"
cut -d, -f1,2,9,10,11,12,14 "$R/long.csv"
grep -h "autotune" "$R"/lay-1.err "$R"/model-1.err | head -4
stamp long; pack
pt=s:4096:4096:4096:hhh
g1=t512k2:PARALIA_TILE=512,PARALIA_TALL=4096,PARALIA_DEPTH=2048
g2=t1024k3:PARALIA_TILE=1024,PARALIA_TALL=4096,PARALIA_DEPTH=3072
alternate 1 s4096.csv "$pt" model "$lay" "$g1" "$g2"
alternate 2 s4096.csv "$pt" "$g2" "$g1" "$lay" model
alternate 3 s4096.csv "$pt" "$lay" "$g2" model "$g1"
python3 bench/ab_report.py --base model "$R/s4096.csv" > "$R/s4096-report.txt" 2>&1; cat "$R/s4096-report.txt"
grep -h "autotune" "$R"/lay-1.err | head -2
stamp s4096; pack
pt=d:4096:4096:4096:hhh
h1=t512k2:PARALIA_TILE=512,PARALIA_TALL=4096,PARALIA_DEPTH=2048
h2=t1024k2:PARALIA_TILE=1024,PARALIA_TALL=4096,PARALIA_DEPTH=2048
export BENCH_BETA=0
alternate 1 d4096b0.csv "$pt" model "$lay" "$h1" "$h2"
alternate 2 d4096b0.csv "$pt" "$h2" "$h1" "$lay" model
alternate 3 d4096b0.csv "$pt" "$lay" "$h2" model "$h1"
python3 bench/ab_report.py --base model "$R/d4096b0.csv" > "$R/d4096b0-report.txt" 2>&1; cat "$R/d4096b0-report.txt"
grep -h "autotune" "$R"/lay-1.err | head -2
unset BENCH_BETA
stamp d4096b0; pack
PROTO_LAYERS=1 PROTO_ROUND=1 TIMELINE_STARPU=1 PARALIA_VERBOSE=1 PARALIA_TALL=model timeout 60 \
  bash bench/gpu_timeline.sh "$R/timeline-lay" "0:s:4096:4096:32768:hhh" > /dev/null 2>&1
echo "timeline lay rc $?"; head -24 "$R/timeline-lay/report.txt" 2>/dev/null
stamp timeline; pack
