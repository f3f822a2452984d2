#!/usr/bin/env bash
# Session 2026-11-28u, call 1 (issue 14), on a9e4323 (gemm's blocks priced as one where every
# chain is within the policy's lookahead), side by side with the library before it (a439f77's
# model, 7475543: .device/u-old.patch reverses a9e4323's library change; alt_build):
# 1. FP32 4096x4096x32768 from the host, whose pick moves (4096 x 2048 -> 4096 x 1024 in layers
#    of 6144): new and old library, three rounds in rotating order, medians of 9;
# 2. FP64 8192^3 from the host with beta = 0, whose pick moves on the H200 table (8192 x 1024 in
#    A's and B's panels -> 8192 x 512 in layers of 4096): the same;
# 3. both points against cuBLASXt and dmdas (gemm_compare.sh, each system in its own process);
# 4. the new pick's GPU timeline.
. scripts/device-env.sh u1 .device/kernels-n9-h200.txt .device/kernels-m3.txt || exit
git log --oneline -1; git status --short | head -8
alt_build /tmp/old .device/u-old.patch || exit
export BENCH_REPS=9 ALT_LIMIT=60
old=old:BENCH_BIN=/tmp/old/_build/bench/gemm_bench
pt=s:4096:4096:32768:hhh
alternate 1 long.csv "$pt" new "$old"
alternate 2 long.csv "$pt" "$old" new
alternate 3 long.csv "$pt" new "$old"
python3 bench/ab_report.py --base old "$R/long.csv" > "$R/long-report.txt" 2>&1; cat "$R/long-report.txt"
cut -d, -f1,2,9,10,11,12,14 "$R/long.csv"
grep -h "autotune" "$R"/new-1.err "$R"/old-1.err | head -4
for f in "$R"/new-*.err "$R"/old-*.err; do mv "$f" "${f%.err}-long.err"; done
stamp long; pack
pt=d:8192:8192:8192:hhh
export BENCH_BETA=0
alternate 1 d8192b0.csv "$pt" new "$old"
alternate 2 d8192b0.csv "$pt" "$old" new
alternate 3 d8192b0.csv "$pt" new "$old"
python3 bench/ab_report.py --base old "$R/d8192b0.csv" > "$R/d8192b0-report.txt" 2>&1; cat "$R/d8192b0-report.txt"
cut -d, -f1,2,9,10,11,12,14 "$R/d8192b0.csv"
grep -h "autotune" "$R"/new-1.err "$R"/old-1.err | head -4
for f in "$R"/new-[0-9].err "$R"/old-[0-9].err; do mv "$f" "${f%.err}-d8192b0.err"; done
stamp d8192b0; pack
BENCH_POINTS="d:8192:8192:8192:hhh" BENCH_SYSTEMS="paralia cublasxt dmdas" \
  BENCH_REPS=3 PARALIA_VERBOSE=1 BENCH_TIMEOUT=60 timeout 120 bash bench/gemm_compare.sh "$R/beta0" > "$R/beta0.log" 2>&1
echo "beta0 rc $?"; grep "^| [ds] " "$R/beta0/gemm.md" | cut -d'|' -f2-9,12-14
unset BENCH_BETA
stamp beta0; pack
BENCH_POINTS="s:4096:4096:32768:hhh" BENCH_SYSTEMS="paralia cublasxt dmdas" \
  BENCH_REPS=3 PARALIA_VERBOSE=1 BENCH_TIMEOUT=60 timeout 120 bash bench/gemm_compare.sh "$R/moved" > "$R/moved.log" 2>&1
echo "moved rc $?"; grep "^| [ds] " "$R/moved/gemm.md" | cut -d'|' -f2-9,12-14
stamp moved; pack
TIMELINE_STARPU=1 PARALIA_VERBOSE=1 timeout 60 \
  bash bench/gpu_timeline.sh "$R/timeline-new" "0:s:4096:4096:32768:hhh" > /dev/null 2>&1
echo "timeline new rc $?"; head -24 "$R/timeline-new/report.txt" 2>/dev/null
stamp timeline; pack
