#!/usr/bin/env bash
# Session 2026-11-27w, call 1 (issue 14): gemm's products over the whole k (PARALIA_DEPTH=k, a
# measuring knob) where A lives on the GPU (0hh, 00h): C and B cross in column panels of width T
# (C's tiles all of m's rows, PARALIA_TALL=32768), one product m x T x k per C panel, against the
# model's plan. Widths 512, 1024, 2048 in round 1; the default and 1024 again in round 2.
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh w1 $t || exit
pts="d:4096:4096:4096:0hh d:4096:4096:4096:00h d:8192:8192:8192:0hh d:8192:8192:8192:00h d:16384:16384:16384:0hh d:16384:16384:16384:00h d:4096:4096:32768:0hh d:4096:4096:32768:00h d:20000:17000:9000:0hh d:12000:30000:7000:0hh d:27000:9500:14500:0hh d:27000:9500:14500:00h s:4096:4096:4096:0hh s:4096:4096:4096:00h s:8192:8192:8192:0hh s:8192:8192:8192:00h s:4096:4096:32768:0hh s:4096:4096:32768:00h"
deep=PARALIA_TALL=32768,PARALIA_DEPTH=k
alternate 1 deep.csv "$pts" model deep1024:PARALIA_TILE=1024,$deep deep512:PARALIA_TILE=512,$deep deep2048:PARALIA_TILE=2048,$deep
alternate 2 deep.csv "$pts" deep1024:PARALIA_TILE=1024,$deep model
cat "$R/deep.csv"
