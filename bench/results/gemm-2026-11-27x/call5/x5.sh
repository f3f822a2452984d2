#!/usr/bin/env bash
# Session 2026-11-27x, call 5 (issue 14): bench/ld_probe.cu, tile products at the tile's own
# leading dimension against the call's (27000, 14500), back to back, alternating: the leading
# dimension or the power cap, FP32 6144 and 2048, FP64 6144; and FP32 6144 for 4 s at its own.
R=$OUT/r; mkdir -p "$R"; cp .device/x5.sh "$R/"
nvidia-smi --query-gpu=name,power.limit,clocks.max.sm --format=csv,noheader | tee "$R/gpu.txt"
/usr/local/cuda/bin/nvcc -O2 -o "$R/ld_probe" bench/ld_probe.cu -lcublas || exit 1
for args in "s 6144 4.0 1 6144" "s 6144 1.0 3 6144 27000 14500" "s 2048 1.0 3 2048 27000 14500" "d 6144 1.0 2 6144 27000 14500"; do
  echo "== ld_probe $args"
  timeout 60 "$R/ld_probe" $args
  nvidia-smi --query-gpu=temperature.gpu,power.draw,clocks.sm --format=csv,noheader
done 2>&1 | tee "$R/ld_probe.txt"
rm -f "$R/ld_probe"
tar -C "$R" -czf "$OUT/results-x5.tar.gz" .
