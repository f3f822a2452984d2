#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# The GPU's timeline of gemm_bench calls (bench/cupti_trace.c, CUPTI activity records): for each
# "TILE:POINT" (PARALIA_TILE and gemm_bench's point), one warm-up call and one timed call traced,
# then bench/timeline_report.py on the timed call. Device machine only (needs CUPTI and a GPU).
#   bench/gpu_timeline.sh OUTDIR TILE:POINT...     e.g. 4096:d:8192:8192:8192:hhh
# TIMELINE_SYSTEM (default paralia) picks gemm_bench's system; TIMELINE_STARPU=1 also records the
# CUDA runtime's calls and StarPU's worker events (the tracer built with StarPU's headers, found by
# pkg-config starpu-1.4); other variables pass through.
set -uo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
out=${1:?usage: bench/gpu_timeline.sh OUTDIR TILE:POINT...}; shift
mkdir -p "$out"
cuda=${CUDA_HOME:-/usr/local/cuda}
lib=$(find "$cuda"/ "$cuda"/extras/CUPTI -name 'libcupti.so*' 2>/dev/null | head -1)
inc=$(dirname "$(find "$cuda"/ -name cupti.h 2>/dev/null | head -1)")
so=$here/_build/bench/libpl_cupti_trace.so
starpu=() tool=()
if [ "${TIMELINE_STARPU:-0}" = 1 ]; then
  sp=$(pkg-config --variable=includedir starpu-1.4 2>/dev/null)/starpu/1.4
  [ -f "$sp/starpu.h" ] || { echo "TIMELINE_STARPU=1: no starpu.h (pkg-config starpu-1.4)"; exit 1; }
  starpu=(-DPL_TRACE_STARPU -I"$sp") tool=(STARPU_PROF_TOOL="$so" PL_TRACE_API=1)
fi
gcc -O2 -shared -fPIC "${starpu[@]}" -I"$inc" -I"$cuda/include" "$here/bench/cupti_trace.c" -o "$so" \
    -L"$(dirname "$lib")" -Wl,-rpath,"$(dirname "$lib")" -lcupti || { echo "cannot build the tracer (CUPTI at '$lib')"; exit 1; }
for tp in "$@"; do
  tile=${tp%%:*} point=${tp#*:}
  name=$(echo "${TIMELINE_SYSTEM:-paralia}-$tile-$point" | tr ':' '_')
  env BENCH_UNTIMED=1 BENCH_REPS=1 PARALIA_TILE="$tile" PARALIA_TALL="${PARALIA_TALL:-none}" CUDA_INJECTION64_PATH="$so" PL_TRACE_OUT="$out/$name.csv" "${tool[@]}" \
    "$here/_build/bench/gemm_bench" "${TIMELINE_SYSTEM:-paralia}" "$point" 2>&1 | grep -v "^#" >"$out/$name.txt"
  { echo "== $name: $(cat "$out/$name.txt")"; python3 "$here/bench/timeline_report.py" "$out/$name.csv"; } | tee -a "$out/report.txt"
  gzip -f "$out/$name.csv"
done
