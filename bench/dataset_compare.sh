#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# Issue 14's dataset against the references, in parts that one device call holds. The dataset:
# FP64 and FP32 (BENCH_PRECS); square 4096, 8192, 16384 and 32768, 32768x32768x4096,
# 4096x4096x32768 and three shapes neither square nor multiples of 1024 (20000x17000x9000,
# 12000x30000x7000, 27000x9500x14500); placements hhh, h0h, 00h, 0hh and 000: 90 points.
#   bench/dataset_compare.sh PART [OUTDIR]
#   PART  off   the eight shapes but 32768^3 at hhh h0h 00h 0hh, against cuBLASXt (64 points;
#               451 s on one H100 with both precisions, bench/results/gemm-2026-11-28h.md;
#               395 s on one H200 as two runs of one precision, gemm-2026-11-28i.md)
#         gpu   the same eight shapes at 000, against cuBLASXt and one cuBLAS call (16 points;
#               where paralia makes the references' own call, `gemm_bench paired` settles the
#               order of the three, bench/results/gemm-2026-11-27z.md)
#         big   32768^3 at the five placements, against cuBLASXt and, at 000, one cuBLAS call
#               (10 points)
#         list  every part's points, one per line as "PART prec:m:n:k:place", running nothing
# bench/gemm_compare.sh runs a part (each system in its own process over its points) and writes
# OUTDIR/gemm.{csv,md,png}; bench/dataset_combine.sh puts parts measured in several calls
# together. BENCH_SYSTEMS (the part's), BENCH_REPS (3) and gemm_compare.sh's other settings pass
# through. A part other than these exits 2.
set -uo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
part=${1:-}
precs=${BENCH_PRECS:-d s}
eight="4096:4096:4096 8192:8192:8192 16384:16384:16384 32768:32768:4096 4096:4096:32768 20000:17000:9000 12000:30000:7000 27000:9500:14500"
points_of() { # PART: its points, space-separated
  local shapes places p s pl out=""
  case $1 in
  off) shapes=$eight places="hhh h0h 00h 0hh" ;;
  gpu) shapes=$eight places="000" ;;
  big) shapes="32768:32768:32768" places="hhh h0h 00h 0hh 000" ;;
  esac
  for p in $precs; do for s in $shapes; do for pl in $places; do out+="$p:$s:$pl "; done; done; done
  echo "$out"
}
case $part in
off) systems="paralia cublasxt" ;;
gpu | big) systems="paralia cublasxt cublas" ;;
list)
  for x in off gpu big; do for pt in $(points_of $x); do echo "$x $pt"; done; done
  exit 0 ;;
*)
  echo "usage: $0 off|gpu|big|list [OUTDIR] (not \"$part\")" >&2
  exit 2 ;;
esac
shift
BENCH_POINTS="$(points_of "$part")" BENCH_SYSTEMS="${BENCH_SYSTEMS:-$systems}" BENCH_REPS="${BENCH_REPS:-3}" \
  exec bash "$here/bench/gemm_compare.sh" "$@"
