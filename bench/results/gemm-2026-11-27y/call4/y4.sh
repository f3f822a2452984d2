#!/usr/bin/env bash
# Session 2026-11-27y, call 4 (issue 14): the GPU suite again after gemm_cut.sh's fix (call 3: 51 of 52, gemm_cut.sh asserting that the model cuts nothing where it cuts on the GPU; call 2 ran
# past its 300 s limit), with a limit of 440 s.
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh y4 $t || exit
mkdir -p "$R/suite"
CHECK_RUNS=1 CHECK_LIMIT=440 timeout 450 scripts/gpu-run.sh check > "$R/suite/run.log" 2>&1
cp "$OUT/summary.txt" "$R/suite/" 2>/dev/null; tar -xzf "$OUT/results.tar.gz" -C "$R/suite" 2>/dev/null
tail -5 "$R/suite/summary.txt"
grep -h "^gemm_cut: \|^gemm_direct: " "$R"/suite/*/check-tests.txt "$R"/suite/check-tests.txt 2>/dev/null | sort -u | tail -40
stamp suite; pack
