#!/usr/bin/env bash
# The dataset on one H200 with this session's measurements, run in this folder: session c2's
# (bench/results/gemm-2026-11-27c2.md) with the 13 FP32 points where gemm's kernel chose a
# cuBLASLt algorithm (4096x4096x32768 00h; 20000x17000x9000, 12000x30000x7000 and
# 27000x9500x14500 hhh, h0h, 00h, 0hh), paralia and cuBLASXt (best block of 2048, 4096, 8192) side
# by side by bench/gemm_compare.sh in call 5 (the code of a655c6a). The other points keep their
# measurements and plans. The bound from session t's call 2 (kernel table and link map), as
# before. Without matplotlib only the table is written.
set -e
c2=../gemm-2026-11-27c2 t=../gemm-2026-11-27t
new() { grep -hv '^#\|^system,' call5/cmp-s-00h/gemm.csv call5/cmp-s-hhhh0h00h0hh/gemm.csv; }
new | cut -d, -f2-6 | sort -u | sed 's/^/^[a-z]*,/; s/$/,/' > /tmp/combine-changed.$$
mkdir -p dataset-h200
{
  echo "# dataset of 2026-11-27e on one NVIDIA H200: session c2's with 13 FP32 points (4096x4096x32768 00h; the three odd shapes at hhh h0h 00h 0hh) measured again (call 5: a655c6a, gemm's kernel per shape; paralia and cuBLASXt, gemm_compare.sh); beta=0.5"
  echo "system,prec,m,n,k,place,config,median_ms,min_ms,max_ms,tflops,predicted_ms,check,status"
  grep -v "^#\|^system," $c2/dataset-h200/gemm.csv | grep -v -f /tmp/combine-changed.$$
  new
} > dataset-h200/gemm.csv
rm -f /tmp/combine-changed.$$
python3 ../../gemm_report.py dataset-h200/gemm.csv dataset-h200/gemm.md dataset-h200/gemm.png $t/call2/kernels.txt $t/call2/linkmap.txt
