#!/usr/bin/env bash
# The dataset on one H200 with this session's measurements, run in this folder: session y's
# combined dataset with its 18 GPU-resident points (every operand on GPU 0) measured again with
# paralia, one cuBLAS call and cuBLASXt (best block of 2048, 4096, 8192) in one process,
# alternating call by call (gemm_bench paired), six timed calls each, each system's median: the
# nine FP64 points from call 6, whose rounds take the six orders of the three in turn; the nine
# FP32 ones from call 4, whose rounds rotated one order (in it each system mostly followed the
# same other one, which call 3, in one order, found to move the same FP64 call's medians by 3-6%;
# FP32's calls spread under 1%). Rules written before calls 4 and 6 ran. Session y's rows for
# these points compared paralia's slower round of two processes with the references' faster,
# where under FP64's power cap one process's calls spread by up to 20%. The bound from session
# t's call 2 (kernel table and link map), as before. Without matplotlib only the table is written.
set -e
y=../gemm-2026-11-27y t=../gemm-2026-11-27t
new() { grep -hv '^#' call4/paired.csv | grep ',s,.*,000,'; grep -hv '^#' call6/paired.csv | grep ',d,.*,000,'; }
new | cut -d, -f2-6 | sort -u | sed 's/^/^[a-z]*,/; s/$/,/' > /tmp/combine-changed.$$
mkdir -p dataset-h200
{
  echo "# dataset of 2026-11-27z on one NVIDIA H200: session y's with its 18 GPU-resident points measured again, the three systems in one process alternating (FP64 call 6, FP32 call 4); a fresh machine per call; beta=0.5"
  echo "system,prec,m,n,k,place,config,median_ms,min_ms,max_ms,tflops,predicted_ms,check,status"
  grep -v "^#\|^system," $y/dataset-h200/gemm.csv | grep -v -f /tmp/combine-changed.$$
  new
} > dataset-h200/gemm.csv
rm -f /tmp/combine-changed.$$
python3 ../../gemm_report.py dataset-h200/gemm.csv dataset-h200/gemm.md dataset-h200/gemm.png $t/call2/kernels.txt $t/call2/linkmap.txt
