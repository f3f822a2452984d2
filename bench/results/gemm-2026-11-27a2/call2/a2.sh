#!/usr/bin/env bash
# Session 2026-11-27a2, call 2 (issue 14): tests/gemm_after_caller on this library and on one whose
# direct path does not order its streams after the caller's work (direct_after_caller returning at
# once: built beside it), to see the test fail there; bench/direct_probe with this library and
# with 998677a's (the reverse of lib.patch), alternating processes; then the nine FP32
# GPU-resident points with gemm_bench paired, every system's calls untimed until the direct
# path's two rounds are over (BENCH_UNTIMED 64; 14 at 32768^3), 12 timed calls each.
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh a2 $t || exit
here=$PWD
for v in base noorder; do
  mkdir -p /tmp/$v && tar --exclude=./_build --exclude=./.device -cf - . | tar -C /tmp/$v -xf -
done
(cd /tmp/base && patch -s -R -p1 < "$here/.device/lib.patch") || echo "base: the patch failed"
# noorder: the direct path's ordering on the GPU taken out (the trial calls still wait on the host)
python3 - <<'PY'
p='/tmp/noorder/src/blas/direct.c'; s=open(p).read()
a='static cudaError_t direct_after_caller(struct direct_gpu *g, int n)\n{\n'
assert a in s
s=s.replace(a, a+'\tif (getenv("PL_NO_ORDER")) return cudaSuccess;\n', 1)
open(p,'w').write(s)
PY
for v in base noorder; do
  (cd /tmp/$v && mkdir -p _b && cd _b && ../configure --prefix=/tmp/$v/_i > "$R/$v-configure.log" 2>&1 &&
    make -j16 > "$R/$v-make.log" 2>&1 && make -j16 tests/gemm_after_caller > "$R/$v-make-test.log" 2>&1) ||
    echo "the $v build failed"
done
stamp builds; pack
(cd _build && make -j16 tests/gemm_after_caller > /dev/null 2>&1)
_build/tests/gemm_after_caller > "$R/after-new.log" 2>&1; echo "new: rc $?"; tail -2 "$R/after-new.log"
PL_NO_ORDER=1 /tmp/noorder/_b/tests/gemm_after_caller > "$R/after-noorder.log" 2>&1; echo "noorder: rc $?"
grep -c FAIL "$R/after-noorder.log"; grep FAIL "$R/after-noorder.log" | head -4; tail -1 "$R/after-noorder.log"
stamp after; pack
pts="256 512 1024 2048 4096"
for r in 1 2; do
  for v in new base; do
    b=_build/bench/direct_probe; [ $v = base ] && b=/tmp/base/_b/bench/direct_probe
    timeout 90 $b 100 $pts 2> "$R/probe-$v-$r.err" | sed "s/^/$v,$r,/" >> "$R/probe.csv"
  done
done
cat "$R/probe.csv"; stamp probe; pack
export BENCH_REPS=12 BENCH_BLOCKS="2048 4096 8192" BENCH_EACH=1 PARALIA_VERBOSE=2
g="s:4096:4096:4096:000 s:8192:8192:8192:000 s:16384:16384:16384:000 s:32768:32768:4096:000 s:4096:4096:32768:000"
g="$g s:27000:9500:14500:000 s:20000:17000:9000:000 s:12000:30000:7000:000"
BENCH_UNTIMED=64 timeout 250 _build/bench/gemm_bench paired $g 2> "$R/paired.err" | tee "$R/paired.csv"
stamp paired; pack
BENCH_UNTIMED=14 timeout 140 _build/bench/gemm_bench paired s:32768:32768:32768:000 2> "$R/paired32k.err" | tee -a "$R/paired.csv"
stamp paired32k
grep "round" "$R"/paired*.err | sort | uniq -c > "$R/ways.txt"; cat "$R/ways.txt"; pack
