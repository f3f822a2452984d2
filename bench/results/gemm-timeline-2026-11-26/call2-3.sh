#!/usr/bin/env bash
# Session 2026-11-26, call 3 (and 2): the transfer calibration under load, then every tile against the
# model on the 13 points (issue 14).
export SWEEP_TILES="0 2048 3072 4096 6144 8192" SWEEP_LIMIT=470
scripts/gpu-run.sh build linkmap sweep
cp "$OUT/results/sweep.csv" "$OUT/" 2>/dev/null
cp "$HOME"/.paralia/kernels-*.txt "$HOME"/.paralia/linkmap-*.txt "$OUT/" 2>/dev/null
tar -C "$HOME" -czf "$OUT/calibration.tar.gz" .paralia .starpu 2>/dev/null
cat "$OUT/summary.txt"; grep xfer "$OUT"/kernels-*.txt
