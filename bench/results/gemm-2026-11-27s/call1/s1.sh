#!/usr/bin/env bash
# Session 2026-11-27s, call 1 (issue 14): PARALIA_POP_READY=1 against the default (0) where C's
# tiles cross late (call 9 of session r: the GPU idled 2-3 ms at a time behind geadds waiting for
# C, products ready behind them). The 9 FP64 points of session r's call 10 with C on the host,
# two rounds alternating, medians of 5; then Cholesky n=20480 nb=2048 under paralia, paralia with
# PARALIA_POP_READY=1 and dmdas (bench/sched_compare.sh). First, this host's "sum" line
# (paralia-kernels --sum, into a copy of the carried table: the default plans do not read it).
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh s1 $t || exit
grep "GB/s" "$R/linkmap.log" | head -3
cp "$PARALIA_HOME/kernels-$(hostname).txt" "$R/kernels-sum.txt"
timeout 60 _build/tools/paralia-kernels --sum "$R/kernels-sum.txt" > "$R/sum.log" 2>&1
echo "carried: $(grep '^sum' "$R/kernels.txt")  this host: $(grep '^sum' "$R/kernels-sum.txt")"
stamp sum; pack
P="d:4096:4096:4096:hhh d:8192:8192:8192:hhh d:8192:8192:8192:h0h d:8192:8192:8192:0hh d:16384:16384:16384:hhh d:20000:17000:9000:hhh d:12000:30000:7000:hhh d:27000:9500:14500:hhh d:32768:32768:4096:hhh"
: > "$R/pop.csv"
for round in 1 2; do
  for pr in 0 1; do
    PARALIA_POP_READY=$pr BENCH_REPS=5 PARALIA_VERBOSE=1 timeout 110 _build/bench/gemm_bench paralia $P 2>"$R/pop$pr-$round.err" \
      | grep -v "^#" | sed "s/^/pop$pr-$round,/" >> "$R/pop.csv"
    grep "worker cuda" "$R/pop$pr-$round.err" | tail -1
    stamp "pop $pr $round"; pack
  done
done
cut -d, -f1,3-9 "$R/pop.csv"
left=$((575 - (SECONDS - dev_start)))
echo "left $left s for Cholesky"
[ $left -gt 60 ] && RUNS=3 WARMUP=1 POLICIES="paralia paralia:PARALIA_POP_READY=1 dmdas" timeout $left \
  bash bench/sched_compare.sh _build/examples/paralia-cholesky -n 20480 -nb 2048 > "$R/chol.txt" 2>&1
cat "$R/chol.txt"
stamp done; pack
