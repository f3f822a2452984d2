#!/usr/bin/env bash
# Session 2026-11-28u, call 4 (issue 14): the GPU suite on e0dd122 (a9e4323 after review: blocks
# run as one only where C's tiles are one row); then, as far as the time allows, FP64 8192^3 with
# every operand on the GPU, the dmdas run's minimum (call 3: paralia's tiles of 6144 at 54.6
# TFLOP/s against dmdas's 2048 at 58.1): the pick against fixed tiles, two rounds in rotating
# order, and against one cuBLAS call and dmdas.
. scripts/device-env.sh u4 .device/kernels-n9-h200.txt .device/kernels-m3.txt || exit
git log --oneline -1; git status --short | head -8
suite 510
[ $((SECONDS - dev_start)) -lt 525 ] || exit 0
export BENCH_REPS=9 ALT_LIMIT=15
pt=d:8192:8192:8192:000
alternate 1 d8192g.csv "$pt" model t2048:PARALIA_TILE=2048 t4096:PARALIA_TILE=4096 t8192:PARALIA_TILE=8192
alternate 2 d8192g.csv "$pt" t8192:PARALIA_TILE=8192 t4096:PARALIA_TILE=4096 t2048:PARALIA_TILE=2048 model
cut -d, -f1,2,9,10,11,12,14 "$R/d8192g.csv"
stamp d8192g; pack
[ $((SECONDS - dev_start)) -lt 555 ] || exit 0
BENCH_POINTS="$pt" BENCH_SYSTEMS="paralia cublas dmdas" BENCH_REPS=3 BENCH_TIMEOUT=20 timeout 30 \
  bash bench/gemm_compare.sh "$R/d8192g-ref" > "$R/d8192g-ref.log" 2>&1
grep "^| d " "$R/d8192g-ref/gemm.md" | cut -d'|' -f2-9,12-15
stamp d8192g-ref; pack
