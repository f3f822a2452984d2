#!/usr/bin/env bash
# Session 2026-11-27w, call 2 (issue 14): deep products (one per C tile, over the whole k, where
# A lives on the GPU) now chosen by the model (PARALIA_DEEP=model, the default) against the plans
# before (PARALIA_DEEP=none), two rounds alternating; the model's smallest width, 256, forced at
# every point once (with 512 and 1024 from call 1); then the GPU suite on this code.
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh w2 $t || exit
pts="d:4096:4096:4096:0hh d:4096:4096:4096:00h d:8192:8192:8192:0hh d:8192:8192:8192:00h d:16384:16384:16384:0hh d:16384:16384:16384:00h d:4096:4096:32768:0hh d:4096:4096:32768:00h d:20000:17000:9000:0hh d:12000:30000:7000:0hh d:27000:9500:14500:0hh d:27000:9500:14500:00h s:4096:4096:4096:0hh s:4096:4096:4096:00h s:8192:8192:8192:0hh s:8192:8192:8192:00h s:4096:4096:32768:0hh s:4096:4096:32768:00h"
alternate "1 2" deep.csv "$pts" model none:PARALIA_DEEP=none
alternate 1 deep.csv "$pts" deep256:PARALIA_TILE=256,PARALIA_DEEP=all deep512:PARALIA_TILE=512,PARALIA_DEEP=all
cat "$R/deep.csv"
grep -h "deep:" "$R"/model-1.err | head -20
mkdir -p "$R/suite"
CHECK_RUNS=1 CHECK_LIMIT=300 timeout 310 scripts/gpu-run.sh check > "$R/suite/run.log" 2>&1
cp "$OUT/summary.txt" "$R/suite/" 2>/dev/null; tar -xzf "$OUT/results.tar.gz" -C "$R/suite" 2>/dev/null
tail -5 "$R/suite/summary.txt"; grep -h -E '^# (TOTAL|PASS|FAIL)' -r "$R/suite" | head
stamp suite; pack
