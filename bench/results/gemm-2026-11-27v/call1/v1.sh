#!/usr/bin/env bash
# Session 2026-11-27v, call 1 (issue 14): where the odd shapes' time goes from the host. FP64
# 20000x17000x9000 hhh ran 138.7-145 ms against 113-117 with every operand on the GPU, though its
# copies in (5.4 GB at ~48 GB/s: 112 ms) and its kernels (115 ms) could overlap. For each point:
# gemm_bench first (StarPU's history calibrated as in the dataset, and the time), then the GPU's
# timeline (CUPTI) of one call at the model's pick (tall tiles allowed) and at square 4096.
# Then FP32 odd shapes from the host with one and two CUDA workers per GPU, alternating.
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh v1 $t || exit
pts="d:20000:17000:9000:hhh d:12000:30000:7000:hhh d:27000:9500:14500:hhh s:20000:17000:9000:hhh d:20000:17000:9000:0hh"
for p in $pts; do
  PARALIA_VERBOSE=1 timeout 60 _build/bench/gemm_bench paralia $p >> "$R/bench.csv" 2>> "$R/bench.err"
  PARALIA_TALL=model PARALIA_VERBOSE=2 timeout 60 bash bench/gpu_timeline.sh "$R/tl" 0:$p > /dev/null 2>&1
  case $p in d:20000*hhh|d:12000*) timeout 60 bash bench/gpu_timeline.sh "$R/tl" 4096:$p > /dev/null 2>&1;; esac
  stamp "$p"; pack
done
grep "^== \|^HtoD\|^DtoH\|^kernel\|^fill\|^last call" "$R/tl/report.txt" | cut -c1-200
s32="s:20000:17000:9000:hhh s:12000:30000:7000:hhh s:32768:32768:4096:hhh s:27000:9500:14500:hhh"
for round in 1 2; do
  for w in 1 2; do
    STARPU_NWORKER_PER_CUDA=$w PARALIA_VERBOSE=1 timeout 90 _build/bench/gemm_bench paralia $s32 2> "$R/w$w-$round.err" | sed "s/^/w$w,$round,/" >> "$R/workers.csv"
  done
  stamp "workers round $round"; pack
done
cat "$R/bench.csv" "$R/workers.csv"
