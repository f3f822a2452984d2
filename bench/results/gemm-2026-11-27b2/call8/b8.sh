#!/usr/bin/env bash
# Session 2026-11-27b2, call 8 (issue 14): the hold only for a task no more urgent than the work
# in flight (085b40c): tiled Cholesky and LU (n = 20480, tile 2048) with and without it, four runs
# after a warm-up; FP64 8192^3 h0h (the pick) and 4096^3 00h in tiles of 1536 with and without
# it, one round; then the GPU suite in the time left.
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh b8 $t || exit
for f in cholesky lu; do
  RUNS=4 WARMUP=1 POLICIES="paralia paralia:PARALIA_POP_HOLD=0" timeout 120 \
    bash bench/sched_compare.sh _build/examples/paralia-$f -n 20480 -nb 2048 > "$R/$f.txt" 2>&1
  tail -3 "$R/$f.txt"; stamp $f; pack
done
export BENCH_UNTIMED=4 BENCH_REPS=5 ALT_LIMIT=30
alternate "1" hold.csv "d:8192:8192:8192:h0h" hold nohold:PARALIA_POP_HOLD=0
alternate "1" t1536.csv "d:4096:4096:4096:00h" t1536:PARALIA_TILE=1536,PARALIA_DEEP=none \
  t1536n:PARALIA_TILE=1536,PARALIA_DEEP=none,PARALIA_POP_HOLD=0
cut -d, -f1,2,4-10 "$R"/hold.csv "$R"/t1536.csv
stamp points; pack
left=$((585 - (SECONDS - dev_start) - 12))
echo "suite limit $left s"
suite $left
