#!/usr/bin/env bash
# Session 2026-11-27e, call 2 (issue 14): where gemm's CUDA kernel takes another algorithm than
# cublas<t>gemm, and what it changes: every dataset point off the GPU (32 FP32, 32 FP64; not
# 32768^3), one process each under PARALIA_GEMM_ALGO=cublas and the default, alternating
# (PARALIA_VERBOSE=1 says each shape's candidates and choice at shutdown); then a kernel table
# measured with the tuner (a separate PARALIA_HOME: the runs above plan on the carried table).
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh e2 $t || exit
pts() {
  local p s x
  for s in 4096:4096:4096 8192:8192:8192 16384:16384:16384 32768:32768:4096 4096:4096:32768 \
           20000:17000:9000 12000:30000:7000 27000:9500:14500; do
    for x in hhh h0h 00h 0hh; do p+="$1:$s:$x "; done
  done
  echo $p
}
BENCH_UNTIMED=4 BENCH_REPS=3 ALT_LIMIT=100 alternate "s" ab.csv "$(pts s)" cublas:PARALIA_GEMM_ALGO=cublas measure
BENCH_UNTIMED=4 BENCH_REPS=3 ALT_LIMIT=100 alternate "d" ab.csv "$(pts d)" cublas:PARALIA_GEMM_ALGO=cublas measure
mkdir -p "$R/tuned-home" && cp "$PARALIA_HOME"/linkmap-*.txt "$R/tuned-home/"
PARALIA_VERBOSE=1 PARALIA_HOME=$R/tuned-home timeout 240 _build/tools/paralia-kernels > "$R/tuned-kernels.log" 2>&1
echo "paralia-kernels rc $?"
cp "$R"/tuned-home/kernels-*.txt "$R/kernels-tuned.txt"
stamp tuned-table; pack
