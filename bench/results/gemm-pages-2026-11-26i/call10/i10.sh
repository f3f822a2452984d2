#!/usr/bin/env bash
# Session 2026-11-26i, call 10 (issue 14): the final code (gemm's direct path back to one cuBLAS
# call, column panels not kept): the GPU suite, then the GPU-resident points where the direct path
# runs, against one cuBLAS call.
CHECK_RUNS=1 scripts/gpu-run.sh build check >/dev/null 2>&1
export LD_LIBRARY_PATH="$(cat .device/starpu-prefix)/lib:${LD_LIBRARY_PATH:-}" OPENBLAS_NUM_THREADS=1 \
       PARALIA_HOME=$HOME/.paralia STARPU_HOME=$HOME PATH="/usr/local/cuda/bin:$PATH"
R=$OUT/r; mkdir -p "$R"; s=$SECONDS
cp "$OUT/summary.txt" "$R/"; rm -f "$OUT/results.tar.gz"; cat "$R/summary.txt"
nvidia-smi --query-gpu=name,power.limit,clocks.max.sm --format=csv,noheader | tee "$R/gpu.txt"
cat _build/tests/gemm_direct.sh.log > "$R/gemm_direct.log" 2>&1; tail -3 "$R/gemm_direct.log"
grep -h "^# \(TOTAL\|PASS\|FAIL\|SKIP\|ERROR\)" _build/test-suite.log 2>/dev/null | tee "$R/suite.txt"
pack() { tar -C "$R" -czf "$OUT/results-i10.tar.gz" .; }
pack
_build/bench/gemm_bench paralia d:1024:1024:1024:hhh >/dev/null 2>"$R/warm.err"
PARALIA_VERBOSE=1 BENCH_PRECS="s d" BENCH_SHAPES="4096:4096:4096 8192:8192:8192 4096:4096:32768 16384:16384:16384 20000:17000:9000" \
  BENCH_PLACES="000" BENCH_SYSTEMS="paralia cublas" BENCH_REPS=5 BENCH_TIMEOUT=100 \
  bash bench/gemm_compare.sh "$R/gemm-000" 2>&1 | grep -v "^#" | cut -d, -f1-10 | tail -1
grep -v "^#" "$R/gemm-000/gemm.csv" | cut -d, -f1-10 | sort -t, -k2,2 -k3,3n -k5,5n
echo "[done at $((SECONDS - s)) s]"; pack
