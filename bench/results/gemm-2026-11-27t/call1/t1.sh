#!/usr/bin/env bash
# Session 2026-11-27t, call 1 (issue 14): PARALIA_POP_READY 0 (the default), 1 (any ready task
# below a waiting head) and 2 (only one whose kernel is no longer than the head's missing copies at
# the link map's rates, read at pop) at session s's 16 points with an operand on the host, three
# modes alternating, two rounds, medians of 5; Cholesky and LU n=20480 nb=2048 under the three and
# dmdas; first, the combined H200 plot of session s's dataset (matplotlib is on this machine only).
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh t1 $t || exit
grep "GB/s" "$R/linkmap.log" | head -3
( cd bench/results/gemm-2026-11-27s && bash combine.sh > "$R/combine.log" 2>&1; cp dataset-h200/gemm.png dataset-h200/gemm.md "$R/" )
tail -3 "$R/combine.log"; stamp plot; pack
P="d:4096:4096:4096:hhh d:4096:4096:4096:h0h d:8192:8192:8192:hhh d:8192:8192:8192:h0h d:8192:8192:8192:0hh d:8192:8192:8192:00h d:16384:16384:16384:hhh d:16384:16384:16384:h0h d:16384:16384:16384:0hh d:20000:17000:9000:hhh d:20000:17000:9000:0hh d:12000:30000:7000:hhh d:27000:9500:14500:hhh d:32768:32768:4096:hhh s:8192:8192:8192:hhh s:27000:9500:14500:hhh"
: > "$R/pop.csv"
for round in 1 2; do
  for pr in 0 1 2; do
    PARALIA_POP_READY=$pr BENCH_REPS=5 PARALIA_VERBOSE=1 timeout 100 _build/bench/gemm_bench paralia $P 2>"$R/pop$pr-$round.err" \
      | grep -v "^#" | sed "s/^/pop$pr-$round,/" >> "$R/pop.csv"
    grep "below the head" "$R/pop$pr-$round.err" | awk '{gsub("[(]", "", $6); s += $6} END {print "popped below:", s + 0}'
    stamp "pop $pr $round"; pack
  done
done
cut -d, -f1,3-9 "$R/pop.csv"
for f in cholesky lu; do
  left=$((585 - (SECONDS - dev_start)))
  echo "left $left s for $f"
  [ $left -gt 60 ] && RUNS=3 WARMUP=1 POLICIES="paralia paralia:PARALIA_POP_READY=1 paralia:PARALIA_POP_READY=2 dmdas" timeout $left \
    bash bench/sched_compare.sh _build/examples/paralia-$f -n 20480 -nb 2048 > "$R/$f.txt" 2>&1
  tail -8 "$R/$f.txt"
  stamp $f; pack
done
