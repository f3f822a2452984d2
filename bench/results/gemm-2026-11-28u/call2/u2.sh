#!/usr/bin/env bash
# Session 2026-11-28u, call 2 (issue 14): the GPU suite on a9e4323 (gemm's blocks priced as one
# where every chain is within the policy's lookahead; tune_model blocks_as_one).
. scripts/device-env.sh u2 .device/kernels-n9-h200.txt .device/kernels-m3.txt || exit
git log --oneline -1; git status --short | head -8
suite 520
