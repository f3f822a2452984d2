#!/usr/bin/env bash
# Session 2026-11-26l, call 6 (issue 14): the final code (the cap's reading, gemm fetching ahead
# the tiles of an operand not in panels). 1) 4096x4096x32768 hhh, FP64 and FP32, every tile with
# the model's choice of panels and, FP64, with none, side by side; a timeline with B alone in
# panels at tile 4096; 2) the GPU suite. Call 5's kernel table (this code's calibration) carried.
scripts/gpu-run.sh build >/dev/null 2>&1
export LD_LIBRARY_PATH="$(cat .device/starpu-prefix)/lib:${LD_LIBRARY_PATH:-}" OPENBLAS_NUM_THREADS=1 \
       PARALIA_HOME=$HOME/.paralia STARPU_HOME=$HOME PATH="/usr/local/cuda/bin:$PATH"
R=$OUT/r; mkdir -p "$R"; s=$SECONDS
cp .device/l6.sh "$R/"
git log --oneline -1 > "$R/commit.txt"; git status --short >> "$R/commit.txt"
nvidia-smi --query-gpu=name,power.limit,clocks.max.sm --format=csv,noheader | tee "$R/gpu.txt"
pack() { tar -C "$R" -czf "$OUT/results-l6.tar.gz" .; }
mkdir -p "$PARALIA_HOME"; cp bench/results/gemm-cap-2026-11-26l/call5/kernels.txt "$PARALIA_HOME/kernels-$(hostname).txt"
_build/bench/gemm_bench paralia d:1024:1024:1024:hhh >/dev/null 2>/dev/null
cp "$PARALIA_HOME/kernels-$(hostname).txt" "$R/kernels.txt"; cp "$PARALIA_HOME/linkmap-$(hostname).txt" "$R/linkmap.txt"
T="0 2048 3072 4096 6144 8192"
SWEEP_TILES="$T" SWEEP_POINTS="d:4096:4096:32768:hhh s:4096:4096:32768:hhh" timeout 90 bash bench/tile_sweep.sh "$R/sweep-model.csv"
PARALIA_PANELS=none SWEEP_TILES="$T" SWEEP_POINTS="d:4096:4096:32768:hhh" timeout 60 bash bench/tile_sweep.sh "$R/sweep-none.csv"
PARALIA_PANELS=b SWEEP_TILES="4096 6144" SWEEP_POINTS="d:4096:4096:32768:hhh" timeout 40 bash bench/tile_sweep.sh "$R/sweep-b.csv"
cat "$R"/sweep-*.csv | cut -d, -f1,3-9,13,15
echo "[sweeps at $((SECONDS - s)) s]"; pack
PARALIA_PANELS=b timeout 40 bash bench/gpu_timeline.sh "$R/tl-b" 4096:d:4096:4096:32768:hhh 2>&1 | grep -A8 "^=="
pack
CHECK_RUNS=1 timeout 260 scripts/gpu-run.sh check > "$R/suite.txt" 2>&1; tail -3 "$R/suite.txt"
grep -h "^# \|FAIL" _build/test-suite.log 2>/dev/null | head -20 > "$R/suite-summary.txt"; cat "$R/suite-summary.txt"
grep -h "gemm_panels: " _build/tests/gemm_panels.sh.log 2>/dev/null | tee "$R/gemm_panels.txt"
echo "[done at $((SECONDS - s)) s]"; pack
