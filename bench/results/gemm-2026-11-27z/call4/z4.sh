#!/usr/bin/env bash
# Session 2026-11-27z, call 4 (issue 14): the 18 GPU-resident points with gemm_bench paired, the
# systems' order rotating call by call (call 3's fixed order favoured whichever call came after
# cuBLASXt's), six timed calls per system (each system after each other twice), one round.
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh z4 $t || exit
BENCH_REPS=2 BENCH_UNTIMED=2 BENCH_BLOCKS="64 128" timeout 60 _build/bench/gemm_bench paired d:300:200:100:000 s:130:70:257:000 d:64:64:64:h0h 2> "$R/small.err" | tee "$R/small.csv"
stamp small; pack
export BENCH_REPS=6 BENCH_BLOCKS="2048 4096 8192"
g="d:4096:4096:4096:000 d:8192:8192:8192:000 d:16384:16384:16384:000 d:32768:32768:4096:000 d:4096:4096:32768:000"
g="$g d:27000:9500:14500:000 d:20000:17000:9000:000 d:12000:30000:7000:000"
g="$g s:4096:4096:4096:000 s:8192:8192:8192:000 s:16384:16384:16384:000 s:32768:32768:4096:000 s:4096:4096:32768:000"
g="$g s:27000:9500:14500:000 s:20000:17000:9000:000 s:12000:30000:7000:000 d:32768:32768:32768:000 s:32768:32768:32768:000"
PARALIA_VERBOSE=2 BENCH_EACH=1 timeout 400 _build/bench/gemm_bench paired $g 2> "$R/paired.err" | tee "$R/paired.csv"
stamp paired; pack
