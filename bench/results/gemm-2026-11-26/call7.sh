#!/usr/bin/env bash
# Session 2026-11-26, call 7: the final code on the GPU: the suite under make -j8 check (one run),
# the policy's decision cost on this machine's CPU, and GEMM with beta = 0 (C not read).
export CHECK_RUNS=1
scripts/gpu-run.sh build check
cat "$OUT/summary.txt"
export LD_LIBRARY_PATH="$(cat .device/starpu-prefix)/lib:${LD_LIBRARY_PATH:-}" OPENBLAS_NUM_THREADS=1
{
  echo "# bench/sched_decision 200000 [map], $(date -u '+%Y-%m-%d %H:%M UTC') on $(hostname), $(nproc) cores: $(grep -m1 'model name' /proc/cpuinfo)"
  for r in 1 2 3; do
    for map in "" tests/data/linkmap/dgx1-v100.txt tests/data/linkmap/a100-nvswitch-8.txt; do
      echo "run $r ${map:-built-in}: $(_build/bench/sched_decision 200000 $map 2>&1 | tail -n 1)"
    done
  done
} | tee "$OUT/sched_decision.txt"
BENCH_BETA=0 BENCH_PRECS=d BENCH_SHAPES="8192:8192:8192 16384:16384:16384" BENCH_PLACES="hhh 000" \
  BENCH_REPS=3 BENCH_SYSTEMS="paralia cublasxt cublas" timeout 200 bash bench/gemm_compare.sh "$OUT/gemm-beta0" >/dev/null 2>"$OUT/gemm-beta0.err"
cat "$OUT/gemm-beta0/gemm.md" 2>/dev/null | tail -12
