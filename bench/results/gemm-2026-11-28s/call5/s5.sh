#!/usr/bin/env bash
# Session 2026-11-28s, call 5 (issue 14), on 581c117: the dataset's hhh points but 32768^3 (FP64
# first, then FP32), paralia alone against its bound (gemm_compare.sh: the bound from this call's
# table and map), as far as the session's last device seconds allow. 581c117 moves no hhh plan
# (replayed on the H200 maps of sessions p to s).
. scripts/device-env.sh s5 .device/kernels-n9-h200.txt .device/kernels-m3.txt || exit
git log --oneline -1
pts=""; for P in d s; do for s in 8192:8192:8192 16384:16384:16384 32768:32768:4096 4096:4096:32768 20000:17000:9000 12000:30000:7000 27000:9500:14500 4096:4096:4096; do pts+="$P:$s:hhh "; done; done
left=$((215 - (SECONDS - dev_start)))
BENCH_POINTS="$pts" BENCH_SYSTEMS="paralia" BENCH_REPS=3 PARALIA_VERBOSE=1 BENCH_TIMEOUT=$((left - 12)) \
  timeout $left bash bench/gemm_compare.sh "$R/hhh" > "$R/hhh.log" 2>&1
echo "hhh rc $?"; grep "^| [ds] " "$R/hhh/gemm.md" | cut -d'|' -f2-7,11,12
stamp hhh; pack
