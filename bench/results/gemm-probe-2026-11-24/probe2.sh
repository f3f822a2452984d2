#!/bin/bash
# one-off probe (issue 14), run on the device after gpu-run.sh build
export LD_LIBRARY_PATH=$(cat .device/starpu-prefix)/lib PARALIA_HOME=$HOME/.paralia STARPU_HOME=$HOME OPENBLAS_NUM_THREADS=1 STARPU_SILENT=1
gpu="d:8192:8192:8192:000 d:16384:16384:16384:000 d:32768:32768:4096:000 s:16384:16384:16384:000"
echo "## 000: the pick (T=0) and one cuBLAS call on the same operands, alternating"
for i in 1 2; do
  BENCH_REPS=5 timeout 100 _build/bench/gemm_bench paralia $gpu 2>/dev/null | grep -v "^#"
  BENCH_REPS=5 timeout 100 _build/bench/gemm_bench cublas $gpu 2>/dev/null | grep -v "^#"
done
p=d:32768:32768:4096:hhh
echo "## $p tile 2048: variants (BENCH_REPS=3)"
run() { echo "# $*"; env "$@" BENCH_REPS=3 timeout 60 _build/bench/gemm_bench paralia $p 2>&1 | grep -E "^paralia,|moved|summary|worker cuda" ; }
run PARALIA_TILE=2048 PARALIA_VERBOSE=1
run PARALIA_TILE=4096 PARALIA_VERBOSE=1
run PARALIA_TILE=2048 PARALIA_LOOKAHEAD=128
run PARALIA_TILE=2048 PARALIA_LOOKAHEAD=4
run PARALIA_TILE=2048 PARALIA_WRITEBACK=0
run PARALIA_TILE=2048 STARPU_SCHED=dmdas
run PARALIA_TILE=2048 STARPU_NWORKER_PER_CUDA=2
run PARALIA_TILE=2048 STARPU_CUDA_PIPELINE=8
echo "## the picks, all 13 points (T=0)"
BENCH_REPS=3 timeout 200 _build/bench/gemm_bench paralia d:4096:4096:4096:hhh d:8192:8192:8192:hhh d:16384:16384:16384:hhh \
d:32768:32768:4096:hhh d:4096:4096:32768:hhh d:20000:17000:9000:hhh s:8192:8192:8192:hhh s:16384:16384:16384:hhh \
s:32768:32768:4096:hhh 2>/dev/null | grep -v "^#"
