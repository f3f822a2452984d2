#!/usr/bin/env bash
# Session 2026-11-26h, call 8 (issue 14): the final code's model against every tile, C read late
# where the model says (the default): bench/tile_sweep.sh on the host-resident and mixed points
# where it applies, tiles 2048-8192 and the pick, median of 3.
scripts/gpu-run.sh build >/dev/null 2>&1
export LD_LIBRARY_PATH="$(cat .device/starpu-prefix)/lib:${LD_LIBRARY_PATH:-}" OPENBLAS_NUM_THREADS=1 \
       PARALIA_HOME=$HOME/.paralia STARPU_HOME=$HOME PATH="/usr/local/cuda/bin:$PATH"
R=$OUT/r; mkdir -p "$R"; s=$SECONDS
rm -f "$OUT/results.tar.gz"
nvidia-smi --query-gpu=name,power.limit,clocks.max.sm --format=csv,noheader | tee "$R/gpu.txt"
pack() { tar -C "$R" -czf "$OUT/results-h8.tar.gz" .; }
if ! grep -q "H100" "$R/gpu.txt"; then
  rm -f "$PARALIA_HOME"/kernels-*.txt
  timeout 200 _build/tools/paralia-kernels >"$R/kernels.log" 2>&1
fi
_build/bench/gemm_bench paralia d:1024:1024:1024:hhh >/dev/null 2>"$R/warm.err"
cp "$PARALIA_HOME/kernels-$(hostname).txt" "$R/kernels.txt"; cp "$PARALIA_HOME/linkmap-$(hostname).txt" "$R/linkmap.txt"
SWEEP_TILES="0 2048 3072 4096 6144 8192" SWEEP_POINTS="d:8192:8192:8192:hhh d:16384:16384:16384:hhh \
d:20000:17000:9000:hhh d:32768:32768:4096:hhh d:4096:4096:32768:hhh s:8192:8192:8192:hhh s:16384:16384:16384:hhh \
d:8192:8192:8192:h0h d:8192:8192:8192:0hh d:16384:16384:16384:h0h d:16384:16384:16384:0hh" \
  timeout 500 bash bench/tile_sweep.sh "$R/sweep.csv"
PARALIA_VERBOSE=1 PARALIA_TILE=0 BENCH_REPS=1 _build/bench/gemm_bench paralia d:8192:8192:8192:hhh d:16384:16384:16384:hhh >/dev/null 2>"$R/plans.err"
python3 bench/tile_sweep_report.py "$R/sweep.csv" "$R/kernels.txt" "$R/linkmap.txt" >"$R/sweep.md" 2>&1; tail -20 "$R/sweep.md"
echo "[done at $((SECONDS - s)) s]"; pack
