#!/usr/bin/env bash
# Session 2026-11-26h, call 9 (issue 14): the code after the review. The GPU suite; the picks
# with late C (the default) and without on the points where the model reads C late, since C's
# idle request now goes after the chain's first product.
CHECK_RUNS=1 scripts/gpu-run.sh build check >/dev/null 2>&1
export LD_LIBRARY_PATH="$(cat .device/starpu-prefix)/lib:${LD_LIBRARY_PATH:-}" OPENBLAS_NUM_THREADS=1 \
       PARALIA_HOME=$HOME/.paralia STARPU_HOME=$HOME PATH="/usr/local/cuda/bin:$PATH"
R=$OUT/r; mkdir -p "$R"; s=$SECONDS
cp "$OUT/summary.txt" "$R/"; rm -f "$OUT/results.tar.gz"; cat "$R/summary.txt"
nvidia-smi --query-gpu=name,power.limit,clocks.max.sm --format=csv,noheader | tee "$R/gpu.txt"
grep -h "passed\|FAIL" _build/tests/gemm_late.sh.log | tail -12 | tee "$R/tests.txt"
pack() { tar -C "$R" -czf "$OUT/results-h9.tar.gz" .; }
_build/bench/gemm_bench paralia d:1024:1024:1024:hhh >/dev/null 2>"$R/warm.err"
export BENCH_REPS=3
P="d:8192:8192:8192:hhh d:16384:16384:16384:hhh s:8192:8192:8192:hhh s:16384:16384:16384:hhh d:27000:9500:14500:hhh d:8192:8192:8192:h0h d:8192:8192:8192:0hh d:16384:16384:16384:h0h d:16384:16384:16384:0hh"
for m in none model none model; do
  PARALIA_C_LATE=$m PARALIA_TILE=0 PARALIA_VERBOSE=1 timeout 120 _build/bench/gemm_bench paralia $P 2>>"$R/pick-$m.err" | grep -v "^#" | sed "s/^/T=0,$m,/" | tee -a "$R/picks.csv" | cut -d, -f1-2,4-10,14
  echo "[picks $m done at $((SECONDS - s)) s]"; pack
done
echo "[done at $((SECONDS - s)) s]"; pack
