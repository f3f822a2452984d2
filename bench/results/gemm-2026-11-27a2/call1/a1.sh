#!/usr/bin/env bash
# Session 2026-11-27a2, call 1 (issue 14): gemm's direct path ordering its streams after the
# caller's work on the GPU (no host wait) and locating each operand once: bench/direct_probe with
# this library and with the one before (998677a, built beside it from the reverse of lib.patch),
# alternating processes; then the nine FP64 GPU-resident points with gemm_bench paired under the
# direct path's two rounds (the second once a shape's calls have run 1 s), every system's calls
# untimed until the rounds are over (BENCH_UNTIMED 64; 14 at 32768^3), 12 timed calls each.
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh a1 $t || exit
here=$PWD
mkdir -p /tmp/base && tar --exclude=./_build --exclude=./.device -cf - . | tar -C /tmp/base -xf -
(cd /tmp/base && patch -s -R -p1 < "$here/.device/lib.patch" && mkdir -p _b && cd _b &&
  ../configure --prefix=/tmp/base/_i > "$R/base-configure.log" 2>&1 && make -j16 > "$R/base-make.log" 2>&1) ||
  echo "the base build failed"
ls -la /tmp/base/_b/bench/direct_probe _build/bench/direct_probe
stamp base-build; pack
pts="256 512 1024 2048 4096"
for r in 1 2; do
  for v in new base; do
    b=_build/bench/direct_probe; [ $v = base ] && b=/tmp/base/_b/bench/direct_probe
    timeout 90 $b 100 $pts 2> "$R/probe-$v-$r.err" | sed "s/^/$v,$r,/" >> "$R/probe.csv"
  done
done
cat "$R/probe.csv"; stamp probe; pack
export BENCH_REPS=12 BENCH_BLOCKS="2048 4096 8192" BENCH_EACH=1 PARALIA_VERBOSE=2
g="d:4096:4096:4096:000 d:8192:8192:8192:000 d:16384:16384:16384:000 d:32768:32768:4096:000 d:4096:4096:32768:000"
g="$g d:27000:9500:14500:000 d:20000:17000:9000:000 d:12000:30000:7000:000"
BENCH_UNTIMED=64 timeout 250 _build/bench/gemm_bench paired $g 2> "$R/paired.err" | tee "$R/paired.csv"
stamp paired; pack
BENCH_UNTIMED=14 timeout 170 _build/bench/gemm_bench paired d:32768:32768:32768:000 2> "$R/paired32k.err" | tee -a "$R/paired.csv"
stamp paired32k
grep "round" "$R"/paired*.err | sort | uniq -c > "$R/ways.txt"; cat "$R/ways.txt"; pack
