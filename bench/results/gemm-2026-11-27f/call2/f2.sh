#!/usr/bin/env bash
# Session 2026-11-27f, call 2 (issue 14): FP32 columns longer than the kernel table's FP32 tiles
# now read its FP64 rate at the same column bytes (pm_xfer_gbs). On the plan grid that changes one
# shape's plans, FP32 100000x300x5000 with A on the host: square tiles of 8192 -> tall tiles of
# 16384 rows (A's 64 KB columns priced at 55 GB/s, not 46.6). Side by side, each configuration in
# its own process, alternating: the model's plan now against PARALIA_TALL=none (square tiles: the
# plan before), at hhh, h00 (C on the GPU) and h0h; bench/tall_probe.cu (the tall products'
# kernels against the square ones the model prices them as); then the GPU suite on this code.
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh f2 $t || exit
P="s:100000:300:5000:hhh s:100000:300:5000:h00 s:100000:300:5000:h0h"
ALT_LIMIT=60 alternate "1 2 3" tall.csv "$P" model square:PARALIA_TALL=none
grep -h "plan\|tall\|tile" "$R"/model-1.err "$R"/square-1.err | head -12
cut -d, -f1-12 "$R/tall.csv"
# the kernels: tall products R x T x T against T^3, the price the model gives them (R / T of T^3)
nvcc -O2 -o "$R/tall_probe" bench/tall_probe.cu -lcublas && for p in d s; do
  "$R/tall_probe" $p 0.3 3 512:512:512 8192:512:512 16384:512:512 1024:1024:1024 4096:1024:1024 \
    8192:1024:1024 20000:1024:1024 2048:2048:2048 8192:2048:2048 16384:2048:2048 > "$R/tall-$p.csv"
  cat "$R/tall-$p.csv"
done
rm -f "$R/tall_probe"; stamp probe; pack
# and a whole call in narrower tall tiles than the model takes: FP64 8192^3 with B on the GPU
ALT_LIMIT=60 alternate "1 2" h0h.csv "d:8192:8192:8192:h0h" model t1024:PARALIA_TILE=1024,PARALIA_TALL=8192
cut -d, -f1-12 "$R/h0h.csv"
suite 430
