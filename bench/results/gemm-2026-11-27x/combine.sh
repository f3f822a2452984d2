#!/usr/bin/env bash
# The dataset on one H200 with this session's measurements, run in this folder: session w's
# combined dataset with the 12 points of call 1 (paralia's model plan, its slower round of two,
# and cuBLASXt from the same call) and the two GPU-resident points call 1 measured again with one
# cuBLAS call (paralia's slower round, cuBLAS's and cuBLASXt's faster). The bound from session
# t's call 2 (kernel table and link map), as before. Without matplotlib only the table is written.
set -e
w=../gemm-2026-11-27w t=../gemm-2026-11-27t
{ grep '^model,' call1/sq.csv | cut -d, -f4-8; grep '^2,paralia,' call1/low.csv | grep ',000,' | cut -d, -f3-7; } |
  sed 's/^/^[a-z]*,/; s/$/,/' | sort -u > /tmp/combine-changed.$$
mkdir -p dataset-h200
{
  echo "# dataset of 2026-11-27x on one NVIDIA H200: session w's (session v's with session w's call 4) with call 1's 14 points of this session; a fresh machine per call; beta=0.5"
  echo "system,prec,m,n,k,place,config,median_ms,min_ms,max_ms,tflops,predicted_ms,check,status"
  grep -v "^#\|^system," $w/dataset-h200/gemm.csv | grep -v -f /tmp/combine-changed.$$
  # paralia: per point the slower round of the two (the model's plan)
  grep '^model,' call1/sq.csv | cut -d, -f3- | sort -t, -k2,6 -k8,8gr | awk -F, '!seen[$2 FS $3 FS $4 FS $5 FS $6]++'
  grep '^cublasxt,' call1/ref.csv
  # the GPU-resident points: paralia's slower round, the references' faster
  grep ',000,' call1/low.csv | cut -d, -f2- | awk -F, '$1 == "paralia"' | sort -t, -k8,8gr | awk -F, '!seen[$2 FS $3 FS $4 FS $5 FS $6]++'
  grep ',000,' call1/low.csv | cut -d, -f2- | awk -F, '$1 != "paralia"' | sort -t, -k8,8g | awk -F, '!seen[$1 FS $2 FS $3 FS $4 FS $5 FS $6]++'
} > dataset-h200/gemm.csv
rm -f /tmp/combine-changed.$$
python3 ../../gemm_report.py dataset-h200/gemm.csv dataset-h200/gemm.md dataset-h200/gemm.png $t/call2/kernels.txt $t/call2/linkmap.txt
