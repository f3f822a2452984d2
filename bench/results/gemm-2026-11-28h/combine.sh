#!/usr/bin/env bash
# The dataset on one H100 (run in this folder): call 1's 64 points off the GPU (FP64, FP32; hhh h0h
# 00h 0hh at 8 shapes) on 284d19f, with session r's GPU-resident points (its call 3) and 32768^3
# (its call 4) on 5eff5db, the last H100 rows of those (not measured again here: since 5eff5db
# the direct path measures its way in two rounds, 73408d6, and keeps cublas<t>gemm, dd6072b).
# Every row of one point from one call (side by side); the bound from call 1's kernel table
# (session g's H100 table with its tall lines, the sum line call 1's host's) and link map.
# Without matplotlib only the table is written.
set -e
bash ../../dataset_combine.sh dataset-h100 ../gemm-2026-11-27r/dataset/gemm.csv call1/kernels.txt call1/linkmap.txt \
  "dataset of 2026-11-28h on one NVIDIA H100: call 1's 64 points off the GPU (hhh h0h 00h 0hh, 8 shapes, FP64 and FP32; 284d19f, the library as dec111a, session g's H100 table with its tall lines) with session r's (2026-11-27r) GPU-resident points (its call 3) and 32768^3 (its call 4) on 5eff5db; a fresh machine per call; beta=0.5" \
  call1/gemm-d/gemm.csv call1/gemm-s/gemm.csv
