#!/usr/bin/env bash
# Session 2026-11-26i, call 7 (issue 14): paralia and StarPU's dmdas on a plain tile graph (best
# of tiles 2048/4096) side by side on 16 points (FP64 and FP32; 8192^3, 16384^3,
# 4096x4096x32768, 20000x17000x9000; hhh and 000); then the GPU-resident 4096^3 and 8192^3 again
# (gemm's direct path: one cuBLAS call from the calling thread) against one cuBLAS call and
# cuBLASXt.
scripts/gpu-run.sh build >/dev/null 2>&1
export LD_LIBRARY_PATH="$(cat .device/starpu-prefix)/lib:${LD_LIBRARY_PATH:-}" OPENBLAS_NUM_THREADS=1 \
       PARALIA_HOME=$HOME/.paralia STARPU_HOME=$HOME PATH="/usr/local/cuda/bin:$PATH"
R=$OUT/r; mkdir -p "$R"; s=$SECONDS
rm -f "$OUT/results.tar.gz"
nvidia-smi --query-gpu=name,power.limit,clocks.max.sm --format=csv,noheader | tee "$R/gpu.txt"
pack() { tar -C "$R" -czf "$OUT/results-i7.tar.gz" .; }
_build/bench/gemm_bench paralia d:1024:1024:1024:hhh >/dev/null 2>"$R/warm.err"
PARALIA_VERBOSE=1 BENCH_PRECS="d s" BENCH_SHAPES="4096:4096:4096 8192:8192:8192" \
  BENCH_PLACES="000" BENCH_SYSTEMS="paralia cublas cublasxt" BENCH_REPS=5 BENCH_TIMEOUT=100 \
  bash bench/gemm_compare.sh "$R/gemm-000" 2>&1 | grep -v "^#" | cut -d, -f1-10 | tail -2
sed -n '/^| d\|^| s\|Geometric/p' "$R/gemm-000/gemm.md" | head -8
echo "[000 done at $((SECONDS - s)) s]"; pack
PARALIA_VERBOSE=1 BENCH_PRECS="d s" BENCH_SHAPES="8192:8192:8192 16384:16384:16384 4096:4096:32768 20000:17000:9000" \
  BENCH_PLACES="hhh 000" BENCH_SYSTEMS="paralia dmdas" BENCH_REPS=3 BENCH_TIMEOUT=250 \
  bash bench/gemm_compare.sh "$R/gemm-dmdas" 2>&1 | grep -v "^#" | cut -d, -f1-10 | tail -2
sed -n '/Geometric/,$p' "$R/gemm-dmdas/gemm.md" | head -3
echo "[done at $((SECONDS - s)) s]"; pack
