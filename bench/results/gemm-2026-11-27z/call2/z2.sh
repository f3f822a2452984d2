#!/usr/bin/env bash
# Session 2026-11-27z, call 2 (issue 14): does StarPU in the process slow a cuBLAS call on the
# GPU (call 1: one cuBLAS DGEMM of 4096^3 took 2197.5 us before paralia_init, 2245.1 after)?
# bench/direct_probe with StarPU's workers polling, paused (starpu_pause) and gone
# (paralia_shutdown), under StarPU's default workers and with no CPU worker (STARPU_NCPU=0), twice
# in alternation; then paralia's tiled calls with and without CPU workers, alternating, two rounds.
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh z2 $t || exit
for round in 1 2; do
  for cfg in default ncpu0:STARPU_NCPU=0; do
    name=${cfg%%:*} vars=; [ "$cfg" != "$name" ] && vars=${cfg#*:}
    env $vars timeout 100 _build/bench/direct_probe 40 1024 4096 8192 > "$R/probe-$name-$round.csv" 2> "$R/probe-$name-$round.err"
    echo "== $name $round"; cat "$R/probe-$name-$round.csv"; stamp "probe $name $round"; pack
  done
done
export BENCH_REPS=5
g="d:16384:16384:16384:hhh d:4096:4096:4096:00h s:4096:4096:4096:h0h s:8192:8192:8192:hhh d:20000:17000:9000:hhh s:27000:9500:14500:0hh"
ALT_LIMIT=120 alternate "1 2" tiled.csv "$g" default ncpu0:STARPU_NCPU=0
cat "$R/tiled.csv"
