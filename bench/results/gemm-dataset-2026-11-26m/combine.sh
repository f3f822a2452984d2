#!/usr/bin/env bash
# The dataset of gemm-dataset-2026-11-26m.md from its calls' CSVs (run in this folder):
# GPU-resident points from call 4, FP64 off one GPU from call 6 (calibrated link map), FP32 off
# one GPU from call 5, FP64 32768^3 from call 7 (FP32 32768^3: paralia alone, call 6, whose
# cuBLASXt ran out of time); the bound from call 3's kernel table and call 6's link map.
set -e
mkdir -p dataset
{
  echo "# dataset of 2026-11-26m: calls 4 (gemm-000), 6 (gemm-d; FP32 32768^3 of gemm-32k), 5 (gemm-s), 7 (gemm-32k), one H100 each (a fresh machine per call); beta=0.5"
  echo "system,prec,m,n,k,place,config,median_ms,min_ms,max_ms,tflops,predicted_ms,check,status"
  for f in call4/gemm-000/gemm.csv call6/gemm-d/gemm.csv call5/gemm-s/gemm.csv call7/gemm-32k/gemm.csv; do
    [ -f "$f" ] && grep -v "^#\|^system," "$f"
  done
  grep "^paralia,s,32768,32768,32768," call6/gemm-32k/gemm.csv
} > dataset/gemm.csv
python3 ../../gemm_report.py dataset/gemm.csv dataset/gemm.md dataset/gemm.png call3/kernels.txt call6/linkmap.txt
