#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# The autotuner's pick against every fixed tile, in one run (issue 14): gemm_bench paralia on the
# dataset's points with PARALIA_TILE=0 (the pick) and each tile of SWEEP_TILES, and one cuBLAS
# call on the GPU-resident points (gemm_bench cublas: the same operands, the 000 reference). Lines are gemm_bench's
# CSV prefixed "T=<tile>," (the cuBLAS lines "T=cublas,"): bench/tile_sweep_report.py reads them.
#   bench/tile_sweep.sh OUT.csv       (SWEEP_POINTS, SWEEP_TILES, BENCH_REPS (3) override)
set -uo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
out=${1:?usage: bench/tile_sweep.sh OUT.csv}
points=${SWEEP_POINTS:-d:4096:4096:4096:hhh d:8192:8192:8192:hhh d:16384:16384:16384:hhh \
d:32768:32768:4096:hhh d:4096:4096:32768:hhh d:20000:17000:9000:hhh d:8192:8192:8192:000 \
d:16384:16384:16384:000 d:32768:32768:4096:000 s:8192:8192:8192:hhh s:16384:16384:16384:hhh \
s:32768:32768:4096:hhh s:16384:16384:16384:000}
tiles=${SWEEP_TILES:-0 1024 1536 2048 3072 4096 6144 8192}
export BENCH_REPS=${BENCH_REPS:-3} OPENBLAS_NUM_THREADS=1
: >"$out"
for t in $tiles; do
  # shellcheck disable=SC2086
  PARALIA_TILE=$t "$here/_build/bench/gemm_bench" paralia $points 2>/dev/null | grep -v "^#" | sed "s/^/T=$t,/" >>"$out"
done
gpu=$(for p in $points; do case $p in *:000) echo "$p" ;; esac; done)
# shellcheck disable=SC2086
[ -n "$gpu" ] && "$here/_build/bench/gemm_bench" cublas $gpu 2>/dev/null | grep -v "^#" | sed "s/^/T=cublas,/" >>"$out"
wc -l <"$out"
