#!/usr/bin/env bash
# Session 2026-11-26k, call 4 (issue 14): C added at home with its scratch copies pinned before the
# call (pl_home_warm). 1) 8192^3 hhh at tile 2048, three processes of 16 calls each with home (one
# traced with the runtime's calls: no cudaHostAlloc may remain in a timed call) and one with C read;
# 2) the dataset's 16 hhh points, C read (none) against the model's choice (model), twice each,
# median of 3; 3) the GPU suite.
scripts/gpu-run.sh build >/dev/null 2>&1
export LD_LIBRARY_PATH="$(cat .device/starpu-prefix)/lib:${LD_LIBRARY_PATH:-}" OPENBLAS_NUM_THREADS=1 \
       PARALIA_HOME=$HOME/.paralia STARPU_HOME=$HOME PATH="/usr/local/cuda/bin:$PATH"
R=$OUT/r; mkdir -p "$R"; s=$SECONDS
cp .device/k4.sh "$R/"
git log --oneline -1 > "$R/commit.txt"; git status --short >> "$R/commit.txt"
nvidia-smi --query-gpu=name,power.limit,clocks.max.sm --format=csv,noheader | tee "$R/gpu.txt"
pack() { tar -C "$R" -czf "$OUT/results-k4.tar.gz" .; }
cuda=/usr/local/cuda
lib=$(find "$cuda"/ "$cuda"/extras/CUPTI -name 'libcupti.so*' 2>/dev/null | head -1)
inc=$(dirname "$(find "$cuda"/ -name cupti.h 2>/dev/null | head -1)")
so=$PWD/_build/bench/libpl_cupti_trace.so
gcc -O2 -shared -fPIC -DPL_TRACE_STARPU -I"$(cat .device/starpu-prefix)/include/starpu/1.4" -I"$inc" -I"$cuda/include" \
    bench/cupti_trace.c -o "$so" -L"$(dirname "$lib")" -Wl,-rpath,"$(dirname "$lib")" -lcupti 2>&1 | grep -v deprecat | grep error
_build/bench/gemm_bench paralia d:1024:1024:1024:hhh >/dev/null 2>/dev/null
_build/tools/paralia-kernels --sum 2>&1 | grep "GB/s" | tee "$R/sum.txt"
cp "$PARALIA_HOME/kernels-$(hostname).txt" "$R/kernels.txt"; cp "$PARALIA_HOME/linkmap-$(hostname).txt" "$R/linkmap.txt"
one() { # name trace(0/1) env...
  local name=$1 tr=$2; shift 2
  local t=()
  [ "$tr" = 1 ] && t=(CUDA_INJECTION64_PATH=$so STARPU_PROF_TOOL=$so PL_TRACE_OUT=$R/$name.csv PL_TRACE_API=1)
  env "$@" "${t[@]}" BENCH_EACH=1 timeout 90 _build/bench/gemm_bench paralia $P >"$R/$name.txt" 2>"$R/$name.err"
  echo "== $name: $(grep -v '^#' "$R/$name.txt")"
  grep "call [0-9]*:" "$R/$name.err" | sed 's/.*call //' | tr '\n' ' '; echo
  if [ "$tr" = 1 ]; then
    python3 bench/timeline_calls.py "$R/$name.csv" 64 > "$R/$name.calls"; cut -c1-60 "$R/$name.calls"
    echo "pinned in the timed calls: $(awk -F, '$1=="api" && $5 ~ /HostAlloc/' "$R/$name.csv" | wc -l) allocations in all (call 0 = warm-up)"
    gzip -f "$R/$name.csv"
  fi
}
{
P=d:8192:8192:8192:hhh
one home-trace 1 PARALIA_C_HOME=all PARALIA_TILE=2048 BENCH_REPS=16
one home-a 0 PARALIA_C_HOME=all PARALIA_TILE=2048 BENCH_REPS=16
one none 0 PARALIA_C_HOME=none PARALIA_TILE=2048 BENCH_REPS=16
one home-b 0 PARALIA_C_HOME=all PARALIA_TILE=2048 BENCH_REPS=16
P=d:20000:17000:9000:hhh
one home-odd 0 PARALIA_C_HOME=all PARALIA_TILE=3072 BENCH_REPS=6
one none-odd 0 PARALIA_C_HOME=none PARALIA_TILE=3072 BENCH_REPS=6
} 2>&1 | tee "$R/report.txt"
echo "[part 1 at $((SECONDS - s)) s]"; pack
S="4096:4096:4096 8192:8192:8192 16384:16384:16384 32768:32768:4096 4096:4096:32768 20000:17000:9000 12000:30000:7000 27000:9500:14500"
P=""; for p in d s; do for x in $S; do P="$P $p:$x:hhh"; done; done
for r in 1 2; do
  for m in none model; do
    PARALIA_C_HOME=$m BENCH_REPS=3 timeout 150 _build/bench/gemm_bench paralia $P 2>/dev/null | grep -v "^#" | sed "s/^/$m,$r,/" >> "$R/modes.csv"
    echo "[modes $m $r at $((SECONDS - s)) s]"; pack
  done
done
PARALIA_C_HOME=model PARALIA_VERBOSE=1 BENCH_REPS=1 timeout 60 _build/bench/gemm_bench paralia $P 2>&1 >/dev/null | grep autotune | sed 's/.*autotune //' > "$R/plans-model.txt"
cut -d, -f1-8,10 "$R/modes.csv" | sort -t, -k4,4 -k5,8 -s
echo "[modes done at $((SECONDS - s)) s]"; pack
CHECK_RUNS=1 timeout 240 scripts/gpu-run.sh check > "$R/suite.txt" 2>&1; tail -5 "$R/suite.txt"
grep -h "^# \|FAIL" _build/test-suite.log 2>/dev/null | head -20 > "$R/suite-summary.txt"; cat "$R/suite-summary.txt"
echo "[done at $((SECONDS - s)) s]"; pack
