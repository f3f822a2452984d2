#!/usr/bin/env bash
# Session 2026-11-26h, call 3 (issue 14): C read late. Timelines of 2026-11-26 showed 16384^3 hhh
# at tile 4096 with the GPU idle ~20 ms mid-call: the first block's first layer needs its 9 C
# tiles besides 3 A and 3 B. Experiment PARALIA_C_LATE (src/blas/gemm.c): each chain into a
# scratch tile, then C = scratch + beta C by a geadd where it ran; C fetched by the geadd (1), by
# an idle request when the chain's last product is popped (2), or by an idle request at
# submission (3). Timelines, then tiles 3072/4096 in each mode on 2026-11-26g's 8 points.
scripts/gpu-run.sh build >/dev/null 2>&1
export LD_LIBRARY_PATH="$(cat .device/starpu-prefix)/lib:${LD_LIBRARY_PATH:-}" OPENBLAS_NUM_THREADS=1 \
       PARALIA_HOME=$HOME/.paralia STARPU_HOME=$HOME PATH="/usr/local/cuda/bin:$PATH"
R=$OUT/r; mkdir -p "$R"; s=$SECONDS
rm -f "$OUT/results.tar.gz"
nvidia-smi --query-gpu=name,power.limit,clocks.max.sm --format=csv,noheader | tee "$R/gpu.txt"
pack() { tar -C "$R" -czf "$OUT/results-h3.tar.gz" .; }
if ! grep -q "H100" "$R/gpu.txt"; then
  rm -f "$PARALIA_HOME"/kernels-*.txt
  timeout 200 _build/tools/paralia-kernels >"$R/kernels.log" 2>&1
fi
_build/bench/gemm_bench paralia d:1024:1024:1024:hhh >/dev/null 2>"$R/warm.err"
(cd _build && for m in 1 2 3; do PARALIA_C_LATE=$m timeout 100 ./tests/blas_gemm 2>/dev/null | tail -1; done) | tee "$R/blas_gemm.txt"
for m in 0 2; do
  PARALIA_C_LATE=$m timeout 60 bench/gpu_timeline.sh "$R/tl-$m" 4096:d:16384:16384:16384:hhh 4096:d:8192:8192:8192:hhh >/dev/null 2>&1
  grep -A9 "^==" "$R/tl-$m/report.txt" | grep -E "^==|HtoD|DtoH|kernel|fill" | sed 's/\[starpu\].*installed?//'
done
echo "[timelines done at $((SECONDS - s)) s]"; pack
P="d:8192:8192:8192:hhh d:16384:16384:16384:hhh d:32768:32768:4096:hhh d:4096:4096:32768:hhh d:20000:17000:9000:hhh s:8192:8192:8192:hhh d:8192:8192:8192:h0h d:16384:16384:16384:0hh"
export BENCH_REPS=3
for t in 4096 3072; do
  for m in 0 1 2 3; do
    PARALIA_C_LATE=$m PARALIA_TILE=$t timeout 120 _build/bench/gemm_bench paralia $P 2>/dev/null | grep -v "^#" | sed "s/^/T=$t,$m,/" | tee -a "$R/late.csv" | cut -d, -f1-2,4-8,10
  done
  echo "[T=$t done at $((SECONDS - s)) s]"; pack
done
echo "[done at $((SECONDS - s)) s]"; pack
