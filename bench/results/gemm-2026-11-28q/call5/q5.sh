#!/usr/bin/env bash
# Session 2026-11-28q, call 5 (issue 14), on 20008df: paralia against StarPU's dmdas on a plain
# tile graph of paralia's codelets at the 28 points of bench/dmdas_compare.sh (session p's 1.32x
# ran on fec6605's gemm), within the session's last device seconds.
. scripts/device-env.sh q5 .device/kernels-n9-h200.txt .device/kernels-m3.txt || exit
git log --oneline -1; git status --short | head -4
PARALIA_VERBOSE=1 BENCH_TIMEOUT=150 timeout ${Q5_LIMIT:-300} bash bench/dmdas_compare.sh "$R/dmdas" >/dev/null 2>&1
grep "^| [ds] " "$R/dmdas/gemm.md" | cut -d'|' -f2-5,8,12,14
sed -n '/Geometric/,$p' "$R/dmdas/gemm.md" | head -3
stamp dmdas; pack
