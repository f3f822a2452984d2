#!/usr/bin/env bash
# Session 2026-11-28v, call 3 (issue 14): gemm's first block priced with the next chain joining
# it (the rest in the block order) in place of 2026-11-28u's every chain as one; side by side
# with bd9d257's library (.device/v-base3.patch reverses the change; alt_build):
# 1. the picks that move on the H200 table: FP64 8192^3 with C on the GPU (8192 x 512 -> 8192 x
#    2048 in layers of 3072), FP64 6000x6000x100000 from the host (layers of 8192 in 6000 x 512 ->
#    square 8192, where the call's calibration moves it), and FP64 8192^3 from the host with
#    beta = 0 (8192 x 512 -> 8192 x 1536 in layers of 4096): new and old, three rounds in
#    rotating order, medians of 9;
# 2. at the last, forced layers of 4096 in C tiles 8192 rows by 512, 1024, 1536 and 2048; two
#    rounds;
# 3. the last against cuBLASXt and dmdas (gemm_compare.sh, each system in its own process).
. scripts/device-env.sh v3 .device/kernels-n9-h200.txt .device/kernels-m3.txt || exit
git log --oneline -1; git status --short | head -8
alt_build /tmp/base .device/v-base3.patch || exit
export BENCH_REPS=9 ALT_LIMIT=90
base=base:BENCH_BIN=/tmp/base/_build/bench/gemm_bench
pts="d:8192:8192:8192:hh0 d:6000:6000:100000:hhh"
alternate 1 moved.csv "$pts" new "$base"
alternate 2 moved.csv "$pts" "$base" new
alternate 3 moved.csv "$pts" new "$base"
for f in "$R"/new-[0-9].err "$R"/base-[0-9].err; do mv "$f" "${f%.err}-moved.err"; done
export BENCH_BETA=0
pt=d:8192:8192:8192:hhh
alternate 1 b0.csv "$pt" new "$base"
alternate 2 b0.csv "$pt" "$base" new
alternate 3 b0.csv "$pt" new "$base"
for f in "$R"/new-[0-9].err "$R"/base-[0-9].err; do mv "$f" "${f%.err}-b0.err"; done
for f in moved b0; do
  python3 bench/ab_report.py --base base "$R/$f.csv" > "$R/$f-report.txt" 2>&1; cat "$R/$f-report.txt"
  cut -d, -f1,2,4,5,6,7,8,9,10,11,14 "$R/$f.csv"
done
grep -h "autotune" "$R"/new-1-moved.err "$R"/base-1-moved.err "$R"/new-1-b0.err "$R"/base-1-b0.err
stamp moved; pack
export BENCH_REPS=5
for r in 1 2; do
  alternate $r cells.csv "$pt" w512:PARALIA_TILE=512,PARALIA_DEPTH=4096,PARALIA_TALL=8192 \
    w1024:PARALIA_TILE=1024,PARALIA_DEPTH=4096,PARALIA_TALL=8192 w1536:PARALIA_TILE=1536,PARALIA_DEPTH=4096,PARALIA_TALL=8192 \
    w2048:PARALIA_TILE=2048,PARALIA_DEPTH=4096,PARALIA_TALL=8192
done
cut -d, -f1,2,4,5,6,7,8,9,10,11,14 "$R/cells.csv"
for f in "$R"/w*-[0-9].err; do mv "$f" "${f%.err}-cells.err"; done
stamp cells; pack
BENCH_POINTS="$pt" BENCH_SYSTEMS="paralia cublasxt dmdas" \
  BENCH_REPS=3 PARALIA_VERBOSE=1 BENCH_TIMEOUT=60 timeout 150 bash bench/gemm_compare.sh "$R/beta0" > "$R/beta0.log" 2>&1
echo "beta0 rc $?"; grep "^| [ds] " "$R/beta0/gemm.md" | cut -d'|' -f2-9,12-14
stamp beta0; pack
