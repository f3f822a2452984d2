#!/usr/bin/env bash
# Session 2026-11-28q, call 4 (issue 14), on 20008df:
# 1. the four hhh points under 80% of the bound in call 3 against what the GPU does with nothing
#    to move: paralia from the host (hhh) and one cuBLAS call on the same shape with A, B and C on
#    the GPU (000), each system in its own process, alternating, two rounds in both orders
#    (medians of 5 after four untimed calls);
# 2. the 16 GPU-resident points but 32768^3 paired (paralia, one cuBLAS call, cuBLASXt in one
#    process, calls alternating, the six orders in turn): 000 against one cuBLAS call on this
#    library (call 2's sweep read them in separate processes).
. scripts/device-env.sh q4 .device/kernels-n9-h200.txt .device/kernels-m3.txt || exit
git log --oneline -1; git status --short | head -8
shapes="d:16384:16384:16384 d:20000:17000:9000 d:27000:9500:14500 s:4096:4096:32768"
hhh=""; gpu=""; for s in $shapes; do hhh="$hhh $s:hhh"; gpu="$gpu $s:000"; done
export BENCH_REPS=5 OPENBLAS_NUM_THREADS=1
run_sys() { # SYSTEM ROUND POINTS...
  local sys=$1 r=$2; shift 2
  timeout 90 _build/bench/gemm_bench "$sys" "$@" 2> "$R/ceiling-$sys-$r.err" | grep -v "^#" | sed "s/^/$r,/" >> "$R/ceiling.csv"
  stamp "$sys round $r"
}
run_sys paralia 1 $hhh; run_sys cublas 1 $gpu; run_sys cublas 2 $gpu; run_sys paralia 2 $hhh
cut -d, -f1-8,9,12 "$R/ceiling.csv"
pack
pts=""; for P in d s; do for s in 4096:4096:4096 8192:8192:8192 16384:16384:16384 32768:32768:4096 4096:4096:32768 20000:17000:9000 12000:30000:7000 27000:9500:14500; do pts="$pts $P:$s:000"; done; done
left=$((${Q4_LIMIT:-545} - (SECONDS - dev_start)))
echo "system,prec,m,n,k,place,config,median_ms,min_ms,max_ms,tflops,predicted_ms,check,status" > "$R/paired.csv"
PARALIA_VERBOSE=1 BENCH_REPS=6 BENCH_EACH=1 timeout $left _build/bench/gemm_bench paired $pts \
  >> "$R/paired.csv" 2> "$R/paired.stderr"
echo "paired rc $?"
cut -d, -f1-8,11 "$R/paired.csv"
stamp paired; pack
