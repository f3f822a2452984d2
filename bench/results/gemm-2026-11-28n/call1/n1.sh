#!/usr/bin/env bash
# Session 2026-11-28n, call 1 (issue 14): gemm's kernels on two lanes (PARALIA_GEMM_STREAMS=2:
# two streams of the CUDA worker's own, alternating task by task, each joined to the worker's
# stream), so that the kernel StarPU's pipeline queues behind another runs beside it, against the
# worker's one stream (=1, the tuner on) and two workers per GPU (STARPU_NWORKER_PER_CUDA=2,
# session v: FP32 +2.4-3.3% from the host). One library, each configuration in its own process,
# rounds in two orders, medians of 3. Then FP32 4096^3 hhh at tiles 1024 and 2048 (the model's
# small-tile miss: the link waits 20-45 us between StarPU's copies) under StarPU's knobs; then
# gemm's GPU tests with the lanes on.
. scripts/device-env.sh n1 .device/kernels-n9-h200.txt .device/kernels-m3.txt || exit
git log --oneline -1; git status --short | head -8
pts="s:8192:8192:8192:hhh s:16384:16384:16384:hhh s:32768:32768:4096:hhh s:20000:17000:9000:hhh"
pts+=" s:4096:4096:32768:hhh s:27000:9500:14500:h0h s:12000:30000:7000:0hh s:16384:16384:16384:00h"
pts+=" d:8192:8192:8192:hhh d:16384:16384:16384:hhh d:20000:17000:9000:hhh d:32768:32768:4096:h0h"
pts+=" d:4096:4096:32768:hhh"
export BENCH_REPS=3 ALT_LIMIT=100
alternate 1 lanes.csv "$pts" one:PARALIA_GEMM_STREAMS=1 lanes:PARALIA_GEMM_STREAMS=2 w2:STARPU_NWORKER_PER_CUDA=2
alternate 2 lanes.csv "$pts" w2:STARPU_NWORKER_PER_CUDA=2 lanes:PARALIA_GEMM_STREAMS=2 one:PARALIA_GEMM_STREAMS=1
unset BENCH_REPS ALT_LIMIT
python3 bench/ab_report.py --base one "$R/lanes.csv" > "$R/lanes-report.txt" 2>&1; cat "$R/lanes-report.txt"
stamp report; pack
round=0
for cfg in one lanes ncpu0 pipe4 one lanes ncpu0 pipe4; do
  [ $((420 - (SECONDS - dev_start))) -gt 10 ] || break
  round=$((round + 1))
  case $cfg in
    one) v="PARALIA_GEMM_STREAMS=1" ;; lanes) v="PARALIA_GEMM_STREAMS=2" ;;
    ncpu0) v="STARPU_NCPU=0" ;; pipe4) v="STARPU_CUDA_PIPELINE=4" ;;
  esac
  env $v PARALIA_VERBOSE=1 BENCH_SWEEP="1024 2048 0" BENCH_REPS=5 timeout 20 _build/bench/gemm_bench paralia \
    s:4096:4096:4096:hhh d:4096:4096:4096:hhh 2>> "$R/small-$cfg.err" | grep -v "^#" | sed "s/^/$cfg,$round,/" >> "$R/small.csv"
done
cut -d, -f1-4,8-10,14,16 "$R/small.csv"
stamp small; pack
left=$((585 - (SECONDS - dev_start)))
if [ $left -gt 40 ]; then
  (cd _build && PARALIA_GEMM_STREAMS=2 timeout $((left - 10)) make -j8 check \
     TESTS="tests/blas_gemm tests/stress tests/blas_placement tests/blas_chain tests/blas_fetch_ahead" ) > "$R/tests-lanes.log" 2>&1
  grep -E "^(PASS|FAIL|SKIP|ERROR|# )" "$R/tests-lanes.log" | tail -14
  stamp tests; pack
fi
