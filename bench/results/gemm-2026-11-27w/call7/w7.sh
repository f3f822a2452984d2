#!/usr/bin/env bash
# Session 2026-11-27w, call 7: the GPU suite on 7355152 (the reread's commit; no behaviour change).
R=$OUT/r
mkdir -p "$R/suite"
nvidia-smi --query-gpu=name,power.limit,clocks.max.sm --format=csv,noheader | tee "$R/gpu.txt"
CHECK_RUNS=1 CHECK_LIMIT=300 timeout 400 scripts/gpu-run.sh build check > "$R/suite/run.log" 2>&1
cp "$OUT/summary.txt" "$R/suite/" 2>/dev/null
tail -5 "$R/suite/summary.txt"
rm -f "$OUT/results.tar.gz"
