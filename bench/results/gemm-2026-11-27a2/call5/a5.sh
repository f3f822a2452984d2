#!/usr/bin/env bash
# Session 2026-11-27a2, call 5 (issue 14): the GPU suite on the session's last library code
# (73408d6: the default streams asked first, round-2 trials run again when they fail); then
# bench/direct_probe on it and on 998677a's, three processes each, alternating; then
# tests/gemm_after_caller on a build whose direct path does not order its streams (each of its
# three processes should fail where the calls are not trials).
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh a5 $t || exit
suite 440
grep -h -A1 "gemm_after_caller.log\|direct_way.log" "$R"/suite/results/check-tests.txt 2>/dev/null | head -8
here=$PWD
for v in base noorder; do
  mkdir -p /tmp/$v && tar --exclude=./_build --exclude=./.device -cf - . | tar -C /tmp/$v -xf -
done
(cd /tmp/base && patch -s -R -p1 < "$here/.device/lib.patch") || echo "base: the patch failed"
python3 - <<'PY'
p='/tmp/noorder/src/blas/direct.c'; s=open(p).read()
a='static cudaError_t direct_after_caller(struct direct_gpu *g, int n)\n{\n'
assert a in s
s=s.replace(a, a+'\tif (getenv("PL_NO_ORDER")) return cudaSuccess;\n', 1)
open(p,'w').write(s)
PY
for v in base noorder; do
  (cd /tmp/$v && mkdir -p _b && cd _b && ../configure --prefix=/tmp/$v/_i > "$R/$v-configure.log" 2>&1 &&
    make -j16 > "$R/$v-make.log" 2>&1) || echo "the $v build failed"
done
(cd /tmp/noorder/_b && make -j16 tests/gemm_after_caller > "$R/noorder-make-test.log" 2>&1)
stamp builds; pack
pts="256 512 1024 2048 4096"
for r in 1 2 3; do
  for v in new base; do
    b=_build/bench/direct_probe; [ $v = base ] && b=/tmp/base/_b/bench/direct_probe
    timeout 90 $b 100 $pts 2> "$R/probe-$v-$r.err" | sed "s/^/$v,$r,/" >> "$R/probe.csv"
  done
done
stamp probe; pack
PL_NO_ORDER=1 timeout 120 /tmp/noorder/_b/tests/gemm_after_caller > "$R/after-noorder.log" 2>&1; echo "noorder: rc $?"
grep -c FAIL "$R/after-noorder.log"; grep "passed\|the way" "$R/after-noorder.log"
stamp after; pack
