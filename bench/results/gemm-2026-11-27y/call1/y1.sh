#!/usr/bin/env bash
# Session 2026-11-27y, call 1 (issue 14): B read at an aligned leading dimension where it lives on
# the GPU (PARALIA_CUT_B: the tiled path cuts B's tiles there, the direct path's blocks read a copy
# of B) against B read as it is (PARALIA_CUT_B=none, the code before), at the dataset's odd shapes
# with B on the GPU (h0h, 00h, 000; their B's leading dimension 9000, 7000 or 14500 elements is
# off 128 bytes), two rounds alternating, each in its own process; then cuBLASXt at its best block
# of 2048, 4096, 8192 at the same points.
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh y1 $t || exit
export BENCH_REPS=3
s32="s:27000:9500:14500:h0h s:27000:9500:14500:00h s:27000:9500:14500:000 s:20000:17000:9000:h0h s:20000:17000:9000:00h s:20000:17000:9000:000 s:12000:30000:7000:h0h s:12000:30000:7000:00h s:12000:30000:7000:000"
d64="d:27000:9500:14500:h0h d:27000:9500:14500:00h d:27000:9500:14500:000 d:20000:17000:9000:h0h d:20000:17000:9000:00h d:20000:17000:9000:000 d:12000:30000:7000:h0h d:12000:30000:7000:00h d:12000:30000:7000:000"
ALT_LIMIT=110 alternate "1 2" s.csv "$s32" cut none:PARALIA_CUT_B=none
cat "$R/s.csv"
ALT_LIMIT=110 alternate "1 2" d.csv "$d64" cut none:PARALIA_CUT_B=none
cat "$R/d.csv"
BENCH_BLOCKS="2048 4096 8192" timeout 150 _build/bench/gemm_bench cublasxt $s32 $d64 2> "$R/cublasxt.err" > "$R/ref.csv"
cat "$R/ref.csv"; stamp cublasxt; pack
