#!/usr/bin/env bash
# Session 2026-11-26, call 1: the GPU's timeline of host-resident GEMM calls (issue 14).
export TIMELINE_POINTS="4096:d:8192:8192:8192:hhh 2048:d:8192:8192:8192:hhh 2048:d:32768:32768:4096:hhh 4096:d:32768:32768:4096:hhh 2048:s:8192:8192:8192:hhh"
scripts/gpu-run.sh build linkmap timeline
cp -r "$OUT/results/timeline" "$OUT/" 2>/dev/null
timeout 150 _build/bench/copy2d 32768 load > "$OUT/copy2d_load.csv" 2>&1
tar -C "$HOME" -czf "$OUT/calibration.tar.gz" .paralia .starpu 2>/dev/null
cat "$OUT/summary.txt"; cat "$OUT/timeline/report.txt"; cat "$OUT/copy2d_load.csv"
