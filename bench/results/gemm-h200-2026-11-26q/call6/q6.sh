#!/usr/bin/env bash
# Session 2026-11-26q, call 6 (issue 14), one H200, on ecb0c26 (the tail with C read late): the
# four points whose pick it changes, the new pick (the default) against the old one forced and
# against tile 2048, two rounds alternating, medians of 5: FP64 4096^3 hhh, h0h, 0hh (1024 ->
# 1536) and 8192^3 hhh (2048 x 8192 -> 2048 x 6144); then the GPU suite.
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh q6 $t || exit
grep "GB/s" "$R/linkmap.log" | head -3
b=_build/bench/gemm_bench
small="d:4096:4096:4096:hhh d:4096:4096:4096:h0h d:4096:4096:4096:0hh"
: > "$R/picks.csv"
for round in 1 2; do
  PARALIA_VERBOSE=1 BENCH_REPS=5 $b paralia $small d:8192:8192:8192:hhh 2>>"$R/new.err" | grep -v "^#" | sed "s/^/new$round,/" >> "$R/picks.csv"
  PARALIA_TILE=1024 PARALIA_TALL=none PARALIA_VERBOSE=1 BENCH_REPS=5 $b paralia $small 2>>"$R/old.err" | grep -v "^#" | sed "s/^/old$round,/" >> "$R/picks.csv"
  PARALIA_TILE=2048 PARALIA_TALL=8192 PARALIA_VERBOSE=1 BENCH_REPS=5 $b paralia d:8192:8192:8192:hhh 2>>"$R/old.err" | grep -v "^#" | sed "s/^/old$round,/" >> "$R/picks.csv"
  PARALIA_TILE=2048 PARALIA_TALL=none PARALIA_VERBOSE=1 BENCH_REPS=5 $b paralia $small 2>>"$R/t2048.err" | grep -v "^#" | sed "s/^/t2048-$round,/" >> "$R/picks.csv"
done
cut -d, -f1,3-10,13 "$R/picks.csv"
grep -h "autotune" "$R/new.err" | sed 's/(ld.*): tile/: tile/' | cut -c1-200 | sort | uniq -c
stamp picks; pack
CHECK_RUNS=1 timeout 225 scripts/gpu-run.sh check > "$R/suite.txt" 2>&1; tail -2 "$R/suite.txt"
grep -h "^# \|FAIL" _build/test-suite.log 2>/dev/null | head -12 > "$R/suite-summary.txt"; grep "TOTAL\|PASS\|FAIL" "$R/suite-summary.txt"
stamp suite; pack
