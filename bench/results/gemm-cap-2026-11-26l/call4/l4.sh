#!/usr/bin/env bash
# Session 2026-11-26l, call 4 (issue 14): the kernel table re-measured with the power cap read as
# one level from 0.15 s on (where call 3's reading, from 1 s on, put the cap at 0 s), the GPU's
# rate over 1.6 s from rest (bench/sustain_probe, FP64 4096 and 8192), then every tile 2048-8192
# (3072 left out: a call's ten minutes) and the pick at the 16 GPU-resident points, with one
# cuBLAS call.
scripts/gpu-run.sh build >/dev/null 2>&1
export LD_LIBRARY_PATH="$(cat .device/starpu-prefix)/lib:${LD_LIBRARY_PATH:-}" OPENBLAS_NUM_THREADS=1 \
       PARALIA_HOME=$HOME/.paralia STARPU_HOME=$HOME PATH="/usr/local/cuda/bin:$PATH"
R=$OUT/r; mkdir -p "$R"; s=$SECONDS
cp .device/l4.sh "$R/"
nvidia-smi --query-gpu=name,power.limit,clocks.max.sm --format=csv,noheader | tee "$R/gpu.txt"
pack() { tar -C "$R" -czf "$OUT/results-l4.tar.gz" .; }
_build/bench/sustain_probe d 8192 1.6 3 > "$R/probe-8192.csv" 2>&1
_build/bench/sustain_probe d 4096 1.6 3 > "$R/probe-4096.csv" 2>&1
timeout 250 _build/tools/paralia-kernels > "$R/kernels.log" 2>&1; echo "kernels rc=$? at $((SECONDS - s)) s"
grep "^sustain" "$PARALIA_HOME/kernels-$(hostname).txt"
_build/bench/gemm_bench paralia d:1024:1024:1024:hhh >/dev/null 2>/dev/null
cp "$PARALIA_HOME/kernels-$(hostname).txt" "$R/kernels.txt"; cp "$PARALIA_HOME/linkmap-$(hostname).txt" "$R/linkmap.txt"
pack
S="4096:4096:4096 8192:8192:8192 16384:16384:16384 32768:32768:4096 4096:4096:32768 20000:17000:9000 12000:30000:7000 27000:9500:14500"
P=""; for p in d s; do for x in $S; do P="$P $p:$x:000"; done; done
SWEEP_TILES="0 2048 4096 6144 8192" SWEEP_POINTS="$P" timeout 330 bash bench/tile_sweep.sh "$R/sweep.csv"
echo "[sweep at $((SECONDS - s)) s]"; pack
_build/bench/model_replay "$R/kernels.txt" "$R/linkmap.txt" "$R/sweep.csv" 14 2>&1 | tee "$R/replay.txt" | cut -c1-200
echo "[done at $((SECONDS - s)) s]"; pack
