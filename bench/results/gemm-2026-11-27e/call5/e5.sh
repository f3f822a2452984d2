#!/usr/bin/env bash
# Session 2026-11-27e, call 5 (issue 14): the dataset's FP32 points where gemm's kernel chose a
# cuBLASLt algorithm on one H200 (calls 1, 3, 4: deep products at 4096x4096x32768 with C on the
# host; tiles of the three odd shapes), paralia (on the code of call 4) and cuBLASXt side by side
# by bench/gemm_compare.sh, as the dataset was measured; then a kernel table measured with the
# tuner on this H200 (a separate PARALIA_HOME), against the carried one.
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh e5 $t || exit
export PARALIA_VERBOSE=1
for g in "s 4096:4096:32768 00h" "s 20000:17000:9000,12000:30000:7000,27000:9500:14500 hhh,h0h,00h,0hh"; do
  set -- $g
  BENCH_PRECS=$1 BENCH_SHAPES=${2//,/ } BENCH_PLACES=${3//,/ } BENCH_SYSTEMS="paralia cublasxt" \
    BENCH_TIMEOUT=200 bench/gemm_compare.sh "$R/cmp-$1-${3//,/}" > "$R/cmp-$1-${3//,/}.log" 2>&1
  grep -v "^#" "$R/cmp-$1-${3//,/}/gemm.csv" | cut -d, -f1-10
  stamp "compare $1 $3"; pack
done
mkdir -p "$R/tuned-home" && cp "$PARALIA_HOME"/linkmap-*.txt "$R/tuned-home/"
PARALIA_HOME=$R/tuned-home timeout 170 _build/tools/paralia-kernels > "$R/tuned-kernels.txt" 2>&1
echo "paralia-kernels rc $?"
cp "$R"/tuned-home/kernels-*.txt "$R/kernels-tuned.txt"
stamp tuned-table; pack
