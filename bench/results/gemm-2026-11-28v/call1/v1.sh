#!/usr/bin/env bash
# Session 2026-11-28v, call 1 (issue 14): products in deeper layers where B alone crosses (A on the
# GPU, 0hh), and choose_way's deep products against layers without a second margin; side by side
# with bd9d257's library (.device/v-base.patch reverses the change; alt_build):
# 1. the three dataset points whose pick moves (FP64 and FP32 4096x4096x32768 0hh, FP64 8192^3
#    0hh): new and old, three rounds in rotating order, medians of 9;
# 2. forced cells beside the pick at the two 4096x4096x32768 points (layers 4096/16384 at 512,
#    deep products 256 and 512), two rounds;
# 3. the three points against cuBLASXt (gemm_compare.sh, each system in its own process);
# 4. the three picks blocks as one (2026-11-28u) moved outside the dataset, against 7475543's
#    library (.device/v-uold.patch): FP64 8192^3 and FP32 4096x4096x32768 with C alone on the GPU,
#    FP64 6000x6000x100000 from the host; three rounds.
. scripts/device-env.sh v1 .device/kernels-n9-h200.txt .device/kernels-m3.txt || exit
git log --oneline -1; git status --short | head -8
alt_build /tmp/base .device/v-base.patch || exit
export BENCH_REPS=9 ALT_LIMIT=90
base=base:BENCH_BIN=/tmp/base/_build/bench/gemm_bench
pts="d:4096:4096:32768:0hh s:4096:4096:32768:0hh d:8192:8192:8192:0hh"
alternate 1 moved.csv "$pts" new "$base"
alternate 2 moved.csv "$pts" "$base" new
alternate 3 moved.csv "$pts" new "$base"
python3 bench/ab_report.py --base base "$R/moved.csv" > "$R/moved-report.txt" 2>&1; cat "$R/moved-report.txt"
cut -d, -f1,2,4,5,6,7,8,9,10,11,14 "$R/moved.csv"
grep -h "autotune" "$R"/new-1.err "$R"/base-1.err | head -8
for f in "$R"/new-[0-9].err "$R"/base-[0-9].err; do mv "$f" "${f%.err}-moved.err"; done
stamp moved; pack
export BENCH_REPS=5
pts="d:4096:4096:32768:0hh s:4096:4096:32768:0hh"
for r in 1 2; do
  alternate $r cells.csv "$pts" new l4096:PARALIA_TILE=512,PARALIA_DEPTH=4096 \
    l16384:PARALIA_TILE=512,PARALIA_DEPTH=16384 d256:PARALIA_TILE=256,PARALIA_DEEP=all \
    d512:PARALIA_TILE=512,PARALIA_DEEP=all l8192w1024:PARALIA_TILE=1024,PARALIA_DEPTH=8192
done
cut -d, -f1,2,4,5,6,7,8,9,10,11,14 "$R/cells.csv"
for f in "$R"/*-[0-9].err; do mv "$f" "${f%.err}-cells.err"; done
stamp cells; pack
BENCH_POINTS="d:4096:4096:32768:0hh s:4096:4096:32768:0hh d:8192:8192:8192:0hh" BENCH_SYSTEMS="paralia cublasxt" \
  BENCH_REPS=3 PARALIA_VERBOSE=1 BENCH_TIMEOUT=60 timeout 150 bash bench/gemm_compare.sh "$R/xt" > "$R/xt.log" 2>&1
echo "xt rc $?"; grep "^| [ds] " "$R/xt/gemm.md" | cut -d'|' -f2-9,12-14
stamp xt; pack
alt_build /tmp/uold .device/v-uold.patch || exit
export BENCH_REPS=9
uold=uold:BENCH_BIN=/tmp/uold/_build/bench/gemm_bench
pts="d:8192:8192:8192:hh0 s:4096:4096:32768:hh0 d:6000:6000:100000:hhh"
alternate 1 asone.csv "$pts" new "$uold"
alternate 2 asone.csv "$pts" "$uold" new
alternate 3 asone.csv "$pts" new "$uold"
python3 bench/ab_report.py --base uold "$R/asone.csv" > "$R/asone-report.txt" 2>&1; cat "$R/asone-report.txt"
cut -d, -f1,2,4,5,6,7,8,9,10,11,14 "$R/asone.csv"
grep -h "autotune" "$R"/new-1.err "$R"/uold-1.err | head -8
for f in "$R"/new-[0-9].err "$R"/uold-[0-9].err; do mv "$f" "${f%.err}-asone.err"; done
stamp asone; pack
