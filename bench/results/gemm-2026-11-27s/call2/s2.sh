#!/usr/bin/env bash
# Session 2026-11-27s, call 2 (issue 14), on b357a6b: PARALIA_POP_READY 0 (priority first, the
# default), 1 (a ready lower-priority task whenever the head's priority waits) and 2 (only one
# whose kernel ends by the head's predicted arrival) at the 9 FP64 points of call 1 and 7 more with
# an operand on the host, three modes alternating, two rounds, medians of 5; then Cholesky and LU
# n=20480 nb=2048 under the three modes and dmdas (bench/sched_compare.sh).
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh s2 $t || exit
grep "GB/s" "$R/linkmap.log" | head -3
P="d:4096:4096:4096:hhh d:4096:4096:4096:h0h d:8192:8192:8192:hhh d:8192:8192:8192:h0h d:8192:8192:8192:0hh d:8192:8192:8192:00h d:16384:16384:16384:hhh d:16384:16384:16384:h0h d:16384:16384:16384:0hh d:20000:17000:9000:hhh d:20000:17000:9000:0hh d:12000:30000:7000:hhh d:27000:9500:14500:hhh d:32768:32768:4096:hhh s:8192:8192:8192:hhh s:27000:9500:14500:hhh"
: > "$R/pop.csv"
for round in 1 2; do
  for pr in 0 1 2; do
    PARALIA_POP_READY=$pr BENCH_REPS=5 PARALIA_VERBOSE=1 timeout 100 _build/bench/gemm_bench paralia $P 2>"$R/pop$pr-$round.err" \
      | grep -v "^#" | sed "s/^/pop$pr-$round,/" >> "$R/pop.csv"
    grep "worker cuda" "$R/pop$pr-$round.err" | tail -1
    stamp "pop $pr $round"; pack
  done
done
cut -d, -f1,3-9 "$R/pop.csv"
for f in cholesky lu; do
  left=$((580 - (SECONDS - dev_start)))
  echo "left $left s for $f"
  [ $left -gt 60 ] && RUNS=3 WARMUP=1 POLICIES="paralia paralia:PARALIA_POP_READY=1 paralia:PARALIA_POP_READY=2 dmdas" timeout $left \
    bash bench/sched_compare.sh _build/examples/paralia-$f -n 20480 -nb 2048 > "$R/$f.txt" 2>&1
  cat "$R/$f.txt"
  stamp $f; pack
done
