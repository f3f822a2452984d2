#!/usr/bin/env bash
# Session 2026-11-27x, call 3 (issue 14): deep products with square C tiles (PARALIA_TALL=T beside
# PARALIA_DEEP=all) against the model's plan at nine more points with A on the GPU, two rounds
# alternating, each in its own process; the combined dataset's plot (matplotlib is here only);
# then the GPU suite on this session's code.
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh x3 $t || exit
pts="s:12000:30000:7000:00h s:8192:8192:8192:00h s:4096:4096:32768:00h d:4096:4096:32768:00h d:4096:4096:4096:00h s:27000:9500:14500:0hh s:20000:17000:9000:0hh s:16384:16384:16384:0hh d:12000:30000:7000:0hh"
ALT_LIMIT=120 alternate "1 2" sq.csv "$pts" model sq2048:PARALIA_TILE=2048,PARALIA_TALL=2048,PARALIA_DEEP=all sq4096:PARALIA_TILE=4096,PARALIA_TALL=4096,PARALIA_DEEP=all
cat "$R/sq.csv"
D=bench/results/gemm-2026-11-27x
mkdir -p "$R/dataset-h200"
python3 bench/gemm_report.py $D/dataset-h200/gemm.csv "$R/dataset-h200/gemm.md" "$R/dataset-h200/gemm.png" \
  bench/results/gemm-2026-11-27t/call2/kernels.txt bench/results/gemm-2026-11-27t/call2/linkmap.txt
cmp "$R/dataset-h200/gemm.md" $D/dataset-h200/gemm.md && echo "plot drawn; table the same"
stamp plot; pack
mkdir -p "$R/suite"
CHECK_RUNS=1 CHECK_LIMIT=300 timeout 310 scripts/gpu-run.sh check > "$R/suite/run.log" 2>&1
cp "$OUT/summary.txt" "$R/suite/" 2>/dev/null; tar -xzf "$OUT/results.tar.gz" -C "$R/suite" 2>/dev/null
tail -5 "$R/suite/summary.txt"; grep -h "gemm_deep" -r "$R/suite" | tail -3
stamp suite; pack
