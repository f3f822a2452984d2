#!/usr/bin/env bash
# Session 2026-11-27u, call 6 (issue 14): the pop's rule with half of a copy under way counted as
# left (pl_copy_left_us) against priority first (PARALIA_POP_READY=0): FP64 8192^3 0hh, three
# rounds alternating; session s's 16 points with an operand on the host, one round each; Cholesky
# and LU n=20480 nb=2048 as time allows.
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh u6 $t || exit
: > "$R/pop.csv"
for round in 1 2 3; do
  for pr in 2 0; do
    PARALIA_POP_READY=$pr BENCH_REPS=5 PARALIA_VERBOSE=1 timeout 40 _build/bench/gemm_bench paralia d:8192:8192:8192:0hh 2>"$R/0hh$pr-$round.err" \
      | grep -v "^#" | sed "s/^/0hh$pr-$round,/" >> "$R/pop.csv"
    b=$(grep "below the head" "$R/0hh$pr-$round.err" | awk '{gsub("[(]", "", $6); s += $6} END {print s + 0}')
    echo "0hh$pr-$round,$(tail -1 "$R/pop.csv" | cut -d, -f9),below $b"
  done
done
stamp 0hh; pack
P="d:4096:4096:4096:hhh d:4096:4096:4096:h0h d:8192:8192:8192:hhh d:8192:8192:8192:h0h d:8192:8192:8192:0hh d:8192:8192:8192:00h d:16384:16384:16384:hhh d:16384:16384:16384:h0h d:16384:16384:16384:0hh d:20000:17000:9000:hhh d:20000:17000:9000:0hh d:12000:30000:7000:hhh d:27000:9500:14500:hhh d:32768:32768:4096:hhh s:8192:8192:8192:hhh s:27000:9500:14500:hhh"
for pr in 2 0; do
  PARALIA_POP_READY=$pr BENCH_REPS=5 PARALIA_VERBOSE=1 timeout 100 _build/bench/gemm_bench paralia $P 2>"$R/points$pr.err" \
    | grep -v "^#" | sed "s/^/points$pr,/" >> "$R/pop.csv"
  echo "points$pr below $(grep "below the head" "$R/points$pr.err" | awk '{gsub("[(]", "", $6); s += $6} END {print s + 0}')"
  stamp "points $pr"; pack
done
grep points "$R/pop.csv" | cut -d, -f1,3-9
for f in cholesky lu; do
  left=$((330 - (SECONDS - dev_start)))
  echo "left $left s for $f"
  [ $left -gt 60 ] && RUNS=3 WARMUP=1 POLICIES="paralia paralia:PARALIA_POP_READY=0 dmdas" timeout $left \
    bash bench/sched_compare.sh _build/examples/paralia-$f -n 20480 -nb 2048 > "$R/$f.txt" 2>&1
  tail -4 "$R/$f.txt"
  stamp $f; pack
done
