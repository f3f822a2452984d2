#!/usr/bin/env bash
# Session 2026-11-26b, call 11 (issue 14): the final code (762b610), in one run: the kernel table
# (paralia-kernels: raw 2D copies beside DGEMMs, src/perfmodel/xfer_calibrate.c; model: each operand's pitch, edge rows, whole first tiles), then every fixed tile and the pick on the nine host-resident
# points with the model reading each operand's leading dimension.
scripts/gpu-run.sh build >/dev/null 2>&1
export LD_LIBRARY_PATH="$(cat .device/starpu-prefix)/lib:${LD_LIBRARY_PATH:-}" OPENBLAS_NUM_THREADS=1 \
       PARALIA_HOME=$HOME/.paralia STARPU_HOME=$HOME
s=$SECONDS
timeout 170 _build/tools/paralia-kernels >"$OUT/kernels.log" 2>&1
echo "paralia-kernels: rc $? in $((SECONDS - s)) s"
cp "$PARALIA_HOME/kernels-$(hostname).txt" "$OUT/kernels.txt"
export SWEEP_TILES="0 2048 3072 4096 6144 8192" SWEEP_LIMIT=$((560 - (SECONDS - s)))
export SWEEP_POINTS="d:4096:4096:4096:hhh d:8192:8192:8192:hhh d:16384:16384:16384:hhh d:32768:32768:4096:hhh d:4096:4096:32768:hhh d:20000:17000:9000:hhh s:8192:8192:8192:hhh s:16384:16384:16384:hhh s:32768:32768:4096:hhh"
OUT=$OUT/g scripts/gpu-run.sh sweep
tar -C "$OUT" -xzf "$OUT/g/results.tar.gz" results/sweep.csv && mv "$OUT/results/sweep.csv" "$OUT/"
cp "$PARALIA_HOME/linkmap-$(hostname).txt" "$OUT/linkmap.txt"
cat "$OUT/g/summary.txt"; grep -c . "$OUT/sweep.csv"
_build/bench/model_replay "$OUT/kernels.txt" "$OUT/linkmap.txt" "$OUT/sweep.csv"
