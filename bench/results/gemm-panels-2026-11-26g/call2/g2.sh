#!/usr/bin/env bash
# Session 2026-11-26g, call 2 (issue 14): call 1 found the cuts in order (one panel of an operand
# on its way at a time, at the products' priority) slower than free cuts where A crosses in layer
# panels (8192^3 h0h at 2048: 43.9 against 33.1 ms) and faster for B's chain panels
# (4096x4096x32768: 48.6 against 59.7). Here: the GPU's timeline of 8192^3 hhh/h0h at 2048 and
# 16384^3 at 4096 (bench/gpu_timeline.sh: link busy time, fill, drain), then tiles, free cuts and
# cuts in order at the highest priority with 1 or 2 panels of an operand on their way
# (PARALIA_PANEL_CUTS=1|2, PARALIA_PANEL_PRIO unset = top) on call 1's 8 points.
scripts/gpu-run.sh build >/dev/null 2>&1
export LD_LIBRARY_PATH="$(cat .device/starpu-prefix)/lib:${LD_LIBRARY_PATH:-}" OPENBLAS_NUM_THREADS=1 \
       PARALIA_HOME=$HOME/.paralia STARPU_HOME=$HOME PATH="/usr/local/cuda/bin:$PATH"
R=$OUT/r; mkdir -p "$R"; s=$SECONDS; rm -f "$OUT/results.tar.gz"
nvidia-smi --query-gpu=name,power.limit,clocks.max.sm --format=csv,noheader | tee "$R/gpu.txt"
pack() { tar -C "$R" -czf "$OUT/results-g2.tar.gz" .; }
_build/bench/gemm_bench paralia d:1024:1024:1024:hhh >/dev/null 2>&1
for m in none free 1 2; do
  pan=all; [ $m = none ] && pan=none
  PARALIA_PANELS=$pan PARALIA_PANEL_CUTS=${m/none/1} timeout 100 bench/gpu_timeline.sh "$R/tl-$m" 2048:d:8192:8192:8192:hhh 2048:d:8192:8192:8192:h0h 4096:d:16384:16384:16384:hhh >/dev/null 2>&1
  grep -A9 "^==" "$R/tl-$m/report.txt" | grep -E "^==|HtoD|DtoH|kernel|fill|GB" | sed "s/^/$m: /"
done
echo "[timelines done at $((SECONDS - s)) s]"; pack
P="d:8192:8192:8192:hhh d:16384:16384:16384:hhh d:32768:32768:4096:hhh d:4096:4096:32768:hhh d:20000:17000:9000:hhh s:8192:8192:8192:hhh d:8192:8192:8192:h0h d:16384:16384:16384:0hh"
export BENCH_REPS=3
for t in 2048 3072 4096; do
  for m in none free 1 2; do
    pan=all; [ $m = none ] && pan=none
    PARALIA_PANELS=$pan PARALIA_PANEL_CUTS=${m/none/1} PARALIA_TILE=$t timeout 120 _build/bench/gemm_bench paralia $P 2>/dev/null | grep -v "^#" | sed "s/^/T=$t,$m,/" | tee -a "$R/panels.csv" | cut -d, -f1-9,12
  done
  echo "[T=$t done at $((SECONDS - s)) s]"; pack
done
echo "[done at $((SECONDS - s)) s]"; pack
