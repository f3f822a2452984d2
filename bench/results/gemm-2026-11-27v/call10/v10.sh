#!/usr/bin/env bash
# Session 2026-11-27v, call 10 (issue 14): C read late, requested too when a worker takes its
# chain's last product (PARALIA_C_LATE_FETCH=last, the new default) against its idle request
# alone (idle, as before). Call 9 found the first block's geadds at tile 3072 running one per C
# tile's copy, the GPU idle 10 ms. Both alternating, two rounds, each in its own process, at FP64
# points that read C late; then gemm's tests on this GPU.
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh v10 $t || exit
pts="d:20000:17000:9000:hhh d:20000:17000:9000:h0h d:12000:30000:7000:hhh d:12000:30000:7000:0hh d:16384:16384:16384:hhh d:8192:8192:8192:hhh d:27000:9500:14500:hhh d:32768:32768:4096:hhh"
for round in 1 2; do
  for mode in last idle; do
    PARALIA_C_LATE_FETCH=$mode timeout 100 _build/bench/gemm_bench paralia $pts 2>/dev/null | sed "s/^/$mode,$round,/" >> "$R/fetch.csv"
  done
  stamp "round $round"; pack
done
cat "$R/fetch.csv"
cd _build && STARPU_SILENT=1 timeout 150 make -j8 check TESTS="tests/blas_gemm tests/gemm_late.sh tests/gemm_tall.sh tests/gemm_panels.sh tests/gemm_home.sh tests/stress" > "$R/tests.out" 2>&1
grep -E "^(PASS|FAIL|ERROR|SKIP):|^# " "$R/tests.out"; cp tests/*.log "$R/" 2>/dev/null
cd ..; stamp tests; pack
