#!/usr/bin/env bash
# Session 2026-11-28l, call 3 (issue 14), on 96edc2b ("edf"): StarPU's idle requests in the order
# gemm needs them, C's tiles read late asked for one below their block's priority and the tiles
# a chain fetches ahead at its task's priority, against the library before it (b8c6b3a's, built
# beside by alt_build with bench/results/gemm-2026-11-28l/base-reverse.patch: "base"), side by
# side, each in its own process, rounds base, edf, edf, base: (1) FP64 4096x4096x32768 h0h at
# tile 3072 (calls 1-2's "prio", C's tiles below every other request, ran it 1.07x faster);
# (2) the points where "prio" gained most and where it lost: FP64 20000x17000x9000 hhh and h0h,
# 27000x9500x14500 hhh, 16384^3 hhh, 32768x32768x4096 h0h, medians of 3; (3) the GPU suite on
# 96edc2b.
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh l3 $t || exit
git log --oneline -1; git status --short | head -5
grep "GB/s" "$R/linkmap.log" | head -3
alt_build "$HOME/alt-base" bench/results/gemm-2026-11-28l/base-reverse.patch || exit
B=$HOME/alt-base/_build/bench/gemm_bench
round=0
for w in base edf edf base; do
  round=$((round + 1))
  b=_build/bench/gemm_bench; [ $w = base ] && b=$B
  PARALIA_VERBOSE=1 BENCH_SWEEP=3072 BENCH_REPS=5 timeout 40 "$b" paralia d:4096:4096:32768:h0h \
    2>> "$R/point-$w.err" | grep -v "^#" | sed "s/^/$w,$round,/" >> "$R/point.csv"
done
cut -d, -f1-3,9-12,14 "$R/point.csv"
stamp point; pack
pts="d:20000:17000:9000:hhh d:27000:9500:14500:hhh d:16384:16384:16384:hhh d:32768:32768:4096:h0h d:20000:17000:9000:h0h"
export BENCH_REPS=3
ALT_LIMIT=60 alternate 1 edf.csv "$pts" base:BENCH_BIN=$B edf
ALT_LIMIT=60 alternate 2 edf.csv "$pts" edf base:BENCH_BIN=$B
unset BENCH_REPS
cut -d, -f1-4,6-9,10-12,14 "$R/edf.csv"
suite $((588 - (SECONDS - dev_start)))
