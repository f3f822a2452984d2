#!/usr/bin/env bash
# Session 2026-11-27u, call 3 (issue 14): call 2's sweep ran its first process (a fresh StarPU
# history, FP64 20000x17000x9000 hhh first, 3 timed calls) at 308.8 ms against 145.7 after, with
# StarPU warning of 12 ms transfer submissions. Is it the kernel table as the uncalibrated estimate
# (PARALIA_KERNEL_TABLE=1) or any fresh history? The same condition under =1 and =0, three rounds
# alternating. Then the GPU suite with a longer limit (call 2's was cut at 225 s), unfinished tests'
# logs kept.
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh u3 $t || exit
grep "GB/s" "$R/linkmap.log" | head -2
samp=$HOME/.starpu/sampling/codelets
P="d:20000:17000:9000:hhh d:27000:9500:14500:hhh"
: > "$R/fresh.csv"
for round in 1 2 3; do
  for kt in 1 0; do
    rm -rf "$samp"
    PARALIA_KERNEL_TABLE=$kt BENCH_REPS=3 PARALIA_TALL=model PARALIA_VERBOSE=1 timeout 60 _build/bench/gemm_bench paralia $P 2>"$R/fresh$kt-$round.err" \
      | grep -v "^#" | sed "s/^/kt$kt-$round,/" >> "$R/fresh.csv"
    echo "kt$kt-$round: $(grep -c 'very long time' "$R/fresh$kt-$round.err") slow submissions, $(grep -c 'Too big deviation' "$R/fresh$kt-$round.err") flushes"
  done
done
cut -d, -f1,3-10 "$R/fresh.csv"; grep -h "summary" "$R"/fresh*.err | cut -c1-220; stamp fresh; pack
CHECK_RUNS=1 CHECK_LIMIT=360 timeout 370 scripts/gpu-run.sh check > "$R/suite.txt" 2>&1; tail -3 "$R/suite.txt"
grep -h "^# \|FAIL" _build/test-suite.log 2>/dev/null | head -12 > "$R/suite-summary.txt"; cat "$R/suite-summary.txt"
for l in _build/tests/*.log; do
  [ "$(basename "$l")" = test-suite.log ] && continue
  trs=${l%.log}.trs
  if [ ! -f "$trs" ]; then echo "unfinished: $l"; cp "$l" "$R/"; elif grep -q "FAIL\|ERROR" "$trs"; then echo "failed: $l"; cp "$l" "$R/"; fi
done
ls -la --time-style=+%T _build/tests/*.trs 2>/dev/null | awk '{print $6, $7}' | sort | tail -5
stamp suite; pack
