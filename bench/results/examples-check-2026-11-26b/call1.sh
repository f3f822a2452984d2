#!/usr/bin/env bash
# Session 2026-11-26b, call 1: the suite under make -j8 check once (main at 5413939, never run on a
# GPU), then the examples' -check at n = 30720 with the host passes on every core (issue 15, item 6).
CHECK_RUNS=1 scripts/gpu-run.sh build check
export LD_LIBRARY_PATH="$(cat .device/starpu-prefix)/lib:${LD_LIBRARY_PATH:-}" OPENBLAS_NUM_THREADS=1 \
       PARALIA_HOME=$HOME/.paralia STARPU_HOME=$HOME STARPU_SILENT=1
nproc; git log -1 --format=%h 2>/dev/null
for ex in cholesky lu; do
  s=$(date +%s%N)
  timeout 200 _build/examples/paralia-$ex -n 30720 -nb 2048 -check 2>&1 | grep -v "^\[starpu\]"
  echo "paralia-$ex: whole process $(( ($(date +%s%N) - s) / 1000000 )) ms"
done | tee "$OUT/check30720.txt"
cat "$OUT/summary.txt"
