#!/usr/bin/env bash
# Session 2026-11-27a2, call 7 (issue 14): the GPU suite on the session's last library code
# (235a930: round 2 keeping one count of its timed places).
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh a7 $t || exit
suite 440
grep -h -A8 "gemm_after_caller.log" "$R"/suite/results/check-tests.txt 2>/dev/null | grep "passed\|PASS\|FAIL"
