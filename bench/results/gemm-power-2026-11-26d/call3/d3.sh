#!/usr/bin/env bash
# Session 2026-11-26d, call 3 (issue 14): the kernel table on full-mantissa data (sustain lines),
# two CUDA workers (streams) per GPU against one on host- and GPU-resident points, and every fixed
# tile on FP64 32768^3 host- and GPU-resident, replayed with this run's table.
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
P="d:8192:8192:8192:hhh d:16384:16384:16384:hhh d:4096:4096:32768:hhh s:16384:16384:16384:hhh s:20000:17000:9000:000 s:32768:32768:4096:000"
for w in 1 2; do
  STARPU_NWORKER_PER_CUDA=$w timeout 120 _build/bench/gemm_bench paralia $P 2>/dev/null | grep -v "^#" | sed "s/^/W=$w,/" >>"$R/streams.csv"
done
echo "[streams done at $((SECONDS - s)) s]"; cut -d, -f1-13 "$R/streams.csv"
export SWEEP_TILES="0 2048 4096 6144 8192" SWEEP_POINTS="d:32768:32768:32768:hhh d:32768:32768:32768:000"
timeout $((560 - (SECONDS - s))) bash bench/tile_sweep.sh "$R/sweep.csv" >/dev/null 2>&1   # nothing but the replay after it
echo "[sweep done at $((SECONDS - s)) s]"
kill $smi
_build/bench/model_replay "$R/kernels.txt" "$R/linkmap.txt" "$R/sweep.csv" | tee "$R/replay.txt"
cut -d, -f1-13 "$R/sweep.csv"
tar -C "$R" -czf "$OUT/results-d3.tar.gz" .
