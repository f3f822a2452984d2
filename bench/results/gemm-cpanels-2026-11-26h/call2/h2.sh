#!/usr/bin/env bash
# Session 2026-11-26h, call 2 (issue 14): call 1 put C in column panels within 3 x 3 blocks, and
# C's first panel left at 37 of 47 ms (8192^3 at 2048). Now with C in panels gemm goes one whole
# tile column at a time (common/order.h, pl_blocks_of). The panel tests on the GPU, timelines of
# 8192^3 hhh with A, B and C in panels at 1024 and 2048, every tile of 2048/3072/4096 with
# tiles, A+B+C, C, A+C on call 1's 8 points, 1024 on the 8192^3 ones, beta = 0, then the model's
# picks with PARALIA_PANELS=model against none.
scripts/gpu-run.sh build >/dev/null 2>&1
export LD_LIBRARY_PATH="$(cat .device/starpu-prefix)/lib:${LD_LIBRARY_PATH:-}" OPENBLAS_NUM_THREADS=1 \
       PARALIA_HOME=$HOME/.paralia STARPU_HOME=$HOME PATH="/usr/local/cuda/bin:$PATH"
R=$OUT/r; mkdir -p "$R"; s=$SECONDS
rm -f "$OUT/results.tar.gz"
nvidia-smi --query-gpu=name,power.limit,clocks.max.sm --format=csv,noheader | tee "$R/gpu.txt"
pack() { tar -C "$R" -czf "$OUT/results-h2.tar.gz" .; }
if ! grep -q "H100" "$R/gpu.txt"; then
  rm -f "$PARALIA_HOME"/kernels-*.txt
  timeout 200 _build/tools/paralia-kernels >"$R/kernels.log" 2>&1
fi
_build/bench/gemm_bench paralia d:1024:1024:1024:hhh >/dev/null 2>"$R/warm.err"
cp "$PARALIA_HOME/kernels-$(hostname).txt" "$R/kernels.txt"; cp "$PARALIA_HOME/linkmap-$(hostname).txt" "$R/linkmap.txt"
(cd _build && export top_builddir=. top_srcdir=..; timeout 150 ./tests/blas_panels >"$R/blas_panels.txt" 2>&1;
 timeout 200 bash ../tests/gemm_panels.sh >"$R/gemm_panels.txt" 2>&1)
tail -1 "$R/blas_panels.txt"; grep -E "FAIL|passed" "$R/gemm_panels.txt"
echo "[tests done at $((SECONDS - s)) s]"; pack
PARALIA_PANELS=abc timeout 60 bench/gpu_timeline.sh "$R/tl-abc" 2048:d:8192:8192:8192:hhh 1024:d:8192:8192:8192:hhh >/dev/null 2>&1
grep -A9 "^==" "$R/tl-abc/report.txt" | grep -E "^==|HtoD|DtoH|kernel|fill" | sed 's/\[starpu\].*installed?//'
echo "[timeline done at $((SECONDS - s)) s]"; pack
P="d:8192:8192:8192:hhh d:16384:16384:16384:hhh d:32768:32768:4096:hhh d:4096:4096:32768:hhh d:20000:17000:9000:hhh s:8192:8192:8192:hhh d:8192:8192:8192:h0h d:16384:16384:16384:0hh"
export BENCH_REPS=3
sweep() { PARALIA_PANELS=$2 PARALIA_TILE=$1 timeout 120 _build/bench/gemm_bench paralia $3 2>/dev/null | grep -v "^#" | sed "s/^/T=$1,$2,/" | tee -a "$R/panels.csv" | cut -d, -f1-9,12; }
for m in none abc; do sweep 1024 $m "d:8192:8192:8192:hhh s:8192:8192:8192:hhh d:8192:8192:8192:h0h"; done
for t in 2048 4096 3072; do
  for m in none abc c ac; do sweep $t $m "$P"; done
  echo "[T=$t done at $((SECONDS - s)) s]"; pack
done
for t in 2048 4096; do for m in none abc; do
  BENCH_BETA=0 PARALIA_PANELS=$m PARALIA_TILE=$t timeout 60 _build/bench/gemm_bench paralia d:8192:8192:8192:hhh 2>/dev/null | grep -v "^#" | sed "s/^/T=$t,$m,beta0,/" | tee -a "$R/beta0.csv" | cut -d, -f1-10
done; done
P8="$P"
for p in none model; do
  PARALIA_PANELS=$p PARALIA_TILE=0 PARALIA_VERBOSE=1 timeout 100 _build/bench/gemm_bench paralia $P8 2>"$R/pick-$p.err" | grep -v "^#" | sed "s/^/T=0,$p,/" | tee -a "$R/picks.csv" | cut -d, -f1-9,12,13
done
echo "[done at $((SECONDS - s)) s]"; pack
