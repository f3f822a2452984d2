#!/usr/bin/env bash
# Session 2026-11-27y, call 3 (issue 14): the GPU suite on this session's final code (call 2's ran
# past its 300 s limit after 27 tests, none failed), with a limit of 480 s.
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh y3 $t || exit
mkdir -p "$R/suite"
CHECK_RUNS=1 CHECK_LIMIT=480 timeout 490 scripts/gpu-run.sh check > "$R/suite/run.log" 2>&1
cp "$OUT/summary.txt" "$R/suite/" 2>/dev/null; tar -xzf "$OUT/results.tar.gz" -C "$R/suite" 2>/dev/null
tail -5 "$R/suite/summary.txt"
grep -h "^gemm_cut: \|^gemm_direct: " "$R"/suite/*/check-tests.txt "$R"/suite/check-tests.txt 2>/dev/null | sort -u | tail -40
stamp suite; pack
