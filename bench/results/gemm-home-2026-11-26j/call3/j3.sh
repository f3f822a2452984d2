#!/usr/bin/env bash
# Session 2026-11-26j, call 3 (issue 14): why C added at home ran slower than its model said. The
# sum rate measured beyond the caches (paralia-kernels --sum), every fixed tile with C added at
# home (PARALIA_C_HOME=all) and without (none) on six points, and CUPTI timelines of both on two.
scripts/gpu-run.sh build >/dev/null 2>&1
export LD_LIBRARY_PATH="$(cat .device/starpu-prefix)/lib:${LD_LIBRARY_PATH:-}" OPENBLAS_NUM_THREADS=1 \
       PARALIA_HOME=$HOME/.paralia STARPU_HOME=$HOME PATH="/usr/local/cuda/bin:$PATH"
R=$OUT/r; mkdir -p "$R"; s=$SECONDS
cp .device/j3.sh "$R/"; rm -f "$OUT/results.tar.gz"
nvidia-smi --query-gpu=name,power.limit,clocks.max.sm --format=csv,noheader | tee "$R/gpu.txt"
pack() { tar -C "$R" -czf "$OUT/results-j3.tar.gz" .; }
if ! grep -q "H100" "$R/gpu.txt"; then
  rm -f "$PARALIA_HOME"/kernels-*.txt
  timeout 200 _build/tools/paralia-kernels >"$R/kernels.log" 2>&1
fi
_build/bench/gemm_bench paralia d:1024:1024:1024:hhh >/dev/null 2>"$R/warm.err"
for i in 1 2; do _build/tools/paralia-kernels --sum 2>&1 | grep "GB/s" | tee -a "$R/sum.txt"; done
cp "$PARALIA_HOME/kernels-$(hostname).txt" "$R/kernels.txt"; cp "$PARALIA_HOME/linkmap-$(hostname).txt" "$R/linkmap.txt"
pack
P="d:8192:8192:8192:hhh d:4096:4096:4096:hhh d:20000:17000:9000:hhh d:4096:4096:32768:hhh \
d:8192:8192:8192:h0h s:8192:8192:8192:hhh"
for m in all none; do
  PARALIA_C_HOME=$m SWEEP_TILES="1024 2048 3072 4096 6144" SWEEP_POINTS="$P" timeout 150 bash bench/tile_sweep.sh "$R/sweep-$m.csv"
  echo "[sweep $m done at $((SECONDS - s)) s]"; pack
done
for m in all none; do
  PARALIA_C_HOME=$m timeout 60 bash bench/gpu_timeline.sh "$R/tl-$m" 1024:d:4096:4096:4096:hhh 2048:d:8192:8192:8192:hhh 4096:d:8192:8192:8192:hhh >/dev/null 2>&1
  grep -h -A14 "^==" "$R/tl-$m/report.txt" | head -60
  rm -f "$R"/tl-$m/*.csv.gz
done
echo "[timelines done at $((SECONDS - s)) s]"; pack
for m in all none; do
  PARALIA_C_HOME=$m _build/bench/model_replay "$R/kernels.txt" "$R/linkmap.txt" "$R/sweep-$m.csv" 14 2>&1 | sed 's/| pick.*//'
done | tee "$R/replay.txt"
echo "[done at $((SECONDS - s)) s]"; pack
