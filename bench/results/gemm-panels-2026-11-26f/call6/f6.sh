#!/usr/bin/env bash
# Session 2026-11-26f, call 6 (issue 14): the GPU suite on the committed code (a cut that cannot
# be submitted falls back to views, tests/blas_panels (d)).
CHECK_RUNS=1 scripts/gpu-run.sh build check >/dev/null 2>&1
cat "$OUT/summary.txt"; rm -f "$OUT/results.tar.gz"
grep -h "gemm_panels: [0-9]\|blas_panels: [0-9]\|FAIL" _build/tests/gemm_panels.sh.log _build/tests/blas_panels.log | tail -6
