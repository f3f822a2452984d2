#!/usr/bin/env bash
# Session 2026-11-28o, call 2 (issue 14), on the tree whose gemm keeps only its plan's deep products
# off the lanes (the product's task says so), where the rule was the product's shape (deeper than
# wide), which also sent a ragged last column's products to the worker's stream:
# 1. the GPU suite;
# 2. side by side, this library against the shape's rule (bench/results/gemm-2026-11-28o/shape-rule.patch
#    applied by alt_build) at eight odd-shape points whose picked square tiles leave a narrow last
#    column of C, three rounds, the order turned each round.
. scripts/device-env.sh o2 .device/kernels-n9-h200.txt .device/kernels-m3.txt || exit
git log --oneline -1; git status --short | head -5
suite $((430 - (SECONDS - dev_start)))
alt_build $HOME/alt-shape bench/results/gemm-2026-11-28o/shape-rule.patch || { pack; exit 0; }
grep -c "k > n" $HOME/alt-shape/src/codelets/cuda_handles.c
pts="s:27000:9500:14500:h0h s:27000:9500:14500:hhh s:27000:9500:14500:00h s:27000:9500:14500:0hh"
pts+=" s:20000:17000:9000:hhh s:12000:30000:7000:0hh d:20000:17000:9000:hhh d:27000:9500:14500:h0h"
export BENCH_REPS=3 ALT_LIMIT=50
shape=shape:BENCH_BIN=$HOME/alt-shape/_build/bench/gemm_bench
for r in 1 2 3; do
  [ $((580 - (SECONDS - dev_start))) -gt 110 ] || break
  if [ $r = 2 ]; then alternate $r ab.csv "$pts" "$shape" plan; else alternate $r ab.csv "$pts" plan "$shape"; fi
done
python3 bench/ab_report.py --base shape "$R/ab.csv" > "$R/ab-report.txt" 2>&1; cat "$R/ab-report.txt"
stamp ab; pack
