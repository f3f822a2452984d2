#!/usr/bin/env bash
# Session 2026-11-26i, call 5 (issue 14): the GPU suite with gemm's direct path (one cuBLAS call
# for operands on one GPU in one tile) and panels only 5% faster than tiles; then the dataset's
# other shapes (32768x32768x4096, 12000x30000x7000, 27000x9500x14500; FP64 and FP32; hhh 000 h0h
# 00h 0hh) and beta = 0 on 8192^3, against cuBLASXt's best block and one cuBLAS call; then
# PARALIA_PANELS=none on the points that cross (A/B of the default).
CHECK_RUNS=1 scripts/gpu-run.sh build check >/dev/null 2>&1
export LD_LIBRARY_PATH="$(cat .device/starpu-prefix)/lib:${LD_LIBRARY_PATH:-}" OPENBLAS_NUM_THREADS=1 \
       PARALIA_HOME=$HOME/.paralia STARPU_HOME=$HOME PATH="/usr/local/cuda/bin:$PATH"
R=$OUT/r; mkdir -p "$R"; s=$SECONDS
cp "$OUT/summary.txt" "$R/"; rm -f "$OUT/results.tar.gz"; cat "$R/summary.txt"
nvidia-smi --query-gpu=name,power.limit,clocks.max.sm --format=csv,noheader | tee "$R/gpu.txt"
cat _build/tests/gemm_direct.sh.log > "$R/gemm_direct.log" 2>&1; tail -3 "$R/gemm_direct.log"
grep -h "^# \(TOTAL\|PASS\|FAIL\|SKIP\|ERROR\)" _build/test-suite.log 2>/dev/null | tee "$R/suite.txt"
grep -l "FAIL" _build/tests/*.log 2>/dev/null | head
pack() { tar -C "$R" -czf "$OUT/results-i5.tar.gz" .; }
pack
_build/bench/gemm_bench paralia d:1024:1024:1024:hhh >/dev/null 2>"$R/warm.err"
cp $HOME/.paralia/*.txt "$R/" 2>/dev/null
PARALIA_VERBOSE=1 BENCH_PRECS="d s" BENCH_SHAPES="32768:32768:4096 12000:30000:7000 27000:9500:14500" \
  BENCH_PLACES="hhh 000 h0h 00h 0hh" BENCH_SYSTEMS="paralia cublasxt cublas" BENCH_REPS=3 BENCH_TIMEOUT=200 \
  bash bench/gemm_compare.sh "$R/gemm" 2>&1 | grep -v "^#" | cut -d, -f1-10 | tail -2
sed -n '/Geometric/,$p' "$R/gemm/gemm.md" | head -3
echo "[compare done at $((SECONDS - s)) s]"; pack
PARALIA_VERBOSE=1 BENCH_BETA=0 BENCH_PRECS="d s" BENCH_SHAPES="8192:8192:8192" \
  BENCH_PLACES="hhh 000 h0h 00h 0hh" BENCH_SYSTEMS="paralia cublasxt cublas" BENCH_REPS=3 BENCH_TIMEOUT=100 \
  bash bench/gemm_compare.sh "$R/gemm-beta0" 2>&1 | grep -v "^#" | cut -d, -f1-10 | tail -2
sed -n '/Geometric/,$p' "$R/gemm-beta0/gemm.md" | head -3
echo "[beta0 done at $((SECONDS - s)) s]"; pack
P=""
for pr in d s; do for sh in 32768:32768:4096 12000:30000:7000 27000:9500:14500; do
  for pl in hhh h0h 00h 0hh; do P="$P $pr:$sh:$pl"; done; done; done
BENCH_REPS=3 PARALIA_PANELS=none PARALIA_VERBOSE=1 timeout 100 _build/bench/gemm_bench paralia $P 2>"$R/none.err" | grep -v "^#" | sed "s/^/T=0,none,/" > "$R/none.csv"
echo "[none done at $((SECONDS - s)) s]"; pack
