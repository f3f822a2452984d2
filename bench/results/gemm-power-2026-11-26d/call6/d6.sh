#!/usr/bin/env bash
# Session 2026-11-26d, call 6 (issue 14): the suite on CUDA workers on the final code, then FP64
# 32768^3 with A, B, C on the GPU: the pick on call 5's kernel table (carried) against one cuBLAS call.
CHECK_RUNS=1 scripts/gpu-run.sh build check >/dev/null 2>&1
cp "$OUT/summary.txt" "$OUT/suite-summary.txt"
export LD_LIBRARY_PATH="$(cat .device/starpu-prefix)/lib:${LD_LIBRARY_PATH:-}" OPENBLAS_NUM_THREADS=1 \
       PARALIA_HOME=$HOME/.paralia STARPU_HOME=$HOME PATH="/usr/local/cuda/bin:$PATH"
R=$OUT/r; mkdir -p "$R"; s=$SECONDS
grep -c sustain "$PARALIA_HOME/kernels-$(hostname).txt"
_build/bench/gemm_bench paralia d:1024:1024:1024:hhh >/dev/null 2>&1
export BENCH_REPS=3
timeout 100 _build/bench/gemm_bench paralia d:32768:32768:32768:000 2>/dev/null | grep -v "^#" | sed "s/^/T=0,/" >>"$R/big.csv"
timeout 60 _build/bench/gemm_bench cublas d:32768:32768:32768:000 2>/dev/null | grep -v "^#" | sed "s/^/T=cublas,/" >>"$R/big.csv"
echo "[done at $((SECONDS - s)) s]"; cut -d, -f1-13 "$R/big.csv"
tar -C "$OUT" -czf "$OUT/results-d6.tar.gz" r suite-summary.txt results.tar.gz
cat "$OUT/suite-summary.txt"
