#!/usr/bin/env bash
# Session 2026-11-27b2, call 2 (issue 14): the model pricing chains interleaved on the GPU's worker
# (6bc35b9) against the session's start (be6f7b5, built beside it from the reverse of lib.patch),
# side by side at the dataset's 16 points with C alone on the host (all but 32768^3), alternating
# processes new, base, base, new; then the GPU suite on 6bc35b9.
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh b2 $t || exit
here=$PWD
mkdir -p /tmp/base && tar --exclude=./_build --exclude=./.device -cf - . | tar -C /tmp/base -xf -
(cd /tmp/base && patch -s -R -p1 < "$here/.device/lib.patch" && mkdir -p _b && cd _b &&
  ../configure --prefix=/tmp/base/_i > "$R/base-configure.log" 2>&1 && make -j16 > "$R/base-make.log" 2>&1) ||
  echo "the base build failed"
stamp base-build; pack
pts=""
for p in d s; do
  for s in 4096:4096:4096 8192:8192:8192 16384:16384:16384 32768:32768:4096 4096:4096:32768 \
           20000:17000:9000 12000:30000:7000 27000:9500:14500; do pts="$pts $p:$s:00h"; done
done
export BENCH_UNTIMED=4 BENCH_REPS=5 PARALIA_VERBOSE=1
r=0
for v in new base base new; do
  r=$((r + 1))
  b=_build/bench/gemm_bench; [ $v = base ] && b=/tmp/base/_b/bench/gemm_bench
  timeout 150 $b paralia $pts 2> "$R/side-$v-$r.err" | grep -v "^#" | sed "s/^/$v,$r,/" >> "$R/side.csv"
  stamp "$v $r"; pack
done
cut -d, -f1,2,4-13 "$R/side.csv"
suite 430
