#!/usr/bin/env bash
# Session 2026-11-26b, call 5 (issue 14): GEMM side by side on the rest of the dataset, with the
# pitch-aware model and the kernel table of call 4 (carried as .device/calibration.tar.gz):
# FP64 32768^3 and two more odd shapes on hhh and 000; FP32 4096^3, 32768x32768x4096,
# 4096x4096x32768 and 20000x17000x9000 on hhh and 000, and 8192^3 on h0h, 00h, 0hh.
scripts/gpu-run.sh build >/dev/null 2>&1
export BENCH_REPS=3 BENCH_TIMEOUT=170 OPENBLAS_NUM_THREADS=1 PARALIA_HOME=$HOME/.paralia STARPU_HOME=$HOME
export LD_LIBRARY_PATH="$(cat .device/starpu-prefix)/lib:${LD_LIBRARY_PATH:-}" PATH="/usr/local/cuda/bin:$PATH"
s=$SECONDS
BENCH_PRECS=d BENCH_SHAPES="32768:32768:32768 12000:30000:7000 27000:9500:14500" BENCH_PLACES="hhh 000" \
  timeout 270 bash bench/gemm_compare.sh "$OUT/gemm-d2" >/dev/null 2>"$OUT/gemm-d2.err"
echo "FP64: $((SECONDS - s)) s"
BENCH_PRECS=s BENCH_SHAPES="4096:4096:4096 32768:32768:4096 4096:4096:32768 20000:17000:9000" BENCH_PLACES="hhh 000" \
  timeout 200 bash bench/gemm_compare.sh "$OUT/gemm-s2" >/dev/null 2>"$OUT/gemm-s2.err"
echo "FP32: $((SECONDS - s)) s"
BENCH_PRECS=s BENCH_SHAPES="8192:8192:8192" BENCH_PLACES="h0h 00h 0hh" \
  timeout $((560 - (SECONDS - s))) bash bench/gemm_compare.sh "$OUT/gemm-s3" >/dev/null 2>"$OUT/gemm-s3.err"
echo "FP32 mixed: $((SECONDS - s)) s"
tar -C "$OUT" -czf "$OUT/call5.tar.gz" gemm-d2 gemm-s2 gemm-s3 && rm -rf "$OUT/gemm-d2" "$OUT/gemm-s2" "$OUT/gemm-s3"
for f in "$OUT"/gemm-*.err; do tail -n 2 "$f"; done
tar -xzOf "$OUT/call5.tar.gz" gemm-d2/gemm.md gemm-s2/gemm.md gemm-s3/gemm.md | grep "^| [ds] \|Geometric"
