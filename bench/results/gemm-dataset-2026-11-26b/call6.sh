#!/usr/bin/env bash
# Session 2026-11-26b, call 6 (issue 14): (1) FP32 4096^3 took 16 ms in call 5 (min 8-13) where the
# model says 2.8-4.8: the same points in one process, twice, with FP64 4096^3 and FP32 8192^3
# between, to see whether it is the point or its place in the process; (2) the references call 5's
# time limit cut: dmdas and one cuBLAS call on its FP64 points.
scripts/gpu-run.sh build >/dev/null 2>&1
export BENCH_REPS=5 OPENBLAS_NUM_THREADS=1 PARALIA_HOME=$HOME/.paralia STARPU_HOME=$HOME STARPU_SILENT=1
export LD_LIBRARY_PATH="$(cat .device/starpu-prefix)/lib:${LD_LIBRARY_PATH:-}" PATH="/usr/local/cuda/bin:$PATH"
pts="s:4096:4096:4096:000 s:4096:4096:4096:hhh d:4096:4096:4096:000 s:8192:8192:8192:000 s:4096:4096:4096:000 s:4096:4096:4096:hhh"
timeout 60 _build/bench/gemm_bench paralia $pts 2>&1 | grep -v "^\[starpu\]" | tee "$OUT/s4096.txt"
timeout 30 _build/bench/gemm_bench cublas s:4096:4096:4096:000 s:4096:4096:4096:000 2>&1 | grep -v "^\[starpu\]" | tee -a "$OUT/s4096.txt"
export BENCH_REPS=3 BENCH_TIMEOUT=200
s=$SECONDS
BENCH_SYSTEMS="cublas dmdas" BENCH_PRECS=d BENCH_SHAPES="12000:30000:7000 27000:9500:14500 32768:32768:32768" BENCH_PLACES="000 hhh" \
  timeout 380 bash bench/gemm_compare.sh "$OUT/gemm-d3" >/dev/null 2>"$OUT/gemm-d3.err"
echo "references: $((SECONDS - s)) s"
tar -C "$OUT" -czf "$OUT/call6.tar.gz" gemm-d3 && rm -rf "$OUT/gemm-d3"
tail -n 3 "$OUT/gemm-d3.err"; tar -xzOf "$OUT/call6.tar.gz" gemm-d3/gemm.csv | cut -d, -f1-11
