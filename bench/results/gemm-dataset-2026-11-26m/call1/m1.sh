#!/usr/bin/env bash
# Session 2026-11-26m, call 1 (issue 14): the dataset's targets on the final code (f2b09fc), FP64,
# eight shapes (all but 32768^3) on hhh 000 h0h 00h 0hh against cuBLASXt's best block and one
# cuBLAS call, with this machine's own kernel table and link map (calibrated by the warm-up).
scripts/gpu-run.sh build >/dev/null 2>&1
export LD_LIBRARY_PATH="$(cat .device/starpu-prefix)/lib:${LD_LIBRARY_PATH:-}" OPENBLAS_NUM_THREADS=1 \
       PARALIA_HOME=$HOME/.paralia STARPU_HOME=$HOME PATH="/usr/local/cuda/bin:$PATH"
R=$OUT/r; mkdir -p "$R"; s=$SECONDS
cp .device/m1.sh "$R/"
nvidia-smi --query-gpu=name,power.limit,clocks.max.sm --format=csv,noheader | tee "$R/gpu.txt"
pack() { tar -C "$R" -czf "$OUT/results-m1.tar.gz" .; }
_build/bench/gemm_bench paralia d:1024:1024:1024:hhh >/dev/null 2>"$R/warm.err"
cp $HOME/.paralia/*.txt "$R/" 2>/dev/null
echo "[calibrated at $((SECONDS - s)) s]"; pack
PARALIA_VERBOSE=1 BENCH_PRECS="d" BENCH_SHAPES="4096:4096:4096 8192:8192:8192 16384:16384:16384 32768:32768:4096 4096:4096:32768 20000:17000:9000 12000:30000:7000 27000:9500:14500" \
  BENCH_PLACES="hhh 000 h0h 00h 0hh" BENCH_SYSTEMS="paralia cublasxt cublas" BENCH_REPS=3 BENCH_TIMEOUT=190 \
  bash bench/gemm_compare.sh "$R/gemm" 2>&1 | grep -v "^#" | cut -d, -f1-10 | tail -3
sed -n '/Geometric/,$p' "$R/gemm/gemm.md" | head -8
echo "[done at $((SECONDS - s)) s]"; pack
