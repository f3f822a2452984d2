#!/usr/bin/env bash
# Session 2026-11-28r, call 2 (issue 14), on 5224e68's library (08bd64e: call 1's C panels
# reverted; 5224e68 not yet run on a GPU):
# 1. the GPU suite;
# 2. the 16 GPU-resident points but 32768^3 paired (paralia, one cuBLAS call, cuBLASXt in one
#    process, calls alternating, the six orders in turn), as 2026-11-28q call 4.
. scripts/device-env.sh r2 .device/kernels-n9-h200.txt .device/kernels-m3.txt || exit
git log --oneline -1; git status --short | head -8
suite $((440 - (SECONDS - dev_start)))
pts=""; for P in d s; do for s in 4096:4096:4096 8192:8192:8192 16384:16384:16384 32768:32768:4096 4096:4096:32768 20000:17000:9000 12000:30000:7000 27000:9500:14500; do pts="$pts $P:$s:000"; done; done
left=$((565 - (SECONDS - dev_start)))
echo "system,prec,m,n,k,place,config,median_ms,min_ms,max_ms,tflops,predicted_ms,check,status" > "$R/paired.csv"
PARALIA_VERBOSE=1 BENCH_REPS=6 BENCH_EACH=1 OPENBLAS_NUM_THREADS=1 timeout $left _build/bench/gemm_bench paired $pts \
  >> "$R/paired.csv" 2> "$R/paired.stderr"
echo "paired rc $?"
cut -d, -f1-8,11 "$R/paired.csv"
stamp paired; pack
