#!/usr/bin/env bash
# Session 2026-11-26j, call 8 (issue 14): what makes a process adding C at home slow? 8192^3 from the
# host at tile 2048, C added at home (PARALIA_C_HOME=all), each line a fresh process (median of 3):
# as it is, with StarPU's workers unbound (STARPU_WORKERS_NOBIND=1), with 8 CPU workers
# (STARPU_NCPU=8, cores left free), and C read on the GPU for reference.
scripts/gpu-run.sh build >/dev/null 2>&1
export LD_LIBRARY_PATH="$(cat .device/starpu-prefix)/lib:${LD_LIBRARY_PATH:-}" OPENBLAS_NUM_THREADS=1 \
       PARALIA_HOME=$HOME/.paralia STARPU_HOME=$HOME PATH="/usr/local/cuda/bin:$PATH"
R=$OUT/r; mkdir -p "$R"; s=$SECONDS
cp .device/j8.sh "$R/"; rm -f "$OUT/results.tar.gz"
nvidia-smi --query-gpu=name,power.limit,clocks.max.sm --format=csv,noheader | tee "$R/gpu.txt"
pack() { tar -C "$R" -czf "$OUT/results-j8.tar.gz" .; }
_build/bench/gemm_bench paralia d:1024:1024:1024:hhh >/dev/null 2>"$R/warm.err"
_build/tools/paralia-kernels --sum 2>&1 | grep "GB/s" | tee "$R/sum.txt"
one() { # name env...
  local name=$1; shift
  env "$@" PARALIA_TILE=2048 BENCH_REPS=3 timeout 25 _build/bench/gemm_bench paralia d:8192:8192:8192:hhh 2>>"$R/$name.err" \
    | grep -v "^#" | sed "s/^/$name,/" >> "$R/process.csv"
}
for i in 1 2 3 4 5; do
  one home PARALIA_C_HOME=all
  one nobind PARALIA_C_HOME=all STARPU_WORKERS_NOBIND=1
  one ncpu8 PARALIA_C_HOME=all STARPU_NCPU=8
  one none PARALIA_C_HOME=none
  echo "[round $i at $((SECONDS - s)) s]"; pack
done
cut -d, -f1,8-11 "$R/process.csv" | sort -s -t, -k1,1
echo "[done at $((SECONDS - s)) s]"; pack
