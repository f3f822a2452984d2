#!/usr/bin/env bash
# The dataset on one H200 (run in this folder): call 1's GPU-resident points, call 2's points off
# the GPU (FP64, FP32), call 3's 32768^3, on 3ee904a's library; FP32 4096x4096x32768 from the host,
# the one point whose plan c6bf22c changes (on call 2's link map), from call 6 on c6bf22c. Every
# row of one point from one call (side by side), with session n's H200 kernel table (call 9) and a
# link map calibrated in the call. The bound from that table and call 2's link map (the calls' maps are
# within 0.5% of each other: 55.0-55.2 GB/s in, 54.8-55.0 out). Without matplotlib only the table
# is written (a device call makes the plot).
set -e
mkdir -p dataset
{
  echo "# dataset of 2026-11-26p: calls 1 (000), 2 (hhh h0h 00h 0hh, 8 shapes) and 3 (32768^3) on 3ee904a, FP32 4096x4096x32768 hhh from call 6 on c6bf22c; one NVIDIA H200 each (a fresh machine per call); beta=0.5"
  echo "system,prec,m,n,k,place,config,median_ms,min_ms,max_ms,tflops,predicted_ms,check,status"
  for f in call1/gemm-000/gemm.csv call2/gemm-d/gemm.csv call2/gemm-s/gemm.csv call3/gemm-32k/gemm.csv; do
    grep -v "^#\|^system," "$f" | grep -v "^[a-z]*,s,4096,4096,32768,hhh,"
  done
  grep "^paralia,s,4096,4096,32768,hhh,\|^cublasxt,s,4096,4096,32768,hhh," call6/gemm/gemm.csv
} > dataset/gemm.csv
python3 ../../gemm_report.py dataset/gemm.csv dataset/gemm.md dataset/gemm.png call2/kernels.txt call2/linkmap.txt
