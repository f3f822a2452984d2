#!/usr/bin/env bash
# Session 2026-11-26l, call 2 (issue 14): the default model's worst cells, traced, and the power
# cap's state in back-to-back calls. 1) CUDA + StarPU timelines: 4096x4096x32768 hhh at 4096 with
# B in a panel (the model's choice: 64 ms measured, 45 predicted) and in tiles; 16384^3 hhh at
# 2048 (233 / 184) with panels and in tiles; 27000x9500x14500 hhh at 4096; C added at home on
# 32768x32768x4096 at 2048 (1294 ms where 4096 took 338). 2) bench/sustain_probe from rest, then
# after heating the GPU 20 s and idling 3, 1, 0.2 s. 3) per-call times of FP64 000 points of
# 20-160 ms after 3 s of rest.
scripts/gpu-run.sh build >/dev/null 2>&1
export LD_LIBRARY_PATH="$(cat .device/starpu-prefix)/lib:${LD_LIBRARY_PATH:-}" OPENBLAS_NUM_THREADS=1 \
       PARALIA_HOME=$HOME/.paralia STARPU_HOME=$HOME PATH="/usr/local/cuda/bin:$PATH" \
       PKG_CONFIG_PATH="$(cat .device/starpu-prefix)/lib/pkgconfig"
R=$OUT/r; mkdir -p "$R"; s=$SECONDS
cp .device/l2.sh "$R/"
nvidia-smi --query-gpu=name,power.limit,clocks.max.sm --format=csv,noheader | tee "$R/gpu.txt"
pack() { tar -C "$R" -czf "$OUT/results-l2.tar.gz" .; }
# the power probes first, on a GPU that has not computed yet
P=_build/bench/sustain_probe
$P d 8192 0.8 3 > "$R/probe-rest.csv" 2>&1
$P d 8192 20 0 > "$R/probe-heat.csv" 2>&1
$P d 8192 0.8 3 > "$R/probe-hot-idle3.csv" 2>&1
$P d 8192 0.8 1 > "$R/probe-hot-idle1.csv" 2>&1
$P d 8192 0.8 0.2 > "$R/probe-hot-idle0.2.csv" 2>&1
$P d 4096 0.8 1 > "$R/probe-hot-4096-idle1.csv" 2>&1
echo "[probes at $((SECONDS - s)) s]"; pack
_build/bench/gemm_bench paralia d:1024:1024:1024:hhh >/dev/null 2>/dev/null
cp "$PARALIA_HOME/kernels-$(hostname).txt" "$R/kernels.txt"; cp "$PARALIA_HOME/linkmap-$(hostname).txt" "$R/linkmap.txt"
for p in d:8192:8192:8192:000 d:12000:30000:7000:000 d:16384:16384:16384:000; do
  sleep 3
  PARALIA_TILE=8192 BENCH_EACH=1 BENCH_REPS=6 _build/bench/gemm_bench paralia $p 2>&1 | grep -v "^# paralia\|^\[" | grep "call\|ok" >> "$R/each-000.txt"
done
cat "$R/each-000.txt"; echo "[each at $((SECONDS - s)) s]"; pack
T="TIMELINE_STARPU=1"
env $T timeout 60 bash bench/gpu_timeline.sh "$R/tl-default" 4096:d:4096:4096:32768:hhh 2048:d:16384:16384:16384:hhh 4096:d:27000:9500:14500:hhh 2>&1 | grep -v "warning\|pruneInfo\|\^~\|^ *|" | tail -40
pack
env $T PARALIA_PANELS=none timeout 50 bash bench/gpu_timeline.sh "$R/tl-tiles" 4096:d:4096:4096:32768:hhh 2048:d:16384:16384:16384:hhh 2>&1 | grep -v "warning\|pruneInfo\|\^~\|^ *|" | tail -30
pack
env $T PARALIA_C_HOME=all timeout 40 bash bench/gpu_timeline.sh "$R/tl-home" 2048:d:32768:32768:4096:hhh 2>&1 | grep -v "warning\|pruneInfo\|\^~\|^ *|" | tail -20
echo "[done at $((SECONDS - s)) s]"; pack
