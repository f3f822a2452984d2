#!/usr/bin/env bash
# Session 2026-11-28k, call 1 (issue 14), on the library of b8c6b3a: the dataset's 48 mixed points
# but 32768^3 (h0h, 00h, 0hh; FP64 and FP32; 8 shapes), which no sweep has measured on this model:
# the pick and every fixed square tile (bench/tile_sweep.sh, medians of 3 after 4 untimed calls),
# each point's tiles in one process on operands filled once (SWEEP_ONE_PROCESS=1). Tiles of
# 1024-8192 at the three smallest shapes, 2048-8192 at the others. Replayed after on this call's
# kernel table and link map (bench/model_replay).
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh k1 $t || exit
git log --oneline -1; git status --short | head -3
grep "GB/s" "$R/linkmap.log" | head -3
for prec in d s; do
  for part in small big; do
    if [ $part = small ]; then
      shapes="4096:4096:4096 8192:8192:8192 4096:4096:32768" tiles="0 1024 1536 2048 3072 4096 6144 8192"
    else
      shapes="16384:16384:16384 32768:32768:4096 20000:17000:9000 12000:30000:7000 27000:9500:14500"
      tiles="0 2048 3072 4096 6144 8192"
    fi
    pts=""; for s in $shapes; do for pl in h0h 00h 0hh; do pts+="$prec:$s:$pl "; done; done
    left=$((575 - (SECONDS - dev_start)))
    [ $left -gt 20 ] || break
    PARALIA_VERBOSE=1 SWEEP_ONE_PROCESS=1 SWEEP_POINTS="$pts" SWEEP_TILES="$tiles" BENCH_REPS=3 \
      timeout $left bash bench/tile_sweep.sh "$R/sweep-$prec-$part.csv" >/dev/null 2>&1
    echo "$prec $part: $(grep -c ',ok$' "$R/sweep-$prec-$part.csv") cells ok, $(grep -vc ',ok$' "$R/sweep-$prec-$part.csv") other"
    stamp "$prec-$part"; pack
  done
done
