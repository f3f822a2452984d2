#!/usr/bin/env bash
# Session 2026-11-27f, call 1 (issue 14): paralia against StarPU's dmdas on a plain tile graph of
# paralia's codelets (its better tile of 2048 and 4096), side by side in one call, at session n's
# 28 points as session t's call 4 ran them (on this session's code): FP64 and FP32 hhh and 000 at
# 8192^3, 16384^3, 4096x4096x32768, 20000x17000x9000; FP64 h0h 00h 0hh at the same shapes. The
# issue's "1.3x the dmdas tile graph" was last measured side by side in session t (1.265x); the
# 1.292x since combined later sessions' paralia with t's dmdas.
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh f1 $t || exit
grep "GB/s" "$R/linkmap.log" | head -3
S4="8192:8192:8192 16384:16384:16384 4096:4096:32768 20000:17000:9000"
PARALIA_VERBOSE=1 BENCH_PRECS="d s" BENCH_SHAPES="$S4" BENCH_PLACES="hhh 000" BENCH_SYSTEMS="paralia dmdas" BENCH_REPS=3 \
  BENCH_TIMEOUT=170 timeout $((585 - (SECONDS - dev_start) - 170)) bash bench/gemm_compare.sh "$R/gemm-dmdas" >/dev/null 2>&1
grep "^| [ds]" "$R/gemm-dmdas/gemm.md" | cut -d'|' -f2-7,9,12,14
sed -n '/Geometric/,$p' "$R/gemm-dmdas/gemm.md" | head -3
stamp dmdas; pack
left=$((585 - (SECONDS - dev_start)))
[ $left -gt 40 ] && PARALIA_VERBOSE=1 BENCH_PRECS="d" BENCH_SHAPES="$S4" BENCH_PLACES="h0h 00h 0hh" BENCH_SYSTEMS="paralia dmdas" \
  BENCH_REPS=3 BENCH_TIMEOUT=$((left / 2)) timeout $left bash bench/gemm_compare.sh "$R/gemm-dmdas-mixed" >/dev/null 2>&1
grep "^| [ds]" "$R/gemm-dmdas-mixed/gemm.md" | cut -d'|' -f2-7,9,12,14
sed -n '/Geometric/,$p' "$R/gemm-dmdas-mixed/gemm.md" | head -3
stamp mixed; pack
