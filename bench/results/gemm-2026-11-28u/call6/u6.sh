#!/usr/bin/env bash
# Session 2026-11-28u, call 6 (issue 14): FP64 8192^3 with every operand on the GPU, paralia's tiles
# of 2048 against dmdas's tile graph of 2048 (gemm_bench graph, as gemm_compare.sh runs it) in
# alternating processes, medians of 9, three rounds; and paralia's 2048 on one stream
# (PARALIA_GEMM_STREAMS=1). Call 4 read paralia 19.4-20.0 ms at every tile, dmdas 18.1; call 5's
# timelines put paralia's 2048 at 18.10 ms of kernels in a call of 18.49 on a GPU at rest.
. scripts/device-env.sh u6 .device/kernels-n9-h200.txt .device/kernels-m3.txt || exit
git log --oneline -1; git status --short | head -4
pt=d:8192:8192:8192:000
run1() { # name round env...
  local name=$1 round=$2 sys=paralia; shift 2
  case $name in dmdas*) sys=graph ;; esac
  env BENCH_REPS=9 $@ timeout 20 _build/bench/gemm_bench $sys $pt 2> "$R/$name-$round.err" | sed "s/^/$name,$round,/" >> "$R/g.csv"
}
P="PARALIA_TILE=2048"; D="STARPU_SCHED=dmdas PARALIA_SCHED=starpu-default BENCH_TILES=2048"
S="PARALIA_TILE=2048 PARALIA_GEMM_STREAMS=1"
for order in "p2048 dmdas p2048s1 pick" "pick p2048s1 dmdas p2048" "dmdas p2048 pick p2048s1"; do
  round=$((round + 1))
  for name in $order; do
    case $name in p2048) run1 $name $round $P ;; dmdas) run1 $name $round $D ;;
                  p2048s1) run1 $name $round $S ;; pick) run1 $name $round PARALIA_VERBOSE=1 ;; esac
  done
  stamp "round $round"; pack
done
cut -d, -f1,2,9,10,11,12 "$R/g.csv"
pack
