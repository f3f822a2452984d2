#!/usr/bin/env bash
# Session 2026-11-26q, call 3 (issue 14), one H200: the error table of FP32 on the issue's
# machine. Every fixed tile of 2048-8192 and the pick at the dataset's 16 FP32 hhh and 000 points
# (bench/tile_sweep.sh, median of 3), tiles of 1024 and 1536 at its three smallest shapes, and one
# cuBLAS call on the GPU-resident operands; then tests/gemm_direct.sh (GPU only) on the sourced
# harness. Replayed after on this call's kernel table and link map (bench/model_replay).
P=${P:-s}
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh q2$P $t || exit
cat "$R/linkmap.log" | grep "GB/s"
shapes="4096:4096:4096 8192:8192:8192 16384:16384:16384 32768:32768:4096 4096:4096:32768 20000:17000:9000 12000:30000:7000 27000:9500:14500"
pts=""; for s in $shapes; do pts="$pts $P:$s:hhh $P:$s:000"; done
small=""; for s in 4096:4096:4096 8192:8192:8192 4096:4096:32768; do small="$small $P:$s:hhh $P:$s:000"; done
PARALIA_VERBOSE=1 SWEEP_POINTS="$pts" SWEEP_TILES="0 2048 3072 4096 6144 8192" BENCH_REPS=3 \
  timeout 400 bash bench/tile_sweep.sh "$R/sweep.csv" >/dev/null 2>&1
stamp sweep; pack
PARALIA_VERBOSE=1 SWEEP_POINTS="$small" SWEEP_TILES="1024 1536" BENCH_REPS=3 \
  timeout 90 bash bench/tile_sweep.sh "$R/sweep-small.csv" >/dev/null 2>&1
stamp small; pack
cat "$R/sweep-small.csv" >> "$R/sweep.csv"
_build/bench/model_replay "$R/kernels.txt" "$R/linkmap.txt" "$R/sweep.csv" 14 > "$R/replay.txt" 2>&1
tail -20 "$R/replay.txt" | cut -c1-250
stamp replay; pack
(cd _build && timeout 40 make check TESTS=tests/gemm_direct.sh >/dev/null 2>&1; tail -3 tests/gemm_direct.sh.log) > "$R/gemm_direct.txt"
cat "$R/gemm_direct.txt"
stamp gemm_direct; pack
