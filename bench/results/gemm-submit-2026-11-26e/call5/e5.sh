#!/usr/bin/env bash
# Session 2026-11-26e, call 5 (issue 14), the final code on one machine: its link map, its kernel
# table (chunks queued two at a time and timed by task callbacks; copies from 128 KB pitches
# too), then every fixed tile and the pick on the host- and GPU-resident points and on the mixed
# placements in one sweep, replayed on this table; the calling thread keeps a core (new default).
scripts/gpu-run.sh build >/dev/null 2>&1
export LD_LIBRARY_PATH="$(cat .device/starpu-prefix)/lib:${LD_LIBRARY_PATH:-}" OPENBLAS_NUM_THREADS=1 \
       PARALIA_HOME=$HOME/.paralia STARPU_HOME=$HOME PATH="/usr/local/cuda/bin:$PATH"
R=$OUT/r; mkdir -p "$R"; s=$SECONDS
_build/bench/gemm_bench paralia d:1024:1024:1024:hhh >/dev/null 2>&1
timeout 200 _build/tools/paralia-kernels >"$R/kernels.log" 2>&1
cp "$PARALIA_HOME/kernels-$(hostname).txt" "$R/kernels.txt"; cp "$PARALIA_HOME/linkmap-$(hostname).txt" "$R/linkmap.txt"
echo "[kernels done at $((SECONDS - s)) s]"; grep -E "^gpu d|^sustain d" "$R/kernels.txt" | paste -sd' '
export SWEEP_TILES="0 2048 3072 4096 6144 8192" BENCH_REPS=3
export SWEEP_POINTS="d:4096:4096:4096:hhh d:8192:8192:8192:hhh d:16384:16384:16384:hhh d:20000:17000:9000:hhh d:32768:32768:4096:hhh d:4096:4096:32768:hhh s:8192:8192:8192:hhh s:16384:16384:16384:hhh s:32768:32768:4096:hhh d:8192:8192:8192:000 d:16384:16384:16384:000 s:16384:16384:16384:000 d:4096:4096:32768:h0h d:4096:4096:32768:0hh d:4096:4096:32768:00h d:8192:8192:8192:h0h d:8192:8192:8192:0hh d:16384:16384:16384:00h d:16384:16384:16384:h0h d:20000:17000:9000:0hh d:16384:16384:16384:0hh"
timeout $((585 - (SECONDS - s))) bash bench/tile_sweep.sh "$R/sweep.csv" >/dev/null 2>&1   # nothing but the replay after it
echo "[sweep done at $((SECONDS - s)) s]"
_build/bench/model_replay "$R/kernels.txt" "$R/linkmap.txt" "$R/sweep.csv" 14 | tee "$R/replay.txt"
grep "^T=0,\|cublas" "$R/sweep.csv" | cut -d, -f1-13
tar -C "$R" -czf "$OUT/results-e5.tar.gz" .
