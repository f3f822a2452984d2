#!/usr/bin/env bash
# Session 2026-11-28m, call 3 (issue 14): the GPU suite on the library whose gemm asks for C's
# late tiles at StarPU's lowest priority; then, in the time left, that library against the one
# before it (built beside it from bench/results/gemm-2026-11-28m/base-reverse.patch) at the two
# points where it lost in three sessions (FP64 16384^3 hhh, 32768x32768x4096 h0h), alternating.
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh m3 $t || exit
git log --oneline -1; git status --short | head -5
suite $((588 - (SECONDS - dev_start)))
left=$((560 - (SECONDS - dev_start)))
if [ $left -gt 90 ] && alt_build "$HOME/alt-base" bench/results/gemm-2026-11-28m/base-reverse.patch; then
  B=$HOME/alt-base/_build/bench/gemm_bench
  export BENCH_REPS=3 ALT_LIMIT=60
  r=1
  while [ $((575 - (SECONDS - dev_start))) -gt 75 ]; do
    alternate $r ab.csv "d:16384:16384:16384:hhh d:32768:32768:4096:h0h" base:BENCH_BIN=$B prio
    r=$((r + 1))
  done
  python3 bench/ab_report.py --base base "$R/ab.csv" 2>&1 | tee "$R/ab-report.txt"
  stamp report; pack
fi
