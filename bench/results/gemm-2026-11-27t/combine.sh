#!/usr/bin/env bash
# The dataset on one H200 (run in this folder): call 2's 64 points off the GPU (FP64, FP32; hhh
# h0h 00h 0hh at 8 shapes) on 97127c7, PARALIA_POP_READY=2 the default, with session p's calls on
# 3ee904a for the other 26: its call 1's GPU-resident points (one cuBLAS call on the same pointers
# beside them; the direct path, which the pop's rule does not reach) and its call 3's 32768^3.
# Every row of one point from one call (side by side); the bound from call 2's kernel table
# (session n's H200 table, its sum line this host's) and link map. Without matplotlib only the
# table is written.
set -e
p=../gemm-h200-2026-11-26p
mkdir -p dataset-h200
{
  echo "# dataset of 2026-11-27t on one NVIDIA H200: call 2 (hhh h0h 00h 0hh, 8 shapes, on 97127c7) and session p's calls 1 (000) and 3 (32768^3) on 3ee904a; a fresh machine per call; beta=0.5"
  echo "system,prec,m,n,k,place,config,median_ms,min_ms,max_ms,tflops,predicted_ms,check,status"
  for f in call2/gemm-d/gemm.csv call2/gemm-s/gemm.csv $p/call1/gemm-000/gemm.csv $p/call3/gemm-32k/gemm.csv; do
    grep -v "^#\|^system," "$f"
  done
} > dataset-h200/gemm.csv
python3 ../../gemm_report.py dataset-h200/gemm.csv dataset-h200/gemm.md dataset-h200/gemm.png call2/kernels.txt call2/linkmap.txt
