#!/usr/bin/env bash
# Session 2026-11-27r, call 5 (issue 14), on 9a08491: tests/dropin_keep on CUDA workers (4 at once); paralia against StarPU's dmdas on a plain
# tile graph of paralia's codelets (its better tile of 2048 and 4096), session n's 28 points
# (FP64 and FP32 hhh and 000, FP64 h0h 00h 0hh; 8192^3, 16384^3, 4096x4096x32768,
# 20000x17000x9000), as session p's call 4.
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh r5 $t || exit
grep "GB/s" "$R/linkmap.log" | head -3
# the drop-in's hold apart from the program's (23ce1a0) on CUDA workers: tests/dropin_keep, 4 at once
(cd _build && make tests/dropin_keep > /dev/null 2>&1
 for j in 1 2 3 4; do
   ( STARPU_HOME=$PWD/tests/starpu-home PARALIA_HOME=$PWD/tests/paralia-home timeout 60 ./tests/dropin_keep > "$R/dk-$j.txt" 2>&1; echo "rc $?" >> "$R/dk-$j.txt" ) &
 done; wait)
cat "$R"/dk-*.txt | grep "^dropin_keep\|^rc" | sort | uniq -c
stamp dropin_keep; pack
S4="8192:8192:8192 16384:16384:16384 4096:4096:32768 20000:17000:9000"
PARALIA_VERBOSE=1 BENCH_PRECS="d s" BENCH_SHAPES="$S4" BENCH_PLACES="hhh 000" BENCH_SYSTEMS="paralia dmdas" BENCH_REPS=3 \
  BENCH_TIMEOUT=170 timeout $((585 - (SECONDS - dev_start) - 200)) bash bench/gemm_compare.sh "$R/gemm-dmdas" >/dev/null 2>&1
grep "^| [ds]" "$R/gemm-dmdas/gemm.md" | cut -d'|' -f2-7,9,12,14
sed -n '/Geometric/,$p' "$R/gemm-dmdas/gemm.md" | head -3
stamp dmdas; pack
left=$((570 - (SECONDS - dev_start)))
[ $left -gt 40 ] && PARALIA_VERBOSE=1 BENCH_PRECS="d" BENCH_SHAPES="$S4" BENCH_PLACES="h0h 00h 0hh" BENCH_SYSTEMS="paralia dmdas" \
  BENCH_REPS=3 BENCH_TIMEOUT=$((left / 2)) timeout $left bash bench/gemm_compare.sh "$R/gemm-dmdas-mixed" >/dev/null 2>&1
grep "^| [ds]" "$R/gemm-dmdas-mixed/gemm.md" | cut -d'|' -f2-7,9,12,14
sed -n '/Geometric/,$p' "$R/gemm-dmdas-mixed/gemm.md" | head -3
stamp mixed; pack
# the dataset's plot (matplotlib is here, not on the build machine): calls 2-4's rows
if [ -f bench/results/gemm-2026-11-27r/combine.sh ]; then
  (cd bench/results/gemm-2026-11-27r && bash combine.sh > "$R/combine.txt" 2>&1; cp dataset/gemm.png dataset/gemm.md "$R/" 2>/dev/null)
  tail -4 "$R/combine.txt"
fi
stamp plot; pack
