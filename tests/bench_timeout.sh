#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# A time limit around bench/gemm_compare.sh stops the benchmark it is running too. Without
# `timeout --foreground` inside, the inner timeout made its own process group and the benchmark
# outlived the script: on the GPU machine a gemm_bench kept running under the next measurements
# (bench/results/gemm-dataset-2026-11-26b.md, call 5). The benchmark here is a stand-in that
# would run for minutes (the harness is what is tested); the script gets 2 s.
set -u
top_srcdir=${top_srcdir:-.}
command -v pgrep >/dev/null && command -v pkill >/dev/null || { echo "bench_timeout: no pgrep/pkill"; exit 77; }
dir=$(mktemp -d)
tag=$((600 + $$ % 300)) # this run's own stand-in, to find its process
printf '#!/bin/sh\nexec sleep %s.%s\n' "$tag" 5 >"$dir/gemm_bench"
chmod +x "$dir/gemm_bench"
BENCH_BIN=$dir/gemm_bench BENCH_SYSTEMS=paralia BENCH_PRECS=d BENCH_SHAPES=64:64:64 BENCH_PLACES=hhh \
  timeout 2 bash "$top_srcdir/bench/gemm_compare.sh" "$dir/out" >/dev/null 2>&1
rc=$?
sleep 1
left=$(pgrep -f "sleep $tag.5" | wc -l)
pkill -f "sleep $tag.5" 2>/dev/null
rm -rf "$dir"
if [ "$rc" -eq 124 ] && [ "$left" -eq 0 ]; then
  echo "bench_timeout: ok   gemm_compare stopped at its limit (rc $rc), its benchmark with it"
  echo "bench_timeout: 1 passed, 0 failed"
  exit 0
fi
echo "bench_timeout: FAIL gemm_compare rc $rc (want 124), $left benchmark process(es) left running"
echo "bench_timeout: 0 passed, 1 failed"
exit 1
