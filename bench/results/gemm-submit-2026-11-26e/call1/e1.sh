#!/usr/bin/env bash
# Session 2026-11-26e, call 1 (issue 14): does the submitting thread wait for scheduler ticks?
# The same gemm_bench points with StarPU's default threads (STARPU_RESERVE_NCPU=0: a polling worker
# on every core) and with paralia's new default (one core left to the calling thread), twice each,
# interleaved; then the new calibration (chunks queued two at a time, timed by task callbacks)
# twice, to see how its rates from rest repeat.
scripts/gpu-run.sh build >/dev/null 2>&1
export LD_LIBRARY_PATH="$(cat .device/starpu-prefix)/lib:${LD_LIBRARY_PATH:-}" OPENBLAS_NUM_THREADS=1 \
       PARALIA_HOME=$HOME/.paralia STARPU_HOME=$HOME PATH="/usr/local/cuda/bin:$PATH"
R=$OUT/r; mkdir -p "$R"; s=$SECONDS
nproc >"$R/nproc.txt"; nvidia-smi -q -d CLOCK,POWER >"$R/smi.txt" 2>&1
_build/bench/gemm_bench paralia d:1024:1024:1024:hhh >/dev/null 2>&1
cp "$PARALIA_HOME"/*.txt "$R/"
STARPU_DISPLAY_BINDINGS=1 STARPU_RESERVE_NCPU=0 _build/bench/gemm_bench paralia d:1024:1024:1024:hhh >"$R/bind-old.txt" 2>&1
STARPU_DISPLAY_BINDINGS=1 _build/bench/gemm_bench paralia d:1024:1024:1024:hhh >"$R/bind-new.txt" 2>&1
_build/tests/init_modes >"$R/init_modes.txt" 2>&1; echo "init_modes rc=$?" >>"$R/init_modes.txt"
tail -1 "$R/init_modes.txt"; grep -c "CPU\|cpu" "$R/bind-old.txt" "$R/bind-new.txt"
P0="d:4096:4096:4096:hhh d:8192:8192:8192:hhh d:16384:16384:16384:hhh d:4096:4096:32768:hhh d:4096:4096:4096:000 d:8192:8192:8192:000"
P8="d:4096:4096:4096:hhh s:8192:8192:8192:hhh"
export BENCH_REPS=5
for round in 1 2; do
  for mode in old new; do
    if [ $mode = old ]; then env="STARPU_RESERVE_NCPU=0"; else env="PARALIA_AB=new"; fi
    env $env PARALIA_TILE=0 _build/bench/gemm_bench paralia $P0 2>/dev/null | grep -v "^#" | sed "s/^/$mode,$round,T=0,/" | tee -a "$R/ab.csv"
    env $env PARALIA_TILE=8192 _build/bench/gemm_bench paralia $P8 2>/dev/null | grep -v "^#" | sed "s/^/$mode,$round,T=8192,/" | tee -a "$R/ab.csv"
  done
done
echo "[ab done at $((SECONDS - s)) s]"
for i in 1 2; do
  timeout 240 _build/tools/paralia-kernels "$R/kernels-$i.txt" >"$R/kernels-$i.log" 2>&1
  echo "[kernels $i done at $((SECONDS - s)) s]"; grep -E "^gpu|^sustain" "$R/kernels-$i.txt" | paste -sd' ' | cut -c1-900
done
tar -C "$R" -czf "$OUT/results-e1.tar.gz" .
