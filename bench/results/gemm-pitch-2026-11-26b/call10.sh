#!/usr/bin/env bash
# Session 2026-11-26b, call 10: the final code after the review's fixes: the suite under make -j8
# check on CUDA workers once, then paralia-kernels (the copy calibration grown per tile size) and
# the model's pick on three host-resident points against the same points at fixed tiles.
CHECK_RUNS=1 scripts/gpu-run.sh build check
export LD_LIBRARY_PATH="$(cat .device/starpu-prefix)/lib:${LD_LIBRARY_PATH:-}" OPENBLAS_NUM_THREADS=1 \
       PARALIA_HOME=$HOME/.paralia STARPU_HOME=$HOME STARPU_SILENT=1
s=$SECONDS
timeout 120 _build/tools/paralia-kernels >"$OUT/kernels.log" 2>&1; echo "paralia-kernels: rc $? in $((SECONDS - s)) s"
cp "$PARALIA_HOME/kernels-$(hostname).txt" "$OUT/kernels.txt"; grep -c "^xfer" "$OUT/kernels.txt"
grep -i "no room\|no tile copy\|error" "$OUT/kernels.log" | head -5
for t in 0 2048 4096; do
  PARALIA_TILE=$t BENCH_REPS=3 timeout 60 _build/bench/gemm_bench paralia d:4096:4096:4096:hhh d:8192:8192:8192:hhh s:16384:16384:16384:hhh 2>&1 | grep -v "^#\|^\[starpu\]" | sed "s/^/T=$t,/"
done | tee "$OUT/picks.txt"
