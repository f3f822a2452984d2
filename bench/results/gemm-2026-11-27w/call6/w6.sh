#!/usr/bin/env bash
# Session 2026-11-27w, call 6 (issue 14): the policy's pop rule (PARALIA_POP_READY=2, the default)
# against none (0) at four points the model now runs in deep products (A on the GPU), two rounds
# alternating, each in its own process: session u measured the rule 4% slower at 8192^3 0hh in
# tiles of 4096, which that point no longer runs.
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh w6 $t || exit
pts="d:8192:8192:8192:0hh d:8192:8192:8192:00h d:4096:4096:32768:0hh d:12000:30000:7000:0hh"
alternate "1 2" pop.csv "$pts" pop2 pop0:PARALIA_POP_READY=0
cat "$R/pop.csv"
