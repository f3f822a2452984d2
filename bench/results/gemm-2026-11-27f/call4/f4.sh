#!/usr/bin/env bash
# Session 2026-11-27f, call 4 (issue 14): the dataset's points whose plan the kernel table's tall
# lines change (call 3's lines on the carried H200 table, replayed: FP64 8192^3 hhh and h0h,
# 32768x32768x4096 hhh h0h 0hh 00h, 16384^3 0hh and 00h), side by side: the table without them
# (before) and with them (tall), each in its own process, alternating, in rounds while the call's
# time allows.
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh f4 $t || exit
T=$HOME/.paralia-tall
mkdir -p "$T" && cp "$PARALIA_HOME"/*.txt "$T/"
cat .device/tall-lines-h200.txt >> "$T/kernels-$(hostname).txt"
cp "$T/kernels-$(hostname).txt" "$R/kernels-tall.txt"
P="d:8192:8192:8192:hhh d:8192:8192:8192:h0h d:32768:32768:4096:hhh d:32768:32768:4096:h0h d:32768:32768:4096:0hh d:32768:32768:4096:00h d:16384:16384:16384:0hh d:16384:16384:16384:00h"
for r in 1 2 3; do
  [ $((SECONDS - dev_start)) -gt 200 ] && break
  ALT_LIMIT=80 alternate "$r" tall-ab.csv "$P" before:PARALIA_HOME=$PARALIA_HOME tall:PARALIA_HOME=$T
done
cut -d, -f1-12 "$R/tall-ab.csv"
grep -h "autotune" "$R"/before-1.err "$R"/tall-1.err | cut -c1-200
