#!/usr/bin/env bash
# Session 2026-11-27s, call 5 (issue 14), on 5e46790: on the issue's H200, the two switches that ran
# FP64 points from the host faster on H100s: C added at home everywhere (PARALIA_C_HOME=all; session
# r's call 10: 20000x17000x9000 10-12%, 8192^3 2-9%) and PARALIA_POP_READY=1 (this session's
# calls 1-2: 8192^3 4-16%, 27000x9500x14500 5-7%), against the default; 4 FP64 hhh points, two
# rounds alternating, medians of 5.
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh s5 $t || exit
grep "GB/s" "$R/linkmap.log" | head -3
echo "carried: $(grep '^sum' $t)  this host: $(grep '^sum' "$R/kernels.txt")"
P="d:8192:8192:8192:hhh d:20000:17000:9000:hhh d:12000:30000:7000:hhh d:27000:9500:14500:hhh"
: > "$R/sw.csv"
for round in 1 2; do
  for cfg in default PARALIA_C_HOME=all PARALIA_POP_READY=1; do
    env $([ $cfg = default ] || echo $cfg) BENCH_REPS=5 PARALIA_VERBOSE=1 timeout 60 _build/bench/gemm_bench paralia $P 2>"$R/$cfg-$round.err" \
      | grep -v "^#" | sed "s/^/$cfg-$round,/" >> "$R/sw.csv"
    stamp "$cfg $round"; pack
  done
done
cut -d, -f1,3-9,13 "$R/sw.csv"
stamp done; pack
