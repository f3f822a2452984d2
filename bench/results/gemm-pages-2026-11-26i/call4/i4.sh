#!/usr/bin/env bash
# Session 2026-11-26i, call 4 (issue 14): the code with step 3 sharing the duplex link by volume
# and column panels at the model's choice by default. The GPU suite; then half the dataset
# (FP64 and FP32; 4096^3, 8192^3, 16384^3, 4096x4096x32768, 20000x17000x9000; hhh 000 h0h 00h 0hh)
# against cuBLASXt's best block and one cuBLAS call; then paralia with PARALIA_PANELS=none on
# the points that cross (the A/B of the new default).
CHECK_RUNS=1 scripts/gpu-run.sh build check >/dev/null 2>&1
export LD_LIBRARY_PATH="$(cat .device/starpu-prefix)/lib:${LD_LIBRARY_PATH:-}" OPENBLAS_NUM_THREADS=1 \
       PARALIA_HOME=$HOME/.paralia STARPU_HOME=$HOME PATH="/usr/local/cuda/bin:$PATH"
R=$OUT/r; mkdir -p "$R"; s=$SECONDS
cp "$OUT/summary.txt" "$R/"; rm -f "$OUT/results.tar.gz"; cat "$R/summary.txt"
nvidia-smi --query-gpu=name,power.limit,clocks.max.sm --format=csv,noheader | tee "$R/gpu.txt"
grep -h "passed\|FAIL" _build/tests/*.log | grep -v "^PASS\|ok " | tail -50 > "$R/tests.txt"; grep -c "" "$R/tests.txt"
grep -h "^# \(TOTAL\|PASS\|FAIL\|SKIP\|ERROR\)" _build/test-suite.log 2>/dev/null | tee "$R/suite.txt"
pack() { tar -C "$R" -czf "$OUT/results-i4.tar.gz" .; }
pack
_build/bench/gemm_bench paralia d:1024:1024:1024:hhh >/dev/null 2>"$R/warm.err"
cp $HOME/.paralia/*.txt "$R/" 2>/dev/null
PARALIA_VERBOSE=1 BENCH_PRECS="d s" BENCH_SHAPES="4096:4096:4096 8192:8192:8192 16384:16384:16384 4096:4096:32768 20000:17000:9000" \
  BENCH_PLACES="hhh 000 h0h 00h 0hh" BENCH_SYSTEMS="paralia cublasxt cublas" BENCH_REPS=3 BENCH_TIMEOUT=260 \
  bash bench/gemm_compare.sh "$R/gemm" 2>&1 | grep -v "^#" | cut -d, -f1-10 | tail -3
sed -n '/Geometric/,$p' "$R/gemm/gemm.md" | head -6
echo "[compare done at $((SECONDS - s)) s]"; pack
P=""
for pr in d s; do for sh in 4096:4096:4096 8192:8192:8192 16384:16384:16384 4096:4096:32768 20000:17000:9000; do
  for pl in hhh h0h 00h 0hh; do P="$P $pr:$sh:$pl"; done; done; done
BENCH_REPS=3 PARALIA_PANELS=none PARALIA_VERBOSE=1 timeout 120 _build/bench/gemm_bench paralia $P 2>"$R/none.err" | grep -v "^#" | sed "s/^/T=0,none,/" > "$R/none.csv"
echo "[none done at $((SECONDS - s)) s]"; pack
