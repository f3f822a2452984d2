#!/usr/bin/env bash
# Session 2026-11-26i, call 11 (issue 14): the review's fixes (the direct path only while no matrix
# is kept, falling back to StarPU when cuBLAS cannot be set up; group_end_us in at most n stages):
# the GPU suite.
CHECK_RUNS=1 scripts/gpu-run.sh build check >/dev/null 2>&1
R=$OUT/r; mkdir -p "$R"
cp "$OUT/summary.txt" "$R/"; rm -f "$OUT/results.tar.gz"; cat "$R/summary.txt"
nvidia-smi --query-gpu=name,power.limit,clocks.max.sm --format=csv,noheader | tee "$R/gpu.txt"
cat _build/tests/gemm_direct.sh.log > "$R/gemm_direct.log" 2>&1; tail -3 "$R/gemm_direct.log"
grep -h "^# \(TOTAL\|PASS\|FAIL\|SKIP\|ERROR\)" _build/test-suite.log 2>/dev/null | tee "$R/suite.txt"
grep -l "^FAIL\|FAIL:" _build/tests/*.log 2>/dev/null | head
tar -C "$R" -czf "$OUT/results-i11.tar.gz" .
