#!/usr/bin/env bash
# Session 2026-11-28n, call 4 (issue 14): paralia against StarPU's dmdas on a tile graph of
# paralia's codelets (whose gemm kernel now runs square products on two lanes: dmdas's tiles get
# them too) at the 28 points of bench/dmdas_compare.sh; then, if the call's time allows, FP32
# 32768^3 with B on the GPU and from the host against cuBLASXt's block of 8192 (its best of
# 2048/4096/8192 at both in session j), the dataset's one point below 1.0x off the GPU.
# N4_LIMIT: seconds this call may take (the session's device time left).
limit=${N4_LIMIT:-300}
. scripts/device-env.sh n4 .device/kernels-n9-h200.txt .device/kernels-m3.txt || exit
git log --oneline -1; git status --short | head -8
left=$((limit - 25 - (SECONDS - dev_start)))
PARALIA_VERBOSE=1 BENCH_TIMEOUT=150 timeout $left bash bench/dmdas_compare.sh "$R/dmdas" >/dev/null 2>&1
grep "^| [ds] " "$R/dmdas/gemm.md" | cut -d'|' -f2-7,12,14
sed -n '/Geometric/,$p' "$R/dmdas/gemm.md" | head -3
stamp dmdas; pack
left=$((limit - 15 - (SECONDS - dev_start)))
if [ $left -gt 60 ]; then
  PARALIA_VERBOSE=1 BENCH_POINTS="s:32768:32768:32768:h0h s:32768:32768:32768:hhh" BENCH_BLOCKS=8192 \
    BENCH_SYSTEMS="paralia cublasxt" BENCH_REPS=3 BENCH_TIMEOUT=100 timeout $left \
    bash bench/gemm_compare.sh "$R/big-s" >/dev/null 2>&1
  grep "^| [ds] " "$R/big-s/gemm.md" | cut -d'|' -f2-7,11-13
  stamp big; pack
fi
