#!/usr/bin/env bash
# Session 2026-11-27t, call 5 (issue 14): the GPU suite on the session's last code (c7c08e0: the
# pop's missing inputs walked in one place, after call 3's suite on 97127c7).
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh t5 $t || exit
CHECK_RUNS=1 timeout 300 scripts/gpu-run.sh check > "$R/suite.txt" 2>&1; tail -2 "$R/suite.txt"
grep -h "^# \|FAIL" _build/test-suite.log 2>/dev/null | head -12 > "$R/suite-summary.txt"; cat "$R/suite-summary.txt"
stamp suite; pack
