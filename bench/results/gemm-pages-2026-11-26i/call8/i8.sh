#!/usr/bin/env bash
# Session 2026-11-26i, call 8 (issue 14): why cuBLASXt's blocks beat one cuBLAS SGEMM at the odd
# FP32 shapes on the GPU: bench/gemm_split.cu (one call against column panels and blocks over 1,
# 2 and 4 streams), and paralia's tile graph at fixed tiles on the same points.
scripts/gpu-run.sh build >/dev/null 2>&1
export LD_LIBRARY_PATH="$(cat .device/starpu-prefix)/lib:${LD_LIBRARY_PATH:-}" OPENBLAS_NUM_THREADS=1 \
       PARALIA_HOME=$HOME/.paralia STARPU_HOME=$HOME PATH="/usr/local/cuda/bin:$PATH"
R=$OUT/r; mkdir -p "$R"; s=$SECONDS
rm -f "$OUT/results.tar.gz"
nvidia-smi --query-gpu=name,power.limit,clocks.max.sm --format=csv,noheader | tee "$R/gpu.txt"
pack() { tar -C "$R" -czf "$OUT/results-i8.tar.gz" .; }
nvcc -O2 -o _build/gemm_split bench/gemm_split.cu -lcublas && timeout 200 _build/gemm_split > "$R/split.csv" 2>&1
column -t -s, "$R/split.csv" 2>/dev/null || cat "$R/split.csv"
echo "[split done at $((SECONDS - s)) s]"; pack
_build/bench/gemm_bench paralia d:1024:1024:1024:hhh >/dev/null 2>"$R/warm.err"
P="s:20000:17000:9000:000 s:12000:30000:7000:000 s:32768:32768:4096:000 s:27000:9500:14500:000"
for t in 0 2048 4096 8192; do
  BENCH_REPS=3 PARALIA_TILE=$t timeout 100 _build/bench/gemm_bench paralia $P 2>>"$R/tiles.err" | grep -v "^#" | sed "s/^/T=$t,/" | tee -a "$R/tiles.csv" | cut -d, -f1,3-7,9
done
echo "[done at $((SECONDS - s)) s]"; pack
