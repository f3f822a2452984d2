#!/usr/bin/env bash
# Session 2026-11-27r, call 11 (issue 14), on 4a59f79: the GPU's timeline of FP64 32768x32768x4096
# from the host with C added at home (PARALIA_C_HOME=all, tile 8192: predicted 194.7 ms, call 10
# measured 306-343), and with the StarPU worker events (TIMELINE_STARPU=1); then 20000x17000x9000
# at home (tile 3072, 129-133 ms) for comparison.
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh r11 $t || exit
grep "GB/s" "$R/linkmap.log" | head -3
PARALIA_C_HOME=all PARALIA_VERBOSE=1 TIMELINE_STARPU=1 timeout 150 bash bench/gpu_timeline.sh "$R/tl" 8192:d:32768:32768:4096:hhh > "$R/tl.log" 2>&1
PARALIA_C_HOME=all PARALIA_VERBOSE=1 TIMELINE_STARPU=1 timeout 100 bash bench/gpu_timeline.sh "$R/tl" 3072:d:20000:17000:9000:hhh >> "$R/tl.log" 2>&1
grep -v "^\[starpu\|Too big" "$R/tl/report.txt" | head -60
tail -5 "$R/tl.log"
stamp timeline; pack
