#!/usr/bin/env bash
# Session 2026-11-26f, call 4 (issue 14): the panels' cuts at their first products' priority
# (call 3 ran them at the highest, so every panel crossed before the first C tile). Panel tests on
# the GPU, then the same side-by-side points as call 3: tiles 2048-4096 with PARALIA_PANELS=none
# and =all, and the pick (the model choosing).
scripts/gpu-run.sh build >/dev/null 2>&1
export LD_LIBRARY_PATH="$(cat .device/starpu-prefix)/lib:${LD_LIBRARY_PATH:-}" OPENBLAS_NUM_THREADS=1 \
       PARALIA_HOME=$HOME/.paralia STARPU_HOME=$HOME PATH="/usr/local/cuda/bin:$PATH"
R=$OUT/r; mkdir -p "$R"; s=$SECONDS; rm -f "$OUT/results.tar.gz"
(cd _build && make -j8 tests/blas_panels tests/blas_gemm >/dev/null 2>&1 && top_srcdir=.. ./tests/blas_panels 2>&1 | tail -1 && top_builddir=. bash ../tests/gemm_panels.sh 2>&1 | tail -7) | tee "$R/tests.txt"
_build/bench/gemm_bench paralia d:1024:1024:1024:hhh >/dev/null 2>&1
echo "[tests done at $((SECONDS - s)) s]"
PARALIA_PANELS=all PARALIA_TILE=4096 STARPU_BUS_STATS=1 BENCH_REPS=1 _build/bench/gemm_bench paralia d:16384:16384:16384:hhh >"$R/bus-16k-all.txt" 2>&1
grep -E "^paralia|GB|Total" "$R"/bus-*.txt
P="d:8192:8192:8192:hhh d:16384:16384:16384:hhh d:32768:32768:4096:hhh d:4096:4096:32768:hhh d:20000:17000:9000:hhh s:8192:8192:8192:hhh d:8192:8192:8192:h0h d:16384:16384:16384:0hh"
export BENCH_REPS=3
for t in 2048 3072 4096; do
  for p in none all; do
    PARALIA_PANELS=$p PARALIA_TILE=$t _build/bench/gemm_bench paralia $P 2>/dev/null | grep -v "^#" | sed "s/^/T=$t,$p,/" | tee -a "$R/panels.csv" | cut -d, -f1-9,12
  done
  echo "[T=$t done at $((SECONDS - s)) s]"
done
PARALIA_TILE=0 PARALIA_VERBOSE=1 _build/bench/gemm_bench paralia $P 2>"$R/pick.err" | grep -v "^#" | sed "s/^/T=0,model,/" | tee -a "$R/panels.csv" | cut -d, -f1-9,12,13
grep "autotune" "$R/pick.err" | sed 's/.*autotune //' | grep -o "^.gemm m=[0-9]* n=[0-9]* k=[0-9]* A@[a-z0-9]* B@[a-z0-9]*\|tile [0-9]* on\|in panels" | paste -sd' ' | sed 's/dgemm/\ndgemm/g; s/sgemm/\nsgemm/g'
echo "[done at $((SECONDS - s)) s]"
tar -C "$R" -czf "$OUT/results-f4.tar.gz" .
