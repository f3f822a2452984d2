#!/usr/bin/env bash
# Session 2026-11-26i, call 3 (issue 14): the model shares a duplex link by volume (the inbound
# bytes, 3-17x the outbound, have the link to themselves once C's are home), which prices column
# panels (55 GB/s) right where the even split capped them at 48.7. Its picks with panels allowed
# (PARALIA_PANELS=model) against tiles only (none), two passes interleaved, and the panels' fixed
# cells at the picks' neighbours.
scripts/gpu-run.sh build >/dev/null 2>&1
export LD_LIBRARY_PATH="$(cat .device/starpu-prefix)/lib:${LD_LIBRARY_PATH:-}" OPENBLAS_NUM_THREADS=1 \
       PARALIA_HOME=$HOME/.paralia STARPU_HOME=$HOME PATH="/usr/local/cuda/bin:$PATH"
R=$OUT/r; mkdir -p "$R"; s=$SECONDS
rm -f "$OUT/results.tar.gz"
pack() { tar -C "$R" -czf "$OUT/results-i3.tar.gz" .; }
nvidia-smi --query-gpu=name,power.limit,clocks.max.sm --format=csv,noheader | tee "$R/gpu.txt"
_build/bench/gemm_bench paralia d:1024:1024:1024:hhh >/dev/null 2>"$R/warm.err"
cp $HOME/.paralia/*.txt "$R/" 2>/dev/null
export BENCH_REPS=3
P="d:8192:8192:8192:hhh d:4096:4096:32768:hhh d:32768:32768:4096:hhh d:12000:30000:7000:hhh d:4096:4096:4096:hhh d:16384:16384:16384:hhh d:20000:17000:9000:hhh d:27000:9500:14500:hhh s:8192:8192:8192:hhh s:4096:4096:32768:hhh s:12000:30000:7000:hhh d:8192:8192:8192:h0h d:8192:8192:8192:0hh d:4096:4096:32768:h0h d:4096:4096:32768:0hh d:16384:16384:16384:0hh"
for pass in 1 2; do
  for pm in none model; do
    PARALIA_PANELS=$pm PARALIA_TILE=0 PARALIA_VERBOSE=1 timeout 200 _build/bench/gemm_bench paralia $P 2>>"$R/plans-$pm.err" | grep -v "^#" | sed "s/^/T=0,$pm,$pass,/" | tee -a "$R/picks.csv" | cut -d, -f2-3,5-11,15
    echo "[$pass $pm done at $((SECONDS - s)) s]"; pack
  done
done
# panels forced at tiles beside the picks, where the model would choose them
Q="d:4096:4096:32768:hhh d:12000:30000:7000:hhh d:4096:4096:4096:hhh d:32768:32768:4096:hhh"
for t in 2048 3072 4096; do
  PARALIA_PANELS=model PARALIA_TILE=$t PARALIA_VERBOSE=1 timeout 150 _build/bench/gemm_bench paralia $Q 2>>"$R/plans-fixed.err" | grep -v "^#" | sed "s/^/T=$t,model,1,/" | tee -a "$R/fixed.csv" | cut -d, -f1-3,5-9,11,15
  echo "[fixed $t done at $((SECONDS - s)) s]"; pack
done
echo "[done at $((SECONDS - s)) s]"; pack
