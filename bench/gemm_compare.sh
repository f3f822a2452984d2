#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# GEMM side by side in one run: paralia, cuBLASXt and StarPU's dmdas on a plain tile graph of
# paralia's codelets, same data, same machine. Writes OUTDIR/gemm.csv, then gemm_report.py turns
# it into OUTDIR/gemm.md (table, geometric means) and OUTDIR/gemm.png.
#   bench/gemm_compare.sh [OUTDIR]            (default bench/results/gemm-<date>)
# The dataset (environment, space-separated):
#   BENCH_PRECS   d s
#   BENCH_SHAPES  m:n:k ...   square 4096-32768, fat-by-thin 32768:32768:4096, thin-by-fat 4096:4096:32768
#   BENCH_PLACES  hhh 000 01h hh0 012   (A, B, C: h = pinned host, digit = that GPU; points that
#                 need more GPUs than the machine has are reported as skipped)
#   BENCH_SYSTEMS paralia cublasxt dmdas cublas (cublas: one cuBLAS call, placements on one GPU only:
#                 the reference and the bound of GPU-resident calls)
#   BENCH_BETA (0.5; 0: C is not read), BENCH_REPS (5), BENCH_TILES (dmdas tile sizes, 2048,4096), BENCH_BLOCKS (cuBLASXt, 2048,4096,8192)
#   BENCH_TIMEOUT seconds per system (default 900)
#   BENCH_POINTS  prec:m:n:k:place ... the points themselves, where they are not one product of
#                 precisions, shapes and placements (bench/dmdas_compare.sh); when set, it replaces
#                 BENCH_PRECS, BENCH_SHAPES and BENCH_PLACES
set -uo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-$here/bench/results/gemm-$(date -u +%Y%m%d)}
bin=${BENCH_BIN:-$here/_build/bench/gemm_bench}
[ -x "$bin" ] || { echo "gemm_compare: $bin not built (scripts/build.sh)" >&2; exit 1; }
mkdir -p "$out"
precs=${BENCH_PRECS:-d s}
shapes=${BENCH_SHAPES:-4096:4096:4096 8192:8192:8192 16384:16384:16384 32768:32768:32768 32768:32768:4096 4096:4096:32768}
places=${BENCH_PLACES:-hhh 000 01h hh0 012}
systems=${BENCH_SYSTEMS:-paralia cublasxt dmdas cublas}
points=()
for p in $precs; do for s in $shapes; do for pl in $places; do points+=("$p:$s:$pl"); done; done; done
[ -n "${BENCH_POINTS:-}" ] && read -r -a points <<< "$BENCH_POINTS"

csv=$out/gemm.csv
{
  echo "# gemm_compare $(date -u '+%Y-%m-%d %H:%M UTC') on $(hostname): $(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | sort | uniq -c | sed 's/^ *//' | paste -sd, -), $(nproc) cores; beta=${BENCH_BETA:-0.5}"
  echo "system,prec,m,n,k,place,config,median_ms,min_ms,max_ms,tflops,predicted_ms,check,status"
} >"$csv"
export OPENBLAS_NUM_THREADS=1 OMP_NUM_THREADS=${OMP_NUM_THREADS:-$(nproc)}
for sys in $systems; do
  echo "[gemm_compare] $sys: ${#points[@]} points" >&2
  case $sys in
    paralia)  env_sys=() ; name=paralia ;;
    dmdas)    env_sys=(STARPU_SCHED=dmdas PARALIA_SCHED=starpu-default); name=graph ;;
    cublasxt) env_sys=(); name=cublasxt ;;
    cublas)   env_sys=(); name=cublas ;;
    *) echo "gemm_compare: unknown system $sys" >&2; continue ;;
  esac
  # --foreground: the benchmark stays in this script's process group, so a timeout around this
  # script stops it too (a plain timeout makes its own group: the 2026-11-26b device call 5 left
  # a gemm_bench running under the next measurements; bench/results/gemm-dataset-2026-11-26b.md).
  env "${env_sys[@]}" timeout --foreground "${BENCH_TIMEOUT:-900}" "$bin" "$name" "${points[@]}" \
      2>"$out/$sys.stderr" | sed "s/^graph,/dmdas,/" | tee -a "$csv"
done
# The bound of each point comes from this machine's kernel table and link map, kept beside it.
home=${PARALIA_HOME:-$HOME/.paralia}
cp "$home/kernels-$(hostname).txt" "$out/kernels.txt" 2>/dev/null
cp "${PARALIA_LINKMAP:-$home/linkmap-$(hostname).txt}" "$out/linkmap.txt" 2>/dev/null
python3 "$here/bench/gemm_report.py" "$csv" "$out/gemm.md" "$out/gemm.png" "$out/kernels.txt" "$out/linkmap.txt" \
  || echo "[gemm_compare] report failed (CSV kept: $csv)" >&2
