#!/usr/bin/env bash
# Session 2026-11-26, call 5: blocks + fetch ahead along chains (issue 14): every tile
# and the pick on the nine host-resident points, the model's new step 4; timelines of two calls.
export SWEEP_TILES="0 2048 3072 4096 6144 8192" SWEEP_LIMIT=420
export SWEEP_POINTS="d:4096:4096:4096:hhh d:8192:8192:8192:hhh d:16384:16384:16384:hhh d:32768:32768:4096:hhh d:4096:4096:32768:hhh d:20000:17000:9000:hhh s:8192:8192:8192:hhh s:16384:16384:16384:hhh s:32768:32768:4096:hhh"
export TIMELINE_POINTS="4096:d:4096:4096:32768:hhh 3072:d:4096:4096:32768:hhh 4096:d:16384:16384:16384:hhh"
[ -f .device/calibration.tar.gz ] && tar -C "$HOME" -xzf .device/calibration.tar.gz
scripts/gpu-run.sh build sweep timeline
cp "$OUT/results/sweep.csv" "$OUT/" 2>/dev/null
cp -r "$OUT/results/timeline" "$OUT/" 2>/dev/null
cat "$OUT/summary.txt"; cat "$OUT/timeline/report.txt"
