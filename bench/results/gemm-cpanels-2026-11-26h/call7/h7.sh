#!/usr/bin/env bash
# Session 2026-11-26h, call 7 (issue 14): the final code. C is read late only where A and B bring
# at least as many bytes across as C (call 6: 12000x30000x7000 and 32768x32768x4096 at 3072, where
# C outweighs them, lost 2-7%). The GPU suite; the picks with late C allowed (the default) and not
# on call 6's 16 points; FP64 from the host side by side (cuBLASXt's best block, dmdas's best tile).
CHECK_RUNS=1 scripts/gpu-run.sh build check >/dev/null 2>&1
export LD_LIBRARY_PATH="$(cat .device/starpu-prefix)/lib:${LD_LIBRARY_PATH:-}" OPENBLAS_NUM_THREADS=1 \
       PARALIA_HOME=$HOME/.paralia STARPU_HOME=$HOME PATH="/usr/local/cuda/bin:$PATH"
R=$OUT/r; mkdir -p "$R"; s=$SECONDS
cp "$OUT/summary.txt" "$R/"; rm -f "$OUT/results.tar.gz"; cat "$R/summary.txt"
nvidia-smi --query-gpu=name,power.limit,clocks.max.sm --format=csv,noheader | tee "$R/gpu.txt"
pack() { tar -C "$R" -czf "$OUT/results-h7.tar.gz" .; }
if ! grep -q "H100" "$R/gpu.txt"; then
  rm -f "$PARALIA_HOME"/kernels-*.txt
  timeout 200 _build/tools/paralia-kernels >"$R/kernels.log" 2>&1
fi
_build/bench/gemm_bench paralia d:1024:1024:1024:hhh >/dev/null 2>"$R/warm.err"
echo "[check done at $((SECONDS - s)) s]"; pack
export BENCH_REPS=3
P="d:8192:8192:8192:hhh d:16384:16384:16384:hhh d:32768:32768:4096:hhh d:4096:4096:32768:hhh d:20000:17000:9000:hhh s:8192:8192:8192:hhh d:8192:8192:8192:h0h d:16384:16384:16384:0hh d:12000:30000:7000:hhh d:27000:9500:14500:hhh s:16384:16384:16384:hhh s:20000:17000:9000:hhh d:8192:8192:8192:00h d:16384:16384:16384:h0h d:8192:8192:8192:0hh d:16384:16384:16384:00h"
for m in none model; do
  PARALIA_C_LATE=$m PARALIA_TILE=0 PARALIA_VERBOSE=1 timeout 150 _build/bench/gemm_bench paralia $P 2>"$R/pick-$m.err" | grep -v "^#" | sed "s/^/T=0,$m,/" | tee -a "$R/picks.csv" | cut -d, -f1-2,4-10,14
  echo "[picks $m done at $((SECONDS - s)) s]"; pack
done
BENCH_PRECS=d BENCH_SHAPES="8192:8192:8192 16384:16384:16384 32768:32768:4096 4096:4096:32768 20000:17000:9000" \
  BENCH_PLACES="hhh" BENCH_SYSTEMS="paralia cublasxt dmdas" BENCH_REPS=3 BENCH_TIMEOUT=150 \
  bash bench/gemm_compare.sh "$R/gemm" 2>&1 | grep -v "^#" | cut -d, -f1-10
sed -n '/| prec/,$p' "$R/gemm/gemm.md" | head -12
echo "[done at $((SECONDS - s)) s]"; pack
