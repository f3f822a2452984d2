#!/usr/bin/env bash
# Session 2026-11-27s, call 3 (issue 14), on 5e46790: C added at home where the model finds it 10%
# faster (PARALIA_C_HOME=model) against the default (none), now that the kernel table's sum line is
# this host's own (scripts/device-env.sh runs paralia-kernels --sum): replayed on session r's call
# 10, the host's 104.9 GB/s has the model choose home at FP64 8192^3 hhh and no longer at
# 32768x32768x4096 (1.36-1.52x slower there). 16 points with C on the host, two rounds
# alternating, medians of 5; the model's choices from PARALIA_VERBOSE. Then the GPU suite.
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh s3 $t || exit
grep "GB/s" "$R/linkmap.log" | head -3
echo "carried: $(grep '^sum' $t)  this host: $(grep '^sum' "$R/kernels.txt")"
P="d:4096:4096:4096:hhh d:8192:8192:8192:hhh d:8192:8192:8192:h0h d:8192:8192:8192:0hh d:8192:8192:8192:00h d:16384:16384:16384:hhh d:16384:16384:16384:h0h d:16384:16384:16384:0hh d:20000:17000:9000:hhh d:20000:17000:9000:h0h d:20000:17000:9000:0hh d:12000:30000:7000:hhh d:27000:9500:14500:hhh d:32768:32768:4096:hhh d:4096:4096:32768:hhh s:8192:8192:8192:hhh"
: > "$R/home.csv"
for round in 1 2; do
  for mode in none model; do
    PARALIA_C_HOME=$mode BENCH_REPS=5 PARALIA_VERBOSE=1 timeout 100 _build/bench/gemm_bench paralia $P 2>"$R/home-$mode-$round.err" \
      | grep -v "^#" | sed "s/^/$mode-$round,/" >> "$R/home.csv"
    stamp "$mode $round"; pack
  done
done
cut -d, -f1,3-9,13 "$R/home.csv"
grep -h "autotune" "$R"/home-model-1.err | grep -i "home" | sed 's/.*autotune //' | cut -c1-160
git log --oneline -1 2>/dev/null | cut -c1-60
CHECK_RUNS=1 timeout 225 scripts/gpu-run.sh check > "$R/suite.txt" 2>&1; tail -2 "$R/suite.txt"
grep -h "^# \|FAIL" _build/test-suite.log 2>/dev/null | head -12 > "$R/suite-summary.txt"; grep "TOTAL\|PASS\|FAIL" "$R/suite-summary.txt"
stamp suite; pack
