#!/usr/bin/env bash
# Session 2026-11-26b, call 2 (issue 14): (1) raw 2D tile copies beside DGEMMs at seven host pitches
# (bench/copy2d LD load), to see how the pitch moves the copy rate; (2) GEMM side by side on the
# dataset points no gemm_compare run had: FP64 4096^3, 4096x4096x32768, 32768x32768x4096 on hhh, 000.
scripts/gpu-run.sh build >/dev/null 2>&1
export BENCH_REPS=3 BENCH_TIMEOUT=150 OPENBLAS_NUM_THREADS=1 PARALIA_HOME=$HOME/.paralia STARPU_HOME=$HOME
export LD_LIBRARY_PATH="$(cat .device/starpu-prefix)/lib:${LD_LIBRARY_PATH:-}" PATH="/usr/local/cuda/bin:$PATH"
s=$SECONDS
mkdir -p "$OUT/copy2d"
for ld in 4096 8192 12288 16384 20000 24576 32768; do
  timeout 60 _build/bench/copy2d $ld load >"$OUT/copy2d/ld$ld.csv" 2>&1
done
echo "copy2d: $((SECONDS - s)) s"
BENCH_PRECS=d BENCH_SHAPES="4096:4096:4096 4096:4096:32768 32768:32768:4096" BENCH_PLACES="hhh 000" \
  timeout 380 bash bench/gemm_compare.sh "$OUT/gemm-d1" >/dev/null 2>"$OUT/gemm-d1.err"
echo "gemm: $((SECONDS - s)) s"
tar -C "$OUT" -czf "$OUT/call2.tar.gz" copy2d gemm-d1 && rm -rf "$OUT/copy2d" "$OUT/gemm-d1"
tail -n 3 "$OUT/gemm-d1.err"
tar -xzOf "$OUT/call2.tar.gz" gemm-d1/gemm.md | grep -v "^$"
