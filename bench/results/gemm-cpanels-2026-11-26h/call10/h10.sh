#!/usr/bin/env bash
# Session 2026-11-26h, call 10 (issue 14): the final code against cuBLASXt (best block of
# 2048/4096/8192) and one cuBLAS call (GPU-resident points) on most of the dataset: FP64 and FP32,
# five shapes, placements hhh, 000, h0h, 0hh (dmdas left out for time: 2.24x over the dataset in
# 2026-11-26b, and 1.63x on this session's FP64 hhh points).
scripts/gpu-run.sh build >/dev/null 2>&1
export LD_LIBRARY_PATH="$(cat .device/starpu-prefix)/lib:${LD_LIBRARY_PATH:-}" OPENBLAS_NUM_THREADS=1 \
       PARALIA_HOME=$HOME/.paralia STARPU_HOME=$HOME PATH="/usr/local/cuda/bin:$PATH"
R=$OUT/r; mkdir -p "$R"; s=$SECONDS
rm -f "$OUT/results.tar.gz"
nvidia-smi --query-gpu=name,power.limit,clocks.max.sm --format=csv,noheader | tee "$R/gpu.txt"
pack() { tar -C "$R" -czf "$OUT/results-h10.tar.gz" .; }
_build/bench/gemm_bench paralia d:1024:1024:1024:hhh >/dev/null 2>"$R/warm.err"
BENCH_PRECS="d s" BENCH_SHAPES="8192:8192:8192 16384:16384:16384 32768:32768:4096 4096:4096:32768 20000:17000:9000" \
  BENCH_PLACES="hhh 000 h0h 0hh" BENCH_SYSTEMS="paralia cublasxt cublas" BENCH_REPS=3 BENCH_TIMEOUT=250 \
  bash bench/gemm_compare.sh "$R/gemm" 2>&1 | grep -v "^#" | cut -d, -f1-10 | tail -5
sed -n '/geometric/,$p' "$R/gemm/gemm.md" | head -6
echo "[done at $((SECONDS - s)) s]"; pack
