#!/usr/bin/env bash
# Session 2026-11-26c, call 7 (issue 14): why FP32 with an operand on the GPU runs at a third of
# the model (call 6: s 4096x4096x32768 00h 48 ms against 23.5 predicted; FP64 fine). The same
# point on this tree, on main 92f8943 (built beside it), under dmdas, and its CUPTI timeline;
# then the suite once on the final code.
scripts/gpu-run.sh build >/dev/null 2>&1
export LD_LIBRARY_PATH="$(cat .device/starpu-prefix)/lib:${LD_LIBRARY_PATH:-}" OPENBLAS_NUM_THREADS=1 \
       PARALIA_HOME=$HOME/.paralia STARPU_HOME=$HOME PATH="/usr/local/cuda/bin:$PATH"
s=$SECONDS
R=$OUT/r; mkdir -p "$R"
here=$PWD
( mkdir -p /tmp/mainsrc && cd /tmp/mainsrc && tar -xzf "$here/.device/main-src.tar.gz" && tar -xmzf "$here/.device/autotools.tar.gz" \
  && mkdir -p b && cd b && ../configure >/dev/null 2>&1 && make -j16 >/dev/null 2>&1 && echo "main built" ) 2>&1 | tail -1
_build/bench/gemm_bench paralia d:1024:1024:1024:hhh >/dev/null 2>&1   # this machine's link map
P="s:4096:4096:32768:00h s:4096:4096:32768:h0h s:8192:8192:8192:00h d:4096:4096:32768:00h"
export BENCH_REPS=3
{
for t in 2048; do
  echo "== tree, tile $t"; PARALIA_TILE=$t timeout --foreground 60 _build/bench/gemm_bench paralia $P 2>/dev/null | grep -v "^#"
  echo "== main 92f8943, tile $t"; PARALIA_TILE=$t timeout --foreground 60 /tmp/mainsrc/b/bench/gemm_bench paralia $P 2>/dev/null | grep -v "^#"
  echo "== tree under dmdas, tile $t"; STARPU_SCHED=dmdas PARALIA_SCHED=starpu-default PARALIA_TILE=$t timeout --foreground 60 _build/bench/gemm_bench paralia $P 2>/dev/null | grep -v "^#"
done
echo "== tree, tuned, verbose"; PARALIA_VERBOSE=1 timeout --foreground 60 _build/bench/gemm_bench paralia s:4096:4096:32768:00h 2>&1 | grep -v "^#\|^\[starpu\]"
} | tee "$R/fp32.txt"
echo "[fp32 done at $((SECONDS - s)) s]"
timeout --foreground 60 bash bench/gpu_timeline.sh "$R/tl" 2048:s:4096:4096:32768:00h 2048:d:4096:4096:32768:00h >/dev/null 2>&1
tar -C "$R" -czf "$OUT/results7.tar.gz" .
grep -v "^\[starpu\]\|^For proper\|^\[linkmap\|Warning" "$R/tl/report.txt"
echo "[timeline done at $((SECONDS - s)) s]"
OUT=$R/chk CHECK_RUNS=1 timeout --foreground $((560 - (SECONDS - s))) scripts/gpu-run.sh check >/dev/null 2>&1
cat "$R/chk/summary.txt"
tar -C "$R" -czf "$OUT/results7.tar.gz" .
