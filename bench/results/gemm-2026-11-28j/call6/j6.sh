#!/usr/bin/env bash
# Session 2026-11-28j, call 6 (issue 14), on ff39334 (the library as b8c6b3a): the error table's
# last 000 cells, tiles of 8192 at the dataset's 16 GPU-resident points but 32768^3 (2026-11-28i's
# call 4 measured the pick, 2048-6144 and one cuBLAS call there, and was cut before 8192), as
# bench/tile_sweep.sh runs a cell (square: PARALIA_TALL=none, PARALIA_DEEP=none; medians of 3),
# without its cuBLAS reference, which that call has.
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh j6 $t || exit
git log --oneline -1; git status --short | head -3
grep "GB/s" "$R/linkmap.log" | head -3
pts=""
for p in d s; do for s in 4096:4096:4096 8192:8192:8192 16384:16384:16384 32768:32768:4096 4096:4096:32768 20000:17000:9000 12000:30000:7000 27000:9500:14500; do pts+="$p:$s:000 "; done; done
# shellcheck disable=SC2086
BENCH_REPS=3 OPENBLAS_NUM_THREADS=1 PARALIA_VERBOSE=1 PARALIA_TILE=8192 PARALIA_TALL=none PARALIA_DEEP=none \
  timeout 150 _build/bench/gemm_bench paralia $pts 2> "$R/sweep-8192.err" | grep -v "^#" | sed "s/^/T=8192,/" > "$R/sweep-8192.csv"
cut -d, -f1,3-7,9,13 "$R/sweep-8192.csv"
stamp sweep; pack
