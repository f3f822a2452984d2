#!/usr/bin/env bash
# Session 2026-11-27u, call 4 (issue 14): FP64 8192^3 with A on the GPU (tile 4096) runs 28.7 or
# 30.0 ms process by process. Is it the pop's rule (PARALIA_POP_READY=2) taking a 4096^3 product
# (2.27-2.46 ms) beside a C tile's copy of 2.42 ms? =2 against priority first (=0), alternating,
# three rounds from a fresh StarPU history and three with the history kept; the tasks taken below
# the head's priority counted per process (PARALIA_VERBOSE=1).
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh u4 $t || exit
grep "GB/s" "$R/linkmap.log" | head -2
samp=$HOME/.starpu/sampling/codelets
: > "$R/pop.csv"
for hist in fresh kept; do
  for round in 1 2 3; do
    for pr in 2 0; do
      [ $hist = fresh ] && rm -rf "$samp"
      PARALIA_POP_READY=$pr BENCH_REPS=5 PARALIA_VERBOSE=1 timeout 40 _build/bench/gemm_bench paralia d:8192:8192:8192:0hh 2>"$R/pop$pr-$hist$round.err" \
        | grep -v "^#" | sed "s/^/pop$pr-$hist$round,/" >> "$R/pop.csv"
      b=$(grep "below the head" "$R/pop$pr-$hist$round.err" | awk '{gsub("[(]", "", $6); s += $6} END {print s + 0}')
      echo "pop$pr-$hist$round,$(tail -1 "$R/pop.csv" | cut -d, -f9),below $b"
    done
  done
  stamp $hist; pack
done
cp "$(find "$samp" -name "paralia_dgemm.*" | head -1)" "$R/hist-dgemm.txt" 2>/dev/null; pack
