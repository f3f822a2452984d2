#!/usr/bin/env bash
# Session 2026-11-26b, call 9 (issue 14): the FP64 host-resident and mixed placements measured on
# 2026-11-26 with the model before its pitches, again with the final code (the pitch-aware model,
# call 4's kernel table carried in .device/calibration.tar.gz): 8192^3, 16384^3, 20000x17000x9000
# on hhh, h0h, 00h, 0hh, and 32768x32768x4096 hhh.
scripts/gpu-run.sh build >/dev/null 2>&1
export BENCH_REPS=3 BENCH_TIMEOUT=200 OPENBLAS_NUM_THREADS=1 PARALIA_HOME=$HOME/.paralia STARPU_HOME=$HOME
export LD_LIBRARY_PATH="$(cat .device/starpu-prefix)/lib:${LD_LIBRARY_PATH:-}" PATH="/usr/local/cuda/bin:$PATH"
s=$SECONDS
BENCH_SYSTEMS="paralia cublasxt dmdas" BENCH_PRECS=d BENCH_SHAPES="8192:8192:8192 16384:16384:16384 20000:17000:9000" \
  BENCH_PLACES="hhh h0h 00h 0hh" timeout 420 bash bench/gemm_compare.sh "$OUT/gemm-d4" >/dev/null 2>"$OUT/gemm-d4.err"
echo "mixed: $((SECONDS - s)) s"
BENCH_SYSTEMS="paralia cublasxt" BENCH_PRECS=d BENCH_SHAPES="32768:32768:4096" BENCH_PLACES="hhh" \
  timeout $((560 - (SECONDS - s))) bash bench/gemm_compare.sh "$OUT/gemm-d5" >/dev/null 2>"$OUT/gemm-d5.err"
echo "all: $((SECONDS - s)) s"
tar -C "$OUT" -czf "$OUT/call9.tar.gz" gemm-d4 gemm-d5 && rm -rf "$OUT/gemm-d4" "$OUT/gemm-d5"
tail -n 2 "$OUT"/gemm-d4.err "$OUT"/gemm-d5.err
tar -xzOf "$OUT/call9.tar.gz" gemm-d4/gemm.csv gemm-d5/gemm.csv | cut -d, -f1-12
