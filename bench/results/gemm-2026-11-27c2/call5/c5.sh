#!/usr/bin/env bash
# Session 2026-11-27c2, call 5 (issue 14): on the last library code (b52976c; tree 6503122), two
# more rounds at the three 32768^3 points whose pick is now square C tiles over k, new, base,
# base, new against the session's start (32ea6e3, built beside it from the reverse of
# lib.patch); then at 4096x4096x32768 with C on the host, where the model keeps deep products of
# 512 (a slow kernel there, call 4), the pick against deep products of 1024 and square C tiles of
# 2048 over k, forced, two rounds alternating.
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh c5 $t || exit
here=$PWD
mkdir -p /tmp/base && tar --exclude=./_build --exclude=./.device -cf - . | tar -C /tmp/base -xf -
(cd /tmp/base && patch -s -R -p1 < "$here/.device/lib.patch" && mkdir -p _b && cd _b &&
  ../configure --prefix=/tmp/base/_i > "$R/base-configure.log" 2>&1 && make -j16 > "$R/base-make.log" 2>&1) ||
  echo "the base build failed"
stamp base-build; pack
export PARALIA_VERBOSE=1
export BENCH_UNTIMED=4 BENCH_REPS=5
alternate "1 2" thin.csv "d:4096:4096:32768:00h s:4096:4096:32768:00h" pick \
  deep1024:PARALIA_TILE=1024,PARALIA_DEEP=all sq2048:PARALIA_TILE=2048,PARALIA_TALL=2048,PARALIA_DEEP=all
cut -d, -f1,2,4-13 "$R/thin.csv"
r=0
for v in new base base new; do
  r=$((r + 1))
  b=_build/bench/gemm_bench; [ $v = base ] && b=/tmp/base/_b/bench/gemm_bench
  BENCH_UNTIMED=1 BENCH_REPS=3 timeout 130 $b paralia d:32768:32768:32768:00h s:32768:32768:32768:00h \
    s:32768:32768:32768:0hh 2> "$R/big-$v-$r.err" | grep -v "^#" | sed "s/^/$v,$r,/" >> "$R/big.csv"
  stamp "big $v $r"; pack
done
cut -d, -f1,2,4-13 "$R/big.csv"
