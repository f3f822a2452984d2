#!/usr/bin/env bash
# Session 2026-11-28h, call 2 (issue 14), on 08f63e8 (PARALIA_VERBOSE read one way; the model as
# dec111a). On an H200: call 1's run (the dataset's 64 points off the GPU against cuBLASXt, FP64
# then FP32), which came on an H100. On an H100: the GPU suite on this code (dec111a's table-line
# test and 08f63e8's reader have not run on a GPU).
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh h2 $t || exit
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
  suite 440
fi
