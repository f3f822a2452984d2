#!/usr/bin/env bash
# Session 2026-11-26j, call 4 (issue 14): C added at home, where its time goes. At fixed tiles,
# median of 5: C read as before (none), added at home in one slice per CPU worker (all), in 8 and
# in 4 slices (PARALIA_HOME_PARTS), and C not read at all (beta = 0: the floor without C's bytes).
scripts/gpu-run.sh build >/dev/null 2>&1
export LD_LIBRARY_PATH="$(cat .device/starpu-prefix)/lib:${LD_LIBRARY_PATH:-}" OPENBLAS_NUM_THREADS=1 \
       PARALIA_HOME=$HOME/.paralia STARPU_HOME=$HOME PATH="/usr/local/cuda/bin:$PATH"
R=$OUT/r; mkdir -p "$R"; s=$SECONDS
cp .device/j4.sh "$R/"; rm -f "$OUT/results.tar.gz"
nvidia-smi --query-gpu=name,power.limit,clocks.max.sm --format=csv,noheader | tee "$R/gpu.txt"
pack() { tar -C "$R" -czf "$OUT/results-j4.tar.gz" .; }
_build/bench/gemm_bench paralia d:1024:1024:1024:hhh >/dev/null 2>"$R/warm.err"
_build/tools/paralia-kernels --sum 2>&1 | grep "GB/s" | tee -a "$R/sum.txt"
cp "$PARALIA_HOME/kernels-$(hostname).txt" "$R/kernels.txt"; cp "$PARALIA_HOME/linkmap-$(hostname).txt" "$R/linkmap.txt"
declare -A pts=( [2048]="d:8192:8192:8192:hhh d:4096:4096:4096:hhh d:8192:8192:8192:h0h s:8192:8192:8192:hhh" \
                 [3072]="d:20000:17000:9000:hhh d:8192:8192:8192:hhh" [4096]="d:8192:8192:8192:hhh d:20000:17000:9000:hhh" )
run() { # name tile env...
  local name=$1 t=$2; shift 2
  env "$@" PARALIA_TILE=$t BENCH_REPS=5 PARALIA_VERBOSE=1 timeout 90 _build/bench/gemm_bench paralia ${pts[$t]} \
    2>"$R/$name-$t.err" | grep -v "^#" | sed "s/^/$name,/" >>"$R/parts.csv"
}
: >"$R/parts.csv"
for t in 2048 3072 4096; do
  run none $t PARALIA_C_HOME=none
  run all $t PARALIA_C_HOME=all
  run p8 $t PARALIA_C_HOME=all PARALIA_HOME_PARTS=8
  run p4 $t PARALIA_C_HOME=all PARALIA_HOME_PARTS=4
  run beta0 $t PARALIA_C_HOME=none BENCH_BETA=0
  run all_b $t PARALIA_C_HOME=all
  echo "[tile $t done at $((SECONDS - s)) s]"; pack
done
sort -t, -k3,3 -k4,4n -k5,5n -k7,7 "$R/parts.csv" | cut -d, -f1-11
grep -h "summary" "$R"/all-2048.err | head -4
echo "[done at $((SECONDS - s)) s]"; pack
