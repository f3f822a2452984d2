#!/usr/bin/env bash
# Session 2026-11-27c2, call 1 (issue 14): the model offering deep products in square C tiles
# (502391c) against the session's start (32ea6e3, built beside it from the reverse of lib.patch),
# side by side at the dataset's points whose pick it changes: alternating processes new, base,
# base, new at the six below 32768^3; paralia (new) and cuBLASXt by gemm_compare.sh there; then
# the three 32768^3 points, new and base, one round.
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh c1 $t || exit
here=$PWD
mkdir -p /tmp/base && tar --exclude=./_build --exclude=./.device -cf - . | tar -C /tmp/base -xf -
(cd /tmp/base && patch -s -R -p1 < "$here/.device/lib.patch" && mkdir -p _b && cd _b &&
  ../configure --prefix=/tmp/base/_i > "$R/base-configure.log" 2>&1 && make -j16 > "$R/base-make.log" 2>&1) ||
  echo "the base build failed"
stamp base-build; pack
pts="d:16384:16384:16384:00h d:12000:30000:7000:00h d:20000:17000:9000:00h d:27000:9500:14500:00h s:16384:16384:16384:00h s:12000:30000:7000:0hh"
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
side side 120 "$pts" new base base new
cut -d, -f1,2,4-13 "$R/side.csv"
# the model's pick at d 20000x17000x9000 00h is square 2048; session x measured 4096 faster
PARALIA_TILE=4096 PARALIA_TALL=4096 PARALIA_DEEP=all timeout 60 _build/bench/gemm_bench paralia \
  d:20000:17000:9000:00h 2> "$R/sq4096.err" | grep -v "^#" | sed "s/^/sq4096,1,/" >> "$R/side.csv"
stamp sq4096; pack
for g in "d 16384:16384:16384,12000:30000:7000,20000:17000:9000,27000:9500:14500 00h" \
         "s 16384:16384:16384 00h" "s 12000:30000:7000 0hh"; do
  set -- $g
  BENCH_PRECS=$1 BENCH_SHAPES=${2//,/ } BENCH_PLACES=$3 BENCH_SYSTEMS="paralia cublasxt" \
    BENCH_TIMEOUT=150 bench/gemm_compare.sh "$R/cmp-$1-$3" > "$R/cmp-$1-$3.log" 2>&1
  grep -v "^#" "$R/cmp-$1-$3/gemm.csv"
  stamp "compare $1 $3"; pack
done
BENCH_UNTIMED=1 BENCH_REPS=3 side big 130 "d:32768:32768:32768:00h s:32768:32768:32768:00h s:32768:32768:32768:0hh" new base
cut -d, -f1,2,4-13 "$R/big.csv"
