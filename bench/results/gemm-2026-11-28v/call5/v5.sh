#!/usr/bin/env bash
# Session 2026-11-28v, call 5 (issue 14): the GPU suite again on the change after review (the last block after the joined first block in blocks of three, device_part.joins; the first block priced
# with the next chain joining it, src/perfmodel/evaluate.c; tests/tune_model's next_chain_joins).
. scripts/device-env.sh v5 .device/kernels-n9-h200.txt .device/kernels-m3.txt || exit
git log --oneline -1; git status --short | head -8
suite 520
