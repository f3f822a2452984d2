#!/usr/bin/env bash
# Session 2026-11-28r, call 3 (issue 14), on 5224e68's library: the dataset's 64 points off the
# GPU (hhh h0h 00h 0hh, 8 shapes, FP32 then FP64) against cuBLASXt, bench/dataset_compare.sh off,
# one precision per run, as 2026-11-28n call 2 (last measured there, on 07dfab6).
. scripts/device-env.sh r3 .device/kernels-n9-h200.txt .device/kernels-m3.txt || exit
git log --oneline -1; git status --short | head -8
for prec in s d; do
  left=$((560 - (SECONDS - dev_start)))
  [ $left -gt 60 ] || break
  PARALIA_VERBOSE=1 BENCH_PRECS="$prec" BENCH_TIMEOUT=200 timeout $left \
    bash bench/dataset_compare.sh off "$R/gemm-$prec" >/dev/null 2>&1
  grep "^| [ds] " "$R/gemm-$prec/gemm.md" | cut -d'|' -f2-7,11-13
  sed -n '/Geometric/,$p' "$R/gemm-$prec/gemm.md" | head -3
  stamp $prec; pack
done
