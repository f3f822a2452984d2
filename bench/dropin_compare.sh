#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# Issue 17 on a GPU machine: an unmodified program's DGEMM and SGEMM (bench/blas_prog, pageable
# malloc'd matrices, best of REPS after a warm-up) under the system BLAS alone, under NVBLAS with
# its best documented settings (tile 8192, autopin; ../shared/platforms/h200x1.md) and under
# paralia's drop-in BLAS, with host operands copied into pinned memory kept between calls
# (PARALIA_BLAS_PIN=stage, the default) and copied by StarPU as they are (none). Writes OUTDIR/dropin.csv and OUTDIR/dropin.md.
#   bench/dropin_compare.sh OUTDIR        (DROPIN_N, default 16384; DROPIN_CPU_N, default 8192)
set -uo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-$here/bench/results/dropin-$(date -u +%Y%m%d)}
mkdir -p "$out"
prog=$here/_build/bench/blas_prog
lib=$here/_build/.libs/libparalia_blas.so
n=${DROPIN_N:-16384} ncpu=${DROPIN_CPU_N:-8192} reps=${DROPIN_REPS:-2}
cpublas=$(ldconfig -p | awk '/libopenblas\.so\.0 /{print $NF; exit}')
[ -n "$cpublas" ] || cpublas=$(ldconfig -p | awk '/libblas\.so\.3 /{print $NF; exit}')
nvblas=$(ls /usr/local/cuda/lib64/libnvblas.so* 2>/dev/null | head -n1)
cat >"$out/nvblas.conf" <<CONF
NVBLAS_LOGFILE $out/nvblas.log
NVBLAS_CPU_BLAS_LIB $cpublas
NVBLAS_GPU_LIST ALL
NVBLAS_TILE_DIM 8192
NVBLAS_AUTOPIN_MEM_ENABLED
CONF
csv=$out/dropin.csv
echo "system,prec,n,best_ms,median_ms,best_tflops,median_tflops,checksum,note" >"$csv"
run() { # label env... -- args
  local label=$1; shift; local envs=()
  while [ "$1" != "--" ]; do envs+=("$1"); shift; done; shift
  local line
  line=$(env "${envs[@]}" timeout --foreground "${DROPIN_TIMEOUT:-120}" "$prog" "$@" 2>"$out/$label-$1.err" | tail -n1)
  echo "$label,$line" | tee -a "$csv"
}
export LD_LIBRARY_PATH="$here/_build/.libs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
export OMP_NUM_THREADS=$(nproc) OPENBLAS_NUM_THREADS=$(nproc) STARPU_SILENT=1
run cpu-blas -- d "$ncpu" 1
for p in d s; do
  [ -n "$nvblas" ] && run nvblas NVBLAS_CONFIG_FILE="$out/nvblas.conf" LD_PRELOAD="$nvblas" -- $p "$n" "$reps"
  run paralia-stage LD_PRELOAD="$lib" PARALIA_BLAS_VERBOSE=1 -- $p "$n" "$reps"
  run paralia-nopin LD_PRELOAD="$lib" PARALIA_BLAS_PIN=none PARALIA_BLAS_VERBOSE=1 -- $p "$n" "$reps"
done
python3 - "$csv" >"$out/dropin.md" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
print("| system | prec | n | best ms | TFLOP/s (best) | vs NVBLAS |")
print("|---|---|---|---|---|---|")
nv = {(r["prec"], r["n"]): float(r["best_tflops"]) for r in rows if r["system"] == "nvblas" and r["best_tflops"]}
for r in rows:
    if not r.get("best_tflops"):
        continue
    ref = nv.get((r["prec"], r["n"]))
    vs = f"{float(r['best_tflops']) / ref:.2f}x" if ref and r["system"] != "nvblas" else ""
    print(f"| {r['system']} | {r['prec']} | {r['n']} | {float(r['best_ms']):.1f} | {float(r['best_tflops']):.2f} | {vs} |")
PY
cat "$out/dropin.md"
