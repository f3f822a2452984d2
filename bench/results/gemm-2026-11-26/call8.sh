#!/usr/bin/env bash
# Session 2026-11-26, call 8: GEMM side by side (paralia, cuBLASXt, the dmdas tile graph, one
# cuBLAS call) on part of issue 14's dataset, with each point's bound (the final code).
scripts/gpu-run.sh build >/dev/null 2>&1
export BENCH_REPS=3 BENCH_TIMEOUT=140 OPENBLAS_NUM_THREADS=1 PARALIA_HOME=$HOME/.paralia STARPU_HOME=$HOME
export LD_LIBRARY_PATH="$(cat .device/starpu-prefix)/lib:${LD_LIBRARY_PATH:-}" PATH="/usr/local/cuda/bin:$PATH"
BENCH_PRECS=d BENCH_SHAPES="8192:8192:8192 16384:16384:16384 20000:17000:9000" BENCH_PLACES="hhh 000 h0h 00h 0hh" \
  timeout 330 bash bench/gemm_compare.sh "$OUT/gemm-d" >/dev/null 2>"$OUT/gemm-d.err"
BENCH_PRECS=s BENCH_SHAPES="8192:8192:8192 16384:16384:16384" BENCH_PLACES="hhh 000" \
  timeout 150 bash bench/gemm_compare.sh "$OUT/gemm-s" >/dev/null 2>"$OUT/gemm-s.err"
tar -C "$OUT" -czf "$OUT/gemm.tar.gz" gemm-d gemm-s && rm -rf "$OUT/gemm-d" "$OUT/gemm-s"
for f in "$OUT"/gemm-*.err; do tail -n 3 "$f"; done
tar -xzOf "$OUT/gemm.tar.gz" gemm-d/gemm.md gemm-s/gemm.md | grep -v "^$"
