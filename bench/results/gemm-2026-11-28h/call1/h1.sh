#!/usr/bin/env bash
# Session 2026-11-28h, call 1 (issue 14), on 284d19f (the library as dec111a: session f's tall
# lines in the model, tall tiles where 5% faster). The dataset's 64 points off the GPU (hhh h0h 00h
# 0hh, 8 shapes, FP64 then FP32) against cuBLASXt, as session s's call 4 ran them on 5e46790: the
# dataset beside cuBLASXt with the tall lines, which no H200 run has measured.
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh h1 $t || exit
grep "GB/s" "$R/linkmap.log" | head -3
echo "carried: $(grep '^sum' $t)  this host: $(grep '^sum' "$R/kernels.txt")"
echo "tall lines in the table: $(grep -c '^tall' "$R/kernels.txt")"
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
