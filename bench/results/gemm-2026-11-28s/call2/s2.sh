#!/usr/bin/env bash
# Session 2026-11-28s, call 2 (issue 14), on the working tree: step 4's floating segments (only one
# of A and B crossing: the segments that bring nothing float), which moves FP64 8192^3 h0h's pick
# to tiles of 1024 x 8192 rows with A's panels (call 1: 1.094x the old pick side by side):
# 1. the GPU suite;
# 2. that pick (the model's) against the old one forced (2048 x 3072), two rounds in both orders;
#    its mirror FP64 8192^3 0hh, whose pick stays deep products of 512 but whose 1024 x 8192 tiles
#    with B's panels the change prices 24.1 ms, not 26.1: both, two rounds;
# 3. the dataset's row and the dmdas row of FP64 8192^3 h0h (gemm_compare: paralia, cuBLASXt's
#    blocks, dmdas's tiles, each in its own process).
. scripts/device-env.sh s2 .device/kernels-n9-h200.txt .device/kernels-m3.txt || exit
git log --oneline -1; git status --short | head -8
suite $((445 - (SECONDS - dev_start)))
export BENCH_REPS=9 ALT_LIMIT=60
h=d:8192:8192:8192:h0h o=d:8192:8192:8192:0hh
alternate 1 tie.csv "$h" model r2048:PARALIA_TILE=2048,PARALIA_TALL=3072
alternate 2 tie.csv "$h" r2048:PARALIA_TILE=2048,PARALIA_TALL=3072 model
alternate 1 mirror.csv "$o" model t1024:PARALIA_TILE=1024,PARALIA_TALL=8192,PARALIA_DEEP=none
alternate 2 mirror.csv "$o" t1024:PARALIA_TILE=1024,PARALIA_TALL=8192,PARALIA_DEEP=none model
for c in tie mirror; do
  python3 bench/ab_report.py --base model "$R/$c.csv" > "$R/$c-report.txt" 2>&1; cat "$R/$c-report.txt"
  cut -d, -f1,2,9,10,11,12,14 "$R/$c.csv"
done
grep -h "autotune" "$R"/model-1.err "$R"/t1024-1.err | head -4
stamp alternate; pack
left=$((570 - (SECONDS - dev_start)))
BENCH_POINTS="$h" BENCH_SYSTEMS="paralia cublasxt dmdas" BENCH_REPS=3 PARALIA_VERBOSE=1 \
  timeout $left bash bench/gemm_compare.sh "$R/row" > "$R/row.log" 2>&1
echo "row rc $?"; grep "^| d" "$R/row/gemm.md"
stamp row; pack
