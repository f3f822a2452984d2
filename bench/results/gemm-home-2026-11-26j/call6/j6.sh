#!/usr/bin/env bash
# Session 2026-11-26j, call 6 (issue 14): the final code's model against every tile at the dataset's
# host-resident points (hhh, FP64 and FP32, eight shapes; 32768^3 apart), C read as the model says
# (added at home is off by default): bench/tile_sweep.sh, tiles 2048-8192 and the pick, median of
# 3. Then C added at home (PARALIA_C_HOME=all) process by process, with and without StarPU binding
# the main thread to its own core.
scripts/gpu-run.sh build >/dev/null 2>&1
export LD_LIBRARY_PATH="$(cat .device/starpu-prefix)/lib:${LD_LIBRARY_PATH:-}" OPENBLAS_NUM_THREADS=1 \
       PARALIA_HOME=$HOME/.paralia STARPU_HOME=$HOME PATH="/usr/local/cuda/bin:$PATH"
R=$OUT/r; mkdir -p "$R"; s=$SECONDS
cp .device/j6.sh "$R/"; rm -f "$OUT/results.tar.gz"
nvidia-smi --query-gpu=name,power.limit,clocks.max.sm --format=csv,noheader | tee "$R/gpu.txt"
pack() { tar -C "$R" -czf "$OUT/results-j6.tar.gz" .; }
_build/bench/gemm_bench paralia d:1024:1024:1024:hhh >/dev/null 2>"$R/warm.err"
_build/tools/paralia-kernels --sum 2>&1 | grep "GB/s" | tee "$R/sum.txt"
cp "$PARALIA_HOME/kernels-$(hostname).txt" "$R/kernels.txt"; cp "$PARALIA_HOME/linkmap-$(hostname).txt" "$R/linkmap.txt"
pack
S="4096:4096:4096 8192:8192:8192 16384:16384:16384 32768:32768:4096 4096:4096:32768 20000:17000:9000 12000:30000:7000 27000:9500:14500"
P=""; for p in d s; do for x in $S; do P="$P $p:$x:hhh"; done; done
SWEEP_TILES="0 2048 3072 4096 6144 8192" SWEEP_POINTS="$P" timeout 430 bash bench/tile_sweep.sh "$R/sweep.csv"
echo "[sweep done at $((SECONDS - s)) s]"; pack
PARALIA_VERBOSE=1 BENCH_REPS=1 timeout 25 _build/bench/gemm_bench paralia $P 2>&1 >/dev/null | grep autotune | sed 's/.*autotune //' > "$R/plans.txt"
python3 bench/tile_sweep_report.py "$R/sweep.csv" "$R/kernels.txt" "$R/linkmap.txt" >"$R/sweep.md" 2>&1; tail -22 "$R/sweep.md"
_build/bench/model_replay "$R/kernels.txt" "$R/linkmap.txt" "$R/sweep.csv" 14 > "$R/replay.txt" 2>&1; tail -1 "$R/replay.txt"
# C added at home, process by process: 8192^3 at 2048, each line a fresh process (median of 3)
for i in 1 2 3 4; do
  for m in none all; do
    PARALIA_C_HOME=$m PARALIA_TILE=2048 BENCH_REPS=3 timeout 20 _build/bench/gemm_bench paralia d:8192:8192:8192:hhh 2>/dev/null | grep -v "^#" | sed "s/^/$m,/" >> "$R/process.csv"
  done
  STARPU_MAIN_THREAD_BIND=1 PARALIA_C_HOME=all PARALIA_TILE=2048 BENCH_REPS=3 timeout 20 _build/bench/gemm_bench paralia d:8192:8192:8192:hhh 2>/dev/null | grep -v "^#" | sed "s/^/all-mainbind,/" >> "$R/process.csv"
done
cut -d, -f1,3-11 "$R/process.csv"
echo "[done at $((SECONDS - s)) s]"; pack
