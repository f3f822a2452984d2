#!/usr/bin/env bash
# Session 2026-11-27r, call 7 (issue 14), on 9a08491: the H100's spread between the calls of one
# process at FP64 8192^3 and 32768x32768x4096 from the host (call 2: 37.2-52.4 ms and 227-287 ms,
# both in tall tiles), each call's time (BENCH_EACH=1), the pick against square tiles and the
# other tall shape, two rounds alternating; 16384^3 from the host at its pick.
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh r7 $t || exit
grep "GB/s" "$R/linkmap.log" | head -3
b=_build/bench/gemm_bench
: > "$R/each.csv"
run() { # label, env..., then points
  local label=$1; shift
  env "$@" BENCH_EACH=1 PARALIA_VERBOSE=1 $b paralia $P 2>"$R/one.err" | grep -v "^#" | sed "s/^/$label,/" >> "$R/each.csv"
  sed "s/^/$label /" "$R/one.err" >> "$R/each.err"
}
for round in 1 2; do
  P="d:8192:8192:8192:hhh"
  run "r$round-pick" BENCH_REPS=8
  run "r$round-2048x8192" BENCH_REPS=8 PARALIA_TILE=2048 PARALIA_TALL=8192
  run "r$round-sq2048" BENCH_REPS=8 PARALIA_TILE=2048 PARALIA_TALL=none
  run "r$round-sq4096" BENCH_REPS=8 PARALIA_TILE=4096 PARALIA_TALL=none
  P="d:32768:32768:4096:hhh"
  run "r$round-pick" BENCH_REPS=5
  run "r$round-sq4096" BENCH_REPS=5 PARALIA_TILE=4096 PARALIA_TALL=none
  run "r$round-sq8192" BENCH_REPS=5 PARALIA_TILE=8192 PARALIA_TALL=none
  stamp "round $round"; pack
done
P="d:16384:16384:16384:hhh"
run "pick" BENCH_REPS=5
cat "$R/each.csv" | cut -c1-160
grep -h " call [0-9]" "$R/each.err" | sed "s/# paralia //" | head -90
stamp done; pack
