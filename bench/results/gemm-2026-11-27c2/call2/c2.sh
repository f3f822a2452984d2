#!/usr/bin/env bash
# Session 2026-11-27c2, call 2 (issue 14): on 89e3bc3 (square C tiles over k only over an aligned
# B), the dataset's five points whose pick changes: the three 32768^3 ones, paralia and cuBLASXt by
# gemm_compare.sh; FP64 and FP32 16384^3 00h against the session's start (32ea6e3, built beside it
# from the reverse of lib.patch), alternating processes new, base, base, new; then the model's
# plans at the odd shapes with C alone on the host, which call 1's code had changed (one process).
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh c2 $t || exit
here=$PWD
mkdir -p /tmp/base && tar --exclude=./_build --exclude=./.device -cf - . | tar -C /tmp/base -xf -
(cd /tmp/base && patch -s -R -p1 < "$here/.device/lib.patch" && mkdir -p _b && cd _b &&
  ../configure --prefix=/tmp/base/_i > "$R/base-configure.log" 2>&1 && make -j16 > "$R/base-make.log" 2>&1) ||
  echo "the base build failed"
stamp base-build; pack
export BENCH_UNTIMED=4 BENCH_REPS=5 PARALIA_VERBOSE=1
side() { # side CSV LIMIT POINTS VERSIONS...
  local csv=$1 lim=$2 p=$3 v b r=0; shift 3
  for v in "$@"; do
    r=$((r + 1))
    b=_build/bench/gemm_bench; [ $v = base ] && b=/tmp/base/_b/bench/gemm_bench
    timeout $lim $b paralia $p 2> "$R/$csv-$v-$r.err" | grep -v "^#" | sed "s/^/$v,$r,/" >> "$R/$csv.csv"
    stamp "$csv $v $r"; pack
  done
}
side side 60 "d:16384:16384:16384:00h s:16384:16384:16384:00h" new base base new
cut -d, -f1,2,4-13 "$R/side.csv"
for g in "d 00h" "s 00h" "s 0hh"; do
  set -- $g
  BENCH_PRECS=$1 BENCH_SHAPES=32768:32768:32768 BENCH_PLACES=$2 BENCH_SYSTEMS="paralia cublasxt" \
    BENCH_UNTIMED=2 BENCH_REPS=3 BENCH_TIMEOUT=150 bench/gemm_compare.sh "$R/cmp-$1-$2" > "$R/cmp-$1-$2.log" 2>&1
  grep -v "^#" "$R/cmp-$1-$2/gemm.csv"
  stamp "compare $1 $2"; pack
done
BENCH_UNTIMED=2 BENCH_REPS=3 side odd 100 "d:12000:30000:7000:00h d:20000:17000:9000:00h d:27000:9500:14500:00h s:12000:30000:7000:0hh" new
cut -d, -f1,2,4-13 "$R/odd.csv"
