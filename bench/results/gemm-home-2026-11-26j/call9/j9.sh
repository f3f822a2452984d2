#!/usr/bin/env bash
# Session 2026-11-26j, call 9 (issue 14): the GPU suite on the final code (the review's fixes:
# the sum line's strict reader, the table rewrite, no home for a kept C, scratch copies priced as tiles).
CHECK_RUNS=1 scripts/gpu-run.sh build check >/dev/null 2>&1
R=$OUT/r; mkdir -p "$R"
cp .device/j9.sh "$OUT/summary.txt" "$R/"; cat "$R/summary.txt"
grep -h "^# \(TOTAL\|PASS\|FAIL\|SKIP\|ERROR\)" _build/test-suite.log 2>/dev/null | tee "$R/suite.txt"
cp _build/tests/gemm_home.sh.log "$R/gemm_home.log" 2>/dev/null; tail -3 "$R/gemm_home.log"
nvidia-smi --query-gpu=name,power.limit,clocks.max.sm --format=csv,noheader | tee "$R/gpu.txt"
tar -C "$R" -czf "$OUT/results-j9.tar.gz" .
