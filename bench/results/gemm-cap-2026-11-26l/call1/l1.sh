#!/usr/bin/env bash
# Session 2026-11-26l, call 1 (issue 14): the model's price of C added at home, cell by cell, now
# that its scratch copies are pinned before the call. 1) every tile 2048-8192 with C added at home
# (PARALIA_C_HOME=all) at the 16 hhh points but 32768^3, and C read (none) at the 8 FP64 ones, side
# by side; 2) timelines (CUDA, runtime calls, StarPU's events) of 20000x17000x9000 hhh at 4096 with
# home and without, and at 3072 with home (the model's worst home cell: 120 ms predicted, 145-150
# measured).
scripts/gpu-run.sh build >/dev/null 2>&1
export LD_LIBRARY_PATH="$(cat .device/starpu-prefix)/lib:${LD_LIBRARY_PATH:-}" OPENBLAS_NUM_THREADS=1 \
       PARALIA_HOME=$HOME/.paralia STARPU_HOME=$HOME PATH="/usr/local/cuda/bin:$PATH" \
       PKG_CONFIG_PATH="$(cat .device/starpu-prefix)/lib/pkgconfig"
R=$OUT/r; mkdir -p "$R"; s=$SECONDS
cp .device/l1.sh "$R/"
git log --oneline -1 > "$R/commit.txt"; git status --short >> "$R/commit.txt"
nvidia-smi --query-gpu=name,power.limit,clocks.max.sm --format=csv,noheader | tee "$R/gpu.txt"
pack() { tar -C "$R" -czf "$OUT/results-l1.tar.gz" .; }
_build/bench/gemm_bench paralia d:1024:1024:1024:hhh >/dev/null 2>/dev/null
_build/tools/paralia-kernels --sum 2>&1 | grep "GB/s" | tee "$R/sum.txt"
cp "$PARALIA_HOME/kernels-$(hostname).txt" "$R/kernels.txt"; cp "$PARALIA_HOME/linkmap-$(hostname).txt" "$R/linkmap.txt"
pack
S="4096:4096:4096 8192:8192:8192 16384:16384:16384 32768:32768:4096 4096:4096:32768 20000:17000:9000 12000:30000:7000 27000:9500:14500"
D=""; F=""; for x in $S; do D="$D d:$x:hhh"; F="$F s:$x:hhh"; done
T="2048 3072 4096 6144 8192"
PARALIA_C_HOME=all SWEEP_TILES="$T" SWEEP_POINTS="$D" timeout 200 bash bench/tile_sweep.sh "$R/sweep-all-d.csv"
echo "[home d at $((SECONDS - s)) s]"; pack
PARALIA_C_HOME=none SWEEP_TILES="$T" SWEEP_POINTS="$D" timeout 170 bash bench/tile_sweep.sh "$R/sweep-none-d.csv"
echo "[none d at $((SECONDS - s)) s]"; pack
PARALIA_C_HOME=all SWEEP_TILES="$T" SWEEP_POINTS="$F" timeout 120 bash bench/tile_sweep.sh "$R/sweep-all-s.csv"
echo "[home s at $((SECONDS - s)) s]"; pack
for m in all none; do
  for d in d s; do [ -f "$R/sweep-$m-$d.csv" ] && PARALIA_C_HOME=$m _build/bench/model_replay "$R/kernels.txt" "$R/linkmap.txt" "$R/sweep-$m-$d.csv" 14 2>&1 | sed 's/| pick.*//'; done
done | tee "$R/replay.txt"
pack
P=4096:d:20000:17000:9000:hhh
TIMELINE_STARPU=1 PARALIA_C_HOME=all timeout 40 bash bench/gpu_timeline.sh "$R/tl-all" $P 3072:d:20000:17000:9000:hhh 2>&1 | tail -40
TIMELINE_STARPU=1 PARALIA_C_HOME=none timeout 25 bash bench/gpu_timeline.sh "$R/tl-none" $P 2>&1 | tail -20
echo "[done at $((SECONDS - s)) s]"; pack
