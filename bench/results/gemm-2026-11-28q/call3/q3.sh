#!/usr/bin/env bash
# Session 2026-11-28q, call 3 (issue 14), on 20008df:
# 1. the hhh points with N >= 8192 at their picks, FP64 and FP32 (gemm_bench, medians of 5 after
#    four untimed calls, as the dataset's): each one's fraction of the bound on this library;
# 2. call 1's timeline of FP64 16384^3 from the host had no copy and no kernel for 16.1 ms after
#    the timed call's third copy (first kernel at 24.2 ms, 5.7-5.8 in earlier timelines): every
#    call of a process traced with the runtime's calls and StarPU's events, four untimed calls
#    first as in the dataset (bench/timeline_calls.py per call), two processes, and one each of
#    the two odd FP64 shapes under 80%;
# 3. FP64 27000x9500x14500 from the host: its link to the GPU was 95.6% busy at 44.3 GB/s (tiles
#    of 3072, 24 KB columns): tall tiles of 4096 and 6144 rows (longer columns), priced 2% faster
#    and 0.1% faster, side by side with the pick, two rounds in both orders.
. scripts/device-env.sh q3 .device/kernels-n9-h200.txt .device/kernels-m3.txt || exit
git log --oneline -1; git status --short | head -8
pts=""; for P in d s; do for s in 8192:8192:8192 16384:16384:16384 32768:32768:4096 4096:4096:32768 20000:17000:9000 12000:30000:7000 27000:9500:14500 32768:32768:32768; do pts="$pts $P:$s:hhh"; done; done
BENCH_REPS=5 OPENBLAS_NUM_THREADS=1 timeout 260 _build/bench/gemm_bench paralia $pts 2> "$R/hhh.err" | grep -v "^#" > "$R/hhh.csv"
cut -d, -f2-8,12,13 "$R/hhh.csv"
stamp hhh; pack
cuda=${CUDA_HOME:-/usr/local/cuda}
lib=$(find "$cuda"/ "$cuda"/extras/CUPTI -name 'libcupti.so*' 2>/dev/null | head -1)
inc=$(dirname "$(find "$cuda"/ -name cupti.h 2>/dev/null | head -1)")
so=$PWD/_build/bench/libpl_cupti_trace.so
sp=$(pkg-config --variable=includedir starpu-1.4)/starpu/1.4
gcc -O2 -shared -fPIC -DPL_TRACE_STARPU -I"$sp" -I"$inc" -I"$cuda/include" bench/cupti_trace.c -o "$so" \
  -L"$(dirname "$lib")" -Wl,-rpath,"$(dirname "$lib")" -lcupti || echo "no tracer"
census() { # NAME POINT KERNELS_PER_CALL
  env BENCH_UNTIMED=4 BENCH_REPS=6 BENCH_EACH=1 PARALIA_VERBOSE=1 CUDA_INJECTION64_PATH="$so" PL_TRACE_OUT="$R/census/$1.csv" \
    PL_TRACE_API=1 STARPU_PROF_TOOL="$so" timeout 60 _build/bench/gemm_bench paralia "$2" > "$R/census/$1.txt" 2>&1
  python3 bench/timeline_calls.py "$R/census/$1.csv" "$3" > "$R/census/$1-calls.txt" 2>&1
  gzip -f "$R/census/$1.csv"
}
mkdir -p "$R/census"
census d16384-1 d:16384:16384:16384:hhh 80
census d16384-2 d:16384:16384:16384:hhh 80
census d27000 d:27000:9500:14500:hhh 216
census d20000 d:20000:17000:9000:hhh 168
grep -h "gemm_bench\|^paralia" "$R"/census/*.txt | grep -v "^#" | head
stamp census; pack
export BENCH_REPS=3 ALT_LIMIT=60
for r in 1 2; do
  [ $((560 - (SECONDS - dev_start))) -gt 60 ] || break
  if [ $r = 1 ]; then set -- pick r4096:PARALIA_TILE=3072,PARALIA_TALL=4096 r6144:PARALIA_TILE=3072,PARALIA_TALL=6144
  else set -- r6144:PARALIA_TILE=3072,PARALIA_TALL=6144 r4096:PARALIA_TILE=3072,PARALIA_TALL=4096 pick; fi
  alternate $r tall.csv "d:27000:9500:14500:hhh" "$@"
done
cut -d, -f1-2,9-13 "$R/tall.csv"
stamp tall; pack
