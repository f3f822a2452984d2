#!/usr/bin/env bash
# Session 2026-11-28s, call 3 (issue 14): the GPU suite on 581c117 (step 4's floating segments),
# whole: call 2's run of it was cut at its 442 s limit with 58 tests passed and none failed.
. scripts/device-env.sh s3 .device/kernels-n9-h200.txt .device/kernels-m3.txt || exit
git log --oneline -1; git status --short | head -8
suite $((555 - (SECONDS - dev_start)))
