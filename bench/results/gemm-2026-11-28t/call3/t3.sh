#!/usr/bin/env bash
# Session 2026-11-28t, call 3 (issue 14), on c0b4078 (layers, a lone block's rounds, the table's
# dips): the GPU suite; then FP32 8192^3 with C on the host (00h), whose plan the dips move (square
# C tiles of 2048 over the whole k, from square tiles of 2048: PARALIA_DEEP=none), side by side,
# each in its own process, three rounds in rotating order, medians of 9.
. scripts/device-env.sh t3 .device/kernels-n9-h200.txt .device/kernels-m3.txt || exit
git log --oneline -1; git status --short | head -8
suite 470
export BENCH_REPS=9 ALT_LIMIT=60
pt=s:8192:8192:8192:00h
alternate 1 s8192.csv "$pt" model none:PARALIA_DEEP=none
alternate 2 s8192.csv "$pt" none:PARALIA_DEEP=none model
alternate 3 s8192.csv "$pt" model none:PARALIA_DEEP=none
python3 bench/ab_report.py --base none "$R/s8192.csv" > "$R/s8192-report.txt" 2>&1; cat "$R/s8192-report.txt"
grep -h "autotune" "$R"/model-1.err "$R"/none-1.err | head -2
stamp s8192; pack
