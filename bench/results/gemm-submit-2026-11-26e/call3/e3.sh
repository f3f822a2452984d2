#!/usr/bin/env bash
# Session 2026-11-26e, call 3 (issue 14): every fixed tile and the pick on the mixed placements
# (h0h, 0hh, 00h), with the calling thread's core (paralia's new default) and call 1's second
# kernel table (chunks queued two at a time, timed by task callbacks), replayed on that table.
scripts/gpu-run.sh build >/dev/null 2>&1
export LD_LIBRARY_PATH="$(cat .device/starpu-prefix)/lib:${LD_LIBRARY_PATH:-}" OPENBLAS_NUM_THREADS=1 \
       PARALIA_HOME=$HOME/.paralia STARPU_HOME=$HOME PATH="/usr/local/cuda/bin:$PATH"
R=$OUT/r; mkdir -p "$R"; s=$SECONDS
_build/bench/gemm_bench paralia d:1024:1024:1024:hhh >/dev/null 2>&1
cp "$PARALIA_HOME/kernels-$(hostname).txt" "$R/kernels.txt"
export SWEEP_TILES="0 2048 3072 4096 6144 8192" BENCH_REPS=3
export SWEEP_POINTS="d:4096:4096:32768:h0h d:4096:4096:32768:0hh d:4096:4096:32768:00h d:8192:8192:8192:h0h d:8192:8192:8192:0hh d:16384:16384:16384:00h d:16384:16384:16384:h0h d:20000:17000:9000:0hh d:16384:16384:16384:0hh"
timeout $((380 - (SECONDS - s))) bash bench/tile_sweep.sh "$R/sweep.csv" >/dev/null 2>&1   # nothing but the replay after it
echo "[sweep done at $((SECONDS - s)) s]"
cp "$PARALIA_HOME/linkmap-$(hostname).txt" "$R/linkmap.txt"
_build/bench/model_replay "$R/kernels.txt" "$R/linkmap.txt" "$R/sweep.csv" | tee "$R/replay.txt"
grep "^T=0,\|cublas" "$R/sweep.csv" | cut -d, -f1-13
tar -C "$R" -czf "$OUT/results-e3.tar.gz" .
# then the test suite on CUDA workers, once, on this code
CHECK_RUNS=1 timeout 200 scripts/gpu-run.sh check >/dev/null 2>&1
cp $OUT/summary.txt "$OUT/check-summary.txt" 2>/dev/null; cat $OUT/summary.txt 2>/dev/null | tail -5
