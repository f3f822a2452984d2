#!/usr/bin/env bash
# Session 2026-11-26p, call 4 (issue 14): on one H200, (1) every tile at FP32 and FP64
# 4096x4096x32768 from the host, where call 2's pick (FP32: 6144, A in panels) ran 35.4 ms against
# 27.3 predicted and 0.87x cuBLASXt, with cuBLASXt in the same run; (2) paralia against StarPU's
# dmdas on a plain tile graph of paralia's codelets, session n's 28 points (FP64 and FP32 hhh and
# 000 at 4 shapes; FP64 h0h 00h 0hh at the same shapes).
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh p4 $t || exit
SWEEP_POINTS="s:4096:4096:32768:hhh d:4096:4096:32768:hhh" SWEEP_TILES="0 2048 3072 4096 6144 8192" \
  PARALIA_VERBOSE=1 timeout 150 bash bench/tile_sweep.sh "$R/sweep.csv" 2>"$R/sweep.err"
BENCH_REPS=3 timeout 60 _build/bench/gemm_bench cublasxt s:4096:4096:32768:hhh d:4096:4096:32768:hhh 2>/dev/null | grep -v "^#" | sed "s/^/T=cublasxt,/" >> "$R/sweep.csv"
cut -d, -f1,3-9,12 "$R/sweep.csv"
PARALIA_PANELS=none BENCH_REPS=3 PARALIA_TILE=6144 PARALIA_TALL=none timeout 30 _build/bench/gemm_bench paralia s:4096:4096:32768:hhh 2>/dev/null | grep -v "^#" | sed "s/^/T=6144-nopanels,/" | tee -a "$R/sweep.csv" | cut -d, -f1,3-9,12
stamp sweep; pack
S4="8192:8192:8192 16384:16384:16384 4096:4096:32768 20000:17000:9000"
PARALIA_VERBOSE=1 BENCH_PRECS="d s" BENCH_SHAPES="$S4" BENCH_PLACES="hhh 000" BENCH_SYSTEMS="paralia dmdas" BENCH_REPS=3 \
  BENCH_TIMEOUT=170 timeout $((585 - (SECONDS - dev_start) - 150)) bash bench/gemm_compare.sh "$R/gemm-dmdas" >/dev/null 2>&1
grep "^| [ds]" "$R/gemm-dmdas/gemm.md" | cut -d'|' -f2-7,9,12,14
sed -n '/Geometric/,$p' "$R/gemm-dmdas/gemm.md" | head -3
stamp dmdas; pack
left=$((585 - (SECONDS - dev_start)))
[ $left -gt 40 ] && PARALIA_VERBOSE=1 BENCH_PRECS="d" BENCH_SHAPES="$S4" BENCH_PLACES="h0h 00h 0hh" BENCH_SYSTEMS="paralia dmdas" \
  BENCH_REPS=3 BENCH_TIMEOUT=$((left / 2)) timeout $left bash bench/gemm_compare.sh "$R/gemm-dmdas-mixed" >/dev/null 2>&1
grep "^| [ds]" "$R/gemm-dmdas-mixed/gemm.md" | cut -d'|' -f2-7,9,12,14
sed -n '/Geometric/,$p' "$R/gemm-dmdas-mixed/gemm.md" | head -3
stamp mixed; pack
