#!/usr/bin/env bash
# Session 2026-11-26g, call 3 (issue 14): call 2's timelines showed why panels start late: StarPU
# copies host to GPU in request order, products are not ready until their tiles are cut, so their
# C tiles were requested behind every panel (8192^3 at 2048: first product at 18 ms). gemm now
# requests each C tile right after its first product's panels (PARALIA_PANEL_NO_C=1: not, as
# before). The GPU suite (with the kernel table's devices check, tests/kernel_table_devices), the
# timelines again, then tiles, panels without and with the C requests on call 1's 8 points.
CHECK_RUNS=1 scripts/gpu-run.sh build check >/dev/null 2>&1
export LD_LIBRARY_PATH="$(cat .device/starpu-prefix)/lib:${LD_LIBRARY_PATH:-}" OPENBLAS_NUM_THREADS=1 \
       PARALIA_HOME=$HOME/.paralia STARPU_HOME=$HOME PATH="/usr/local/cuda/bin:$PATH"
R=$OUT/r; mkdir -p "$R"; s=$SECONDS
cp "$OUT/summary.txt" "$R/"; rm -f "$OUT/results.tar.gz"; cat "$R/summary.txt"
nvidia-smi --query-gpu=name,power.limit,clocks.max.sm --format=csv,noheader | tee "$R/gpu.txt"
grep -h "passed\|FAIL" _build/tests/blas_panels.log _build/tests/gemm_panels.sh.log _build/tests/kernel_table_devices.log | tail -8 | tee "$R/tests.txt"
pack() { tar -C "$R" -czf "$OUT/results-g3.tar.gz" .; }
_build/bench/gemm_bench paralia d:1024:1024:1024:hhh >/dev/null 2>&1
echo "[check done at $((SECONDS - s)) s]"; pack
PARALIA_PANELS=all timeout 100 bench/gpu_timeline.sh "$R/tl-c" 2048:d:8192:8192:8192:hhh 2048:d:8192:8192:8192:h0h 4096:d:16384:16384:16384:hhh >/dev/null 2>&1
grep -A9 "^==" "$R/tl-c/report.txt" | grep -E "^==|HtoD|DtoH|kernel|fill" | sed 's/\[starpu\].*installed?//'
echo "[timelines done at $((SECONDS - s)) s]"; pack
P="d:8192:8192:8192:hhh d:16384:16384:16384:hhh d:32768:32768:4096:hhh d:4096:4096:32768:hhh d:20000:17000:9000:hhh s:8192:8192:8192:hhh d:8192:8192:8192:h0h d:16384:16384:16384:0hh"
export BENCH_REPS=3
for t in 2048 3072 4096; do
  for m in none noC C; do
    pan=all; [ $m = none ] && pan=none; noc=; [ $m = noC ] && noc=1
    PARALIA_PANELS=$pan PARALIA_PANEL_NO_C=$noc PARALIA_TILE=$t timeout 120 _build/bench/gemm_bench paralia $P 2>/dev/null | grep -v "^#" | sed "s/^/T=$t,$m,/" | tee -a "$R/panels.csv" | cut -d, -f1-9,12
  done
  echo "[T=$t done at $((SECONDS - s)) s]"; pack
done
echo "[done at $((SECONDS - s)) s]"; pack
