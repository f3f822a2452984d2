#!/usr/bin/env bash
# Session 2026-11-26f, call 7 (issue 14): FP64 32768^3 with A on the GPU and B, C on the host (0hh)
# and with C alone on the host (00h): paralia, cuBLASXt at blocks 4096 and 8192, StarPU's dmdas
# on the tile graph at tile 4096, side by side in one run (missing since 2026-11-26e).
scripts/gpu-run.sh build >/dev/null 2>&1
export LD_LIBRARY_PATH="$(cat .device/starpu-prefix)/lib:${LD_LIBRARY_PATH:-}" OPENBLAS_NUM_THREADS=1 \
       PARALIA_HOME=$HOME/.paralia STARPU_HOME=$HOME PATH="/usr/local/cuda/bin:$PATH"
rm -f "$OUT/results.tar.gz"; R=$OUT/r; mkdir -p "$R"
_build/bench/gemm_bench paralia d:1024:1024:1024:hhh >/dev/null 2>&1
BENCH_PRECS=d BENCH_SHAPES=32768:32768:32768 BENCH_PLACES="0hh 00h" BENCH_SYSTEMS="paralia cublasxt dmdas" \
BENCH_REPS=3 BENCH_BLOCKS=4096,8192 BENCH_TILES=4096 BENCH_TIMEOUT=80 \
  timeout 255 bash bench/gemm_compare.sh "$R" 2>&1 | grep -v "^\[starpu\]" | tail -14
tar -C "$R" -czf "$OUT/results-f7.tar.gz" .
