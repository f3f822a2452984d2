#!/usr/bin/env bash
# Session 2026-11-26g, call 1 (issue 14): the GPU suite on ad59eab's code (40c5ca7's review fixes)
# with the panels' cuts in order (panel.c's order handle; tests/blas_panels (e)); then the cuts in
# order against free (as 2026-11-26f measured them) and tiles on the same 8 points at tiles
# 2048-4096, the model's picks with and without panels, and 8192^3 hhh with beta = 0 (C not read:
# what C's tile copies cost there).
CHECK_RUNS=1 scripts/gpu-run.sh build check >/dev/null 2>&1
export LD_LIBRARY_PATH="$(cat .device/starpu-prefix)/lib:${LD_LIBRARY_PATH:-}" OPENBLAS_NUM_THREADS=1 \
       PARALIA_HOME=$HOME/.paralia STARPU_HOME=$HOME PATH="/usr/local/cuda/bin:$PATH"
R=$OUT/r; mkdir -p "$R"; s=$SECONDS
cp "$OUT/summary.txt" "$R/"; rm -f "$OUT/results.tar.gz"; cat "$R/summary.txt"
grep -h "blas_panels: [0-9]\|gemm_panels: [0-9]\|panel 2's\|FAIL" _build/tests/blas_panels.log _build/tests/gemm_panels.sh.log | tee "$R/tests.txt"
pack() { tar -C "$R" -czf "$OUT/results-g1.tar.gz" .; }
_build/bench/gemm_bench paralia d:1024:1024:1024:hhh >/dev/null 2>&1
echo "[check done at $((SECONDS - s)) s]"; pack
P="d:8192:8192:8192:hhh d:16384:16384:16384:hhh d:32768:32768:4096:hhh d:4096:4096:32768:hhh d:20000:17000:9000:hhh s:8192:8192:8192:hhh d:8192:8192:8192:h0h d:16384:16384:16384:0hh"
export BENCH_REPS=3
for t in 2048 3072 4096; do
  for p in none free ordered; do
    pan=all; [ $p = none ] && pan=none
    PARALIA_PANELS=$pan PARALIA_PANEL_CUTS=${p/none/ordered} PARALIA_TILE=$t _build/bench/gemm_bench paralia $P 2>/dev/null | grep -v "^#" | sed "s/^/T=$t,$p,/" | tee -a "$R/panels.csv" | cut -d, -f1-9,12
  done
  echo "[T=$t done at $((SECONDS - s)) s]"; pack
done
for p in none model; do
  PARALIA_PANELS=$p PARALIA_TILE=0 PARALIA_VERBOSE=1 _build/bench/gemm_bench paralia $P 2>"$R/pick-$p.err" | grep -v "^#" | sed "s/^/T=0,$p,/" | tee -a "$R/panels.csv" | cut -d, -f1-9,12,13
  grep "autotune" "$R/pick-$p.err" | grep -o "^.*gemm m=[0-9]* n=[0-9]* k=[0-9]* A@[a-z0-9]* B@[a-z0-9]*\|tile [0-9]* on\|in panels" | paste -sd' ' | sed 's/\([sd]gemm\)/\n\1/g'
done
echo "[picks done at $((SECONDS - s)) s]"; pack
for p in none ordered; do
  pan=all; [ $p = none ] && pan=none
  BENCH_BETA=0 PARALIA_PANELS=$pan PARALIA_TILE=2048 _build/bench/gemm_bench paralia d:8192:8192:8192:hhh 2>/dev/null | grep -v "^#" | sed "s/^/beta0,T=2048,$p,/" | tee -a "$R/beta0.csv" | cut -d, -f1-10,13
done
cp "$PARALIA_HOME/kernels-$(hostname).txt" "$R/kernels.txt"; cp "$PARALIA_HOME/linkmap-$(hostname).txt" "$R/linkmap.txt"
echo "[done at $((SECONDS - s)) s]"; pack
