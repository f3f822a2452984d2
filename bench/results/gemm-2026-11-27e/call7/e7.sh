#!/usr/bin/env bash
# Session 2026-11-27e, call 7 (issue 14): the GPU suite on 0094d07 (gemm_algo: the two ways a
# run to be timed falls back to cublas<t>gemm untimed in one place; same behaviour).
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh e7 $t || exit
suite 430
