#!/usr/bin/env bash
# Session 2026-11-26n, call 3 (issue 14): every fixed tile against the pick where paralia was
# nearest cuBLASXt or dmdas in calls 1-2 (C on the host, A and B on the GPU; A alone on the host),
# with beta = 0 and 0.5, and cuBLASXt's best block at the same points in the same run; with session
# m's kernel table (call 3) and a link map calibrated here (bench/model_replay replays them).
. scripts/device-env.sh n3 .device/kernels-m3.txt
export SWEEP_TILES="0 1536 2048 3072 4096 6144 8192"
P0="d:8192:8192:8192:00h d:8192:8192:8192:hhh d:8192:8192:8192:h0h"
P5="d:8192:8192:8192:00h d:4096:4096:32768:h0h d:4096:4096:32768:00h d:27000:9500:14500:00h d:20000:17000:9000:00h d:12000:30000:7000:00h"
BENCH_BETA=0 SWEEP_POINTS="$P0" timeout 150 bash bench/tile_sweep.sh "$R/sweep-beta0.csv" >/dev/null 2>&1
cut -d, -f1,3-8,9,13 "$R/sweep-beta0.csv" | column -t -s,; stamp sweep-beta0; pack
SWEEP_POINTS="$P5" timeout 230 bash bench/tile_sweep.sh "$R/sweep.csv" >/dev/null 2>&1
cut -d, -f1,3-8,9,13 "$R/sweep.csv" | column -t -s,; stamp sweep; pack
BENCH_BETA=0 BENCH_REPS=3 timeout 60 _build/bench/gemm_bench cublasxt $P0 2>/dev/null | grep -v "^#" > "$R/cublasxt-beta0.csv"
BENCH_REPS=3 timeout 120 _build/bench/gemm_bench cublasxt $P5 2>/dev/null | grep -v "^#" > "$R/cublasxt.csv"
cat "$R/cublasxt-beta0.csv" "$R/cublasxt.csv" | cut -d, -f1-9 | column -t -s,; stamp cublasxt; pack
