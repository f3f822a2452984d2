#!/usr/bin/env bash
# Session 2026-11-26j, call 10 (issue 14): C added at home, a slow process's suspects: StarPU's
# history models (each process loads and updates them: a fresh, empty STARPU_HOME per process) and
# the paralia policy (StarPU's dmdas instead). 8192^3 from the host at tile 2048, a fresh process
# per line, median of 3; C read on the GPU for reference.
scripts/gpu-run.sh build >/dev/null 2>&1
export LD_LIBRARY_PATH="$(cat .device/starpu-prefix)/lib:${LD_LIBRARY_PATH:-}" OPENBLAS_NUM_THREADS=1 \
       PARALIA_HOME=$HOME/.paralia STARPU_HOME=$HOME PATH="/usr/local/cuda/bin:$PATH"
R=$OUT/r; mkdir -p "$R"; s=$SECONDS
cp .device/j10.sh "$R/"
nvidia-smi --query-gpu=name,power.limit,clocks.max.sm --format=csv,noheader | tee "$R/gpu.txt"
_build/bench/gemm_bench paralia d:1024:1024:1024:hhh >/dev/null 2>/dev/null
_build/tools/paralia-kernels --sum 2>&1 | grep "GB/s" | tee "$R/sum.txt"
one() { # name env...
  local name=$1; shift
  env "$@" PARALIA_TILE=2048 BENCH_REPS=3 timeout 60 _build/bench/gemm_bench paralia d:8192:8192:8192:hhh 2>/dev/null \
    | grep -v "^#" | sed "s/^/$name,/" >> "$R/process.csv"
}
for i in 1 2 3 4 5; do
  one home PARALIA_C_HOME=all
  h=$(mktemp -d)
  one fresh-history PARALIA_C_HOME=all STARPU_HOME="$h"
  one dmdas PARALIA_C_HOME=all STARPU_SCHED=dmdas
  one none PARALIA_C_HOME=none
done
cut -d, -f1,8-11 "$R/process.csv" | sort -s -t, -k1,1
echo "[done at $((SECONDS - s)) s]"; tar -C "$R" -czf "$OUT/results-j10.tar.gz" .
