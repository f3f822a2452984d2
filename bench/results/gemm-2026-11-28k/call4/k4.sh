#!/usr/bin/env bash
# Session 2026-11-28k, call 4 (issue 14): gemm's blocks as a line of tiles where only A or only B
# crosses in tiles (common/order.h), against the square blocks before (PARALIA_BLOCKS=square: the
# same library planning and running as before). (1) The points the change reaches, h0h and 0hh:
# FP64 and FP32 at 4096^3, 8192^3 and 4096x4096x32768, FP64 at 16384^3, 20000x17000x9000,
# 12000x30000x7000 and 27000x9500x14500; each way planned by its own process (gemm_bench paralia,
# medians of 3), in rounds square, lines, lines, square. (2) The GPU suite on this library.
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh k4 $t || exit
git log --oneline -1; git status --short | head -12
grep "GB/s" "$R/linkmap.log" | head -3
pts=""
for P in d s; do for s in 4096:4096:4096 8192:8192:8192 4096:4096:32768; do for pl in h0h 0hh; do pts+="$P:$s:$pl "; done; done; done
for s in 16384:16384:16384 20000:17000:9000 27000:9500:14500; do for pl in h0h 0hh; do pts+="d:$s:$pl "; done; done
round=0
for w in square model model square; do
  round=$((round + 1))
  left=$((180 - (SECONDS - dev_start)))
  [ $left -gt 10 ] || break
  # shellcheck disable=SC2086
  PARALIA_BLOCKS=$w PARALIA_VERBOSE=1 BENCH_REPS=3 timeout $left _build/bench/gemm_bench paralia $pts \
    2>> "$R/blocks-$w.err" | grep --line-buffered -v "^#" | sed "s/^/$w,$round,/" >> "$R/blocks.csv"
  stamp "round $round ($w)"; pack
done
cut -d, -f1-4,6-9,10,14,16 "$R/blocks.csv"
suite $((585 - (SECONDS - dev_start)))
