#!/usr/bin/env bash
# Session 2026-11-28p, call 1 (issue 14), on 0be2eab: StarPU's wait per host tile's copy (the
# kernel table's wait lines, src/perfmodel/wait_calibrate.c), which step 3 now adds to every host
# tile's copy to a GPU:
# 1. paralia-kernels --wait into the carried table, three times (its spread; the third stays);
# 2. the error table from the host on the model with the wait: the dataset's 16 hhh points but
#    32768^3 (FP64, FP32), the pick and every square tile (1024-8192 at the three smallest shapes,
#    2048-8192 at the others), a point's tiles in one process (SWEEP_ONE_PROCESS=1), medians of 3.
#    The same cells without the wait are replayed after (bench/model_replay on this call's table
#    less its wait lines).
. scripts/device-env.sh p1 .device/kernels-n9-h200.txt .device/kernels-m3.txt || exit
git log --oneline -1; git status --short | head -5
K=$PARALIA_HOME/kernels-$(hostname).txt
cp "$K" "$R/kernels-nowait.txt"
for i in 1 2 3; do
  timeout 60 _build/tools/paralia-kernels --wait > "$R/wait-$i.log" 2>&1; echo "wait $i rc $?"
  grep -E "wait of|failed|error" "$R/wait-$i.log" | cut -c1-200
  grep "^wait" "$K" > "$R/wait-$i.txt"
done
cp "$K" "$R/kernels-wait.txt"
stamp wait; pack
export SWEEP_ONE_PROCESS=1 BENCH_REPS=3 PARALIA_VERBOSE=1
small=""; for P in d s; do for s in 4096:4096:4096 8192:8192:8192 4096:4096:32768; do small+=" $P:$s:hhh"; done; done
big=""; for P in d s; do for s in 16384:16384:16384 32768:32768:4096 20000:17000:9000 12000:30000:7000 27000:9500:14500; do big+=" $P:$s:hhh"; done; done
SWEEP_POINTS="$small" SWEEP_TILES="0 1024 1536 2048 3072 4096 6144 8192" \
  timeout 170 bash bench/tile_sweep.sh "$R/sweep-small.csv" >/dev/null 2>&1
echo "small rc $?"; wc -l < "$R/sweep-small.csv"
stamp small; pack
left=$((440 - (SECONDS - dev_start)))
SWEEP_POINTS="$big" SWEEP_TILES="0 2048 3072 4096 6144 8192" \
  timeout $left bash bench/tile_sweep.sh "$R/sweep-big.csv" >/dev/null 2>&1
echo "big rc $?"; wc -l < "$R/sweep-big.csv"
stamp big; pack
