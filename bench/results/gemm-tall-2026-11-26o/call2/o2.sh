#!/usr/bin/env bash
# Session 2026-11-26o, call 2 (issue 14): the model's tall tiles (C's and A's tiles R x T). The GPU
# suite on this code first (the model now takes tall tiles in tests/blas_gemm's mixed
# placements), then FP64 side by side, median of 3: the pick, square tiles of 2048 and 4096
# (PARALIA_TALL=none), tall tiles of 512-4096 x 8192 (PARALIA_TALL=8192), cuBLASXt; each cell with
# the model's prediction (bench/model_replay reads sweep.csv).
. scripts/device-env.sh o2 .device/kernels-m3.txt || exit
CHECK_RUNS=1 timeout 230 scripts/gpu-run.sh check > "$R/suite.txt" 2>&1; tail -2 "$R/suite.txt"
grep -h "^# \|FAIL" _build/test-suite.log 2>/dev/null | head -12 > "$R/suite-summary.txt"; grep "TOTAL\|PASS\|FAIL" "$R/suite-summary.txt"
cat _build/tests/gemm_tall.sh.log _build/tests/gemm_direct.sh.log > "$R/gemm_tall_direct.log" 2>/dev/null; grep "gemm_tall: \|gemm_direct: " "$R/gemm_tall_direct.log" | tail -4
stamp suite; pack
P="d:8192:8192:8192:hhh d:16384:16384:16384:hhh d:20000:17000:9000:hhh d:4096:4096:32768:hhh d:32768:32768:4096:hhh d:8192:8192:8192:h0h d:8192:8192:8192:00h"
export BENCH_REPS=3 BENCH_UNTIMED=2
: > "$R/sweep.csv"
run() { # label, env...
  local label=$1; shift
  env "$@" timeout 60 _build/bench/gemm_bench paralia $P 2>>"$R/sweep.err" | grep -v "^#" | sed "s/^/$label,/" >> "$R/sweep.csv"
  echo "[$label at $((SECONDS - dev_start)) s]"
}
run T=0 PARALIA_TILE=0 PARALIA_VERBOSE=1
run T=512:R=8192 PARALIA_TILE=512 PARALIA_TALL=8192
run T=1024:R=8192 PARALIA_TILE=1024 PARALIA_TALL=8192
run T=2048:R=8192 PARALIA_TILE=2048 PARALIA_TALL=8192
pack
run T=2048 PARALIA_TILE=2048 PARALIA_TALL=none
run T=4096 PARALIA_TILE=4096 PARALIA_TALL=none
run T=4096:R=8192 PARALIA_TILE=4096 PARALIA_TALL=8192
pack
timeout 90 _build/bench/gemm_bench cublasxt $P 2>/dev/null | grep -v "^#" | sed "s/^/T=cublasxt,/" >> "$R/sweep.csv"
stamp sweep; pack
cut -d, -f1,3-6,8-12 "$R/sweep.csv"
grep "autotune" "$R/sweep.err" | sed 's/(ld.*): tile/: tile/' | cut -c1-200 | head -8
