#!/usr/bin/env bash
# The dataset on one H200 with deep products where the model takes them (this session's code), run
# in this folder: session v's combined dataset (session t's, with session v's call 3 on 5adc5f0),
# with the eleven points whose default plan the deep products change (or could: FP64 4096^3 00h
# keeps its tiles) replaced by this session's call 4 (one H200, paralia and cuBLASXt side by side;
# paralia's row: the slower of its two processes). The bound from session t's call 2 (kernel table
# and link map), as before. Without matplotlib only the table is written.
set -e
v=../gemm-2026-11-27v t=../gemm-2026-11-27t
changed='^[a-z]*,(d,(4096,4096,4096,00h|8192,8192,8192,(0hh|00h)|4096,4096,32768,(0hh|00h)|20000,17000,9000,0hh|12000,30000,7000,0hh|27000,9500,14500,0hh)|s,(4096,4096,4096,(0hh|00h)|4096,4096,32768,00h)),'
mkdir -p dataset-h200
{
  echo "# dataset of 2026-11-27w on one NVIDIA H200: session v's (session t's, its call 2 on 97127c7, session p's calls 1 and 3 on 3ee904a, session v's call 3 on 5adc5f0) with 11 points from call 4 (deep products where the model takes them); a fresh machine per call; beta=0.5"
  echo "system,prec,m,n,k,place,config,median_ms,min_ms,max_ms,tflops,predicted_ms,check,status"
  grep -v "^#\|^system," $v/dataset-h200/gemm.csv | grep -Ev "$changed"
  # paralia: per point the slower process of the two (rounds 1 and 2, the default "model")
  grep '^model,' call4/deep.csv | cut -d, -f3- | sort -t, -k2,6 -k8,8gr | awk -F, '!seen[$2 FS $3 FS $4 FS $5 FS $6]++'
  grep '^cublasxt,' call4/ref.csv
} > dataset-h200/gemm.csv
python3 ../../gemm_report.py dataset-h200/gemm.csv dataset-h200/gemm.md dataset-h200/gemm.png $t/call2/kernels.txt $t/call2/linkmap.txt
