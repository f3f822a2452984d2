#!/usr/bin/env bash
# Session 2026-11-26, call 9 and 10: the examples' -check at n = 30720 (issue 15, item 6): the check's own
# seconds, and the whole process's.
scripts/gpu-run.sh build >/dev/null 2>&1
export LD_LIBRARY_PATH="$(cat .device/starpu-prefix)/lib:${LD_LIBRARY_PATH:-}" OPENBLAS_NUM_THREADS=1 \
       PARALIA_HOME=$HOME/.paralia STARPU_HOME=$HOME STARPU_SILENT=1
for ex in cholesky lu; do
  s=$(date +%s%N)
  timeout 200 _build/examples/paralia-$ex -n 30720 -nb 2048 -check 2>&1 | grep -v "^\[starpu\]"
  echo "paralia-$ex: whole process $(( ($(date +%s%N) - s) / 1000000 )) ms"
done | tee "$OUT/check30720.txt"
