#!/usr/bin/env bash
# Session 2026-11-26k, call 6 (issue 14): the review's changes to pl_home_warm (the re-read commit): the GPU
# suite, and 8192^3 hhh at tile 2048 with C added at home against C read, 16 calls each.
scripts/gpu-run.sh build >/dev/null 2>&1
export LD_LIBRARY_PATH="$(cat .device/starpu-prefix)/lib:${LD_LIBRARY_PATH:-}" OPENBLAS_NUM_THREADS=1 \
       PARALIA_HOME=$HOME/.paralia STARPU_HOME=$HOME PATH="/usr/local/cuda/bin:$PATH"
R=$OUT/r; mkdir -p "$R"; s=$SECONDS
cp .device/k6.sh "$R/"
git log --oneline -1 > "$R/commit.txt"; git status --short >> "$R/commit.txt"
nvidia-smi --query-gpu=name,power.limit,clocks.max.sm --format=csv,noheader | tee "$R/gpu.txt"
_build/bench/gemm_bench paralia d:1024:1024:1024:hhh >/dev/null 2>/dev/null
_build/tools/paralia-kernels --sum 2>&1 | grep "GB/s" | tee "$R/sum.txt"
for m in all none all; do
  PARALIA_C_HOME=$m PARALIA_TILE=2048 BENCH_REPS=16 BENCH_EACH=1 timeout 60 _build/bench/gemm_bench paralia d:8192:8192:8192:hhh 2>"$R/$m.err" | grep -v "^#" | sed "s/^/$m,/" | tee -a "$R/home.csv"
  grep "call [0-9]*:" "$R/$m.err" | sed 's/.*call //' | tr '\n' ' '; echo
done | tee "$R/report.txt"
CHECK_RUNS=1 timeout 240 scripts/gpu-run.sh check > "$R/suite.txt" 2>&1; tail -4 "$R/suite.txt"
echo "[done at $((SECONDS - s)) s]"; tar -C "$R" -czf "$OUT/results-k6.tar.gz" .
