#!/usr/bin/env bash
# The dataset on one H200 with this session's measurements, run in this folder: session y's
# combined dataset with its 18 GPU-resident points (every operand on GPU 0) taken from call 4:
# paralia, one cuBLAS call and cuBLASXt (best block of 2048, 4096, 8192) in one process,
# alternating call by call with the order rotating (gemm_bench paired), six timed calls each, each
# system's median (the rule decided before call 4 ran). Session y's rows for them compared
# paralia's slower round of two processes with the references' faster, where under FP64's power
# cap one process's calls spread by up to 20%. The bound from session t's call 2 (kernel table
# and link map), as before. Without matplotlib only the table is written.
set -e
y=../gemm-2026-11-27y t=../gemm-2026-11-27t
grep -v '^#' call4/paired.csv | cut -d, -f2-6 | sort -u | sed 's/^/^[a-z]*,/; s/$/,/' > /tmp/combine-changed.$$
mkdir -p dataset-h200
{
  echo "# dataset of 2026-11-27z on one NVIDIA H200: session y's with its 18 GPU-resident points measured again, the three systems in one process alternating (call 4); a fresh machine per call; beta=0.5"
  echo "system,prec,m,n,k,place,config,median_ms,min_ms,max_ms,tflops,predicted_ms,check,status"
  grep -v "^#\|^system," $y/dataset-h200/gemm.csv | grep -v -f /tmp/combine-changed.$$
  grep -v '^#' call4/paired.csv | grep ',000,'
} > dataset-h200/gemm.csv
rm -f /tmp/combine-changed.$$
python3 ../../gemm_report.py dataset-h200/gemm.csv dataset-h200/gemm.md dataset-h200/gemm.png $t/call2/kernels.txt $t/call2/linkmap.txt
