#!/usr/bin/env bash
# Session 2026-11-27r, call 1 (issue 14), one H200, on 5eff5db + bench/lt_algos.cu: the GPU suite
# (first run of the drop-in fixes 92704bc, 3633524, 21c77dc on CUDA workers); tests/dropin_keep
# 24 more times, 4 processes at once, beside a DGEMM load; cuBLASLt's algorithms under the power
# cap against cublas<t>gemm (bench/lt_algos.cu), FP64 and FP32, 8192^3 and 16384^3.
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh r1 $t || exit
grep "GB/s" "$R/linkmap.log" | head -3
nvcc -O2 -arch=sm_90 -o _build/lt_algos bench/lt_algos.cu -lcublasLt -lcublas -ldl > "$R/lt_build.txt" 2>&1 || cat "$R/lt_build.txt"
timeout 240 _build/lt_algos 2 > "$R/lt_algos.csv" 2> "$R/lt_algos.err"; echo "lt_algos rc $?"
grep -v "^#" "$R/lt_algos.csv" | column -t -s, | cut -c1-150; tail -3 "$R/lt_algos.err"
stamp lt_algos; pack
CHECK_RUNS=1 timeout 225 scripts/gpu-run.sh check > "$R/suite.txt" 2>&1; tail -2 "$R/suite.txt"
grep -h "^# \|FAIL" _build/test-suite.log 2>/dev/null | head -12 > "$R/suite-summary.txt"; grep "TOTAL\|PASS\|FAIL" "$R/suite-summary.txt"
stamp suite; pack
# the drop-in beside kept matrices, made likely to race: 4 at once, 6 rounds, the GPU busy
cd _build
( timeout 60 ./bench/sustain_probe d 8192 50 > /dev/null 2>&1 & )
fails=0
for round in 1 2 3 4 5 6; do
  for j in 1 2 3 4; do
    ( STARPU_HOME=$PWD/tests/starpu-home PARALIA_HOME=$PWD/tests/paralia-home timeout 90 ./tests/dropin_keep > "$R/dk-$round-$j.txt" 2>&1; echo "rc $?" >> "$R/dk-$round-$j.txt" ) &
  done
  wait
done
cd ..
grep -l "^rc [^0]" "$R"/dk-*.txt | wc -l | sed 's/^/dropin_keep runs failed: /'
grep -h "^rc" "$R"/dk-*.txt | sort | uniq -c
grep -h -i "error\|wrong\|FAIL" "$R"/dk-*.txt | sort | uniq -c | head
stamp dropin_keep; pack
