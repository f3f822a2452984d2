#!/usr/bin/env bash
# Session 2026-11-27c2, call 3 (issue 14): the GPU suite on the session's last library code
# (89e3bc3; tree d7f9fd7), then the dataset's plot (combine.sh in this session's results folder).
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh c3 $t || exit
(cd bench/results/gemm-2026-11-27c2 && bash combine.sh > "$R/combine.log" 2>&1 && cp dataset-h200/gemm.png dataset-h200/gemm.md "$R/")
tail -3 "$R/combine.log"; stamp plot; pack
suite 440
