#!/usr/bin/env bash
# Session 2026-11-28r, call 4 (issue 14), on 5224e68's library, within the session's last device
# seconds (R4_LIMIT):
# 1. the dataset's 16 GPU-resident points but 32768^3 against cuBLASXt and one cuBLAS call, each
#    system in its own process (bench/dataset_compare.sh gpu), for the dataset with call 3's part;
# 2. then paralia against dmdas at the 28 points of bench/dmdas_compare.sh, as far as time allows.
. scripts/device-env.sh r4 .device/kernels-n9-h200.txt .device/kernels-m3.txt || exit
git log --oneline -1; git status --short | head -4
lim=${R4_LIMIT:-420}
PARALIA_VERBOSE=1 BENCH_TIMEOUT=150 timeout $((lim - (SECONDS - dev_start))) \
  bash bench/dataset_compare.sh gpu "$R/gemm-gpu" >/dev/null 2>&1
echo "gpu rc $?"
grep "^| [ds] " "$R/gemm-gpu/gemm.md" | cut -d'|' -f2-7,11-15
sed -n '/Geometric/,$p' "$R/gemm-gpu/gemm.md" | head -3
stamp gpu; pack
left=$((lim - (SECONDS - dev_start)))
[ $left -gt 120 ] && PARALIA_VERBOSE=1 BENCH_TIMEOUT=150 timeout $left bash bench/dmdas_compare.sh "$R/dmdas" >/dev/null 2>&1
echo "dmdas rc $?"
grep "^| [ds] " "$R/dmdas/gemm.md" | cut -d'|' -f2-5,8,12,14
sed -n '/Geometric/,$p' "$R/dmdas/gemm.md" | head -3
stamp dmdas; pack
