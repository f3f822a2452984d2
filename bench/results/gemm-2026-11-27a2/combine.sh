#!/usr/bin/env bash
# The dataset on one H200 with this session's measurements, run in this folder: session z's
# combined dataset (bench/results/gemm-2026-11-27z.md) with its 18 GPU-resident points measured
# again with paralia, one cuBLAS call and cuBLASXt (best block of 2048, 4096, 8192) in one process,
# alternating call by call in the six orders (gemm_bench paired), now after every system's calls
# had run until the direct path's two rounds were over (BENCH_UNTIMED 64, 14 at 32768^3), twelve
# timed calls each, each system's median: the nine FP64 points from call 1, the nine FP32 ones
# from call 2. Rules written before call 2 ran. The bound from session t's call 2 (kernel table
# and link map), as before. Without matplotlib only the table is written.
set -e
z=../gemm-2026-11-27z t=../gemm-2026-11-27t
new() { grep -hv '^#' call2/paired.csv | grep ',s,.*,000,'; grep -hv '^#' call1/paired.csv | grep ',d,.*,000,'; }
new | cut -d, -f2-6 | sort -u | sed 's/^/^[a-z]*,/; s/$/,/' > /tmp/combine-changed.$$
mkdir -p dataset-h200
{
  echo "# dataset of 2026-11-27a2 on one NVIDIA H200: session z's with its 18 GPU-resident points measured again, the three systems in one process alternating after 64 untimed calls each (14 at 32768^3; FP64 call 1, FP32 call 2); a fresh machine per call; beta=0.5"
  echo "system,prec,m,n,k,place,config,median_ms,min_ms,max_ms,tflops,predicted_ms,check,status"
  grep -v "^#\|^system," $z/dataset-h200/gemm.csv | grep -v -f /tmp/combine-changed.$$
  new
} > dataset-h200/gemm.csv
rm -f /tmp/combine-changed.$$
python3 ../../gemm_report.py dataset-h200/gemm.csv dataset-h200/gemm.md dataset-h200/gemm.png $t/call2/kernels.txt $t/call2/linkmap.txt
