#!/usr/bin/env bash
# Session 2026-11-28i, call 4 (issue 14), on b8c6b3a: the error table's other half, the dataset's
# 16 GPU-resident points but 32768^3 (000, FP64 and FP32, 8 shapes): every fixed square tile of
# 2048-8192 and the pick (gemm's direct path), and one cuBLAS call on the same operands
# (bench/tile_sweep.sh, medians of 3), within the session's last device seconds. Replayed after on
# this call's kernel table and link map (bench/model_replay).
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh i4 $t || exit
grep "GB/s" "$R/linkmap.log" | head -3
shapes="4096:4096:4096 8192:8192:8192 16384:16384:16384 32768:32768:4096 4096:4096:32768 20000:17000:9000 12000:30000:7000 27000:9500:14500"
pts=""; for P in d s; do for s in $shapes; do pts="$pts $P:$s:000"; done; done
timeout 40 _build/bench/gemm_bench cublas $pts 2> "$R/cublas.err" | grep -v "^#" | sed "s/^/T=cublas,/" > "$R/cublas.csv"
stamp cublas; pack
PARALIA_VERBOSE=1 SWEEP_POINTS="$pts" SWEEP_TILES="0 2048 3072 4096 6144 8192" BENCH_REPS=3 \
  timeout 250 bash bench/tile_sweep.sh "$R/sweep.csv" >/dev/null 2>&1
stamp sweep; pack
wc -l "$R/sweep.csv"; cut -c1-60 "$R/sweep.csv" | tail -3
