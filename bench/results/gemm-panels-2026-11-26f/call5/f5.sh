#!/usr/bin/env bash
# Session 2026-11-26f, call 5 (issue 14): the GPU suite on the final code (panels off by default,
# PARALIA_PANELS=model|all to use them; tests/gemm_panels.sh and tests/blas_panels use them).
CHECK_RUNS=1 scripts/gpu-run.sh build check >/dev/null 2>&1
cat "$OUT/summary.txt"; rm -f "$OUT/results.tar.gz"
grep -h "gemm_panels\|blas_panels" _build/tests/gemm_panels.sh.log _build/tests/blas_panels.log | tail -9
