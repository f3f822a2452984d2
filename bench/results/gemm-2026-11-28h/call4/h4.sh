#!/usr/bin/env bash
# Session 2026-11-28h, call 4 (issue 14), on the commit that prices the host's duplex at the
# copies' columns (host_duplex_share; call 3 measured it as a prototype). Too little device time
# was left for the whole GPU suite (338-410 s): the plans it picks at four points of call 3
# (one gemm_bench process), then the suite's tests that run gemm's plans on the GPU and the
# model's own, make -j8 check as scripts/gpu-run.sh runs it, within the time left.
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh h4 $t || exit
grep "GB/s" "$R/linkmap.log" | head -3
P="d:8192:8192:8192:hhh d:8192:8192:8192:h0h d:32768:32768:4096:hhh d:32768:32768:4096:0hh"
PARALIA_VERBOSE=1 timeout 60 _build/bench/gemm_bench paralia $P > "$R/picks.csv" 2> "$R/picks.err"
cut -d, -f1-10 "$R/picks.csv"; grep autotune "$R/picks.err" | cut -c1-200
stamp picks; pack
T="tests/tune_model tests/linkmap_routes tests/blas_gemm tests/blas_placement tests/blas_chain tests/blas_keep_overlap tests/blas_fetch_ahead tests/blas_panels tests/blas_sizes tests/gemm_tall.sh tests/gemm_late.sh tests/gemm_deep.sh tests/gemm_panels.sh tests/gemm_cut.sh tests/gemm_home.sh tests/verbose_env.sh tests/stress"
left=$((320 - (SECONDS - dev_start)))
mkdir -p "$R/suite"
( cd _build && rm -f tests/*.log tests/*.trs test-suite.log &&
  PARALIA_STRESS_ROUNDS=8 timeout $left make -j8 check TESTS="$T" > /dev/null 2>&1 )
for x in $T; do
  r=$(sed -n 's/^:test-result: //p' "_build/$x.trs" 2>/dev/null); echo "${r:-NOT RUN} $x"
done | tee "$R/suite/summary.txt"
for x in $T; do echo "==== $x"; cat "_build/$x.log" 2>/dev/null; done > "$R/suite/check-tests.txt"
gzip "$R/suite/check-tests.txt"
stamp suite; pack
