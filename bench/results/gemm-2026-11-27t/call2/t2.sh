#!/usr/bin/env bash
# Session 2026-11-27t, call 2 (issue 14): the dataset's 64 points off the GPU (hhh h0h 00h 0hh, 8
# shapes, FP64 then FP32) against cuBLASXt on the default PARALIA_POP_READY=2 (as session s's call
# 4 on 5e46790, whose default was 0); first, session s's combined plot in the report's new layout
# (one panel per placement, one above the other).
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh t2 $t || exit
grep "GB/s" "$R/linkmap.log" | head -3
( cd bench/results/gemm-2026-11-27s && bash combine.sh > "$R/combine.log" 2>&1; cp dataset-h200/gemm.png "$R/plot-s.png" )
tail -1 "$R/combine.log"; stamp plot; pack
S8="4096:4096:4096 8192:8192:8192 16384:16384:16384 32768:32768:4096 4096:4096:32768 20000:17000:9000 12000:30000:7000 27000:9500:14500"
for prec in d s; do
  left=$((588 - (SECONDS - dev_start)))
  [ $left -gt 60 ] || break
  PARALIA_VERBOSE=1 BENCH_PRECS="$prec" BENCH_SHAPES="$S8" BENCH_PLACES="hhh h0h 00h 0hh" BENCH_SYSTEMS="paralia cublasxt" \
    BENCH_REPS=3 BENCH_TIMEOUT=200 timeout $left bash bench/gemm_compare.sh "$R/gemm-$prec" >/dev/null 2>&1
  grep "^| [ds] " "$R/gemm-$prec/gemm.md" | cut -d'|' -f2-7,11-13
  sed -n '/Geometric/,$p' "$R/gemm-$prec/gemm.md" | head -3
  grep "below the head" "$R/gemm-$prec/paralia.stderr" | awk '{gsub("[(]", "", $6); s += $6; n += $5} END {print "tasks", n + 0, "popped below:", s + 0}'
  stamp $prec; pack
done
