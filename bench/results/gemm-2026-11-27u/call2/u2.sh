#!/usr/bin/env bash
# Session 2026-11-27u, call 2 (issue 14), on the kernel table as the policy's estimate only while
# StarPU's history has no calibrated time (PARALIA_KERNEL_TABLE=1, default) against the flops
# estimate then (=0):
#  A. the young history: StarPU's sampling removed before each process; FP64 8192^3 0hh and hhh,
#     27000x9500x14500, 20000x17000x9000 and 12000x30000x7000 hhh, FP32 27000x9500x14500 hhh;
#     three rounds alternating, medians of 5; StarPU's gemm histories kept after each process.
#  B. the GPU suite.
#  C. the odd FP64 shapes from the host at the pick and fixed tiles 3072, 3400, 4096, 4500, 5000
#     (tiles that split one or two of their sides evenly), StarPU's history from a fresh start
#     kept after: what each edge product ran at.
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh u2 $t || exit
grep "GB/s" "$R/linkmap.log" | head -2
samp=$HOME/.starpu/sampling/codelets
P="d:8192:8192:8192:0hh d:8192:8192:8192:hhh d:27000:9500:14500:hhh d:20000:17000:9000:hhh d:12000:30000:7000:hhh s:27000:9500:14500:hhh"
: > "$R/young.csv"
for round in 1 2 3; do
  for kt in 1 0; do
    rm -rf "$samp"
    PARALIA_KERNEL_TABLE=$kt BENCH_REPS=5 PARALIA_VERBOSE=1 timeout 80 _build/bench/gemm_bench paralia $P 2>"$R/young$kt-$round.err" \
      | grep -v "^#" | sed "s/^/kt$kt-$round,/" >> "$R/young.csv"
    for p in d s; do cp "$(find "$samp" -name "paralia_${p}gemm.*" | head -1)" "$R/hist-${p}gemm-kt$kt-$round.txt" 2>/dev/null; done
  done
done
cut -d, -f1,3-9 "$R/young.csv"; grep -h "summary" "$R"/young*.err | cut -c1-200; stamp young; pack
CHECK_RUNS=1 timeout 225 scripts/gpu-run.sh check > "$R/suite.txt" 2>&1; tail -2 "$R/suite.txt"
grep -h "^# \|FAIL" _build/test-suite.log 2>/dev/null | head -12 > "$R/suite-summary.txt"; grep "TOTAL\|PASS\|FAIL" "$R/suite-summary.txt"
stamp suite; pack
rm -rf "$samp"
SWEEP_POINTS="d:20000:17000:9000:hhh d:27000:9500:14500:hhh d:12000:30000:7000:hhh" SWEEP_TILES="0 3072 3400 4096 4500 5000" \
  BENCH_REPS=3 timeout 150 bash bench/tile_sweep.sh "$R/sweep-odd.csv" | tail -1
cp "$(find "$samp" -name "paralia_dgemm.*" | head -1)" "$R/hist-dgemm-sweep.txt" 2>/dev/null
cut -d, -f1-9 "$R/sweep-odd.csv"; stamp sweep; pack
