#!/usr/bin/env bash
# Session 2026-11-28o, call 3 (issue 14), on the library as e5fe283 (gemm's products deeper than
# wide on the worker's stream through the tuner, the others on the lanes: the shape's rule, kept):
# 1. the GPU suite on it;
# 2. side by side, against call 2's library, which keeps only its plan's deep products off the lanes
#    (bench/results/gemm-2026-11-28o/plan-rule.patch, applied by alt_build), at call 2's eight
#    odd-shape points: two more rounds, the order turned (call 2 ran one, its time spent).
. scripts/device-env.sh o3 .device/kernels-n9-h200.txt .device/kernels-m3.txt || exit
git log --oneline -1; git status --short | head -5
suite $((430 - (SECONDS - dev_start)))
alt_build $HOME/alt-plan bench/results/gemm-2026-11-28o/plan-rule.patch || { pack; exit 0; }
grep -c "pl_gemm_lane(a->deep)" $HOME/alt-plan/src/codelets/gemm.c
pts="s:27000:9500:14500:h0h s:27000:9500:14500:hhh s:27000:9500:14500:00h s:27000:9500:14500:0hh"
pts+=" s:20000:17000:9000:hhh s:12000:30000:7000:0hh d:20000:17000:9000:hhh d:27000:9500:14500:h0h"
export BENCH_REPS=3 ALT_LIMIT=50
plan=plan:BENCH_BIN=$HOME/alt-plan/_build/bench/gemm_bench
for r in 2 3; do
  [ $((585 - (SECONDS - dev_start))) -gt 62 ] || break
  if [ $r = 2 ]; then alternate $r ab.csv "$pts" shape "$plan"; else alternate $r ab.csv "$pts" "$plan" shape; fi
done
python3 bench/ab_report.py --base shape "$R/ab.csv" > "$R/ab-report.txt" 2>&1; cat "$R/ab-report.txt"
stamp ab; pack
