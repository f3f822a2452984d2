#!/usr/bin/env bash
# Session 2026-11-26b, call 12 (issue 14): the FP64 mixed placements no run had: 4096^3,
# 32768x32768x4096, 4096x4096x32768, 12000x30000x7000, 27000x9500x14500 on h0h, 00h, 0hh
# (paralia with the final model, cuBLASXt, dmdas).
scripts/gpu-run.sh build >/dev/null 2>&1
export BENCH_REPS=3 BENCH_TIMEOUT=160 OPENBLAS_NUM_THREADS=1 PARALIA_HOME=$HOME/.paralia STARPU_HOME=$HOME
export LD_LIBRARY_PATH="$(cat .device/starpu-prefix)/lib:${LD_LIBRARY_PATH:-}" PATH="/usr/local/cuda/bin:$PATH"
s=$SECONDS
BENCH_SYSTEMS="paralia cublasxt dmdas" BENCH_PRECS=d \
  BENCH_SHAPES="4096:4096:4096 4096:4096:32768 12000:30000:7000 27000:9500:14500 32768:32768:4096" \
  BENCH_PLACES="h0h 00h 0hh" timeout 420 bash bench/gemm_compare.sh "$OUT/gemm-d6" >/dev/null 2>"$OUT/gemm-d6.err"
echo "mixed: $((SECONDS - s)) s"
tar -C "$OUT" -czf "$OUT/call12.tar.gz" gemm-d6 && rm -rf "$OUT/gemm-d6"
tail -n 3 "$OUT/gemm-d6.err"; tar -xzOf "$OUT/call12.tar.gz" gemm-d6/gemm.csv | cut -d, -f1-12
