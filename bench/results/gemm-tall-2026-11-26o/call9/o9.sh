#!/usr/bin/env bash
# Session 2026-11-26o, call 9 (issue 14): the GPU suite on the final code (9d5b95a: the review of
# 6993ced and b936154).
scripts/gpu-run.sh build >/dev/null 2>&1
CHECK_RUNS=1 timeout 250 scripts/gpu-run.sh check > "$OUT/suite.txt" 2>&1; tail -2 "$OUT/suite.txt"
grep -h "^# \|FAIL" _build/test-suite.log 2>/dev/null | head -12 | tee "$OUT/suite-summary.txt" | grep "TOTAL\|PASS\|FAIL"
grep -h "gemm_tall: \|gemm_direct: \|tune_model: " _build/tests/gemm_tall.sh.log _build/tests/gemm_direct.sh.log _build/tests/tune_model.log 2>/dev/null | grep "passed\|FAIL" | tee "$OUT/tall_direct_tune.txt"
nvidia-smi --query-gpu=name --format=csv,noheader > "$OUT/gpu.txt"
rm -f "$OUT/summary.txt" "$OUT/results.tar.gz"
