#!/usr/bin/env bash
# Session 2026-11-26g, call 5 (issue 14): call 4's side-by-side run on one H100 had FP64
# 4096x4096x32768 from the host at its pick (tile 3072) at 49.4-73.2 ms over 3 calls (median 69.3)
# and 49.3-83.4 in the next run, where calls 1-3 measured 49.0-49.4 at that tile with another
# kernel table. Here, with call 4's kernel table if this is an H100 again: that point and two
# other unsteady ones over 8 calls each, fetching ahead as the model says, in every block and in
# none, and every call's GPU timeline (CUPTI) at the pick.
scripts/gpu-run.sh build >/dev/null 2>&1
export LD_LIBRARY_PATH="$(cat .device/starpu-prefix)/lib:${LD_LIBRARY_PATH:-}" OPENBLAS_NUM_THREADS=1 \
       PARALIA_HOME=$HOME/.paralia STARPU_HOME=$HOME PATH="/usr/local/cuda/bin:$PATH"
R=$OUT/r; mkdir -p "$R"; s=$SECONDS; rm -f "$OUT/results.tar.gz"
nvidia-smi --query-gpu=name,power.limit,clocks.max.sm --format=csv,noheader | tee "$R/gpu.txt"
grep -q H100 "$R/gpu.txt" && cp .device/kernels-h100.txt "$PARALIA_HOME/kernels-$(hostname).txt"
grep "^devices" "$PARALIA_HOME/kernels-$(hostname).txt"
pack() { tar -C "$R" -czf "$OUT/results-g5.tar.gz" .; }
_build/bench/gemm_bench paralia d:1024:1024:1024:hhh >/dev/null 2>&1
export BENCH_REPS=8
for fa in model all none; do
  PARALIA_FETCH_AHEAD=$fa PARALIA_VERBOSE=1 timeout 120 _build/bench/gemm_bench paralia d:4096:4096:32768:hhh d:20000:17000:9000:hhh d:32768:32768:4096:hhh 2>"$R/fa-$fa.err" | grep -v "^#" | sed "s/^/$fa,/" | tee -a "$R/fa.csv" | cut -d, -f1-11,13
done
echo "[fetch-ahead done at $((SECONDS - s)) s]"; pack
timeout 60 bench/gpu_timeline.sh "$R/tl" 3072:d:4096:4096:32768:hhh >/dev/null 2>&1
cuda=/usr/local/cuda; lib=$(find "$cuda"/ "$cuda"/extras/CUPTI -name 'libcupti.so*' 2>/dev/null | head -1)
BENCH_REPS=8 CUDA_INJECTION64_PATH=_build/bench/libpl_cupti_trace.so PL_TRACE_OUT=$R/tl/reps8.csv timeout 100 \
  _build/bench/gemm_bench paralia d:4096:4096:32768:hhh 2>/dev/null | grep -v "^#" | tee "$R/tl/reps8.txt"
gzip -f "$R/tl/reps8.csv"
echo "[done at $((SECONDS - s)) s]"; pack
