#!/usr/bin/env bash
# The dataset on one H200 with this session's measurements, run in this folder: session b2's
# (bench/results/gemm-2026-11-27b2.md) with the five points whose pick the model's square C tiles
# over k change (89e3bc3), paralia and cuBLASXt (best block of 2048, 4096, 8192) side by side by
# bench/gemm_compare.sh: FP64 and FP32 16384^3 00h from call 1 (502391c, the same picks there),
# FP64 32768^3 00h and FP32 32768^3 00h and 0hh from call 2 (89e3bc3). The other points keep
# their plans. The bound from session t's call 2 (kernel table and link map), as before. Without
# matplotlib only the table is written.
set -e
b2=../gemm-2026-11-27b2 t=../gemm-2026-11-27t
new() {
  grep -h '^[a-z]*,d,16384,16384,16384,00h,' call1/cmp-d-00h/gemm.csv
  grep -hv '^#\|^system,' call1/cmp-s-00h/gemm.csv call2/cmp-d-00h/gemm.csv call2/cmp-s-00h/gemm.csv \
    call2/cmp-s-0hh/gemm.csv
}
new | cut -d, -f2-6 | sort -u | sed 's/^/^[a-z]*,/; s/$/,/' > /tmp/combine-changed.$$
mkdir -p dataset-h200
{
  echo "# dataset of 2026-11-27c2 on one NVIDIA H200: session b2's with FP64 and FP32 16384^3 00h (call 1: 502391c), FP64 32768^3 00h and FP32 32768^3 00h and 0hh (call 2: 89e3bc3) measured again (paralia and cuBLASXt, gemm_compare.sh); beta=0.5"
  echo "system,prec,m,n,k,place,config,median_ms,min_ms,max_ms,tflops,predicted_ms,check,status"
  grep -v "^#\|^system," $b2/dataset-h200/gemm.csv | grep -v -f /tmp/combine-changed.$$
  new
} > dataset-h200/gemm.csv
rm -f /tmp/combine-changed.$$
python3 ../../gemm_report.py dataset-h200/gemm.csv dataset-h200/gemm.md dataset-h200/gemm.png $t/call2/kernels.txt $t/call2/linkmap.txt
