#!/usr/bin/env bash
# Session 2026-11-26c, call 8 (issue 14): FP32 on the mixed placements again. Call 6's FP32 run was
# shared with an orphan: call6.sh's own outer `timeout --foreground 200` around gemm_compare.sh
# stopped the script but not the 32768^3 dmdas gemm_bench it was running (call 7: the same
# FP32 point alone, 23.2 ms against call 6's 48). No outer timeout here: each system is bounded
# by BENCH_TIMEOUT inside gemm_compare.sh.
scripts/gpu-run.sh build >/dev/null 2>&1
export LD_LIBRARY_PATH="$(cat .device/starpu-prefix)/lib:${LD_LIBRARY_PATH:-}" OPENBLAS_NUM_THREADS=1 \
       PARALIA_HOME=$HOME/.paralia STARPU_HOME=$HOME PATH="/usr/local/cuda/bin:$PATH"
s=$SECONDS
R=$OUT/r; mkdir -p "$R"
pgrep -a gemm_bench || echo "no other gemm_bench running"
_build/bench/gemm_bench paralia d:1024:1024:1024:hhh >/dev/null 2>&1
export BENCH_REPS=3 BENCH_SYSTEMS="paralia cublasxt dmdas"
BENCH_PRECS=s BENCH_SHAPES="16384:16384:16384 4096:4096:32768 32768:32768:4096 20000:17000:9000" BENCH_PLACES="h0h 00h 0hh" \
  BENCH_TIMEOUT=150 bash bench/gemm_compare.sh "$R/gemm-s1" >/dev/null 2>"$R/gemm-s1.err"
echo "[s1 done at $((SECONDS - s)) s]"; pgrep -a gemm_bench || echo "no gemm_bench left"
tar -C "$R" -czf "$OUT/results8.tar.gz" .
grep "^|" "$R/gemm-s1/gemm.md" | cut -d'|' -f2-13
