#!/usr/bin/env bash
# Session 2026-11-27v, call 8 (issue 14): why 20000x17000x9000 from the host read late loses at
# tile 3072 (137.5 ms, priced 126.7) against 4096 (129.7, priced 131.9). Call 2's timelines (one
# H100) had the GPU computing 50-71% of the time from 20 to 50 ms at 3072, when the first results
# went home. On this H200: the timelines at 3072 and 4096 (C read late, the default now), then
# both tiles with the policy's early write-back on (default) and off (PARALIA_WRITEBACK=0),
# alternating, two rounds.
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh v8 $t || exit
p=d:20000:17000:9000:hhh
timeout 60 _build/bench/gemm_bench paralia $p > "$R/warm.csv" 2>/dev/null
for T in 3072 4096; do timeout 60 bash bench/gpu_timeline.sh "$R/tl" $T:$p > /dev/null 2>&1; done
grep "^== \|^HtoD\|^DtoH\|^kernel\|^fill\|^last call" "$R/tl/report.txt" | cut -c1-220
stamp timelines; pack
for round in 1 2; do
  for wb in 1 0; do
    for T in 3072 4096; do
      PARALIA_WRITEBACK=$wb PARALIA_TILE=$T PARALIA_TALL=none timeout 60 _build/bench/gemm_bench paralia $p 2>/dev/null | sed "s/^/wb$wb,T$T,$round,/" >> "$R/wb.csv"
    done
  done
done
stamp writeback; pack
cat "$R/wb.csv"
