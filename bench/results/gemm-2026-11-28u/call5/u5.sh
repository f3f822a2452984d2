#!/usr/bin/env bash
# Session 2026-11-28u, call 5 (issue 14): FP64 8192^3 with every operand on the GPU, where dmdas's
# tile graph of 2048 ran 18.1 ms against one cuBLAS call's 19.1 and paralia's every tile
# 19.3-20.0 (call 4): the GPU's timelines (bench/gpu_timeline.sh, CUDA runtime calls and StarPU's
# worker events) of paralia's tiles of 2048, its pick (6144), and dmdas's 2048.
. scripts/device-env.sh u5 .device/kernels-n9-h200.txt .device/kernels-m3.txt || exit
git log --oneline -1; git status --short | head -8
TIMELINE_STARPU=1 PARALIA_VERBOSE=1 timeout 60 bash bench/gpu_timeline.sh "$R/tl-p2048" "2048:d:8192:8192:8192:000" > /dev/null 2>&1
echo "p2048 rc $?"; sed -n '/^last call/,$p' "$R/tl-p2048/report.txt" | head -14
stamp p2048; pack
TIMELINE_STARPU=1 PARALIA_VERBOSE=1 timeout 60 bash bench/gpu_timeline.sh "$R/tl-pick" "0:d:8192:8192:8192:000" > /dev/null 2>&1
echo "pick rc $?"; sed -n '/^last call/,$p' "$R/tl-pick/report.txt" | head -14
stamp pick; pack
TIMELINE_SYSTEM=dmdas BENCH_TILES=2048 TIMELINE_STARPU=1 timeout 60 bash bench/gpu_timeline.sh "$R/tl-dmdas" "2048:d:8192:8192:8192:000" > /dev/null 2>&1
echo "dmdas rc $?"; sed -n '/^last call/,$p' "$R/tl-dmdas/report.txt" | head -14
stamp dmdas; pack
