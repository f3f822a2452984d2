#!/usr/bin/env bash
# Session 2026-11-26p, call 8 (issue 14): the GPU suite on the final code (f6bea54 and the review's
# guard: A's forced panels beside B's tiles, no way admitted never the pick).
scripts/gpu-run.sh build >/dev/null 2>&1
CHECK_RUNS=1 timeout 250 scripts/gpu-run.sh check > "$OUT/suite.txt" 2>&1; tail -2 "$OUT/suite.txt"
grep -h "^# \|FAIL" _build/test-suite.log 2>/dev/null | head -12 | tee "$OUT/suite-summary.txt" | grep "TOTAL\|PASS\|FAIL"
grep -h "gemm_tall: \|gemm_panels\|tune_model: " _build/tests/gemm_tall.sh.log _build/tests/gemm_panels.sh.log _build/tests/tune_model.log 2>/dev/null | grep "passed\|FAIL" | tail -4
nvidia-smi --query-gpu=name --format=csv,noheader > "$OUT/gpu.txt"
rm -f "$OUT/summary.txt" "$OUT/results.tar.gz"
