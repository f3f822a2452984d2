#!/usr/bin/env bash
# The dataset on one H200 with this session's measurements, run in this folder: session a2's
# (bench/results/gemm-2026-11-27a2.md) with the two points whose paralia plan or policy changed
# beyond the processes' spread measured again, paralia and cuBLASXt (best block of 2048, 4096,
# 8192) side by side by bench/gemm_compare.sh on the session's last library code (call 4): FP64
# 4096^3 00h (the model's pick deep products of 512, calls 1-2) and FP64 8192^3 h0h
# (PARALIA_POP_HOLD, call 3). The other host points kept their plans; the hold moved them 0.985-
# 1.019x (1.003x over 29, call 3). The bound from session t's call 2 (kernel table and link map),
# as before. Without matplotlib only the table is written.
set -e
a2=../gemm-2026-11-27a2 t=../gemm-2026-11-27t
new() { grep -hv '^#\|^system,' call4/cmp-4096-00h/gemm.csv call4/cmp-8192-h0h/gemm.csv; }
new | cut -d, -f2-6 | sort -u | sed 's/^/^[a-z]*,/; s/$/,/' > /tmp/combine-changed.$$
mkdir -p dataset-h200
{
  echo "# dataset of 2026-11-27b2 on one NVIDIA H200: session a2's with FP64 4096^3 00h and 8192^3 h0h measured again (paralia and cuBLASXt, gemm_compare.sh, call 4: d861d0e); beta=0.5"
  echo "system,prec,m,n,k,place,config,median_ms,min_ms,max_ms,tflops,predicted_ms,check,status"
  grep -v "^#\|^system," $a2/dataset-h200/gemm.csv | grep -v -f /tmp/combine-changed.$$
  new
} > dataset-h200/gemm.csv
rm -f /tmp/combine-changed.$$
python3 ../../gemm_report.py dataset-h200/gemm.csv dataset-h200/gemm.md dataset-h200/gemm.png $t/call2/kernels.txt $t/call2/linkmap.txt
