#!/usr/bin/env bash
# Session 2026-11-26c, call 3 (issue 14): does the GPU keep its rate over a long call? This
# machine's power limit and clocks; its kernel table (paralia-kernels); one cuBLAS call at growing
# sizes with the power, clocks and throttle reasons sampled every 20 ms; the fetch-ahead rule
# (pm_fetch_ahead with the layers' depths and the one-copy threshold) against none; the mixed
# placements swept with this machine's table, replayed.
scripts/gpu-run.sh build >/dev/null 2>&1
export LD_LIBRARY_PATH="$(cat .device/starpu-prefix)/lib:${LD_LIBRARY_PATH:-}" OPENBLAS_NUM_THREADS=1 \
       PARALIA_HOME=$HOME/.paralia STARPU_HOME=$HOME PATH="/usr/local/cuda/bin:$PATH"
s=$SECONDS
nvidia-smi -q -d POWER,CLOCK,PERFORMANCE,TEMPERATURE >"$OUT/smi-q.txt" 2>&1
_build/bench/gemm_bench paralia d:1024:1024:1024:hhh >/dev/null 2>&1   # this machine's link map
timeout --foreground 170 _build/tools/paralia-kernels >"$OUT/kernels.log" 2>&1
cp "$PARALIA_HOME/kernels-$(hostname).txt" "$OUT/kernels.txt"; cp "$PARALIA_HOME/linkmap-$(hostname).txt" "$OUT/linkmap.txt"
echo "[kernels done at $((SECONDS - s)) s]"; grep "gpu d\|gpu s" "$OUT/kernels.txt"
nvidia-smi --query-gpu=timestamp,power.draw,power.limit,clocks.sm,clocks.mem,temperature.gpu,clocks_throttle_reasons.active --format=csv,noheader -lms 20 >"$OUT/smi-trace.csv" 2>&1 &
smi=$!
for p in d:4096:4096:4096:000 d:8192:8192:8192:000 d:16384:16384:16384:000 d:32768:32768:32768:000 s:16384:16384:16384:000 s:32768:32768:32768:000; do
  echo "$(date +%H:%M:%S.%N) start $p" >>"$OUT/smi-marks.txt"
  BENCH_REPS=3 timeout --foreground 60 _build/bench/gemm_bench cublas $p 2>/dev/null | grep -v "^#"
  echo "$(date +%H:%M:%S.%N) end $p" >>"$OUT/smi-marks.txt"
done | tee "$OUT/cublas.csv"
kill $smi
echo "[cublas done at $((SECONDS - s)) s]"
for mode in model none; do
  export PARALIA_FETCH_AHEAD=$mode BENCH_REPS=3
  PARALIA_TILE=3072 timeout --foreground 60 _build/bench/gemm_bench paralia d:4096:4096:32768:h0h d:4096:4096:4096:hhh 2>/dev/null | grep -v "^#" | sed "s/^/$mode,3072,/"
  PARALIA_TILE=6144 timeout --foreground 60 _build/bench/gemm_bench paralia d:8192:8192:8192:hhh d:8192:8192:8192:h0h 2>/dev/null | grep -v "^#" | sed "s/^/$mode,6144,/"
done | tee "$OUT/ahead.csv"
unset PARALIA_FETCH_AHEAD
echo "[ahead done at $((SECONDS - s)) s]"
export SWEEP_TILES="0 2048 3072 4096 6144 8192" BENCH_REPS=3
export SWEEP_POINTS="d:4096:4096:32768:h0h d:4096:4096:32768:0hh d:4096:4096:32768:00h d:8192:8192:8192:h0h d:8192:8192:8192:0hh d:16384:16384:16384:00h d:16384:16384:16384:h0h d:20000:17000:9000:0hh d:16384:16384:16384:hhh"
timeout --foreground $((575 - (SECONDS - s))) bash bench/tile_sweep.sh "$OUT/sweep.csv" >/dev/null 2>&1
echo "[sweep done at $((SECONDS - s)) s]"
_build/bench/model_replay "$OUT/kernels.txt" "$OUT/linkmap.txt" "$OUT/sweep.csv"
grep -i "power limit\|Enforced\|Max Clocks\|SM  \|Clocks Event\|Throttle" "$OUT/smi-q.txt" | head -20
