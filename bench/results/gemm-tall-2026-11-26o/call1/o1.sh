#!/usr/bin/env bash
# Session 2026-11-26o, call 1 (issue 14): gemm in tall tiles (PARALIA_TALL=R: C's and A's tiles
# R rows, so that their copies run whole columns of R elements) against square tiles, the
# autotuner's pick and cuBLASXt, side by side, FP64 hhh, beta 0.5, median of 3.
. scripts/device-env.sh o1 .device/kernels-m3.txt || exit
P="d:8192:8192:8192:hhh d:16384:16384:16384:hhh d:20000:17000:9000:hhh"
export BENCH_REPS=3 BENCH_UNTIMED=2
run() { # name, env...
  local name=$1; shift
  env "$@" timeout 70 _build/bench/gemm_bench paralia $P 2>"$R/$name.err" | grep -v "^#" | sed "s/^/$name,/" >> "$R/sweep.csv"
}
: > "$R/sweep.csv"
run pick PARALIA_TILE=0 PARALIA_VERBOSE=1
run sq4096 PARALIA_TILE=4096
run t8192x4096 PARALIA_TILE=4096 PARALIA_TALL=8192
run t8192x2048 PARALIA_TILE=2048 PARALIA_TALL=8192
stamp first4; pack
run t8192x3072 PARALIA_TILE=3072 PARALIA_TALL=8192
run t16384x4096 PARALIA_TILE=4096 PARALIA_TALL=16384
run t16384x2048 PARALIA_TILE=2048 PARALIA_TALL=16384
run t8192x2048b PARALIA_TILE=2048 PARALIA_TALL=8192 PARALIA_PANELS=b
run t8192x4096b PARALIA_TILE=4096 PARALIA_TALL=8192 PARALIA_PANELS=b
run pick_t8192 PARALIA_TILE=0 PARALIA_TALL=8192
stamp tall; pack
timeout 120 _build/bench/gemm_bench cublasxt $P 2>/dev/null | grep -v "^#" | sed "s/^/cublasxt,/" >> "$R/sweep.csv"
stamp cublasxt; pack
cut -d, -f1,3-6,8-12 "$R/sweep.csv"
grep -h "autotune" "$R/pick.err" | cut -c1-220
