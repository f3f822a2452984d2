#!/usr/bin/env bash
# The dataset on one H200 with this session's measurements, run in this folder: session x's
# combined dataset with the 18 odd-shape points with B on the GPU measured again on this
# session's code. The 12 with C or A on the host from call 1 (paralia with B's tiles cut, the
# slower of its two rounds; cuBLASXt from the same call); the six GPU-resident ones from call 2
# (paralia's slower round of two, one cuBLAS call's and cuBLASXt's faster, alternating). The
# bound from session t's call 2 (kernel table and link map), as before. Without matplotlib only
# the table is written.
set -e
x=../gemm-2026-11-27x t=../gemm-2026-11-27t
{ grep '^cut,' call1/s.csv call1/d.csv -h | cut -d, -f4-8; } | sed 's/^/^[a-z]*,/; s/$/,/' | sort -u > /tmp/combine-changed.$$
mkdir -p dataset-h200
{
  echo "# dataset of 2026-11-27y on one NVIDIA H200: session x's with this session's 18 odd-shape points with B on the GPU (calls 1 and 2); a fresh machine per call; beta=0.5"
  echo "system,prec,m,n,k,place,config,median_ms,min_ms,max_ms,tflops,predicted_ms,check,status"
  grep -v "^#\|^system," $x/dataset-h200/gemm.csv | grep -v -f /tmp/combine-changed.$$
  # h0h and 00h: paralia's slower round of the two with B's tiles cut, cuBLASXt of call 1
  grep -h '^cut,' call1/s.csv call1/d.csv | grep -v ',000,' | cut -d, -f3- | sort -t, -k2,6 -k8,8gr | awk -F, '!seen[$2 FS $3 FS $4 FS $5 FS $6]++'
  grep '^cublasxt,' call1/ref.csv | grep -v ',000,'
  # 000: call 2, paralia's slower round, the references' faster
  cut -d, -f2- call2/gpu.csv | awk -F, '$1 == "paralia"' | sort -t, -k8,8gr | awk -F, '!seen[$2 FS $3 FS $4 FS $5 FS $6]++'
  cut -d, -f2- call2/gpu.csv | awk -F, '$1 != "paralia"' | sort -t, -k8,8g | awk -F, '!seen[$1 FS $2 FS $3 FS $4 FS $5 FS $6]++'
} > dataset-h200/gemm.csv
rm -f /tmp/combine-changed.$$
python3 ../../gemm_report.py dataset-h200/gemm.csv dataset-h200/gemm.md dataset-h200/gemm.png $t/call2/kernels.txt $t/call2/linkmap.txt
