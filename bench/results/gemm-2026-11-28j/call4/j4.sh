#!/usr/bin/env bash
# Session 2026-11-28j, call 4 (issue 14): why the thin layer over k first (call 2,
# bench/results/gemm-2026-11-28j/ragged-first.patch, applied here to eac9008 but for its test) ran
# 14-37% over the model's time at FP64 20000x17000x9000 from the host in tiles of 8192 and FP32
# 4096^3 in tiles of 3072. The lead: after the thin layer's small tiles the link idles until the
# next layer's tasks are ready, and C's idle requests (C read late) start then, each a whole C
# tile's copy ahead of the next layer's A and B tiles. Each fixed tile: the thin layer first with
# every block fetching its next tiles ahead (PARALIA_FETCH_AHEAD=all, requested as each step is
# taken), first as the model says, and k's order; two rounds, one process each, medians of 3.
git apply --exclude='tests/*' bench/results/gemm-2026-11-28j/ragged-first.patch || { echo "patch failed"; exit 1; }
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh j4 $t || exit
git log --oneline -1; git status --short | head -12
grep "GB/s" "$R/linkmap.log" | head -3
export BENCH_REPS=3 PARALIA_VERBOSE=2 ALT_LIMIT=40
for tp in "8192 d:20000:17000:9000:hhh" "6144 d:12000:30000:7000:hhh d:20000:17000:9000:hhh" "3072 s:4096:4096:4096:hhh d:4096:4096:4096:hhh"; do
  set -- $tp; T=$1; shift
  left=$((330 - (SECONDS - dev_start)))
  [ $left -gt 45 ] || break
  alternate "1 2" "t$T.csv" "$*" ahead:PARALIA_TILE=$T,PARALIA_RAGGED=first,PARALIA_FETCH_AHEAD=all \
    first:PARALIA_TILE=$T,PARALIA_RAGGED=first last:PARALIA_TILE=$T,PARALIA_RAGGED=last
  cut -d, -f1-2,4-9,10,14 "$R/t$T.csv"
done
grep -h "fetch ahead" "$R"/*.err | sort | uniq -c | head
