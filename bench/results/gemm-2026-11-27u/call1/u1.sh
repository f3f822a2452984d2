#!/usr/bin/env bash
# Session 2026-11-27u, call 1 (issue 14): the policy's GPU time of paralia's gemm tasks from the
# kernel table (PARALIA_KERNEL_TABLE=1, the new default) against StarPU's history (=0).
#  A. the young history: StarPU's sampling removed before each process, FP64 8192^3 0hh and hhh
#     and 27000x9500x14500 hhh, three rounds alternating, medians of 5; StarPU's paralia_dgemm
#     history kept after each process (mean, deviation, samples per footprint).
#  B. session s's 16 points with an operand on the host, history kept across processes, two
#     processes each, alternating.
#  C. Cholesky and LU n=20480 nb=2048 under =1, =0 and dmdas.
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh u1 $t || exit
grep "GB/s" "$R/linkmap.log" | head -2
samp=$HOME/.starpu/sampling/codelets
P="d:8192:8192:8192:0hh d:8192:8192:8192:hhh d:27000:9500:14500:hhh"
: > "$R/young.csv"
for round in 1 2 3; do
  for kt in 1 0; do
    rm -rf "$samp"
    PARALIA_KERNEL_TABLE=$kt BENCH_REPS=5 PARALIA_VERBOSE=1 timeout 60 _build/bench/gemm_bench paralia $P 2>"$R/young$kt-$round.err" \
      | grep -v "^#" | sed "s/^/kt$kt-$round,/" >> "$R/young.csv"
    cp "$(find "$samp" -name 'paralia_dgemm.*' | head -1)" "$R/hist-dgemm-kt$kt-$round.txt" 2>/dev/null
  done
done
cut -d, -f1,3-9 "$R/young.csv"; grep -h "summary" "$R"/young*.err | cut -c1-200; stamp young; pack
P="d:4096:4096:4096:hhh d:4096:4096:4096:h0h d:8192:8192:8192:hhh d:8192:8192:8192:h0h d:8192:8192:8192:0hh d:8192:8192:8192:00h d:16384:16384:16384:hhh d:16384:16384:16384:h0h d:16384:16384:16384:0hh d:20000:17000:9000:hhh d:20000:17000:9000:0hh d:12000:30000:7000:hhh d:27000:9500:14500:hhh d:32768:32768:4096:hhh s:8192:8192:8192:hhh s:27000:9500:14500:hhh"
: > "$R/points.csv"
for round in 1 2; do
  for kt in 1 0; do
    PARALIA_KERNEL_TABLE=$kt BENCH_REPS=5 PARALIA_VERBOSE=1 timeout 100 _build/bench/gemm_bench paralia $P 2>"$R/points$kt-$round.err" \
      | grep -v "^#" | sed "s/^/kt$kt-$round,/" >> "$R/points.csv"
    stamp "points $kt $round"; pack
  done
done
cut -d, -f1,3-9 "$R/points.csv"
for f in cholesky lu; do
  left=$((585 - (SECONDS - dev_start)))
  echo "left $left s for $f"
  [ $left -gt 60 ] && RUNS=5 WARMUP=1 POLICIES="paralia paralia:PARALIA_KERNEL_TABLE=0 dmdas" timeout $left \
    bash bench/sched_compare.sh _build/examples/paralia-$f -n 20480 -nb 2048 > "$R/$f.txt" 2>&1
  tail -5 "$R/$f.txt"
  stamp $f; pack
done
