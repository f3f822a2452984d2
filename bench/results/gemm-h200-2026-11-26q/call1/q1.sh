#!/usr/bin/env bash
# Session 2026-11-26q, call 1 (issue 14), one H200: the link calibration in rounds (each time the
# median of its samples in the fastest of 3 rounds). (1) quiet: 5 calibrations at 3 rounds and 5
# at 1, alternating; (2) beside busy periods on the host link (bench/copy_load, started with the
# calibration): a burst (0.6 s on, 1.4 s off) and a flicker (0.05 s on, 0.15 s off), 3 each at 3
# rounds and at 1; (3) FP64 hhh 4096x4096x32768, 16384^3, 8192^3: paralia's pick on this call's
# calibration against cuBLASXt; (4) the GPU suite.
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh q1 $t || exit
lm=_build/tools/paralia-linkmap
mkdir -p "$R/lm"
for i in 1 2 3 4 5; do
  for r in 3 1; do
    $lm calibrate --rounds $r -o "$R/lm/quiet-r$r-$i.txt" > "$R/lm/quiet-r$r-$i.log" 2>&1
  done
done
for load in "burst 0.6 1.4" "flicker 0.05 0.15"; do
  set -- $load
  for i in 1 2 3; do
    for r in 3 1; do
      _build/bench/copy_load $2 $3 4 > "$R/lm/$1-r$r-$i.load" 2>&1 &
      $lm calibrate --rounds $r -o "$R/lm/$1-r$r-$i.txt" > "$R/lm/$1-r$r-$i.log" 2>&1
      wait
    done
  done
done
for f in "$R"/lm/*.log; do
  printf '%-18s %s\n' "$(basename $f .log)" "$(grep -o 'host0->gpu0: *[0-9.]* GB/s\|gpu0->host0: *[0-9.]* GB/s\|rounds reading [0-9.-]* GB/s\|at once: *[0-9.]* GB/s\|reading [0-9.-]*;' $f | tr '\n' ' ')"
done
head -3 "$R"/lm/burst-r3-1.load
stamp linkmap; pack
PARALIA_VERBOSE=2 BENCH_PRECS="d" BENCH_SHAPES="4096:4096:32768 16384:16384:16384 8192:8192:8192" BENCH_PLACES="hhh" \
  BENCH_SYSTEMS="paralia cublasxt" BENCH_REPS=3 BENCH_TIMEOUT=90 timeout 200 bash bench/gemm_compare.sh "$R/gemm" >/dev/null 2>&1
grep "^| [ds]" "$R/gemm/gemm.md" | cut -d'|' -f2-9,11-14
grep "autotune" "$R/gemm/paralia.stderr" | sed 's/(ld.*): tile/: tile/' | sort | uniq -c | cut -c1-200
stamp gemm; pack
CHECK_RUNS=1 timeout 250 scripts/gpu-run.sh check > "$R/suite.txt" 2>&1; tail -2 "$R/suite.txt"
grep -h "^# \|FAIL" _build/test-suite.log 2>/dev/null | head -12 > "$R/suite-summary.txt"; grep "TOTAL\|PASS\|FAIL" "$R/suite-summary.txt"
stamp suite; pack
