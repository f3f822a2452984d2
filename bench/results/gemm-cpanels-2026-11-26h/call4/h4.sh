#!/usr/bin/env bash
# Session 2026-11-26h, call 4 (issue 14): C read late as a plan choice (PARALIA_C_LATE=model, the
# default; the model prices it in step 4). The GPU suite (tests/gemm_late.sh new), timelines of
# the two points where call 3's late C lost (FP32 8192^3 and 32768x32768x4096 at tile 4096, late
# and not), FP32 at tile 2048, then the model's picks with late C allowed against none on call 3's
# 8 points and three more host shapes.
CHECK_RUNS=1 scripts/gpu-run.sh build check >/dev/null 2>&1
export LD_LIBRARY_PATH="$(cat .device/starpu-prefix)/lib:${LD_LIBRARY_PATH:-}" OPENBLAS_NUM_THREADS=1 \
       PARALIA_HOME=$HOME/.paralia STARPU_HOME=$HOME PATH="/usr/local/cuda/bin:$PATH"
R=$OUT/r; mkdir -p "$R"; s=$SECONDS
cp "$OUT/summary.txt" "$R/"; rm -f "$OUT/results.tar.gz"; cat "$R/summary.txt"
nvidia-smi --query-gpu=name,power.limit,clocks.max.sm --format=csv,noheader | tee "$R/gpu.txt"
grep -h "passed\|FAIL" _build/tests/gemm_late.sh.log | tail -12 | tee "$R/tests.txt"
pack() { tar -C "$R" -czf "$OUT/results-h4.tar.gz" .; }
if ! grep -q "H100" "$R/gpu.txt"; then
  rm -f "$PARALIA_HOME"/kernels-*.txt
  timeout 200 _build/tools/paralia-kernels >"$R/kernels.log" 2>&1
fi
_build/bench/gemm_bench paralia d:1024:1024:1024:hhh >/dev/null 2>"$R/warm.err"
echo "[check done at $((SECONDS - s)) s]"; pack
for m in none all; do
  PARALIA_C_LATE=$m timeout 80 bench/gpu_timeline.sh "$R/tl-$m" 4096:s:8192:8192:8192:hhh 4096:d:32768:32768:4096:hhh >/dev/null 2>&1
  grep -A9 "^==" "$R/tl-$m/report.txt" | grep -E "^==|HtoD|DtoH|kernel|fill" | sed 's/\[starpu\].*installed?//'
done
echo "[timelines done at $((SECONDS - s)) s]"; pack
export BENCH_REPS=3
for m in none all; do
  PARALIA_C_LATE=$m PARALIA_TILE=2048 timeout 60 _build/bench/gemm_bench paralia s:8192:8192:8192:hhh s:16384:16384:16384:hhh d:8192:8192:8192:hhh 2>/dev/null | grep -v "^#" | sed "s/^/T=2048,$m,/" | tee -a "$R/late.csv" | cut -d, -f1-2,4-8,10,14
done
P="d:8192:8192:8192:hhh d:16384:16384:16384:hhh d:32768:32768:4096:hhh d:4096:4096:32768:hhh d:20000:17000:9000:hhh s:8192:8192:8192:hhh d:8192:8192:8192:h0h d:16384:16384:16384:0hh d:12000:30000:7000:hhh d:27000:9500:14500:hhh s:16384:16384:16384:hhh"
for m in none model; do
  PARALIA_C_LATE=$m PARALIA_TILE=0 PARALIA_VERBOSE=1 timeout 150 _build/bench/gemm_bench paralia $P 2>"$R/pick-$m.err" | grep -v "^#" | sed "s/^/T=0,$m,/" | tee -a "$R/picks.csv" | cut -d, -f1-2,4-10,14
  echo "[picks $m done at $((SECONDS - s)) s]"; pack
done
grep "autotune" "$R/pick-model.err" | sed 's/.*m=\([0-9]*\) n=\([0-9]*\) k=\([0-9]*\).*: tile \([0-9]*\).*grid 1x1\(.*\), predicted \([0-9.]*\) ms.*/\1 \2 \3 \4 \5 \6/'
echo "[done at $((SECONDS - s)) s]"; pack
