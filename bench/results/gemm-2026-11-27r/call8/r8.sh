#!/usr/bin/env bash
# Session 2026-11-27r, call 8 (issue 14), on the session's last code (the review of 23ce1a0):
# the GPU suite, tests/dropin_keep's cases named.
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh r8 $t || exit
git log --oneline -1 2>/dev/null | cut -c1-60
CHECK_RUNS=1 timeout 225 scripts/gpu-run.sh check > "$R/suite.txt" 2>&1; tail -2 "$R/suite.txt"
grep -h "^# \|FAIL" _build/test-suite.log 2>/dev/null | head -12 > "$R/suite-summary.txt"; grep "TOTAL\|PASS\|FAIL" "$R/suite-summary.txt"
grep -h "dropin_keep:" _build/tests/dropin_keep.log 2>/dev/null | head -12
stamp suite; pack
