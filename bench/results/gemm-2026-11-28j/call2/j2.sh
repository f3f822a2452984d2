#!/usr/bin/env bash
# Session 2026-11-28j, call 2 (issue 14): gemm's chains take the thin last layer over k first
# (PARALIA_RAGGED=first, the new default; the working tree of this session, the library as
# eac9008 plus that change) against k's order (PARALIA_RAGGED=last, the library before), each
# planning and pricing its own order: (1) the model's picks at the dataset's 21 points off the GPU
# whose k is not a multiple of their tiles, two rounds alternating first, last, last, first (one
# gemm_bench process each, medians of 3 after 4 untimed calls); (2) FP64's three odd shapes from
# the host at fixed square tiles 3072-8192, each order (bench/tile_sweep.sh, medians of 3): the
# model's new prices per tile against the measurement.
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh j2 $t || exit
git log --oneline -1; git status --short | head
grep "GB/s" "$R/linkmap.log" | head -3
pts="d:20000:17000:9000:hhh d:20000:17000:9000:h0h d:20000:17000:9000:0hh d:20000:17000:9000:00h d:12000:30000:7000:hhh d:12000:30000:7000:h0h d:12000:30000:7000:0hh d:27000:9500:14500:hhh d:27000:9500:14500:h0h d:27000:9500:14500:0hh d:4096:4096:4096:hhh d:4096:4096:4096:h0h s:4096:4096:4096:hhh s:4096:4096:32768:hhh s:20000:17000:9000:hhh s:20000:17000:9000:h0h s:20000:17000:9000:0hh s:12000:30000:7000:hhh s:27000:9500:14500:hhh s:27000:9500:14500:h0h s:27000:9500:14500:0hh"
export BENCH_REPS=3
ALT_LIMIT=130 alternate 1 ragged.csv "$pts" first:PARALIA_RAGGED=first last:PARALIA_RAGGED=last
ALT_LIMIT=130 alternate 2 ragged.csv "$pts" last:PARALIA_RAGGED=last first:PARALIA_RAGGED=first
cut -d, -f1,2,4-9,10,14 "$R/ragged.csv"
for o in first last; do
  left=$((575 - (SECONDS - dev_start)))
  [ $left -gt 40 ] || break
  PARALIA_VERBOSE=1 PARALIA_RAGGED=$o SWEEP_POINTS="d:20000:17000:9000:hhh d:12000:30000:7000:hhh d:27000:9500:14500:hhh" \
    SWEEP_TILES="0 3072 4096 6144 8192" SWEEP_TALL=" " timeout $((left / 2 + 20)) bash bench/tile_sweep.sh "$R/sweep-$o.csv" > /dev/null 2>&1
  grep -v "^#" "$R/sweep-$o.csv" | cut -d, -f1,3-7,9,13
  stamp "sweep $o"; pack
done
