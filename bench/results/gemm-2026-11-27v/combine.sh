#!/usr/bin/env bash
# The dataset on one H200 with C read late wherever the flow shop finds it faster (5adc5f0), run in
# this folder: session t's combined dataset (its call 2 on 97127c7, session p's calls 1 and 3 on
# 3ee904a), with the ten FP64 points whose default plan 5adc5f0 changes replaced by this session's
# call 3 (one H200, paralia and cuBLASXt side by side; paralia's row: the slower of its two
# processes). The bound from session t's call 2 (kernel table and link map), as before. Without
# matplotlib only the table is written.
set -e
t=../gemm-2026-11-27t
changed='^[a-z]*,d,(20000,17000,9000,(hhh|h0h|0hh)|12000,30000,7000,(hhh|h0h|0hh)|27000,9500,14500,0hh|32768,32768,4096,(hhh|h0h|0hh)),'
mkdir -p dataset-h200
{
  echo "# dataset of 2026-11-27v on one NVIDIA H200: session t's (its call 2 on 97127c7, session p's calls 1 and 3 on 3ee904a) with 10 FP64 points from call 3 on 5adc5f0 (C read late where faster); a fresh machine per call; beta=0.5"
  echo "system,prec,m,n,k,place,config,median_ms,min_ms,max_ms,tflops,predicted_ms,check,status"
  grep -v "^#\|^system," $t/dataset-h200/gemm.csv | grep -Ev "$changed"
  # paralia: per point the slower process of the two (rounds 1 and 2, the default "model")
  grep '^model,' call3/late.csv | cut -d, -f3- | sort -t, -k2,6 -k8,8gr | awk -F, '!seen[$2 FS $3 FS $4 FS $5 FS $6]++'
  grep '^cublasxt,' call3/ref.csv
} > dataset-h200/gemm.csv
python3 ../../gemm_report.py dataset-h200/gemm.csv dataset-h200/gemm.md dataset-h200/gemm.png $t/call2/kernels.txt $t/call2/linkmap.txt
