#!/usr/bin/env bash
# Session 2026-11-26c, call 6 (issue 14): side by side (paralia, cuBLASXt, the dmdas tile graph)
# on the points this session's changes touch (4096x4096x32768 and 16384^3 with an operand on the
# GPU: gemm fetches ahead where the model says, the policy's pop counts copies, the model spreads
# the first block's C tiles) and on the dataset's missing ones (FP64 32768^3 on h0h, 00h, 0hh; FP32
# mixed placements). Kernel table: call 5's (carried); link map measured here.
scripts/gpu-run.sh build >/dev/null 2>&1
export LD_LIBRARY_PATH="$(cat .device/starpu-prefix)/lib:${LD_LIBRARY_PATH:-}" OPENBLAS_NUM_THREADS=1 \
       PARALIA_HOME=$HOME/.paralia STARPU_HOME=$HOME PATH="/usr/local/cuda/bin:$PATH"
s=$SECONDS
R=$OUT/r; mkdir -p "$R"
_build/bench/gemm_bench paralia d:1024:1024:1024:hhh >/dev/null 2>&1   # this machine's link map
export BENCH_REPS=3 BENCH_SYSTEMS="paralia cublasxt dmdas"
BENCH_PRECS=d BENCH_SHAPES="4096:4096:32768 16384:16384:16384" BENCH_PLACES="h0h 00h 0hh" BENCH_TIMEOUT=100 \
  timeout --foreground 200 bash bench/gemm_compare.sh "$R/gemm-d1" >/dev/null 2>"$R/gemm-d1.err"
echo "[d1 done at $((SECONDS - s)) s]"; tar -C "$R" -czf "$OUT/results6.tar.gz" .
BENCH_PRECS=d BENCH_SHAPES="32768:32768:32768" BENCH_PLACES="h0h 00h 0hh" BENCH_TIMEOUT=100 \
  timeout --foreground 200 bash bench/gemm_compare.sh "$R/gemm-d2" >/dev/null 2>"$R/gemm-d2.err"
echo "[d2 done at $((SECONDS - s)) s]"; tar -C "$R" -czf "$OUT/results6.tar.gz" .
BENCH_PRECS=s BENCH_SHAPES="16384:16384:16384 4096:4096:32768 32768:32768:4096 20000:17000:9000" BENCH_PLACES="h0h 00h 0hh" \
  BENCH_TIMEOUT=$(( (575 - (SECONDS - s)) / 3 )) timeout --foreground $((578 - (SECONDS - s))) bash bench/gemm_compare.sh "$R/gemm-s1" >/dev/null 2>"$R/gemm-s1.err"
echo "[s1 done at $((SECONDS - s)) s]"; tar -C "$R" -czf "$OUT/results6.tar.gz" .
for d in gemm-d1 gemm-d2 gemm-s1; do grep "^|" "$R/$d/gemm.md" | cut -d'|' -f2-13; done
