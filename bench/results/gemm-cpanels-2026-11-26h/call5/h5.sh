#!/usr/bin/env bash
# Session 2026-11-26h, call 5 (issue 14): C read late, the code to keep: the geadd one priority
# above its block's products (call 4: at theirs it waited for all of them), and the model reads C
# late only for chains of two or more products (call 4: 32768x32768x4096 and 12000x30000x7000 at
# tile 8192, chains of one, lost 20-24%). The GPU suite, a timeline of FP32 8192^3 at 4096 read
# late, the picks with (the default) and without late C on 13 points, then FP64 hhh side by side
# (paralia with its defaults, cuBLASXt's best block, dmdas's best tile).
CHECK_RUNS=1 scripts/gpu-run.sh build check >/dev/null 2>&1
export LD_LIBRARY_PATH="$(cat .device/starpu-prefix)/lib:${LD_LIBRARY_PATH:-}" OPENBLAS_NUM_THREADS=1 \
       PARALIA_HOME=$HOME/.paralia STARPU_HOME=$HOME PATH="/usr/local/cuda/bin:$PATH"
R=$OUT/r; mkdir -p "$R"; s=$SECONDS
cp "$OUT/summary.txt" "$R/"; rm -f "$OUT/results.tar.gz"; cat "$R/summary.txt"
nvidia-smi --query-gpu=name,power.limit,clocks.max.sm --format=csv,noheader | tee "$R/gpu.txt"
grep -h "passed\|FAIL" _build/tests/gemm_late.sh.log | tail -12 | tee "$R/tests.txt"
pack() { tar -C "$R" -czf "$OUT/results-h5.tar.gz" .; }
if ! grep -q "H100" "$R/gpu.txt"; then
  rm -f "$PARALIA_HOME"/kernels-*.txt
  timeout 200 _build/tools/paralia-kernels >"$R/kernels.log" 2>&1
fi
_build/bench/gemm_bench paralia d:1024:1024:1024:hhh >/dev/null 2>"$R/warm.err"
echo "[check done at $((SECONDS - s)) s]"; pack
PARALIA_C_LATE=all timeout 40 bench/gpu_timeline.sh "$R/tl-all" 4096:s:8192:8192:8192:hhh >/dev/null 2>&1
grep -A9 "^==" "$R/tl-all/report.txt" | grep -E "^==|HtoD|DtoH|kernel|fill" | sed 's/\[starpu\].*installed?//'
export BENCH_REPS=3
P="d:8192:8192:8192:hhh d:16384:16384:16384:hhh d:32768:32768:4096:hhh d:4096:4096:32768:hhh d:20000:17000:9000:hhh s:8192:8192:8192:hhh d:8192:8192:8192:h0h d:16384:16384:16384:0hh d:12000:30000:7000:hhh d:27000:9500:14500:hhh s:16384:16384:16384:hhh s:20000:17000:9000:hhh d:8192:8192:8192:00h"
for m in none model; do
  PARALIA_C_LATE=$m PARALIA_TILE=0 PARALIA_VERBOSE=1 timeout 150 _build/bench/gemm_bench paralia $P 2>"$R/pick-$m.err" | grep -v "^#" | sed "s/^/T=0,$m,/" | tee -a "$R/picks.csv" | cut -d, -f1-2,4-10,14
  echo "[picks $m done at $((SECONDS - s)) s]"; pack
done
BENCH_PRECS=d BENCH_SHAPES="8192:8192:8192 16384:16384:16384 32768:32768:4096 4096:4096:32768 20000:17000:9000" \
  BENCH_PLACES="hhh" BENCH_SYSTEMS="paralia cublasxt dmdas" BENCH_REPS=3 BENCH_TIMEOUT=150 \
  bash bench/gemm_compare.sh "$R/gemm" 2>&1 | grep -v "^#" | cut -d, -f1-10
sed -n '/geometric/,$p' "$R/gemm/gemm.md" | head -8
echo "[done at $((SECONDS - s)) s]"; pack
