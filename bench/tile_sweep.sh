#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# The autotuner's pick against every fixed tile, in one run (issue 14): gemm_bench paralia on the
# dataset's points with PARALIA_TILE=0 (the pick) and each tile of SWEEP_TILES, and one cuBLAS
# call on the GPU-resident points (gemm_bench cublas: the same operands, the 000 reference, run
# first in its own process). Lines are gemm_bench's CSV prefixed "T=<tile>," (the cuBLAS lines
# "T=cublas,"): bench/tile_sweep_report.py reads them.
# Fixed tiles are square (PARALIA_TALL=none, PARALIA_DEEP=none, PARALIA_DEPTH=none); SWEEP_TALL adds tall ones,
# "TILE:ROWS" pairs (C's and A's tiles ROWS x TILE, PARALIA_TALL=ROWS), prefixed "T=<tile>:R=<rows>,"
# (bench/model_replay); SWEEP_DEEP deep products of those widths (PARALIA_DEEP=all), prefixed
# "T=<tile>:R=0:D," (R=0: C's tiles all of m's rows); SWEEP_DEPTH products in layers that deep,
# "TILE:ROWS:DEPTH" triples (PARALIA_TALL=ROWS, PARALIA_DEPTH=DEPTH), prefixed
# "T=<tile>:R=<rows>:K=<depth>,".
#   bench/tile_sweep.sh OUT.csv       (SWEEP_POINTS, SWEEP_TILES, SWEEP_TALL, SWEEP_DEEP, SWEEP_DEPTH,
#                                      BENCH_REPS (3),
#                                      SWEEP_ONE_PROCESS (0) override;
#                                      BENCH_BIN: the gemm_bench to run, _build's by default)
# Each run's stderr goes to OUT.err after a "== T=<tile>" line: with PARALIA_VERBOSE=1 or 2 it says
# how each cell ran (panels, C read late, fetching ahead), which the CSV's config does not.
set -uo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
out=${1:?usage: bench/tile_sweep.sh OUT.csv}
points=${SWEEP_POINTS:-d:4096:4096:4096:hhh d:8192:8192:8192:hhh d:16384:16384:16384:hhh \
d:32768:32768:4096:hhh d:4096:4096:32768:hhh d:20000:17000:9000:hhh d:8192:8192:8192:000 \
d:16384:16384:16384:000 d:32768:32768:4096:000 s:8192:8192:8192:hhh s:16384:16384:16384:hhh \
s:32768:32768:4096:hhh s:16384:16384:16384:000}
tiles=${SWEEP_TILES:-0 1024 1536 2048 3072 4096 6144 8192}
bin=${BENCH_BIN:-$here/_build/bench/gemm_bench}
export BENCH_REPS=${BENCH_REPS:-3} OPENBLAS_NUM_THREADS=1
: >"$out"
err=${out%.csv}.err
: >"$err"
# cell LABEL SYSTEM POINT...: gemm_bench SYSTEM over the points under the caller's environment
# (PARALIA_TILE=... cell ...), its lines to OUT prefixed "LABEL,", its stderr to OUT.err
cell() {
  local label=$1
  shift
  "$bin" "$@" 2>>"$err" | grep -v "^#" | sed "s/^/$label,/" >>"$out"
}
# The points with A, B and C on one GPU (000, 111...: gemm_bench's one_gpu) and the others.
gpu="" off=""
for p in $points; do
  pl=${p##*:}
  if [ "${pl:0:1}" != h ] && [ "$pl" = "${pl:0:1}${pl:0:1}${pl:0:1}" ]; then gpu+="$p "; else off+="$p "; fi
done
# The reference first: a sweep cut short by its caller's time limit still has it (2026-11-28i's
# call 4 was cut in its last tile; the reference had run apart).
if [ -n "$gpu" ]; then
  echo "== T=cublas" >>"$err"
  # shellcheck disable=SC2086
  cell T=cublas cublas $gpu
fi
# SWEEP_ONE_PROCESS=1: the points not on one GPU run every tile in one process, each point's
# operands filled once (gemm_bench's BENCH_SWEEP, which prefixes its lines itself): on the GPU
# machine a cell's allocation and filling took about three times its calls (2026-11-28i's call 3:
# 96 cells in 390 s, 44 s of them GEMMs). The GPU-resident points still take a process per tile.
per_tile=$points
if [ "${SWEEP_ONE_PROCESS:-0}" = 1 ]; then
  per_tile=$gpu
  if [ -n "$off" ]; then
    echo "== BENCH_SWEEP=$tiles" >>"$err"
    # shellcheck disable=SC2086
    BENCH_SWEEP="$tiles" "$bin" paralia $off 2>>"$err" | grep --line-buffered -v "^#" >>"$out"
  fi
fi
for t in $tiles; do
  [ -n "$per_tile" ] || break
  way=none
  [ "$t" = 0 ] && way=model # the pick: the model's tiles, tall, deep or not
  echo "== T=$t" >>"$err"
  # shellcheck disable=SC2086
  PARALIA_TILE=$t PARALIA_TALL=$way PARALIA_DEEP=$way PARALIA_DEPTH=$way cell "T=$t" paralia $per_tile
done
for t in ${SWEEP_DEEP:-}; do
  echo "== T=$t:D" >>"$err"
  # shellcheck disable=SC2086
  PARALIA_TILE=$t PARALIA_DEEP=all PARALIA_DEPTH=none cell "T=$t:R=0:D" paralia $points
done
for tr in ${SWEEP_TALL:-}; do
  t=${tr%%:*} r=${tr#*:}
  echo "== T=$t:R=$r" >>"$err"
  # shellcheck disable=SC2086
  PARALIA_TILE=$t PARALIA_TALL=$r PARALIA_DEEP=none PARALIA_DEPTH=none cell "T=$t:R=$r" paralia $points
done
for trd in ${SWEEP_DEPTH:-}; do
  t=${trd%%:*} rd=${trd#*:}
  r=${rd%%:*} d=${rd#*:}
  echo "== T=$t:R=$r:K=$d" >>"$err"
  # shellcheck disable=SC2086
  PARALIA_TILE=$t PARALIA_TALL=$r PARALIA_DEPTH=$d PARALIA_DEEP=none cell "T=$t:R=$r:K=$d" paralia $points
done
wc -l <"$out"
