#!/usr/bin/env bash
# Session 2026-11-26c, call 1 (issue 14): the suite once on CUDA workers (main 92f8943 + the
# PARALIA_FETCH_AHEAD knob); the timeline of 4096x4096x32768 h0h at tiles 3072 and 4096 (fetch-ahead
# as in main, and in every block); fetch-ahead alone/all/none on 2x2-block points; the model on
# mixed placements (every fixed tile and the pick), replayed.
scripts/gpu-run.sh build >/dev/null 2>&1
export LD_LIBRARY_PATH="$(cat .device/starpu-prefix)/lib:${LD_LIBRARY_PATH:-}" OPENBLAS_NUM_THREADS=1 \
       PARALIA_HOME=$HOME/.paralia STARPU_HOME=$HOME PATH="/usr/local/cuda/bin:$PATH"
s=$SECONDS
OUT=$OUT/chk CHECK_RUNS=1 timeout --foreground 150 scripts/gpu-run.sh check >/dev/null 2>&1
cat "$OUT/chk/summary.txt"; echo "[check done at $((SECONDS - s)) s]"
timeout --foreground 60 bash bench/gpu_timeline.sh "$OUT/tl-alone" 3072:d:4096:4096:32768:h0h 4096:d:4096:4096:32768:h0h >/dev/null 2>&1
PARALIA_FETCH_AHEAD=all timeout --foreground 40 bash bench/gpu_timeline.sh "$OUT/tl-all" 3072:d:4096:4096:32768:h0h >/dev/null 2>&1
echo "[timelines done at $((SECONDS - s)) s]"
for mode in alone all none; do
  export PARALIA_FETCH_AHEAD=$mode BENCH_REPS=3
  PARALIA_TILE=3072 timeout --foreground 60 _build/bench/gemm_bench paralia d:4096:4096:32768:h0h d:4096:4096:32768:0hh d:4096:4096:32768:00h d:4096:4096:32768:hhh 2>/dev/null | grep -v "^#" | sed "s/^/$mode,3072,/"
  PARALIA_TILE=4096 timeout --foreground 60 _build/bench/gemm_bench paralia d:8192:8192:8192:hhh d:16384:16384:16384:hhh d:8192:8192:8192:h0h 2>/dev/null | grep -v "^#" | sed "s/^/$mode,4096,/"
  PARALIA_TILE=8192 timeout --foreground 60 _build/bench/gemm_bench paralia d:16384:16384:16384:hhh 2>/dev/null | grep -v "^#" | sed "s/^/$mode,8192,/"
done | tee "$OUT/ahead.csv"
unset PARALIA_FETCH_AHEAD
echo "[ahead done at $((SECONDS - s)) s]"
export SWEEP_TILES="0 2048 3072 4096 6144 8192" BENCH_REPS=3
export SWEEP_POINTS="d:4096:4096:32768:h0h d:4096:4096:32768:0hh d:4096:4096:32768:00h d:8192:8192:8192:h0h d:16384:16384:16384:00h d:20000:17000:9000:0hh"
timeout --foreground $((570 - (SECONDS - s))) bash bench/tile_sweep.sh "$OUT/sweep.csv" >/dev/null 2>&1
echo "[sweep done at $((SECONDS - s)) s]"
cp "$PARALIA_HOME/kernels-$(hostname).txt" "$OUT/kernels.txt"; cp "$PARALIA_HOME/linkmap-$(hostname).txt" "$OUT/linkmap.txt"
cat "$OUT"/tl-*/report.txt 2>/dev/null | head -120
_build/bench/model_replay "$OUT/kernels.txt" "$OUT/linkmap.txt" "$OUT/sweep.csv"
