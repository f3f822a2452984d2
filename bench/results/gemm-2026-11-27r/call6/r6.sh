#!/usr/bin/env bash
# Session 2026-11-27r, call 6 (issue 14), on the session's last code: FP64 4096^3 with C on the host
# (hhh h0h 00h 0hh) at tiles 1024, 1536 and 2048 and the pick, two rounds (call 2's H100 ran
# h0h at the pick 1536 in 7.7 ms, predicted 5.6; session n's H100 ran it at 1024 in 6.4); then the
# GPU suite.
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh r6 $t || exit
grep "GB/s" "$R/linkmap.log" | head -3
for round in 1 2; do
  SWEEP_POINTS="d:4096:4096:4096:hhh d:4096:4096:4096:h0h d:4096:4096:4096:00h d:4096:4096:4096:0hh" \
  SWEEP_TILES="0 1024 1536 2048" BENCH_REPS=5 PARALIA_VERBOSE=1 timeout 100 bash bench/tile_sweep.sh "$R/sweep-$round.csv"
done
for round in 1 2; do cut -d, -f1,3-9,12 "$R/sweep-$round.csv"; done
stamp sweep; pack
CHECK_RUNS=1 timeout 225 scripts/gpu-run.sh check > "$R/suite.txt" 2>&1; tail -2 "$R/suite.txt"
grep -h "^# \|FAIL" _build/test-suite.log 2>/dev/null | head -12 > "$R/suite-summary.txt"; grep "TOTAL\|PASS\|FAIL" "$R/suite-summary.txt"
grep -h "dropin_keep:" _build/tests/dropin_keep.log 2>/dev/null | head -12
stamp suite; pack
