#!/usr/bin/env bash
# Session 2026-11-26c, call 10: the suite once on CUDA workers on the final code (7b99028: the
# review's fixes, tests/sched_pop, blas_placement with PARALIA_FETCH_AHEAD=all|none).
OUT=$OUT/chk CHECK_RUNS=1 scripts/gpu-run.sh build check >/dev/null 2>&1
cat "$OUT/chk/summary.txt"
grep -h "sched_pop\|blas_placement: [0-9]\|FAIL" "$OUT"/chk/results/check-tests.txt 2>/dev/null | head; \
tar -xzOf "$OUT/chk/results.tar.gz" results/check-tests.txt 2>/dev/null | grep -E "^sched_pop|^blas_placement: [0-9]|FAIL" | head
