#!/usr/bin/env bash
# Session 2026-11-27x, call 6 (issue 14): bench/ld_probe.cu again: whether the leading dimension's
# cost is its alignment (lds just above the tile, each a multiple of 16, 32, 64 or 128 bytes, and
# 27000 / 14500 against their next multiples of 128 bytes), and which operand's counts (a, b, c
# alone at the call's leading dimensions).
R=$OUT/r; mkdir -p "$R"; cp .device/x6.sh "$R/"
nvidia-smi --query-gpu=name,power.limit,clocks.max.sm --format=csv,noheader | tee "$R/gpu.txt"
/usr/local/cuda/bin/nvcc -O2 -o "$R/ld_probe" bench/ld_probe.cu -lcublas || exit 1
for args in "s 6144 0.5 2 abc 6144 6148 6152 6160 6176 27000 27008 14500 14528" \
            "s 6144 0.5 2 a 6144 27000 14500" "s 6144 0.5 2 b 6144 27000 14500" "s 6144 0.5 2 c 6144 27000 14500" \
            "s 2048 0.5 2 abc 2048 2052 2056 2064 2080 27000 27008 14500 14528" \
            "d 6144 0.5 2 abc 6144 6146 6148 6152 27000 27008 14500 14512"; do
  echo "== ld_probe $args"
  timeout 60 "$R/ld_probe" $args
done 2>&1 | tee "$R/ld_probe.txt"
rm -f "$R/ld_probe"
tar -C "$R" -czf "$OUT/results-x6.tar.gz" .
