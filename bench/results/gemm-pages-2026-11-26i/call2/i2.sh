#!/usr/bin/env bash
# Session 2026-11-26i, call 2 (issue 14): host operands in column panels (PARALIA_PANELS, off by
# default since 2026-11-26f) were never measured with C read late (2026-11-26h). Panels cross at
# the link's rate (64 KB+ columns), tiles at 31-46 GB/s beside the kernels (call 1). Fixed tiles
# 3072/4096 and the pick, PARALIA_PANELS none/model/all, two passes interleaved.
scripts/gpu-run.sh build >/dev/null 2>&1
export LD_LIBRARY_PATH="$(cat .device/starpu-prefix)/lib:${LD_LIBRARY_PATH:-}" OPENBLAS_NUM_THREADS=1 \
       PARALIA_HOME=$HOME/.paralia STARPU_HOME=$HOME PATH="/usr/local/cuda/bin:$PATH"
R=$OUT/r; mkdir -p "$R"; s=$SECONDS
rm -f "$OUT/results.tar.gz"
pack() { tar -C "$R" -czf "$OUT/results-i2.tar.gz" .; }
nvidia-smi --query-gpu=name,power.limit,clocks.max.sm --format=csv,noheader | tee "$R/gpu.txt"
_build/bench/gemm_bench paralia d:1024:1024:1024:hhh >/dev/null 2>"$R/warm.err"
cp $HOME/.paralia/*.txt "$R/" 2>/dev/null
export BENCH_REPS=3
P="d:8192:8192:8192:hhh d:16384:16384:16384:hhh d:20000:17000:9000:hhh d:4096:4096:32768:hhh s:8192:8192:8192:hhh d:8192:8192:8192:h0h d:16384:16384:16384:0hh"
for pass in 1 2; do
  for pm in none model all; do
    for t in 0 3072 4096; do
      PARALIA_PANELS=$pm PARALIA_TILE=$t PARALIA_VERBOSE=1 timeout 150 _build/bench/gemm_bench paralia $P 2>>"$R/plans-$pm.err" | grep -v "^#" | sed "s/^/T=$t,$pm,$pass,/" | tee -a "$R/panels.csv" | cut -d, -f1-3,5-9,11,15
      echo "[$pass $pm T=$t done at $((SECONDS - s)) s]"; pack
    done
  done
done
echo "[done at $((SECONDS - s)) s]"; pack
