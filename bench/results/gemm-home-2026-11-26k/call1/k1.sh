#!/usr/bin/env bash
# Session 2026-11-26k, call 1 (issue 14): why C added at home runs fast in some calls and slow in
# most. 8192^3 from the host at tile 2048, BENCH_EACH=1 (each call's time), CUPTI timeline with the
# driver calls (bench/cupti_trace.c, PL_TRACE_API=1) split per call (bench/timeline_calls.py):
# home against C read, and home with StarPU's own host allocations unpinned (STARPU_DISABLE_PINNING).
scripts/gpu-run.sh build >/dev/null 2>&1
export LD_LIBRARY_PATH="$(cat .device/starpu-prefix)/lib:${LD_LIBRARY_PATH:-}" OPENBLAS_NUM_THREADS=1 \
       PARALIA_HOME=$HOME/.paralia STARPU_HOME=$HOME PATH="/usr/local/cuda/bin:$PATH"
R=$OUT/r; mkdir -p "$R"; s=$SECONDS
cp .device/k1.sh "$R/"
git log --oneline -1 > "$R/commit.txt"; git status --short >> "$R/commit.txt"
nvidia-smi --query-gpu=name,power.limit,clocks.max.sm --format=csv,noheader | tee "$R/gpu.txt"
cuda=/usr/local/cuda
lib=$(find "$cuda"/ "$cuda"/extras/CUPTI -name 'libcupti.so*' 2>/dev/null | head -1)
inc=$(dirname "$(find "$cuda"/ -name cupti.h 2>/dev/null | head -1)")
so=$PWD/_build/bench/libpl_cupti_trace.so
gcc -O2 -shared -fPIC -I"$inc" -I"$cuda/include" bench/cupti_trace.c -o "$so" \
    -L"$(dirname "$lib")" -Wl,-rpath,"$(dirname "$lib")" -lcupti || echo "no tracer"
_build/bench/gemm_bench paralia d:1024:1024:1024:hhh >/dev/null 2>/dev/null
_build/tools/paralia-kernels --sum 2>&1 | grep "GB/s" | tee "$R/sum.txt"
P=d:8192:8192:8192:hhh
one() { # name kernels-per-call trace(0/1) env...
  local name=$1 per=$2 tr=$3; shift 3
  local t=()
  [ "$tr" = 1 ] && t=(CUDA_INJECTION64_PATH=$so PL_TRACE_OUT=$R/$name.csv PL_TRACE_API=1)
  env "$@" "${t[@]}" PARALIA_TILE=2048 BENCH_REPS=12 BENCH_EACH=1 timeout 90 _build/bench/gemm_bench paralia $P \
    >"$R/$name.txt" 2>"$R/$name.err"
  echo "== $name: $(grep -v '^#' "$R/$name.txt")"
  grep "call [0-9]*:" "$R/$name.err" | sed 's/.*call //' | tr '\n' ' '; echo
  if [ "$tr" = 1 ]; then python3 bench/timeline_calls.py "$R/$name.csv" "$per"; gzip -f "$R/$name.csv"; fi
}
for i in 1 2; do
  one home-trace$i 64 1 PARALIA_C_HOME=all
  one none-trace$i 80 1 PARALIA_C_HOME=none
  one home-nopin$i 64 1 PARALIA_C_HOME=all STARPU_DISABLE_PINNING=1
  one home$i 64 0 PARALIA_C_HOME=all
done 2>&1 | tee "$R/report.txt"
echo "[done at $((SECONDS - s)) s]"; tar -C "$R" -czf "$OUT/results-k1.tar.gz" .
