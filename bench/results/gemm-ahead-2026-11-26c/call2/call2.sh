#!/usr/bin/env bash
# Session 2026-11-26c, call 2 (issue 14): gemm fetches ahead in the blocks the model says
# (pm_fetch_ahead). The suite once on CUDA workers; the model's choice against none on the points
# where it matters; the timeline of 16384^3 00h at tiles 4096 and 6144 (the model's worst mixed
# point); every fixed tile and the pick on the mixed placements, replayed.
scripts/gpu-run.sh build >/dev/null 2>&1
export LD_LIBRARY_PATH="$(cat .device/starpu-prefix)/lib:${LD_LIBRARY_PATH:-}" OPENBLAS_NUM_THREADS=1 \
       PARALIA_HOME=$HOME/.paralia STARPU_HOME=$HOME PATH="/usr/local/cuda/bin:$PATH"
s=$SECONDS
OUT=$OUT/chk CHECK_RUNS=1 timeout --foreground 150 scripts/gpu-run.sh check >/dev/null 2>&1
cat "$OUT/chk/summary.txt"; echo "[check done at $((SECONDS - s)) s]"
# this machine's link map first (the carried one is another machine's)
_build/bench/gemm_bench paralia d:1024:1024:1024:hhh >/dev/null 2>&1
for mode in model none; do
  export PARALIA_FETCH_AHEAD=$mode BENCH_REPS=3
  PARALIA_TILE=3072 timeout --foreground 60 _build/bench/gemm_bench paralia d:4096:4096:32768:h0h d:4096:4096:32768:0hh d:4096:4096:32768:hhh d:4096:4096:4096:hhh 2>/dev/null | grep -v "^#" | sed "s/^/$mode,3072,/"
  PARALIA_TILE=6144 timeout --foreground 60 _build/bench/gemm_bench paralia d:8192:8192:8192:hhh d:8192:8192:8192:h0h 2>/dev/null | grep -v "^#" | sed "s/^/$mode,6144,/"
  PARALIA_TILE=4096 timeout --foreground 60 _build/bench/gemm_bench paralia d:8192:8192:8192:hhh d:16384:16384:16384:hhh 2>/dev/null | grep -v "^#" | sed "s/^/$mode,4096,/"
done | tee "$OUT/ahead.csv"
unset PARALIA_FETCH_AHEAD
echo "[ahead done at $((SECONDS - s)) s]"
timeout --foreground 60 bash bench/gpu_timeline.sh "$OUT/tl" 4096:d:16384:16384:16384:00h 6144:d:16384:16384:16384:00h >/dev/null 2>&1
tar -C "$OUT" -czf "$OUT/timeline.tar.gz" tl && rm -rf "$OUT/tl"
echo "[timeline done at $((SECONDS - s)) s]"
export SWEEP_TILES="0 2048 3072 4096 6144 8192" BENCH_REPS=3
export SWEEP_POINTS="d:4096:4096:32768:h0h d:4096:4096:32768:0hh d:4096:4096:32768:00h d:8192:8192:8192:h0h d:8192:8192:8192:0hh d:16384:16384:16384:00h d:16384:16384:16384:h0h d:20000:17000:9000:0hh"
timeout --foreground $((575 - (SECONDS - s))) bash bench/tile_sweep.sh "$OUT/sweep.csv" >/dev/null 2>&1
echo "[sweep done at $((SECONDS - s)) s]"
cp "$PARALIA_HOME/kernels-$(hostname).txt" "$OUT/kernels.txt"; cp "$PARALIA_HOME/linkmap-$(hostname).txt" "$OUT/linkmap.txt"
tar -xzOf "$OUT/timeline.tar.gz" tl/report.txt | grep -v "^\[starpu\]\|^For proper\|^\[linkmap\|Warning"
_build/bench/model_replay "$OUT/kernels.txt" "$OUT/linkmap.txt" "$OUT/sweep.csv"
