#!/usr/bin/env bash
# Session 2026-11-27s, call 4 (issue 14), on 5e46790 (the default plans of 5eff5db, session r's
# dataset code). On an H200 (the issue's machine): the dataset's 64 points off the GPU (hhh h0h 00h
# 0hh, 8 shapes, FP64 then FP32) against cuBLASXt, as session r's call 2 ran them on an H100. On an
# H100 (a repeat there would add nothing): session r's call 11, which gave no result, the GPU's
# timeline of 32768x32768x4096 from the host with C added at home, StarPU's worker events beside it.
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh s4 $t || exit
grep "GB/s" "$R/linkmap.log" | head -3
echo "carried: $(grep '^sum' $t)  this host: $(grep '^sum' "$R/kernels.txt")"
if nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200; then
  S8="4096:4096:4096 8192:8192:8192 16384:16384:16384 32768:32768:4096 4096:4096:32768 20000:17000:9000 12000:30000:7000 27000:9500:14500"
  for prec in d s; do
    left=$((585 - (SECONDS - dev_start)))
    [ $left -gt 60 ] || break
    PARALIA_VERBOSE=1 BENCH_PRECS="$prec" BENCH_SHAPES="$S8" BENCH_PLACES="hhh h0h 00h 0hh" BENCH_SYSTEMS="paralia cublasxt" \
      BENCH_REPS=3 BENCH_TIMEOUT=200 timeout $left bash bench/gemm_compare.sh "$R/gemm-$prec" >/dev/null 2>&1
    grep "^| [ds] " "$R/gemm-$prec/gemm.md" | cut -d'|' -f2-7,11-13
    sed -n '/Geometric/,$p' "$R/gemm-$prec/gemm.md" | head -3
    stamp $prec; pack
  done
else
  PARALIA_C_HOME=all PARALIA_VERBOSE=1 TIMELINE_STARPU=1 timeout 200 bash bench/gpu_timeline.sh "$R/tl" 8192:d:32768:32768:4096:hhh > "$R/tl.log" 2>&1
  grep -v "^\[starpu\|Too big" "$R/tl/report.txt" | head -60
  tail -5 "$R/tl.log"
  stamp timeline; pack
fi
