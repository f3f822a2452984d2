#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# A dataset with some of its points measured again: every row of BASE at a point (prec, m, n, k,
# place) that a NEW file measures is replaced by NEW's rows there; then gemm_report.py writes
# OUTDIR/gemm.md and gemm.png (without matplotlib only the table) with the bound from KERNELS and
# LINKMAP.
#   bench/dataset_combine.sh OUTDIR BASE.csv KERNELS LINKMAP "HEADER" NEW.csv...
# HEADER: the first line of OUTDIR/gemm.csv, which says what was measured where (gemm.md shows it).
set -euo pipefail
[ $# -ge 6 ] || { echo "usage: $0 OUTDIR BASE.csv KERNELS LINKMAP HEADER NEW.csv..." >&2; exit 2; }
out=$1 base=$2 kernels=$3 linkmap=$4 header=$5
shift 5
here=$(cd "$(dirname "$0")" && pwd)
changed=$(mktemp)
trap 'rm -f "$changed"' EXIT
new() { grep -hv '^#\|^system,' "$@"; }
new "$@" | cut -d, -f2-6 | sort -u | sed 's/^/^[a-z]*,/; s/$/,/' > "$changed"
mkdir -p "$out"
{
  echo "# $header"
  echo "system,prec,m,n,k,place,config,median_ms,min_ms,max_ms,tflops,predicted_ms,check,status"
  grep -v '^#\|^system,' "$base" | grep -v -f "$changed" || true
  new "$@"
} > "$out/gemm.csv"
python3 "$here/gemm_report.py" "$out/gemm.csv" "$out/gemm.md" "$out/gemm.png" "$kernels" "$linkmap"
