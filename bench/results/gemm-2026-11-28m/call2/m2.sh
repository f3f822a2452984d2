#!/usr/bin/env bash
# Session 2026-11-28m, call 2 (issue 14), on the tree whose gemm asks for C's late tiles at
# StarPU's lowest priority (the library of this session's commit). The dataset's 64 points off
# the GPU (hhh h0h 00h 0hh, 8 shapes, FP64 then FP32) against cuBLASXt, bench/dataset_compare.sh
# off, one precision per run; then, on an H200, the dataset with session j's GPU-resident and
# 32768^3 rows (their plans do not read C late, so the change leaves them), plotted here.
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh m2 $t || exit
git log --oneline -1; git status --short | head -5
grep "GB/s" "$R/linkmap.log" | head -3
for prec in d s; do
  left=$((575 - (SECONDS - dev_start)))
  [ $left -gt 60 ] || break
  PARALIA_VERBOSE=1 BENCH_PRECS="$prec" BENCH_TIMEOUT=200 timeout $left \
    bash bench/dataset_compare.sh off "$R/gemm-$prec" >/dev/null 2>&1
  grep "^| [ds] " "$R/gemm-$prec/gemm.md" | cut -d'|' -f2-7,11-13
  sed -n '/Geometric/,$p' "$R/gemm-$prec/gemm.md" | head -3
  stamp $prec; pack
done
if grep -q H200 "$R/gpu.txt" && [ -s "$R/gemm-s/gemm.csv" ]; then
  bash bench/dataset_combine.sh "$R/dataset-h200" bench/results/gemm-2026-11-28j/dataset-h200/gemm.csv \
    "$R/kernels.txt" "$R/linkmap.txt" \
    "dataset of 2026-11-28m on one NVIDIA H200: call 2's 64 points off the GPU (C's late tiles at the lowest priority) with session j's GPU-resident and 32768^3 rows; beta=0.5" \
    "$R/gemm-d/gemm.csv" "$R/gemm-s/gemm.csv" > "$R/combine.log" 2>&1
  sed -n '/Geometric/,$p' "$R/dataset-h200/gemm.md" | head -12
  stamp combine; pack
fi
