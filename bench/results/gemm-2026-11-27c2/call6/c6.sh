#!/usr/bin/env bash
# Session 2026-11-27c2, call 6 (issue 14): the GPU suite on the last library code (4a764d5:
# square_deep_may reads B's deep tile's rows once; no change of plan).
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh c6 $t || exit
suite 440
