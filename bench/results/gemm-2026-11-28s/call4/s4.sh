#!/usr/bin/env bash
# Session 2026-11-28s, call 4 (issue 14), on 581c117 (step 4's floating segments):
# 1. paralia against dmdas at the 28 points (bench/dmdas_compare.sh; session r's run was on 5224e68);
# 2. the dataset's FP64 points with one of A and B crossing (h0h, 0hh at its eight shapes but
#    32768^3), where the floating segments price plans, against cuBLASXt (gemm_compare.sh), as
#    far as the time allows.
. scripts/device-env.sh s4 .device/kernels-n9-h200.txt .device/kernels-m3.txt || exit
git log --oneline -1; git status --short | head -8
left=$((330 - (SECONDS - dev_start)))
PARALIA_VERBOSE=1 timeout $left bash bench/dmdas_compare.sh "$R/dmdas" > "$R/dmdas.log" 2>&1
echo "dmdas rc $?"; grep "^| [ds] " "$R/dmdas/gemm.md" | cut -d'|' -f2-6,11-14; grep Geometric "$R/dmdas/gemm.md"
stamp dmdas; pack
pts=""; for s in 4096:4096:4096 8192:8192:8192 16384:16384:16384 32768:32768:4096 4096:4096:32768 20000:17000:9000 12000:30000:7000 27000:9500:14500; do pts+="d:$s:h0h d:$s:0hh "; done
left=$((585 - (SECONDS - dev_start)))
BENCH_POINTS="$pts" BENCH_SYSTEMS="paralia cublasxt" BENCH_REPS=3 PARALIA_VERBOSE=1 BENCH_TIMEOUT=$((left / 2)) \
  timeout $left bash bench/gemm_compare.sh "$R/one-crossing" > "$R/one-crossing.log" 2>&1
echo "one-crossing rc $?"; grep "^| d " "$R/one-crossing/gemm.md" | cut -d'|' -f2-7,8,12,13; grep Geometric "$R/one-crossing/gemm.md"
stamp one-crossing; pack
