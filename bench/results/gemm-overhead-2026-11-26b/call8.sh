#!/usr/bin/env bash
# Session 2026-11-26b, call 8 (issue 14): why d 4096^3 000 reaches 0.91-0.95 of one cuBLAS call:
# the GPU's own timeline (CUPTI) of paralia's call and of the cuBLAS call on the same operands,
# then 20 timed calls of each in one process.
scripts/gpu-run.sh build >/dev/null 2>&1
export LD_LIBRARY_PATH="$(cat .device/starpu-prefix)/lib:${LD_LIBRARY_PATH:-}" OPENBLAS_NUM_THREADS=1 \
       PARALIA_HOME=$HOME/.paralia STARPU_HOME=$HOME STARPU_SILENT=1 PATH="/usr/local/cuda/bin:$PATH"
for sys in paralia cublas; do
  TIMELINE_SYSTEM=$sys bash bench/gpu_timeline.sh "$OUT/timeline" 0:d:4096:4096:4096:000 0:s:4096:4096:4096:000 >/dev/null 2>&1
done
cat "$OUT/timeline/report.txt"
for sys in paralia cublas; do
  BENCH_REPS=20 timeout 60 _build/bench/gemm_bench $sys d:4096:4096:4096:000 d:8192:8192:8192:000 s:4096:4096:4096:000 2>&1 | grep -v "^\[starpu\]\|^#"
done | tee "$OUT/reps20.txt"
