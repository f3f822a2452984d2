#!/usr/bin/env bash
# Session 2026-11-26g, call 4 (issue 14): the final code. The GPU suite (tests/kernel_table_devices
# fixed for the link-map lines a fresh GPU machine prints); the kernel table measured on this GPU
# (the carried one is another card's: the table now names its GPU models, and a table of other
# models is not used); then FP64 GEMM side by side (paralia with its defaults, cuBLASXt's best
# block, dmdas's best tile, one cuBLAS call for 000) on the dataset's hhh and 000 points but
# 4096^3 and 32768^3; and the model's picks with and without panels on call 1's 8 points.
CHECK_RUNS=1 scripts/gpu-run.sh build check >/dev/null 2>&1
export LD_LIBRARY_PATH="$(cat .device/starpu-prefix)/lib:${LD_LIBRARY_PATH:-}" OPENBLAS_NUM_THREADS=1 \
       PARALIA_HOME=$HOME/.paralia STARPU_HOME=$HOME PATH="/usr/local/cuda/bin:$PATH"
R=$OUT/r; mkdir -p "$R"; s=$SECONDS
cp "$OUT/summary.txt" "$R/"; rm -f "$OUT/results.tar.gz"; cat "$R/summary.txt"
nvidia-smi --query-gpu=name,power.limit,clocks.max.sm --format=csv,noheader | tee "$R/gpu.txt"
grep -h "passed\|FAIL" _build/tests/kernel_table_devices.log | tee "$R/tests.txt"
pack() { tar -C "$R" -czf "$OUT/results-g4.tar.gz" .; }
rm -f "$PARALIA_HOME"/kernels-*.txt
timeout 200 _build/tools/paralia-kernels >"$R/kernels.log" 2>&1
_build/bench/gemm_bench paralia d:1024:1024:1024:hhh >/dev/null 2>"$R/warm.err"
cp "$PARALIA_HOME/kernels-$(hostname).txt" "$R/kernels.txt"; cp "$PARALIA_HOME/linkmap-$(hostname).txt" "$R/linkmap.txt"
grep -E "^devices|^gpu d (2048|4096)|^sustain d" "$R/kernels.txt" | paste -sd' '
echo "[kernels done at $((SECONDS - s)) s]"; pack
BENCH_PRECS=d BENCH_SHAPES="8192:8192:8192 16384:16384:16384 32768:32768:4096 4096:4096:32768 20000:17000:9000" \
  BENCH_PLACES="hhh 000" BENCH_SYSTEMS="paralia cublasxt dmdas cublas" BENCH_REPS=3 BENCH_TIMEOUT=120 \
  bash bench/gemm_compare.sh "$R/gemm" 2>&1 | grep -v "^#" | cut -d, -f1-9,12
sed -n '/geometric/,$p' "$R/gemm/gemm.md" | head -12
echo "[compare done at $((SECONDS - s)) s]"; pack
P="d:8192:8192:8192:hhh d:16384:16384:16384:hhh d:32768:32768:4096:hhh d:4096:4096:32768:hhh d:20000:17000:9000:hhh s:8192:8192:8192:hhh d:8192:8192:8192:h0h d:16384:16384:16384:0hh"
for p in none model; do
  PARALIA_PANELS=$p PARALIA_TILE=0 PARALIA_VERBOSE=1 BENCH_REPS=3 timeout 100 _build/bench/gemm_bench paralia $P 2>"$R/pick-$p.err" | grep -v "^#" | sed "s/^/T=0,$p,/" | tee -a "$R/picks.csv" | cut -d, -f1-9,12,13
done
echo "[done at $((SECONDS - s)) s]"; pack
