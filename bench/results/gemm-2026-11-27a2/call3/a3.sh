#!/usr/bin/env bash
# Session 2026-11-27a2, call 3 (issue 14): the GPU suite on the session's last library code
# (tests/gemm_after_caller among them), then the dataset with calls 1 and 2's GPU-resident points
# combined and plotted here (matplotlib).
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh a3 $t || exit
suite 440
grep -h "gemm_after_caller\|direct_way" "$R"/suite/results/*.log 2>/dev/null | tail -4
(cd bench/results/gemm-2026-11-27a2 && bash combine.sh && cp dataset-h200/gemm.png dataset-h200/gemm.md dataset-h200/gemm.csv "$R/") > "$R/plot.log" 2>&1
tail -3 "$R/plot.log"; stamp plot; pack
