#!/usr/bin/env bash
# The dataset on one H100 (run in this folder): call 3's GPU-resident points, call 2's points off
# the GPU (FP64, FP32), call 4's 32768^3, on 5eff5db's library (call 4 on the tree of 23ce1a0,
# which changes paralia_init and paralia_shutdown only). Every row of one point from one call (side
# by side), with session m's H100 kernel table (call 3, carried) and a link map calibrated in the
# call. The bound from that table and call 2's link map (the calls' maps: 54.4-55.1 GB/s in,
# 54.8-54.9 out). Without matplotlib only the table is written (a device call makes the plot).
set -e
mkdir -p dataset
{
  echo "# dataset of 2026-11-27r: calls 3 (000), 2 (hhh h0h 00h 0hh, 8 shapes) and 4 (32768^3) on 5eff5db; one NVIDIA H100 each (a fresh machine per call; every call asked for an H200); beta=0.5"
  echo "system,prec,m,n,k,place,config,median_ms,min_ms,max_ms,tflops,predicted_ms,check,status"
  for f in call3/gemm-000/gemm.csv call2/gemm-d/gemm.csv call2/gemm-s/gemm.csv call4/gemm-32k/gemm.csv; do
    [ -f "$f" ] && grep -v "^#\|^system," "$f"
  done
} > dataset/gemm.csv
python3 ../../gemm_report.py dataset/gemm.csv dataset/gemm.md dataset/gemm.png call2/kernels.txt call2/linkmap.txt
