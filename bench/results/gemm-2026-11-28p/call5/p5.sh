#!/usr/bin/env bash
# Session 2026-11-28p, call 5 (issue 14), on fec6605 (the suite's library, call 4): column panels
# against tiles, side by side, each in its own process, two rounds in both orders (call 3's
# timelines: a cut panel's cuts are ready at submission, so the policy fetches every panel before
# the first product's B tile, and FP32 4096^3 at tile 1024 waited 1.57 ms for its first kernel in
# panels, 0.25 in tiles; call 4 ran tall tiles there, whose panels are tiles):
# 1. square tiles of 1024 (PARALIA_TALL=none) with the model's way (panels) and tiles only
#    (PARALIA_PANELS=none) at FP32 and FP64 4096^3 and FP64 8192^3 from the host;
# 2. the model's picks with and without panels at the dataset's three smallest shapes from the
#    host, FP64 and FP32.
. scripts/device-env.sh p5 .device/kernels-n9-h200.txt .device/kernels-m3.txt || exit
git log --oneline -1
export BENCH_REPS=5 ALT_LIMIT=60
sq="s:4096:4096:4096:hhh d:4096:4096:4096:hhh d:8192:8192:8192:hhh"
picks=""; for P in d s; do for s in 4096:4096:4096 8192:8192:8192 4096:4096:32768; do picks+=" $P:$s:hhh"; done; done
for r in 1 2; do
  [ $((300 - (SECONDS - dev_start))) -gt 40 ] || break
  a=panels:PARALIA_TILE=1024,PARALIA_TALL=none b=tiles:PARALIA_TILE=1024,PARALIA_TALL=none,PARALIA_PANELS=none
  if [ $r = 1 ]; then alternate $r square.csv "$sq" $a $b; else alternate $r square.csv "$sq" $b $a; fi
  if [ $r = 1 ]; then alternate $r picks.csv "$picks" model none:PARALIA_PANELS=none
  else alternate $r picks.csv "$picks" none:PARALIA_PANELS=none model; fi
done
cut -d, -f1-2,4-9,11-13 "$R/square.csv" "$R/picks.csv"
python3 bench/ab_report.py --base panels "$R/square.csv" > "$R/square-report.txt" 2>&1; cat "$R/square-report.txt"
python3 bench/ab_report.py --base model "$R/picks.csv" > "$R/picks-report.txt" 2>&1; cat "$R/picks-report.txt"
stamp ab; pack
