#!/usr/bin/env bash
# Session 2026-11-27z, call 6 (issue 14): the nine FP64 GPU-resident points with gemm_bench paired,
# its rounds now taking the six orders of the three systems in turn (call 4's rotation of one
# order left each system mostly after the same other one), six timed calls each, one process;
# then the dataset combined and plotted here (matplotlib), with these rows for FP64.
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh z6 $t || exit
export BENCH_REPS=6 BENCH_BLOCKS="2048 4096 8192"
g="d:4096:4096:4096:000 d:8192:8192:8192:000 d:16384:16384:16384:000 d:32768:32768:4096:000 d:4096:4096:32768:000"
g="$g d:27000:9500:14500:000 d:20000:17000:9000:000 d:12000:30000:7000:000 d:32768:32768:32768:000"
PARALIA_VERBOSE=2 BENCH_EACH=1 timeout 185 _build/bench/gemm_bench paired $g 2> "$R/paired.err" | tee "$R/paired.csv"
stamp paired; pack
mkdir -p bench/results/gemm-2026-11-27z/call6 && cp "$R/paired.csv" bench/results/gemm-2026-11-27z/call6/
(cd bench/results/gemm-2026-11-27z && bash combine.sh && cp dataset-h200/gemm.png dataset-h200/gemm.md dataset-h200/gemm.csv "$R/") > "$R/plot.log" 2>&1
tail -3 "$R/plot.log"; stamp plot; pack
