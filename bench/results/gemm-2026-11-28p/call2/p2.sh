#!/usr/bin/env bash
# Session 2026-11-28p, call 2 (issue 14), on 63b90f0: call 1 found
# StarPU's requests add 2-6 us per host tile to tasks that do nothing, not the 20-45 us between
# gemm's copies. The wait lines are now timed beside products (each task multiplies its tile by a
# narrow resident B through paralia's gemm codelet):
# 1. paralia-kernels --wait into the carried table, twice (its spread; the second stays);
# 2. the three smallest shapes from the host (FP64, FP32), the pick and every square tile of
#    1024-8192, a point's tiles in one process, on the model with that wait;
# 3. the GPU suite (the library changed: the wait lines, trmm and trsm's shared entry point).
. scripts/device-env.sh p2 .device/kernels-n9-h200.txt .device/kernels-m3.txt || exit
git log --oneline -1; git status --short | head -5
K=$PARALIA_HOME/kernels-$(hostname).txt
cp "$K" "$R/kernels-nowait.txt"
for i in 1 2; do
  timeout 60 _build/tools/paralia-kernels --wait > "$R/wait-$i.log" 2>&1; echo "wait $i rc $?"
  grep -E "wait of|failed|error" "$R/wait-$i.log" | cut -c1-250
  grep "^wait" "$K" > "$R/wait-$i.txt"
done
cp "$K" "$R/kernels-wait.txt"
stamp wait; pack
small=""; for P in d s; do for s in 4096:4096:4096 8192:8192:8192 4096:4096:32768; do small+=" $P:$s:hhh"; done; done
SWEEP_ONE_PROCESS=1 BENCH_REPS=3 PARALIA_VERBOSE=1 SWEEP_POINTS="$small" \
  SWEEP_TILES="0 1024 1536 2048 3072 4096 6144 8192" timeout 60 bash bench/tile_sweep.sh "$R/sweep-small.csv" >/dev/null 2>&1
echo "small rc $?"; wc -l < "$R/sweep-small.csv"
stamp small; pack
suite $((500 - (SECONDS - dev_start)))
