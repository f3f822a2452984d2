#!/usr/bin/env bash
# Session 2026-11-26h, call 1 (issue 14): C in column panels (src/blas/panel.c: C's panel crosses
# in by one copy and is cut, each finished tile is pasted back, the panel goes home by one copy).
# The panel tests on the GPU, a timeline of 8192^3 hhh at 2048 with A and C in panels, then every
# tile of 2048/3072/4096 with tiles, A and B in panels (as before), A, B and C, A and C, on the 8
# points of 2026-11-26g. On an H200 the carried (H100) kernel table is refused: measure one first.
scripts/gpu-run.sh build >/dev/null 2>&1
export LD_LIBRARY_PATH="$(cat .device/starpu-prefix)/lib:${LD_LIBRARY_PATH:-}" OPENBLAS_NUM_THREADS=1 \
       PARALIA_HOME=$HOME/.paralia STARPU_HOME=$HOME PATH="/usr/local/cuda/bin:$PATH"
R=$OUT/r; mkdir -p "$R"; s=$SECONDS
cp "$OUT/summary.txt" "$R/" 2>/dev/null; rm -f "$OUT/results.tar.gz"
nvidia-smi --query-gpu=name,power.limit,clocks.max.sm --format=csv,noheader | tee "$R/gpu.txt"
pack() { tar -C "$R" -czf "$OUT/results-h1.tar.gz" .; }
if ! grep -q "H100" "$R/gpu.txt"; then
  rm -f "$PARALIA_HOME"/kernels-*.txt
  timeout 200 _build/tools/paralia-kernels >"$R/kernels.log" 2>&1
fi
_build/bench/gemm_bench paralia d:1024:1024:1024:hhh >/dev/null 2>"$R/warm.err"
cp "$PARALIA_HOME/kernels-$(hostname).txt" "$R/kernels.txt"; cp "$PARALIA_HOME/linkmap-$(hostname).txt" "$R/linkmap.txt"
grep -E "^devices" "$R/kernels.txt"
echo "[kernels done at $((SECONDS - s)) s]"; pack
(cd _build && export top_builddir=. top_srcdir=..; timeout 150 ./tests/blas_panels >"$R/blas_panels.txt" 2>&1;
 timeout 200 bash ../tests/gemm_panels.sh >"$R/gemm_panels.txt" 2>&1)
tail -1 "$R/blas_panels.txt"; grep -E "FAIL|passed" "$R/gemm_panels.txt"
echo "[tests done at $((SECONDS - s)) s]"; pack
PARALIA_PANELS=ac timeout 60 bench/gpu_timeline.sh "$R/tl-ac" 2048:d:8192:8192:8192:hhh >/dev/null 2>&1
grep -A9 "^==" "$R/tl-ac/report.txt" | grep -E "^==|HtoD|DtoH|kernel|fill" | sed 's/\[starpu\].*installed?//'
echo "[timeline done at $((SECONDS - s)) s]"; pack
P="d:8192:8192:8192:hhh d:16384:16384:16384:hhh d:32768:32768:4096:hhh d:4096:4096:32768:hhh d:20000:17000:9000:hhh s:8192:8192:8192:hhh d:8192:8192:8192:h0h d:16384:16384:16384:0hh"
export BENCH_REPS=3
for t in 2048 3072 4096; do
  for m in none ab abc ac; do
    PARALIA_PANELS=$m PARALIA_TILE=$t timeout 120 _build/bench/gemm_bench paralia $P 2>/dev/null | grep -v "^#" | sed "s/^/T=$t,$m,/" | tee -a "$R/panels.csv" | cut -d, -f1-9,12
  done
  echo "[T=$t done at $((SECONDS - s)) s]"; pack
done
echo "[done at $((SECONDS - s)) s]"; pack
