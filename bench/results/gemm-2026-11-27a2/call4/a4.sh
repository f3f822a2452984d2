#!/usr/bin/env bash
# Session 2026-11-27a2, call 4 (issue 14): bench/direct_probe on the session's last library code
# (8ecb848: the direct path's streams wait on events, only the streams it used are waited for,
# each operand located once) and on 998677a's (built beside it from the reverse of lib.patch),
# three processes each, alternating.
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh a4 $t || exit
here=$PWD
mkdir -p /tmp/base && tar --exclude=./_build --exclude=./.device -cf - . | tar -C /tmp/base -xf -
(cd /tmp/base && patch -s -R -p1 < "$here/.device/lib.patch" && mkdir -p _b && cd _b &&
  ../configure --prefix=/tmp/base/_i > "$R/base-configure.log" 2>&1 && make -j16 > "$R/base-make.log" 2>&1) ||
  echo "the base build failed"
stamp base-build; pack
pts="256 512 1024 2048 4096"
for r in 1 2 3; do
  for v in new base; do
    b=_build/bench/direct_probe; [ $v = base ] && b=/tmp/base/_b/bench/direct_probe
    timeout 90 $b 100 $pts 2> "$R/probe-$v-$r.err" | sed "s/^/$v,$r,/" >> "$R/probe.csv"
  done
done
cat "$R/probe.csv"; stamp probe; pack
