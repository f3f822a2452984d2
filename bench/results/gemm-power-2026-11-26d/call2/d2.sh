#!/usr/bin/env bash
# Session 2026-11-26d, call 2 (issue 14): the kernel table with the GPU's sustained rates
# (paralia-kernels from rest, under the power cap), FP32 GPU-resident calls on two CUDA streams,
# and every fixed tile on the FP64 points, replayed with this run's table.
scripts/gpu-run.sh build >/dev/null 2>&1
export LD_LIBRARY_PATH="$(cat .device/starpu-prefix)/lib:${LD_LIBRARY_PATH:-}" OPENBLAS_NUM_THREADS=1 \
       PARALIA_HOME=$HOME/.paralia STARPU_HOME=$HOME PATH="/usr/local/cuda/bin:$PATH"
R=$OUT/r; mkdir -p "$R"; s=$SECONDS
q=timestamp,power.draw,clocks.sm,temperature.gpu,clocks_event_reasons.active
nvidia-smi --query-gpu=$q --format=csv -lms 200 >"$R/smi.csv" 2>&1 &
smi=$!
_build/bench/gemm_bench paralia d:1024:1024:1024:hhh >/dev/null 2>&1
timeout 240 _build/tools/paralia-kernels >"$R/kernels.log" 2>&1
cp "$PARALIA_HOME/kernels-$(hostname).txt" "$R/kernels.txt"; cp "$PARALIA_HOME/linkmap-$(hostname).txt" "$R/linkmap.txt"
echo "[kernels done at $((SECONDS - s)) s]"; grep -E "gpu|sustain" "$R/kernels.txt"
export BENCH_REPS=3
P="s:20000:17000:9000:000 s:32768:32768:4096:000"
for t in 0 2048 4096; do
  STARPU_NWORKER_PER_CUDA=2 PARALIA_TILE=$t timeout 60 _build/bench/gemm_bench paralia $P 2>/dev/null | grep -v "^#" | sed "s/^/T=$t,/" >>"$R/streams2.csv"
done
echo "[streams done at $((SECONDS - s)) s]"; cut -d, -f1-12 "$R/streams2.csv"
export SWEEP_TILES="0 2048 3072 4096 6144 8192"
export SWEEP_POINTS="d:4096:4096:4096:hhh d:8192:8192:8192:hhh d:16384:16384:16384:hhh d:20000:17000:9000:hhh d:32768:32768:4096:hhh d:4096:4096:32768:hhh d:8192:8192:8192:000 d:16384:16384:16384:000"
timeout $((560 - (SECONDS - s))) bash bench/tile_sweep.sh "$R/sweep.csv" >/dev/null 2>&1   # nothing but the replay after it
echo "[sweep done at $((SECONDS - s)) s]"
kill $smi
_build/bench/model_replay "$R/kernels.txt" "$R/linkmap.txt" "$R/sweep.csv" | tee "$R/replay.txt"
grep "^T=0," "$R/sweep.csv" | cut -d, -f3-13
tar -C "$R" -czf "$OUT/results-d2.tar.gz" .
