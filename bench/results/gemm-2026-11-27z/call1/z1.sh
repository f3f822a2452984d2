#!/usr/bin/env bash
# Session 2026-11-27z, call 1 (issue 14): what a GPU-resident gemm costs in paralia beyond its one
# cuBLAS call (bench/direct_probe: paralia and one cuBLAS call alternating call by call in one
# process, and the direct path's host-side steps alone), at square sizes and at the FP64 shapes
# the dataset has below 1.0x; session y's dataset plotted (matplotlib is here); then the ten
# square and long GPU-resident points with paralia, one cuBLAS call and cuBLASXt (best block of
# 2048, 4096, 8192) alternating, each in its own process, two rounds.
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh z1 $t || exit
timeout 120 _build/bench/direct_probe 60 512 1024 2048 4096 8192 > "$R/probe.csv" 2> "$R/probe.err"
cat "$R/probe.csv"; tail -3 "$R/probe.err"; stamp probe; pack
timeout 150 _build/bench/direct_probe 8 d:27000:9500:14500 d:20000:17000:9000 d:12000:30000:7000 \
  d:32768:32768:4096 s:32768:32768:4096 > "$R/probe-odd.csv" 2> "$R/probe-odd.err"
cat "$R/probe-odd.csv"; tail -3 "$R/probe-odd.err"; stamp probe-odd; pack
(cd bench/results/gemm-2026-11-27y && python3 ../../gemm_report.py dataset-h200/gemm.csv "$R/gemm.md" \
  "$R/gemm.png" ../gemm-2026-11-27t/call2/kernels.txt ../gemm-2026-11-27t/call2/linkmap.txt) > "$R/plot.log" 2>&1
tail -3 "$R/plot.log"; diff -q "$R/gemm.md" bench/results/gemm-2026-11-27y/dataset-h200/gemm.md; stamp plot; pack
export BENCH_REPS=5 BENCH_BLOCKS="2048 4096 8192"
g="d:4096:4096:4096:000 d:8192:8192:8192:000 d:16384:16384:16384:000 d:32768:32768:4096:000 d:4096:4096:32768:000"
g="$g s:4096:4096:4096:000 s:8192:8192:8192:000 s:16384:16384:16384:000 s:32768:32768:4096:000 s:4096:4096:32768:000"
for round in 1 2; do
  for sys in paralia cublas cublasxt; do
    [ $((SECONDS - dev_start)) -gt 520 ] && break 2
    PARALIA_VERBOSE=2 timeout 100 _build/bench/gemm_bench $sys $g 2> "$R/sq-$sys-$round.err" | sed "s/^/$round,/" >> "$R/sq.csv"
    stamp "$sys round $round"; pack
  done
done
cat "$R/sq.csv"
