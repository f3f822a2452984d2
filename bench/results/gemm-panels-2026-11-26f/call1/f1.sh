#!/usr/bin/env bash
# Session 2026-11-26f, call 1 (issue 14): the review fixes of 3a2af28..bdcf2cd on the GPU (the
# suite, init_modes' free-core check, the calibration's run ending on the clock), then the ways
# to bring a strided host tile into a packed GPU buffer (bench/copy_ways.cu).
CHECK_RUNS=1 scripts/gpu-run.sh build check >/dev/null 2>&1
export LD_LIBRARY_PATH="$(cat .device/starpu-prefix)/lib:${LD_LIBRARY_PATH:-}" OPENBLAS_NUM_THREADS=1 \
       PARALIA_HOME=$HOME/.paralia STARPU_HOME=$HOME PATH="/usr/local/cuda/bin:$PATH"
R=$OUT/r; mkdir -p "$R"; s=$SECONDS
tar -xzf "$OUT/results.tar.gz" -C "$R" 2>/dev/null; rm -f "$OUT/results.tar.gz"
cat "$OUT/summary.txt"
echo "[check done at $((SECONDS - s)) s]"
_build/tests/init_modes >"$R/init_modes.txt" 2>&1; echo "init_modes rc=$?" | tee -a "$R/init_modes.txt"
nvcc -O2 -arch=sm_90 -o /tmp/copy_ways bench/copy_ways.cu -lcublas -lpthread && \
  timeout 150 /tmp/copy_ways 8192 8256 16384 | tee "$R/copy_ways.csv"
echo "[copy_ways done at $((SECONDS - s)) s]"
_build/bench/gemm_bench paralia d:1024:1024:1024:hhh >/dev/null 2>&1
timeout 200 _build/tools/paralia-kernels >"$R/kernels.log" 2>&1
cp "$PARALIA_HOME/kernels-$(hostname).txt" "$R/kernels.txt"; cp "$PARALIA_HOME/linkmap-$(hostname).txt" "$R/linkmap.txt"
echo "[kernels done at $((SECONDS - s)) s]"; grep -E "^gpu d|^sustain d" "$R/kernels.txt" | paste -sd' '
tar -C "$R" -czf "$OUT/results-f1.tar.gz" .
