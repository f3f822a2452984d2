#!/usr/bin/env bash
# Session 2026-11-28u, call 3 (issue 14), on a9e4323 (gemm's blocks priced as one where every
# chain is within the policy's lookahead):
# 1. paralia against dmdas at the 28 points, all of them side by side in this one run
#    (bench/dmdas_compare.sh; session s's run of 581c117 was the last whole one);
# 2. the dataset's hhh points at N >= 8192 but 32768^3, paralia alone against its bound.
. scripts/device-env.sh u3 .device/kernels-n9-h200.txt .device/kernels-m3.txt || exit
git log --oneline -1; git status --short | head -8
left=$((330 - (SECONDS - dev_start)))
PARALIA_VERBOSE=1 timeout $left bash bench/dmdas_compare.sh "$R/dmdas" > "$R/dmdas.log" 2>&1
echo "dmdas rc $?"; grep "^| [ds] " "$R/dmdas/gemm.md" | cut -d'|' -f2-6,11-14; grep Geometric "$R/dmdas/gemm.md"
stamp dmdas; pack
pts=""; for P in d s; do for s in 8192:8192:8192 16384:16384:16384 32768:32768:4096 4096:4096:32768 20000:17000:9000 12000:30000:7000 27000:9500:14500; do pts+="$P:$s:hhh "; done; done
left=$((440 - (SECONDS - dev_start)))
BENCH_POINTS="$pts" BENCH_SYSTEMS="paralia" BENCH_REPS=3 PARALIA_VERBOSE=1 BENCH_TIMEOUT=$((left - 12)) \
  timeout $left bash bench/gemm_compare.sh "$R/hhh" > "$R/hhh.log" 2>&1
echo "hhh rc $?"; grep "^| [ds] " "$R/hhh/gemm.md" | cut -d'|' -f2-7,11,12
stamp hhh; pack
