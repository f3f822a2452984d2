#!/usr/bin/env bash
# Session 2026-11-27f, call 3 (issue 14): the kernel table's tall lines. paralia-kernels --tall
# measures the GPU's 8192 x T x T products (T 512 .. 6144) into the carried table; a sweep of tall
# cells (tiles R x T, C's and A's, PARALIA_TALL=R) at six points with an operand on the host,
# and the model's pick; bench/model_replay on the sweep with the table before and with the tall
# lines (predicted against measured, the pick against the best cell); then the GPU suite on this
# code.
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh f3 $t || exit
K=$PARALIA_HOME/kernels-$(hostname).txt
cp "$K" "$R/kernels-before.txt"
timeout 150 _build/tools/paralia-kernels --tall > "$R/tall-calibration.txt" 2>&1; echo "paralia-kernels --tall rc $?"
grep "^tall\|x.*x.*GFLOP" "$R/tall-calibration.txt" "$K" | head -30
cp "$K" "$R/kernels.txt"
stamp tall-lines; pack
SWEEP_POINTS="d:8192:8192:8192:h0h d:8192:8192:8192:hhh s:8192:8192:8192:hhh d:32768:32768:4096:hhh s:100000:300:5000:hhh d:20000:17000:9000:h0h" \
SWEEP_TILES="0 2048" SWEEP_TALL="512:8192 1024:8192 2048:8192 1024:4096" BENCH_REPS=3 PARALIA_VERBOSE=1 \
  timeout 120 bench/tile_sweep.sh "$R/sweep.csv"
stamp sweep; pack
for k in before:"$R/kernels-before.txt" tall:"$R/kernels.txt"; do
  echo "== model_replay, the table $k"
  _build/bench/model_replay "${k#*:}" "$R/linkmap.txt" "$R/sweep.csv" | tee "$R/replay-${k%%:*}.txt"
done
pack
suite 410
