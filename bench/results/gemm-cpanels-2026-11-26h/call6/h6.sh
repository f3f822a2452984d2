#!/usr/bin/env bash
# Session 2026-11-26h, call 6 (issue 14): the final rule for reading C late (call 5: with A and B
# on the GPU, 00h, reading C late lost 13%; now only when A or B crosses too). gemm_late.sh on the
# GPU, the picks with and without late C on call 5's 13 points and 3 more mixed ones, timelines of
# call 5's other miss (12000x30000x7000: tile 6144 read late 132.5 ms, tile 3072 not 123.2), then
# side by side (cuBLASXt, dmdas) on the mixed placements and FP32 from the host.
scripts/gpu-run.sh build >/dev/null 2>&1
export LD_LIBRARY_PATH="$(cat .device/starpu-prefix)/lib:${LD_LIBRARY_PATH:-}" OPENBLAS_NUM_THREADS=1 \
       PARALIA_HOME=$HOME/.paralia STARPU_HOME=$HOME PATH="/usr/local/cuda/bin:$PATH"
R=$OUT/r; mkdir -p "$R"; s=$SECONDS
rm -f "$OUT/results.tar.gz"
nvidia-smi --query-gpu=name,power.limit,clocks.max.sm --format=csv,noheader | tee "$R/gpu.txt"
pack() { tar -C "$R" -czf "$OUT/results-h6.tar.gz" .; }
if ! grep -q "H100" "$R/gpu.txt"; then
  rm -f "$PARALIA_HOME"/kernels-*.txt
  timeout 200 _build/tools/paralia-kernels >"$R/kernels.log" 2>&1
fi
_build/bench/gemm_bench paralia d:1024:1024:1024:hhh >/dev/null 2>"$R/warm.err"
(cd _build && top_builddir=. timeout 200 bash ../tests/gemm_late.sh) >"$R/gemm_late.txt" 2>&1; tail -1 "$R/gemm_late.txt"
echo "[tests done at $((SECONDS - s)) s]"; pack
export BENCH_REPS=3
P="d:8192:8192:8192:hhh d:16384:16384:16384:hhh d:32768:32768:4096:hhh d:4096:4096:32768:hhh d:20000:17000:9000:hhh s:8192:8192:8192:hhh d:8192:8192:8192:h0h d:16384:16384:16384:0hh d:12000:30000:7000:hhh d:27000:9500:14500:hhh s:16384:16384:16384:hhh s:20000:17000:9000:hhh d:8192:8192:8192:00h d:16384:16384:16384:h0h d:8192:8192:8192:0hh d:16384:16384:16384:00h"
for m in none model; do
  PARALIA_C_LATE=$m PARALIA_TILE=0 PARALIA_VERBOSE=1 timeout 150 _build/bench/gemm_bench paralia $P 2>"$R/pick-$m.err" | grep -v "^#" | sed "s/^/T=0,$m,/" | tee -a "$R/picks.csv" | cut -d, -f1-2,4-10,14
  echo "[picks $m done at $((SECONDS - s)) s]"; pack
done
for m in none all; do
  PARALIA_C_LATE=$m timeout 60 bench/gpu_timeline.sh "$R/tl-$m" 6144:d:12000:30000:7000:hhh 3072:d:12000:30000:7000:hhh >/dev/null 2>&1
  grep -A9 "^==" "$R/tl-$m/report.txt" | grep -E "^==|HtoD|DtoH|kernel|fill" | sed 's/\[starpu\].*installed?//'
done
echo "[timelines done at $((SECONDS - s)) s]"; pack
BENCH_PRECS=d BENCH_SHAPES="8192:8192:8192 16384:16384:16384" BENCH_PLACES="h0h 0hh" \
  BENCH_SYSTEMS="paralia cublasxt dmdas" BENCH_REPS=3 BENCH_TIMEOUT=100 bash bench/gemm_compare.sh "$R/gemm-mixed" 2>&1 | grep -v "^#" | cut -d, -f1-10
sed -n '/geometric/,$p' "$R/gemm-mixed/gemm.md" | head -4
echo "[mixed done at $((SECONDS - s)) s]"; pack
BENCH_PRECS=s BENCH_SHAPES="8192:8192:8192 16384:16384:16384 20000:17000:9000" BENCH_PLACES="hhh" \
  BENCH_SYSTEMS="paralia cublasxt" BENCH_REPS=3 BENCH_TIMEOUT=100 bash bench/gemm_compare.sh "$R/gemm-s" 2>&1 | grep -v "^#" | cut -d, -f1-10
sed -n '/geometric/,$p' "$R/gemm-s/gemm.md" | head -4
echo "[done at $((SECONDS - s)) s]"; pack
