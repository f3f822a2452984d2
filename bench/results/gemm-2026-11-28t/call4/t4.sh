#!/usr/bin/env bash
# Session 2026-11-28t, call 4 (issue 14), on a439f77 (deeper layers, a lone block's rounds, the
# table's dips, after review):
# 1. the dataset's points whose plans the change moves (FP32 4096x4096x32768 and 4096^3 from the
#    host, FP32 8192^3 with C on the host) against cuBLASXt and dmdas (gemm_compare.sh, each
#    system in its own process), and FP64 4096^3 from the host with beta = 0;
# 2. the dataset's hhh points but 32768^3, paralia alone against its bound.
. scripts/device-env.sh t4 .device/kernels-n9-h200.txt .device/kernels-m3.txt || exit
git log --oneline -1; git status --short | head -8
BENCH_POINTS="s:4096:4096:32768:hhh s:4096:4096:4096:hhh s:8192:8192:8192:00h" BENCH_SYSTEMS="paralia cublasxt dmdas" \
  BENCH_REPS=3 PARALIA_VERBOSE=1 BENCH_TIMEOUT=60 timeout 150 bash bench/gemm_compare.sh "$R/moved" > "$R/moved.log" 2>&1
echo "moved rc $?"; grep "^| [ds] " "$R/moved/gemm.md" | cut -d'|' -f2-9,12-14
stamp moved; pack
BENCH_BETA=0 BENCH_POINTS="d:4096:4096:4096:hhh" BENCH_SYSTEMS="paralia cublasxt dmdas" \
  BENCH_REPS=3 PARALIA_VERBOSE=1 BENCH_TIMEOUT=30 timeout 70 bash bench/gemm_compare.sh "$R/beta0" > "$R/beta0.log" 2>&1
echo "beta0 rc $?"; grep "^| [ds] " "$R/beta0/gemm.md" | cut -d'|' -f2-9,12-14
stamp beta0; pack
pts=""; for P in d s; do for s in 8192:8192:8192 16384:16384:16384 32768:32768:4096 4096:4096:32768 20000:17000:9000 12000:30000:7000 27000:9500:14500 4096:4096:4096; do pts+="$P:$s:hhh "; done; done
left=$((330 - (SECONDS - dev_start)))
BENCH_POINTS="$pts" BENCH_SYSTEMS="paralia" BENCH_REPS=3 PARALIA_VERBOSE=1 BENCH_TIMEOUT=$((left - 12)) \
  timeout $left bash bench/gemm_compare.sh "$R/hhh" > "$R/hhh.log" 2>&1
echo "hhh rc $?"; grep "^| [ds] " "$R/hhh/gemm.md" | cut -d'|' -f2-7,11,12
stamp hhh; pack
