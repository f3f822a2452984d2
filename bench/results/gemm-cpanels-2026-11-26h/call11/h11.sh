#!/usr/bin/env bash
# Session 2026-11-26h, call 11: the GPU suite on 07a229d (the re-read: one env parser).
CHECK_RUNS=1 scripts/gpu-run.sh build check >/dev/null 2>&1; cat $OUT/summary.txt
