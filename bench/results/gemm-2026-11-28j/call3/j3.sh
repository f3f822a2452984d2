#!/usr/bin/env bash
# Session 2026-11-28j, call 3 (issue 14), on eac9008 (the library as b8c6b3a). The dataset's
# 32768^3 points off the GPU (hhh h0h 00h 0hh, FP64 then FP32) against cuBLASXt, each system in
# its own process over one precision's four points, medians of 3 after 2 untimed calls (cuBLASXt:
# one per block of 4096 and 8192, its best of the dataset's rows there being 8192), as
# dataset_compare.sh's "big" part runs them but for its 000 points (call 1 measured those paired).
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh j3 $t || exit
git log --oneline -1; git status --short | head -3
grep "GB/s" "$R/linkmap.log" | head -3
for prec in d s; do
  left=$((560 - (SECONDS - dev_start)))
  [ $left -gt 60 ] || break
  pts=""; for pl in hhh h0h 00h 0hh; do pts+="$prec:32768:32768:32768:$pl "; done
  PARALIA_VERBOSE=1 BENCH_POINTS="$pts" BENCH_SYSTEMS="paralia cublasxt" BENCH_UNTIMED=2 BENCH_BLOCKS=4096,8192 \
    BENCH_REPS=3 BENCH_TIMEOUT=$((left / 2)) timeout $left bash bench/gemm_compare.sh "$R/big-$prec" >/dev/null 2>&1
  grep "^| [ds] " "$R/big-$prec/gemm.md" | cut -d'|' -f2-7,11-13
  stamp $prec; pack
done
