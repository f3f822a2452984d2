#!/usr/bin/env bash
# The dataset on this session's code (run in this folder): session m's dataset
# (../gemm-dataset-2026-11-26m/dataset/gemm.csv) with its 00h rows replaced by call 4's (gemm in
# single-tile blocks where A and B do not cross, 5601011) and FP64 32768^3 00h by call 6's, and
# FP32 32768^3 (which had paralia alone) by call 6's three systems; the bound from session m's
# kernel table (its call 3) and link map (its call 6), as before. On a machine without matplotlib
# only the table is written (call 6 made the plot).
set -e
m=../gemm-dataset-2026-11-26m
mkdir -p dataset
{
  echo "# dataset of 2026-11-26n: session m's (calls 4, 5, 6, 7) less its 00h rows and FP32 32768^3; 00h from this session's call 4, 32768^3 FP32 and FP64 00h from call 6; one H100 each (a fresh machine per call); beta=0.5"
  echo "system,prec,m,n,k,place,config,median_ms,min_ms,max_ms,tflops,predicted_ms,check,status"
  grep -v "^#\|^system," "$m/dataset/gemm.csv" | awk -F, '$6 != "00h" && !($2 == "s" && $3 == 32768 && $4 == 32768 && $5 == 32768)'
  grep -v "^#\|^system," call4/gemm-00h/gemm.csv
  for f in call6/gemm-32k-s/gemm.csv call6/gemm-32k-d00h/gemm.csv; do
    [ -f "$f" ] && grep -v "^#\|^system," "$f"
  done
} > dataset/gemm.csv
python3 ../../gemm_report.py dataset/gemm.csv dataset/gemm.md dataset/gemm.png "$m/call3/kernels.txt" "$m/call6/linkmap.txt"
