#!/usr/bin/env bash
# Session 2026-11-28t, call 5 (issue 14): the GPU suite on a439f77 (call 3 ran it on c0b4078, before
# the review's fixes).
. scripts/device-env.sh t5 .device/kernels-n9-h200.txt .device/kernels-m3.txt || exit
git log --oneline -1; git status --short | head -8
suite 520
