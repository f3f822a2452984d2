#!/usr/bin/env bash
# Session 2026-11-28v, call 4 (issue 14): the GPU suite on the change (gemm's first block priced
# with the next chain joining it, src/perfmodel/evaluate.c; tests/tune_model's next_chain_joins).
. scripts/device-env.sh v4 .device/kernels-n9-h200.txt .device/kernels-m3.txt || exit
git log --oneline -1; git status --short | head -8
suite 520
