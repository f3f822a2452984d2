#!/usr/bin/env bash
# Session 2026-11-28l, call 1 (issue 14): C's late tiles asked for at StarPU's lowest priority
# (bench/results/gemm-2026-11-28k/c-late-prio.patch, built beside this tree by alt_build), so
# that the chains' next A and B tiles, fetched ahead by idle requests at the default priority,
# cross first, against the library as it is (b8c6b3a's), side by side, each in its own process:
# (1) FP64 4096x4096x32768 h0h, where call 3 of session k saw the GPU wait 1.4 ms twice while C's
# tiles crossed (tiles 2048 and 3072 and the pick, BENCH_SWEEP, medians of 5), rounds base,
# prio, prio, base; (2) 16 points whose picks read C late (FP64 hhh at seven shapes, FP64 h0h and
# 0hh at the odd and large ones, FP32 h0h), medians of 3, rounds base, prio, prio, base; (3) FP64
# 20000x17000x9000 hhh at tiles 3072 (session v: its first block's geadds wait for C's tiles)
# and 2048 and the pick, the risk of C's tiles going last.
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh l1 $t || exit
git log --oneline -1; git status --short | head -5
grep "GB/s" "$R/linkmap.log" | head -3
alt_build "$HOME/alt-cprio" bench/results/gemm-2026-11-28k/c-late-prio.patch || exit
P=$HOME/alt-cprio/_build/bench/gemm_bench
bin() { [ "$1" = prio ] && echo "$P" || echo _build/bench/gemm_bench; }
sweep() { # sweep CSV TILES REPS POINT...: base and prio in rounds base, prio, prio, base
  local csv=$1 tiles=$2 reps=$3 round=0 w
  shift 3
  for w in base prio prio base; do
    round=$((round + 1))
    PARALIA_VERBOSE=1 BENCH_SWEEP="$tiles" BENCH_REPS=$reps timeout 90 "$(bin $w)" paralia "$@" \
      2>> "$R/$csv-$w.err" | grep -v "^#" | sed "s/^/$w,$round,/" >> "$R/$csv.csv"
  done
  cut -d, -f1-3,9-10,14 "$R/$csv.csv"
  stamp "$csv"; pack
}
sweep point "2048 3072 0" 5 d:4096:4096:32768:h0h
pts=""
for s in 4096:4096:4096 8192:8192:8192 4096:4096:32768 16384:16384:16384 20000:17000:9000 27000:9500:14500 12000:30000:7000; do pts+="d:$s:hhh "; done
for s in 4096:4096:32768 20000:17000:9000 27000:9500:14500 16384:16384:16384; do pts+="d:$s:h0h "; done
pts+="d:27000:9500:14500:0hh d:16384:16384:16384:0hh "
for s in 8192:8192:8192 4096:4096:32768 27000:9500:14500; do pts+="s:$s:h0h "; done
export BENCH_REPS=3
ALT_LIMIT=120 alternate 1 prio.csv "$pts" base prio:BENCH_BIN=$P
ALT_LIMIT=120 alternate 2 prio.csv "$pts" prio:BENCH_BIN=$P base
unset BENCH_REPS
cut -d, -f1-4,6-9,10,14 "$R/prio.csv"
left=$((575 - (SECONDS - dev_start)))
[ $left -gt 60 ] && sweep first "3072 2048 0" 3 d:20000:17000:9000:hhh
# (4) the prio library's timeline at tile 3072 of (1)'s point, with StarPU's worker events, to
# set beside session k's call 3 (bench/results/gemm-2026-11-28k/call3)
left=$((575 - (SECONDS - dev_start)))
[ $left -gt 60 ] && TIMELINE_STARPU=1 timeout $left bash "$HOME/alt-cprio/bench/gpu_timeline.sh" "$R/tl" 3072:d:4096:4096:32768:h0h > "$R/tl-3072.log" 2>&1
grep "^== \|^last call\|^HtoD\|^DtoH\|^kernel\|^fill" "$R/tl/report.txt" | cut -c1-220
stamp timeline; pack
