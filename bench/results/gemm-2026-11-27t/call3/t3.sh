#!/usr/bin/env bash
# Session 2026-11-27t, call 3 (issue 14), on the default PARALIA_POP_READY=2: the GPU suite; the
# combined H200 dataset's plot (combine.sh; matplotlib is on this machine only); FP64 8192^3 hhh and
# 0hh and 27000x9500x14500 hhh under =2 and priority first (=0), alternating, three rounds (call 2
# ran 8192^3 0hh 5% slower than session s's call 4, where call 1 had =2 level there); Cholesky
# and LU n=20480 nb=2048 under =2, =0 and dmdas, alternating.
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh t3 $t || exit
grep "GB/s" "$R/linkmap.log" | head -3
( cd bench/results/gemm-2026-11-27t && bash combine.sh > "$R/combine.log" 2>&1; cp dataset-h200/gemm.png "$R/plot-t.png" )
tail -1 "$R/combine.log"; stamp plot; pack
CHECK_RUNS=1 timeout 225 scripts/gpu-run.sh check > "$R/suite.txt" 2>&1; tail -2 "$R/suite.txt"
grep -h "^# \|FAIL" _build/test-suite.log 2>/dev/null | head -12 > "$R/suite-summary.txt"; grep "TOTAL\|PASS\|FAIL" "$R/suite-summary.txt"
stamp suite; pack
P="d:8192:8192:8192:hhh d:8192:8192:8192:0hh d:27000:9500:14500:hhh"
: > "$R/pop.csv"
for round in 1 2 3; do
  for pr in 2 0; do
    PARALIA_POP_READY=$pr BENCH_REPS=5 PARALIA_VERBOSE=1 timeout 40 _build/bench/gemm_bench paralia $P 2>"$R/pop$pr-$round.err" \
      | grep -v "^#" | sed "s/^/pop$pr-$round,/" >> "$R/pop.csv"
  done
done
cut -d, -f1,3-9 "$R/pop.csv"; stamp points; pack
for f in cholesky lu; do
  left=$((585 - (SECONDS - dev_start)))
  echo "left $left s for $f"
  [ $left -gt 40 ] && RUNS=5 WARMUP=1 POLICIES="paralia paralia:PARALIA_POP_READY=0 dmdas" timeout $left \
    bash bench/sched_compare.sh _build/examples/paralia-$f -n 20480 -nb 2048 > "$R/$f.txt" 2>&1
  tail -5 "$R/$f.txt"
  stamp $f; pack
done
