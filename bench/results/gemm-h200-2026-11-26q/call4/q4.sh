#!/usr/bin/env bash
# Session 2026-11-26q, call 4 (issue 14), one H200: why tiles of 1024 in column panels run 15-25%
# slower than predicted (calls 2 and 3: s 4096^3 hhh 6.3 / 4.7 ms with A in panels, s
# 4096x4096x32768 hhh 47.9 / 40.6 with A and B, d 4096x4096x32768 hhh 53.3 / 45.5 with B): the
# same points at tile 1024 as the model chooses (panels) and in tiles only (PARALIA_PANELS=none),
# twice each, alternating; the GPU timeline of s 4096^3 both ways; then the GPU suite.
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh q4 $t || exit
grep "GB/s" "$R/linkmap.log"
pts="s:4096:4096:4096:hhh s:4096:4096:32768:hhh d:4096:4096:32768:hhh d:4096:4096:4096:hhh"
for round in 1 2; do
  for pn in model none; do
    PARALIA_PANELS=$pn PARALIA_VERBOSE=1 SWEEP_POINTS="$pts" SWEEP_TILES="1024" BENCH_REPS=3 \
      timeout 60 bash bench/tile_sweep.sh "$R/t1024-$pn-$round.csv" >/dev/null 2>&1
  done
done
for f in "$R"/t1024-*.csv; do echo "== $(basename $f)"; cut -d, -f3-13 "$f"; done
stamp t1024; pack
PARALIA_PANELS=model timeout 60 bash bench/gpu_timeline.sh "$R/tl-model" 1024:s:4096:4096:4096:hhh > "$R/tl-model.log" 2>&1
PARALIA_PANELS=none timeout 60 bash bench/gpu_timeline.sh "$R/tl-none" 1024:s:4096:4096:4096:hhh > "$R/tl-none.log" 2>&1
tail -15 "$R/tl-model.log"; tail -15 "$R/tl-none.log"
stamp timeline; pack
CHECK_RUNS=1 timeout 250 scripts/gpu-run.sh check > "$R/suite.txt" 2>&1; tail -2 "$R/suite.txt"
grep -h "^# \|FAIL" _build/test-suite.log 2>/dev/null | head -12 > "$R/suite-summary.txt"; grep "TOTAL\|PASS\|FAIL" "$R/suite-summary.txt"
stamp suite; pack
