#!/usr/bin/env bash
# Session 2026-11-26i, call 9 (issue 14): gemm's direct path computing C in column panels of 4096
# (bench/gemm_split.cu, call 8). The GPU suite; then the dataset's GPU-resident points against one
# cuBLAS call and cuBLASXt's best block (32768^3 against one cuBLAS call only; cuBLASXt there:
# call 6).
CHECK_RUNS=1 scripts/gpu-run.sh build check >/dev/null 2>&1
export LD_LIBRARY_PATH="$(cat .device/starpu-prefix)/lib:${LD_LIBRARY_PATH:-}" OPENBLAS_NUM_THREADS=1 \
       PARALIA_HOME=$HOME/.paralia STARPU_HOME=$HOME PATH="/usr/local/cuda/bin:$PATH"
R=$OUT/r; mkdir -p "$R"; s=$SECONDS
cp "$OUT/summary.txt" "$R/"; rm -f "$OUT/results.tar.gz"; cat "$R/summary.txt"
nvidia-smi --query-gpu=name,power.limit,clocks.max.sm --format=csv,noheader | tee "$R/gpu.txt"
cat _build/tests/gemm_direct.sh.log > "$R/gemm_direct.log" 2>&1; tail -4 "$R/gemm_direct.log"
grep -h "^# \(TOTAL\|PASS\|FAIL\|SKIP\|ERROR\)" _build/test-suite.log 2>/dev/null | tee "$R/suite.txt"
pack() { tar -C "$R" -czf "$OUT/results-i9.tar.gz" .; }
pack
_build/bench/gemm_bench paralia d:1024:1024:1024:hhh >/dev/null 2>"$R/warm.err"
PARALIA_VERBOSE=1 BENCH_PRECS="d s" BENCH_SHAPES="4096:4096:4096 8192:8192:8192 16384:16384:16384 32768:32768:4096 4096:4096:32768 20000:17000:9000 12000:30000:7000 27000:9500:14500" \
  BENCH_PLACES="000" BENCH_SYSTEMS="paralia cublas cublasxt" BENCH_REPS=3 BENCH_TIMEOUT=150 \
  bash bench/gemm_compare.sh "$R/gemm-000" 2>&1 | grep -v "^#" | cut -d, -f1-10 | tail -2
sed -n '/^| d\|^| s\|Geometric/p' "$R/gemm-000/gemm.md" | cut -d'|' -f2-7,9,14-16
echo "[000 done at $((SECONDS - s)) s]"; pack
if [ $((SECONDS - s)) -lt 300 ]; then
  PARALIA_VERBOSE=1 BENCH_PRECS="s" BENCH_SHAPES="32768:32768:32768" BENCH_PLACES="000" BENCH_SYSTEMS="paralia cublas" \
    BENCH_REPS=3 BENCH_TIMEOUT=60 bash bench/gemm_compare.sh "$R/gemm-000-32k" 2>&1 | grep -v "^#" | cut -d, -f1-10 | tail -2
fi
echo "[done at $((SECONDS - s)) s]"; pack
