#!/usr/bin/env bash
# Session 2026-11-26o, call 6 (issue 14): the GPU suite on the final code (a kept operand's tiles
# square at its first use too; the model's tile count per link with tall tiles), then FP64 8192^3
# from the host and with B on the GPU against cuBLASXt and dmdas, side by side.
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh o6 $t || exit
CHECK_RUNS=1 timeout 250 scripts/gpu-run.sh check > "$R/suite.txt" 2>&1; tail -2 "$R/suite.txt"
grep -h "^# \|FAIL" _build/test-suite.log 2>/dev/null | head -12 > "$R/suite-summary.txt"; grep "TOTAL\|PASS\|FAIL" "$R/suite-summary.txt"
grep -h "gemm_tall: \|gemm_direct: " _build/tests/gemm_tall.sh.log _build/tests/gemm_direct.sh.log | tail -8 | tee "$R/gemm_tall_direct.txt"
stamp suite; pack
PARALIA_VERBOSE=1 BENCH_PRECS="d" BENCH_SHAPES="8192:8192:8192" BENCH_PLACES="hhh h0h" \
  BENCH_SYSTEMS="paralia cublasxt dmdas" BENCH_REPS=3 BENCH_TIMEOUT=100 \
  timeout 200 bash bench/gemm_compare.sh "$R/gemm-tall" >/dev/null 2>&1
grep "^| d" "$R/gemm-tall/gemm.md" | cut -d'|' -f2-9,11-14
sed -n '/Geometric/,$p' "$R/gemm-tall/gemm.md" | head -3
stamp points; pack
