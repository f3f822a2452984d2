#!/usr/bin/env bash
# The dataset on one H200 with this session's measurements, run in this folder: session c2's
# (bench/results/gemm-2026-11-27c2.md) with the 13 FP32 points where gemm's kernel chose a
# cuBLASLt algorithm (4096x4096x32768 00h; 20000x17000x9000, 12000x30000x7000 and
# 27000x9500x14500 hhh, h0h, 00h, 0hh), paralia and cuBLASXt (best block of 2048, 4096, 8192) side
# by side by bench/gemm_compare.sh in call 5 (the code of a655c6a). The other points keep their
# measurements and plans. The bound from session t's call 2 (kernel table and link map), as
# before. The plot was drawn on the GPU machine (call 6), which has matplotlib.
set -e
t=../gemm-2026-11-27t
../../dataset_combine.sh dataset-h200 ../gemm-2026-11-27c2/dataset-h200/gemm.csv $t/call2/kernels.txt \
  $t/call2/linkmap.txt "dataset of 2026-11-27e on one NVIDIA H200: session c2's with 13 FP32 points (4096x4096x32768 00h; the three odd shapes at hhh h0h 00h 0hh) measured again (call 5: a655c6a, gemm's kernel per shape; paralia and cuBLASXt, gemm_compare.sh); beta=0.5" \
  call5/cmp-s-00h/gemm.csv call5/cmp-s-hhhh0h00h0hh/gemm.csv
