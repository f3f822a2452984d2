#!/usr/bin/env bash
# Session 2026-11-28p, call 4 (issue 14), on fec6605 (e5fe283's library with trmm and trsm's
# entry point shared: the library this session leaves):
# 1. the GPU suite on it (call 2's ran with the wait lines beside);
# 2. side by side, each in its own process, two rounds in both orders: FP64 27000x9500x14500 from
#    the host at the pick and at tiles of 3072 and 4096 (call 1 measured 4096 at 180.9 ms where
#    session i read 165.9, against 154.6 predicted for both); FP32 4096^3 from the host at tile
#    1024 in the plan's way (A in panels) and in tiles only (call 3's timelines: the panels'
#    cuts make the first product wait for all of A).
. scripts/device-env.sh p4 .device/kernels-n9-h200.txt .device/kernels-m3.txt || exit
git log --oneline -1; git status --short | head -8
suite $((440 - (SECONDS - dev_start)))
export BENCH_REPS=3 ALT_LIMIT=40
for r in 1 2; do
  [ $((530 - (SECONDS - dev_start))) -gt 30 ] || break
  if [ $r = 1 ]; then set -- pick t3072:PARALIA_TILE=3072 t4096:PARALIA_TILE=4096
  else set -- t4096:PARALIA_TILE=4096 t3072:PARALIA_TILE=3072 pick; fi
  alternate $r odd.csv "d:27000:9500:14500:hhh" "$@"
  if [ $r = 1 ]; then set -- panels:PARALIA_TILE=1024 tiles:PARALIA_TILE=1024,PARALIA_PANELS=none
  else set -- tiles:PARALIA_TILE=1024,PARALIA_PANELS=none panels:PARALIA_TILE=1024; fi
  alternate $r small.csv "s:4096:4096:4096:hhh" "$@"
done
cut -d, -f1-2,9-13 "$R/odd.csv" "$R/small.csv"
stamp ab; pack
