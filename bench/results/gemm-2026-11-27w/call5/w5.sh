#!/usr/bin/env bash
# Session 2026-11-27w, call 5 (issue 14): the dataset's plot (bench/gemm_report.py: matplotlib is on
# the device only) from bench/results/gemm-2026-11-27w/dataset-h200/gemm.csv, with session t's
# call 2 kernel table and link map for the bound, as combine.sh; then the GPU suite on this code.
R=$OUT/r
mkdir -p "$R/dataset-h200" "$R/suite"
cp .device/w5.sh "$R/"
nvidia-smi --query-gpu=name,power.limit,clocks.max.sm --format=csv,noheader | tee "$R/gpu.txt"
d=bench/results/gemm-2026-11-27w t=bench/results/gemm-2026-11-27t
python3 bench/gemm_report.py $d/dataset-h200/gemm.csv "$R/dataset-h200/gemm.md" "$R/dataset-h200/gemm.png" \
  $t/call2/kernels.txt $t/call2/linkmap.txt
cmp -s $d/dataset-h200/gemm.md "$R/dataset-h200/gemm.md" && echo "gemm.md: the same as committed"
tar -C "$R" -czf "$OUT/results-w5.tar.gz" .
CHECK_RUNS=1 CHECK_LIMIT=300 timeout 420 scripts/gpu-run.sh build check > "$R/suite/run.log" 2>&1
cp "$OUT/summary.txt" "$R/suite/" 2>/dev/null
tail -5 "$R/suite/summary.txt"; grep -h "gemm_deep\|gemm_tall" -r "$R/suite/run.log" | tail -3
rm -f "$OUT/results.tar.gz"
tar -C "$R" -czf "$OUT/results-w5.tar.gz" .
