#!/usr/bin/env bash
# Session 2026-11-26, call 6: blocks + fetch ahead in one-tile blocks (issue 14): every tile and
# the pick on the nine host-resident points with the 2026-11-24c calibration; then the copy
# calibration at host pitches of 16384 and 32768 elements, for replaying the model offline.
export SWEEP_TILES="0 2048 3072 4096 6144 8192" SWEEP_LIMIT=420
export SWEEP_POINTS="d:4096:4096:4096:hhh d:8192:8192:8192:hhh d:16384:16384:16384:hhh d:32768:32768:4096:hhh d:4096:4096:32768:hhh d:20000:17000:9000:hhh s:8192:8192:8192:hhh s:16384:16384:16384:hhh s:32768:32768:4096:hhh"
scripts/gpu-run.sh build sweep
cp "$OUT/results/sweep.csv" "$OUT/" 2>/dev/null
export LD_LIBRARY_PATH="$(cat .device/starpu-prefix)/lib:${LD_LIBRARY_PATH:-}" OPENBLAS_NUM_THREADS=1
for ld in 16384 32768; do
  PARALIA_XFER_LD=$ld timeout 100 _build/tools/paralia-kernels "$OUT/kernels-ld$ld.txt" > "$OUT/kernels-ld$ld.log" 2>&1
done
cat "$OUT/summary.txt"; grep -h xfer "$OUT"/kernels-ld*.txt
