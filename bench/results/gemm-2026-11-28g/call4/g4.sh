#!/usr/bin/env bash
# Session 2026-11-28g, call 4 (issue 14), on 258a9a5: bench/dmdas_compare.sh's first run on a GPU
# (paralia against the dmdas tile graph at the 28 points), each system bounded to 200 s so that
# the call fits what is left of the session's device time: the dmdas run is cut short.
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh g4 $t || exit
BENCH_TIMEOUT=200 timeout 450 bash bench/dmdas_compare.sh "$R/dmdas" > "$R/dmdas.txt" 2>&1
grep "^| [ds]" "$R/dmdas/gemm.md" | cut -d'|' -f2-7,9,14
sed -n '/Geometric/,$p' "$R/dmdas/gemm.md" | head -4
stamp dmdas; pack
