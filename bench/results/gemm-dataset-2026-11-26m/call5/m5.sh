#!/usr/bin/env bash
# Session 2026-11-26m, call 5 (issue 14): the GPU suite on the final code; then the dataset's FP32
# points off one GPU (hhh h0h 00h 0hh, 8 shapes) against cuBLASXt's best block, with call 3's
# kernel table (carried), every system four untimed calls before its timed ones.
scripts/gpu-run.sh build >/dev/null 2>&1
export LD_LIBRARY_PATH="$(cat .device/starpu-prefix)/lib:${LD_LIBRARY_PATH:-}" OPENBLAS_NUM_THREADS=1 \
       PARALIA_HOME=$HOME/.paralia STARPU_HOME=$HOME PATH="/usr/local/cuda/bin:$PATH"
R=$OUT/r; mkdir -p "$R"; s=$SECONDS
cp .device/m5.sh "$R/"
nvidia-smi --query-gpu=name,power.limit,clocks.max.sm --format=csv,noheader | tee "$R/gpu.txt"
pack() { tar -C "$R" -czf "$OUT/results-m5.tar.gz" .; }
rm -rf "$PARALIA_HOME"; mkdir -p "$PARALIA_HOME"; cp .device/kernels-m3.txt "$PARALIA_HOME/kernels-$(hostname).txt"
CHECK_RUNS=1 timeout 240 scripts/gpu-run.sh check > "$R/suite.txt" 2>&1; tail -3 "$R/suite.txt"
grep -h "^# \|FAIL" _build/test-suite.log 2>/dev/null | head -20 > "$R/suite-summary.txt"; cat "$R/suite-summary.txt"
cp _build/tests/gemm_direct.sh.log "$R/gemm_direct.log" 2>/dev/null; grep "gemm_direct: " "$R/gemm_direct.log"
echo "[suite done at $((SECONDS - s)) s]"; pack
S8="4096:4096:4096 8192:8192:8192 16384:16384:16384 32768:32768:4096 4096:4096:32768 20000:17000:9000 12000:30000:7000 27000:9500:14500"
PARALIA_VERBOSE=1 BENCH_PRECS="s" BENCH_SHAPES="$S8" BENCH_PLACES="hhh h0h 00h 0hh" BENCH_SYSTEMS="paralia cublasxt" \
  BENCH_REPS=3 BENCH_TIMEOUT=200 bash bench/gemm_compare.sh "$R/gemm-s" 2>&1 | grep -v "^#" | cut -d, -f1-10 | tail -1
grep "^| [ds] " "$R/gemm-s/gemm.md" | cut -d'|' -f2-7,10-13
sed -n '/Geometric/,$p' "$R/gemm-s/gemm.md" | head -3
echo "[done at $((SECONDS - s)) s]"; pack
