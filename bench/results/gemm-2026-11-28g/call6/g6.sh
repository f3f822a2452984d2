#!/usr/bin/env bash
# Session 2026-11-28g, call 6 (issue 14), on 258a9a5: FP64 8192^3 from the host and with B on the
# GPU, the pick against forced tall tiles (C's and A's tiles R x T: 8192 x 1024, 6144 x 1024,
# 6144 x 2048), each configuration in its own process, alternating, three rounds. Calls 2 and 3
# disagreed at 8192^3 hhh: 8192 x 1024 ran 1.05x faster than 6144 x 2048 on one H100, 6144 x 1024
# level on another; one H200 ran h0h 1.12x faster in 8192 x 1024 than in the pick (session f).
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh g6 $t || exit
ALT_LIMIT=30 alternate "1 2 3" tall.csv "d:8192:8192:8192:hhh d:8192:8192:8192:h0h" pick \
  r8192t1024:PARALIA_TILE=1024,PARALIA_TALL=8192 r6144t1024:PARALIA_TILE=1024,PARALIA_TALL=6144 \
  r6144t2048:PARALIA_TILE=2048,PARALIA_TALL=6144
cut -d, -f1-12 "$R/tall.csv"
grep -h autotune "$R"/*-1.err | sed 's/.*A@\([a-z0-9]*\) B@\([a-z0-9]*\).*: \(tile .*\), metric.*/\1 \2 \3/'
