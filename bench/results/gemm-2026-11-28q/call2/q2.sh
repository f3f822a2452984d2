#!/usr/bin/env bash
# Session 2026-11-28q, call 2 (issue 14), on 20008df: the error table's 000 half on the library
# with gemm's two lanes (adopted in session n; the 000 table was last swept on b8c6b3a, sessions
# i and j): the dataset's 16 GPU-resident points but 32768^3 (FP64 and FP32, 8 shapes), one cuBLAS
# call on the same operands, the pick and every fixed square tile of 2048-8192
# (bench/tile_sweep.sh, medians of 3), replayed after on this call's kernel table and link map.
. scripts/device-env.sh q2 .device/kernels-n9-h200.txt .device/kernels-m3.txt || exit
git log --oneline -1; git status --short | head -8
grep "GB/s" "$R/linkmap.log" | head -3
shapes="4096:4096:4096 8192:8192:8192 16384:16384:16384 32768:32768:4096 4096:4096:32768 20000:17000:9000 12000:30000:7000 27000:9500:14500"
pts=""; for P in d s; do for s in $shapes; do pts="$pts $P:$s:000"; done; done
PARALIA_VERBOSE=1 SWEEP_POINTS="$pts" SWEEP_TILES="0 2048 3072 4096 6144 8192" BENCH_REPS=3 \
  timeout $((${Q2_LIMIT:-540} - (SECONDS - dev_start))) bash bench/tile_sweep.sh "$R/sweep.csv" >/dev/null 2>&1
stamp sweep; pack
wc -l "$R/sweep.csv"; cut -d, -f1-8,9,13 "$R/sweep.csv" | tail -4
