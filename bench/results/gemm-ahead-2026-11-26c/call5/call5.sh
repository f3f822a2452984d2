#!/usr/bin/env bash
# Session 2026-11-26c, call 5 (issue 14): the policy's pop counts missing copies, not bytes
# (a small tile's copy no longer jumps the queue). The suite once on CUDA workers; this machine's
# kernel table; the timeline of 16384^3 00h at tiles 6144 and 4096; every fixed tile and the pick
# on the mixed placements and 16384^3 hhh, replayed. Everything returned in one tar.
scripts/gpu-run.sh build >/dev/null 2>&1
export LD_LIBRARY_PATH="$(cat .device/starpu-prefix)/lib:${LD_LIBRARY_PATH:-}" OPENBLAS_NUM_THREADS=1 \
       PARALIA_HOME=$HOME/.paralia STARPU_HOME=$HOME PATH="/usr/local/cuda/bin:$PATH"
s=$SECONDS
R=$OUT/r; mkdir -p "$R"
OUT=$R/chk CHECK_RUNS=1 timeout --foreground 150 scripts/gpu-run.sh check >/dev/null 2>&1
cat "$R/chk/summary.txt"; echo "[check done at $((SECONDS - s)) s]"
_build/bench/gemm_bench paralia d:1024:1024:1024:hhh >/dev/null 2>&1   # this machine's link map
timeout --foreground 170 _build/tools/paralia-kernels >"$R/kernels.log" 2>&1
cp "$PARALIA_HOME/kernels-$(hostname).txt" "$R/kernels.txt"; cp "$PARALIA_HOME/linkmap-$(hostname).txt" "$R/linkmap.txt"
echo "[kernels done at $((SECONDS - s)) s]"; grep "gpu d" "$R/kernels.txt" | tr '\n' ';'; echo
timeout --foreground 60 bash bench/gpu_timeline.sh "$R/tl" 6144:d:16384:16384:16384:00h 4096:d:16384:16384:16384:00h >/dev/null 2>&1
echo "[timeline done at $((SECONDS - s)) s]"
tar -C "$R" -czf "$OUT/results5.tar.gz" .
export SWEEP_TILES="0 2048 3072 4096 6144 8192" BENCH_REPS=3
export SWEEP_POINTS="d:4096:4096:32768:h0h d:4096:4096:32768:0hh d:4096:4096:32768:00h d:8192:8192:8192:h0h d:8192:8192:8192:0hh d:16384:16384:16384:00h d:16384:16384:16384:h0h d:20000:17000:9000:0hh d:16384:16384:16384:hhh"
timeout --foreground $((580 - (SECONDS - s))) bash bench/tile_sweep.sh "$R/sweep.csv" >/dev/null 2>&1
echo "[sweep done at $((SECONDS - s)) s]"
_build/bench/model_replay "$R/kernels.txt" "$R/linkmap.txt" "$R/sweep.csv" | tee "$R/replay.txt"
tar -C "$R" -czf "$OUT/results5.tar.gz" .
grep -v "^\[starpu\]\|^For proper\|^\[linkmap\|Warning" "$R/tl/report.txt"
