#!/usr/bin/env bash
# Session 2026-11-28j, call 1 (issue 14), on eac9008 (the library as b8c6b3a). Two parts of issue
# 14 not measured on this model on an H200: (1) paralia against dmdas's tile graph at the 28
# points, bench/dmdas_compare.sh; (2) the dataset's 18 GPU-resident points (the eight shapes and
# 32768^3 at 000, FP64 and FP32) with paralia, one cuBLAS call and cuBLASXt in one process,
# alternating (gemm_bench paired, BENCH_REPS=6: each system at each place of a round twice).
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh j1 $t || exit
git log --oneline -1
grep "GB/s" "$R/linkmap.log" | head -3
PARALIA_VERBOSE=1 BENCH_TIMEOUT=200 timeout 420 bash bench/dmdas_compare.sh "$R/dmdas" >/dev/null 2>&1
grep "^| [ds] " "$R/dmdas/gemm.md" | cut -d'|' -f2-5,8,14
sed -n '/Geometric/,$p' "$R/dmdas/gemm.md" | head -4
stamp dmdas; pack
pts="d:4096:4096:4096:000 d:8192:8192:8192:000 d:16384:16384:16384:000 d:32768:32768:4096:000 d:4096:4096:32768:000 d:20000:17000:9000:000 d:12000:30000:7000:000 d:27000:9500:14500:000 d:32768:32768:32768:000 s:4096:4096:4096:000 s:8192:8192:8192:000 s:16384:16384:16384:000 s:32768:32768:4096:000 s:4096:4096:32768:000 s:20000:17000:9000:000 s:12000:30000:7000:000 s:27000:9500:14500:000 s:32768:32768:32768:000"
left=$((570 - (SECONDS - dev_start)))
echo "system,prec,m,n,k,place,config,median_ms,min_ms,max_ms,tflops,predicted_ms,check,status" > "$R/paired.csv"
PARALIA_VERBOSE=1 BENCH_REPS=6 BENCH_EACH=1 timeout $left _build/bench/gemm_bench paired $pts \
  >> "$R/paired.csv" 2> "$R/paired.stderr"
echo "paired rc $?"
cut -d, -f1-8,11 "$R/paired.csv"
stamp paired; pack
