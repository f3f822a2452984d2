#!/usr/bin/env bash
# Session 2026-11-27e, call 6 (issue 14), asked of one H100: call 2's one round on an H100 moved
# nine points by 5-30% between PARALIA_GEMM_ALGO=cublas and the default, which one H200 did not
# repeat (calls 3, 4): the same points on an H100 again, two rounds, both orders, PARALIA_VERBOSE=1;
# first the dataset's plot (bench/gemm_report.py, matplotlib is here).
mkdir -p "$OUT/plot"
(cd bench/results/gemm-2026-11-27e && python3 ../../gemm_report.py dataset-h200/gemm.csv "$OUT/plot/gemm.md" \
  "$OUT/plot/gemm.png" ../gemm-2026-11-27t/call2/kernels.txt ../gemm-2026-11-27t/call2/linkmap.txt) > "$OUT/plot/report.txt" 2>&1
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh e6 $t || exit
pts="s:8192:8192:8192:h0h d:8192:8192:8192:0hh d:32768:32768:4096:0hh d:32768:32768:4096:h0h s:4096:4096:32768:h0h d:16384:16384:16384:hhh d:4096:4096:4096:00h s:12000:30000:7000:hhh d:20000:17000:9000:hhh"
export BENCH_UNTIMED=5 BENCH_REPS=5 ALT_LIMIT=90
alternate "1" ab.csv "$pts" measure cublas:PARALIA_GEMM_ALGO=cublas
alternate "2" ab.csv "$pts" cublas:PARALIA_GEMM_ALGO=cublas measure
