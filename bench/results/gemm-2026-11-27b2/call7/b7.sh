#!/usr/bin/env bash
# Session 2026-11-27b2, call 7 (issue 14): PARALIA_POP_HOLD=1 (the default) against =0 at the
# dataset's host points call 3 left out but 32768^3: 16384^3, 32768x32768x4096 and the three odd
# shapes, both precisions, every host placement; alternating processes, two rounds; first, tiled
# Cholesky and LU (n = 20480, tile 2048) with and without it, nine runs each after a warm-up
# (call 6 had them 5% apart either way in five runs). Library 75282ac (the hold only for a task
# whose copies were requested).
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh b7 $t || exit
for f in cholesky lu; do
  RUNS=9 WARMUP=1 POLICIES="paralia paralia:PARALIA_POP_HOLD=0" timeout 170 \
    bash bench/sched_compare.sh _build/examples/paralia-$f -n 20480 -nb 2048 > "$R/$f.txt" 2>&1
  tail -3 "$R/$f.txt"; stamp $f; pack
done
export BENCH_UNTIMED=4 BENCH_REPS=5 ALT_LIMIT=200
pts=""
for p in d s; do
  for s in 16384:16384:16384 32768:32768:4096 20000:17000:9000 12000:30000:7000 27000:9500:14500; do
    for pl in hhh h0h 0hh 00h; do
      case "$p:$s:$pl" in
        d:32768:32768:4096:hhh|d:32768:32768:4096:h0h|d:16384:16384:16384:hhh|d:20000:17000:9000:hhh|d:27000:9500:14500:hhh) ;;
        *) pts="$pts $p:$s:$pl" ;;
      esac
    done
  done
done
alternate "1 2" hold.csv "$pts" hold nohold:PARALIA_POP_HOLD=0
cut -d, -f1,2,4-10 "$R"/hold.csv
stamp all; pack
