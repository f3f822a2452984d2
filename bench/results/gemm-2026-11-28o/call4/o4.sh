#!/usr/bin/env bash
# Session 2026-11-28o, call 4 (issue 14), on the library as e5fe283 (the shape's rule, kept: gemm's
# products deeper than wide on the worker's stream through the tuner): side by side against call
# 2's library, which keeps only its plan's deep products off the lanes
# (bench/results/gemm-2026-11-28o/plan-rule.patch, remade against this tree: call 3's copy did
# not apply), at call 2's eight odd-shape points: two more rounds, the order turned.
. scripts/device-env.sh o4 .device/kernels-n9-h200.txt .device/kernels-m3.txt || exit
git log --oneline -1; git status --short | head -5
alt_build $HOME/alt-plan bench/results/gemm-2026-11-28o/plan-rule.patch || { pack; exit 0; }
grep -c "pl_gemm_lane(a->deep)" $HOME/alt-plan/src/codelets/gemm.c
pts="s:27000:9500:14500:h0h s:27000:9500:14500:hhh s:27000:9500:14500:00h s:27000:9500:14500:0hh"
pts+=" s:20000:17000:9000:hhh s:12000:30000:7000:0hh d:20000:17000:9000:hhh d:27000:9500:14500:h0h"
export BENCH_REPS=3 ALT_LIMIT=50
plan=plan:BENCH_BIN=$HOME/alt-plan/_build/bench/gemm_bench
for r in 2 3; do
  [ $((O4_LIMIT - (SECONDS - dev_start))) -gt 64 ] || break
  if [ $r = 2 ]; then alternate $r ab.csv "$pts" shape "$plan"; else alternate $r ab.csv "$pts" "$plan" shape; fi
done
python3 bench/ab_report.py --base shape "$R/ab.csv" > "$R/ab-report.txt" 2>&1; cat "$R/ab-report.txt"
stamp ab; pack
