#!/usr/bin/env bash
# Session 2026-11-26f, call 2 (issue 14): host operands in column panels (src/blas/panel.c).
# The suite (tests/gemm_panels.sh: blas_gemm with every host operand in panels, on the GPU alone
# too), then the host-resident and mixed points at tiles 2048-4096 with PARALIA_PANELS=none (tiles,
# as before) and =all (A and B in panels), and the pick (the model choosing), side by side.
CHECK_RUNS=1 scripts/gpu-run.sh build check >/dev/null 2>&1
export LD_LIBRARY_PATH="$(cat .device/starpu-prefix)/lib:${LD_LIBRARY_PATH:-}" OPENBLAS_NUM_THREADS=1 \
       PARALIA_HOME=$HOME/.paralia STARPU_HOME=$HOME PATH="/usr/local/cuda/bin:$PATH"
R=$OUT/r; mkdir -p "$R"; s=$SECONDS
cat "$OUT/summary.txt"; tar -xzf "$OUT/results.tar.gz" -C "$R" results/check.log 2>/dev/null; rm -f "$OUT/results.tar.gz"
grep -h "gemm_panels" _build/tests/gemm_panels.sh.log 2>/dev/null | tail -8
cp _build/tests/gemm_panels.sh.log "$R/" 2>/dev/null
_build/bench/gemm_bench paralia d:1024:1024:1024:hhh >/dev/null 2>&1
cp "$PARALIA_HOME/kernels-$(hostname).txt" "$R/kernels.txt"; cp "$PARALIA_HOME/linkmap-$(hostname).txt" "$R/linkmap.txt"
echo "[check done at $((SECONDS - s)) s]"
for p in none all; do
  PARALIA_PANELS=$p PARALIA_TILE=2048 STARPU_BUS_STATS=1 BENCH_REPS=1 _build/bench/gemm_bench paralia d:8192:8192:8192:hhh >"$R/bus-$p.txt" 2>&1
done
grep -E "^d,|GB|Total" "$R"/bus-*.txt | head -20
P="d:8192:8192:8192:hhh d:16384:16384:16384:hhh d:32768:32768:4096:hhh d:4096:4096:32768:hhh d:20000:17000:9000:hhh s:8192:8192:8192:hhh d:8192:8192:8192:h0h d:16384:16384:16384:0hh"
export BENCH_REPS=3
for t in 2048 3072 4096; do
  for p in none all; do
    PARALIA_PANELS=$p PARALIA_TILE=$t _build/bench/gemm_bench paralia $P 2>/dev/null | grep -v "^#" | sed "s/^/T=$t,$p,/" | tee -a "$R/panels.csv"
  done
  echo "[T=$t done at $((SECONDS - s)) s]"
done
PARALIA_TILE=0 PARALIA_VERBOSE=1 _build/bench/gemm_bench paralia $P 2>"$R/pick.err" | grep -v "^#" | sed "s/^/T=0,model,/" | tee -a "$R/panels.csv"
grep "autotune" "$R/pick.err" | sed 's/.*autotune //' | cut -c1-220 | sort -u
echo "[done at $((SECONDS - s)) s]"
tar -C "$R" -czf "$OUT/results-f2.tar.gz" .
