#!/usr/bin/env bash
# Session 2026-11-26j, call 7 (issue 14): the model against every tile at 32768^3, the dataset's
# last hhh and 000 points (FP64 and FP32): bench/tile_sweep.sh, tiles 2048-8192 and the pick,
# median of 3, one cuBLAS call on the GPU-resident operands. Same code as call 6.
scripts/gpu-run.sh build >/dev/null 2>&1
export LD_LIBRARY_PATH="$(cat .device/starpu-prefix)/lib:${LD_LIBRARY_PATH:-}" OPENBLAS_NUM_THREADS=1 \
       PARALIA_HOME=$HOME/.paralia STARPU_HOME=$HOME PATH="/usr/local/cuda/bin:$PATH"
R=$OUT/r; mkdir -p "$R"; s=$SECONDS
cp .device/j7.sh "$R/"; rm -f "$OUT/results.tar.gz"
nvidia-smi --query-gpu=name,power.limit,clocks.max.sm --format=csv,noheader | tee "$R/gpu.txt"
pack() { tar -C "$R" -czf "$OUT/results-j7.tar.gz" .; }
_build/bench/gemm_bench paralia d:1024:1024:1024:hhh >/dev/null 2>"$R/warm.err"
cp "$PARALIA_HOME/kernels-$(hostname).txt" "$R/kernels.txt"; cp "$PARALIA_HOME/linkmap-$(hostname).txt" "$R/linkmap.txt"
pack
SWEEP_TILES="0 4096 6144 8192 2048" SWEEP_POINTS="d:32768:32768:32768:hhh s:32768:32768:32768:hhh d:32768:32768:32768:000 s:32768:32768:32768:000" \
  timeout 540 bash bench/tile_sweep.sh "$R/sweep.csv"
echo "[sweep done at $((SECONDS - s)) s]"; pack
python3 bench/tile_sweep_report.py "$R/sweep.csv" "$R/kernels.txt" "$R/linkmap.txt" >"$R/sweep.md" 2>&1; tail -10 "$R/sweep.md"
echo "[done at $((SECONDS - s)) s]"; pack
