#!/usr/bin/env bash
# Session 2026-11-27v, call 9 (issue 14): call 8's timelines (this H200) found the GPU computing
# 38-76% of the time from 20 to 50 ms at tile 3072 read late, while copies in ran at 45-48 GB/s
# (at 4096: 99.9%). Which tasks waited? The same call traced with StarPU's worker events
# (TIMELINE_STARPU=1: each CUDA task's start and end, its codelet), at 3072 and 4096.
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh v9 $t || exit
p=d:20000:17000:9000:hhh
timeout 60 _build/bench/gemm_bench paralia $p > "$R/warm.csv" 2>/dev/null
for T in 3072 4096; do TIMELINE_STARPU=1 timeout 90 bash bench/gpu_timeline.sh "$R/tl" $T:$p > "$R/tl-$T.log" 2>&1; done
grep "^== \|^last call\|^kernel" "$R/tl/report.txt" | cut -c1-200
stamp timelines; pack
