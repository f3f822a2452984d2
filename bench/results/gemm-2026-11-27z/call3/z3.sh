#!/usr/bin/env bash
# Session 2026-11-27z, call 3 (issue 14): the 18 GPU-resident points of the dataset with paralia,
# one cuBLAS call and cuBLASXt (best block of 2048, 4096, 8192) in one process, alternating call
# by call (gemm_bench paired), two rounds, each round one process; the dataset takes each
# system's mean of its two rounds' medians (decided before the run). First a small paired point
# (the mode's first run on a GPU), and direct_probe on gemm_bench's values (calls 1 and 2 ran it
# on constant bytes).
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh z3 $t || exit
PARALIA_VERBOSE=2 timeout 60 _build/bench/gemm_bench paired d:1000:900:800:000 s:1000:900:800:000 d:100:100:100:hhh 2> "$R/small.err" | tee "$R/small.csv"
stamp small; pack
timeout 120 _build/bench/direct_probe 40 1024 4096 8192 > "$R/probe.csv" 2> "$R/probe.err"
cat "$R/probe.csv"; stamp probe; pack
export BENCH_REPS=5 BENCH_BLOCKS="2048 4096 8192"
g="d:4096:4096:4096:000 d:8192:8192:8192:000 d:16384:16384:16384:000 d:32768:32768:4096:000 d:4096:4096:32768:000"
g="$g d:27000:9500:14500:000 d:20000:17000:9000:000 d:12000:30000:7000:000"
g="$g s:4096:4096:4096:000 s:8192:8192:8192:000 s:16384:16384:16384:000 s:32768:32768:4096:000 s:4096:4096:32768:000"
g="$g s:27000:9500:14500:000 s:20000:17000:9000:000 s:12000:30000:7000:000 d:32768:32768:32768:000 s:32768:32768:32768:000"
for round in 1 2; do
  [ $((SECONDS - dev_start)) -gt 330 ] && break
  PARALIA_VERBOSE=2 timeout 250 _build/bench/gemm_bench paired $g 2> "$R/paired-$round.err" | sed "s/^/$round,/" >> "$R/paired.csv"
  stamp "paired round $round"; pack
done
cat "$R/paired.csv"
