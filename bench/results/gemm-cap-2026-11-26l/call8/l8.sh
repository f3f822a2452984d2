#!/usr/bin/env bash
# Session 2026-11-26l, call 8 (issue 14): the final code (0c72bbf) with call 5's kernel table
# carried (this code's calibration), every tile 2048-8192 and the pick at the 16 000 points of
# the dataset but 32768^3, one run: the error table and the picks on one machine and one table.
scripts/gpu-run.sh build >/dev/null 2>&1
export LD_LIBRARY_PATH="$(cat .device/starpu-prefix)/lib:${LD_LIBRARY_PATH:-}" OPENBLAS_NUM_THREADS=1 \
       PARALIA_HOME=$HOME/.paralia STARPU_HOME=$HOME PATH="/usr/local/cuda/bin:$PATH"
R=$OUT/r; mkdir -p "$R"; s=$SECONDS
cp .device/l8.sh "$R/"
nvidia-smi --query-gpu=name,power.limit,clocks.max.sm --format=csv,noheader | tee "$R/gpu.txt"
pack() { tar -C "$R" -czf "$OUT/results-l8.tar.gz" .; }
mkdir -p "$PARALIA_HOME"; cp bench/results/gemm-cap-2026-11-26l/call5/kernels.txt "$PARALIA_HOME/kernels-$(hostname).txt"
_build/bench/gemm_bench paralia d:1024:1024:1024:hhh >/dev/null 2>/dev/null
cp "$PARALIA_HOME/kernels-$(hostname).txt" "$R/kernels.txt"; cp "$PARALIA_HOME/linkmap-$(hostname).txt" "$R/linkmap.txt"
S="4096:4096:4096 8192:8192:8192 16384:16384:16384 32768:32768:4096 4096:4096:32768 20000:17000:9000 12000:30000:7000 27000:9500:14500"
P=""; for p in d s; do for x in $S; do P="$P $p:$x:000"; done; done
SWEEP_TILES="0 2048 3072 4096 6144 8192" SWEEP_POINTS="$P" timeout 520 bash bench/tile_sweep.sh "$R/sweep.csv"
echo "[sweep at $((SECONDS - s)) s]"; pack
_build/bench/model_replay "$R/kernels.txt" "$R/linkmap.txt" "$R/sweep.csv" 14 2>&1 | tee "$R/replay.txt" | cut -c1-240
echo "[done at $((SECONDS - s)) s]"; pack
