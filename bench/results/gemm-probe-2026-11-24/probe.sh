#!/bin/bash
# one-off probe (issue 14/15), run on the device after gpu-run.sh build
export LD_LIBRARY_PATH=$(cat .device/starpu-prefix)/lib PARALIA_HOME=$HOME/.paralia STARPU_HOME=$HOME OPENBLAS_NUM_THREADS=1 STARPU_SILENT=1
o=$OUT/probe; mkdir -p $o
echo "## cublas sustained (30 reps)"; BENCH_REPS=30 timeout 60 _build/bench/cublas_gemm d:2048:2048:2048 d:4096:4096:4096 d:8192:8192:8192 s:8192:8192:8192
echo "## paralia 000 fixed tiles, paralia policy"
for T in 16384 8192 4096 2048 1024; do PARALIA_TILE=$T BENCH_REPS=3 timeout 60 _build/bench/gemm_bench paralia d:16384:16384:16384:000 2>/dev/null | grep -v "^#" | sed "s/^/T=$T,/"; done
echo "## paralia 000 fixed tiles, eager policy"
for T in 2048 1024; do STARPU_SCHED=eager PARALIA_TILE=$T BENCH_REPS=3 timeout 60 _build/bench/gemm_bench paralia d:16384:16384:16384:000 2>/dev/null | grep -v "^#" | sed "s/^/eager T=$T,/"; done
echo "## per-task cost: d 4096^3 000 at tile 256 and 512 (paralia, eager)"
for T in 256 512; do PARALIA_TILE=$T BENCH_REPS=3 timeout 60 _build/bench/gemm_bench paralia d:4096:4096:4096:000 2>/dev/null | grep -v "^#" | sed "s/^/T=$T,/"; STARPU_SCHED=eager PARALIA_TILE=$T BENCH_REPS=3 timeout 60 _build/bench/gemm_bench paralia d:4096:4096:4096:000 2>/dev/null | grep -v "^#" | sed "s/^/eager T=$T,/"; done
echo "## kernel table, again"; timeout 120 _build/tools/paralia-kernels >/dev/null 2>$o/kernels.err; cp $PARALIA_HOME/kernels-$(hostname).txt $o/kernels.txt; grep -v "^#" $o/kernels.txt | grep gpu
