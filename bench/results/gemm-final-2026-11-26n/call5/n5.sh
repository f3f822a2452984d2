#!/usr/bin/env bash
# Session 2026-11-26n, call 5 (issue 14): gemm chain by chain (PARALIA_CHAINS=all) against blocks of
# 3 x 3 C tiles (none) where A or B crosses from the host, at fixed tiles, and the model's choice
# (model, the pick), with cuBLASXt's best block in the same run; session m's kernel table (call 3),
# a link map calibrated here. bench/model_replay replays the cells.
. scripts/device-env.sh n5 .device/kernels-m3.txt
export SWEEP_POINTS="d:8192:8192:8192:hhh d:8192:8192:8192:h0h d:8192:8192:8192:0hh d:16384:16384:16384:hhh d:16384:16384:16384:0hh d:20000:17000:9000:0hh d:20000:17000:9000:hhh d:4096:4096:32768:h0h s:8192:8192:8192:hhh"
for mode in none all; do
  PARALIA_CHAINS=$mode SWEEP_TILES="2048 3072 4096 6144" timeout 150 bash bench/tile_sweep.sh "$R/sweep-$mode.csv" >/dev/null 2>&1
  cut -d, -f1,3-9,13 "$R/sweep-$mode.csv"; stamp "$mode"; pack
done
PARALIA_VERBOSE=1 PARALIA_CHAINS=model BENCH_REPS=3 timeout 60 _build/bench/gemm_bench paralia $SWEEP_POINTS 2>"$R/model.err" \
  | grep -v "^#" | sed "s/^/T=0,/" > "$R/sweep-model.csv"
cut -d, -f1,3-9,13 "$R/sweep-model.csv"; grep "autotune" "$R/model.err" | sed 's/.*m=\([0-9]*\) n=\([0-9]*\) k=\([0-9]*\) A@\([a-z0-9]*\) B@\([a-z0-9]*\) C@\([a-z0-9]*\).*: tile/\1x\2x\3 \4 \5 \6: tile/' | cut -c1-160
stamp model; pack
BENCH_REPS=3 timeout 120 _build/bench/gemm_bench cublasxt $SWEEP_POINTS 2>/dev/null | grep -v "^#" > "$R/cublasxt.csv"
cut -d, -f1-9 "$R/cublasxt.csv"; stamp cublasxt; pack
