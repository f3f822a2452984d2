#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# Issue 14's "1.3x the dmdas tile graph", side by side in one run: paralia against StarPU's dmdas
# on a plain tile graph of paralia's codelets (its better tile of BENCH_TILES), at the 28 points
# sessions n, t, x and f measured it on: FP64 and FP32, hhh and 000, at 8192^3, 16384^3,
# 4096x4096x32768 and 20000x17000x9000, and FP64 h0h, 00h and 0hh at the same shapes (the mixed
# placements last: a run cut short keeps the first 16). bench/gemm_compare.sh runs them (each
# system in its own process over every point) and writes OUTDIR/gemm.{csv,md,png}, the geometric
# mean over the 28 included. It took 225 s on one H100 with BENCH_REPS=3, the default here
# (bench/results/gemm-2026-11-28g.md).
#   bench/dmdas_compare.sh [OUTDIR]
# BENCH_SYSTEMS (paralia dmdas), BENCH_REPS (3) and gemm_compare.sh's other settings pass through.
set -uo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
shapes="8192:8192:8192 16384:16384:16384 4096:4096:32768 20000:17000:9000"
points=""
for p in d s; do for s in $shapes; do for pl in hhh 000; do points+="$p:$s:$pl "; done; done; done
for s in $shapes; do for pl in h0h 00h 0hh; do points+="d:$s:$pl "; done; done
BENCH_POINTS="$points" BENCH_SYSTEMS="${BENCH_SYSTEMS:-paralia dmdas}" BENCH_REPS="${BENCH_REPS:-3}" \
  exec bash "$here/bench/gemm_compare.sh" "$@"
