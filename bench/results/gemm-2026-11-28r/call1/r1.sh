#!/usr/bin/env bash
# Session 2026-11-28r, call 1 (issue 14), on 5224e68 + C read late in column panels
# (PARALIA_C_PANELS=all|none, off by default, the model not pricing it):
# 1. C's panels against C's tiles, side by side (each in its own process, rounds in both orders,
#    medians of 5 after four untimed calls), at the model's picks of the points from the host
#    where the link to the GPU set the pace in 2026-11-28q (FP64 20000x17000x9000 and
#    27000x9500x14500: busy 94% at 43-46 GB/s) and others whose C is read late; the GPU's power
#    and SM clock sampled every 100 ms meanwhile (nvidia-smi);
# 2. the error table's one cell outside 15% (FP64 32768x32768x4096 hhh at 6144, +20% on a map whose
#    duplex read 92.0 GB/s in 2026-11-28p) with its point's other tiles, on this call's map.
. scripts/device-env.sh r1 .device/kernels-n9-h200.txt .device/kernels-m3.txt || exit
git log --oneline -1; git status --short | head -8
nvidia-smi --query-gpu=timestamp,power.draw,clocks.sm,temperature.gpu,clocks_event_reasons.active \
  --format=csv,noheader -lms 100 > "$R/power.csv" 2>&1 &
smi=$!
pts="d:20000:17000:9000:hhh d:27000:9500:14500:hhh d:12000:30000:7000:hhh d:16384:16384:16384:hhh"
pts+=" s:20000:17000:9000:hhh s:27000:9500:14500:hhh d:20000:17000:9000:h0h d:27000:9500:14500:h0h"
export BENCH_REPS=5 ALT_LIMIT=110
alternate 1 cpanels.csv "$pts" tiles:PARALIA_C_PANELS=none panels:PARALIA_C_PANELS=all,PARALIA_VERBOSE=2
alternate 2 cpanels.csv "$pts" panels:PARALIA_C_PANELS=all,PARALIA_VERBOSE=2 tiles:PARALIA_C_PANELS=none
kill $smi 2>/dev/null
python3 bench/ab_report.py --base tiles "$R/cpanels.csv" > "$R/cpanels-report.txt" 2>&1; cat "$R/cpanels-report.txt"
grep -c "C read late in column panels" "$R"/panels-*.err
grep -h "status\|FAIL\|error" "$R"/*.err | head -5
cut -d, -f1,2,4-8,10,13,16 "$R/cpanels.csv"
stamp cpanels; pack
left=$((560 - (SECONDS - dev_start)))
[ $left -gt 40 ] && SWEEP_ONE_PROCESS=1 BENCH_REPS=3 PARALIA_VERBOSE=1 SWEEP_POINTS="d:32768:32768:4096:hhh" \
  SWEEP_TILES="0 2048 3072 4096 6144 8192" timeout $left bash bench/tile_sweep.sh "$R/sweep-fat.csv" >/dev/null 2>&1
echo "sweep rc $?"; cut -d, -f1,3-10 "$R/sweep-fat.csv"
stamp sweep; pack
