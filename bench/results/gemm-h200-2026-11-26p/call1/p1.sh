#!/usr/bin/env bash
# Session 2026-11-26p, call 1 (issue 14): the GPU suite on 3ee904a (not yet run on a GPU), then the
# dataset on one H200, part 1: the GPU-resident points (FP64 and FP32, the 8 shapes below 32768^3)
# against one cuBLAS call and cuBLASXt's best block, with session n's H200 kernel table (call 9).
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh p1 $t || exit
CHECK_RUNS=1 timeout 250 scripts/gpu-run.sh check > "$R/suite.txt" 2>&1; tail -2 "$R/suite.txt"
grep -h "^# \|FAIL" _build/test-suite.log 2>/dev/null | head -12 > "$R/suite-summary.txt"; grep "TOTAL\|PASS\|FAIL" "$R/suite-summary.txt"
grep -h "gemm_tall: \|gemm_direct: \|tune_model: " _build/tests/gemm_tall.sh.log _build/tests/gemm_direct.sh.log _build/tests/tune_model.log 2>/dev/null | grep "passed\|FAIL"
stamp suite; pack
S8="4096:4096:4096 8192:8192:8192 16384:16384:16384 32768:32768:4096 4096:4096:32768 20000:17000:9000 12000:30000:7000 27000:9500:14500"
PARALIA_VERBOSE=1 BENCH_PRECS="d s" BENCH_SHAPES="$S8" BENCH_PLACES="000" BENCH_SYSTEMS="paralia cublas cublasxt" \
  BENCH_REPS=3 BENCH_TIMEOUT=110 timeout $((590 - (SECONDS - dev_start))) bash bench/gemm_compare.sh "$R/gemm-000" >/dev/null 2>&1
grep "^| [ds] " "$R/gemm-000/gemm.md" | cut -d'|' -f2-7,10,13-15
sed -n '/Geometric/,$p' "$R/gemm-000/gemm.md" | head -3
stamp 000; pack
