#!/usr/bin/env bash
# Session 2026-11-28o, call 1 (issue 14), on e5fe283 (gemm's square and tall products on two lanes
# of their CUDA worker):
# 1. gemm's tests on a library whose lanes the worker's stream does not wait for
#    (bench/results/gemm-2026-11-28n/no-join.patch: StarPU ends the task, and sends C home, before
#    its kernel): they should fail, so the suite sees that race;
# 2. the kernel table measured again on this GPU with the lanes (paralia-kernels, then --tall),
#    into its own PARALIA_HOME beside the carried one (.device/kernels-n9-h200.txt, one stream).
. scripts/device-env.sh o1 .device/kernels-n9-h200.txt .device/kernels-m3.txt || exit
git log --oneline -1; git status --short | head -5
T="tests/blas_gemm tests/stress tests/blas_placement tests/blas_chain tests/gemm_cut.sh"
T+=" tests/gemm_late.sh tests/gemm_panels.sh tests/gemm_tall.sh"
if alt_build $HOME/alt-nojoin bench/results/gemm-2026-11-28n/no-join.patch; then
  grep -c "no-join.patch" $HOME/alt-nojoin/src/codelets/cuda_handles.c
  mkdir -p "$R/nojoin"
  (cd $HOME/alt-nojoin/_build && STARPU_SILENT=1 timeout 170 make -j8 check TESTS="$T" > "$R/nojoin/check.out" 2>&1)
  echo "no-join check rc $?"
  grep -E "^(PASS|FAIL|ERROR|SKIP):|^# (PASS|FAIL|ERROR)" "$R/nojoin/check.out"
  for l in $HOME/alt-nojoin/_build/tests/*.log; do echo "==== $l"; cat "$l"; done 2>/dev/null | gzip > "$R/nojoin/tests.txt.gz"
  for t in $T; do f=$HOME/alt-nojoin/_build/$t.log; [ -f "$f" ] && { echo "== $t"; grep -m3 -iE "fail|wrong|err" "$f"; }; done | cut -c1-220 | head -40
fi
stamp nojoin; pack
N=$HOME/newtab
mkdir -p $N
cp "$PARALIA_HOME/linkmap-$(hostname).txt" $N/
left=$((575 - (SECONDS - dev_start)))
PARALIA_HOME=$N timeout $((left > 250 ? 250 : left)) _build/tools/paralia-kernels > "$R/kernels-new.log" 2>&1
echo "paralia-kernels rc $?"; tail -2 "$R/kernels-new.log"
cp $N/kernels-$(hostname).txt "$R/kernels-new-base.txt" 2>/dev/null
stamp kernels; pack
left=$((580 - (SECONDS - dev_start)))
[ $left -gt 40 ] && { PARALIA_HOME=$N timeout $((left - 5)) _build/tools/paralia-kernels --tall > "$R/kernels-new-tall.log" 2>&1; echo "--tall rc $?"; }
cp $N/kernels-$(hostname).txt "$R/kernels-new.txt" 2>/dev/null
diff <(grep -E "^(gpu|tall|sustain)" "$R/kernels.txt") <(grep -E "^(gpu|tall|sustain)" "$R/kernels-new.txt") | head -80
stamp tall; pack
