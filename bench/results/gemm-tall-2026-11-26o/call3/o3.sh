#!/usr/bin/env bash
# Session 2026-11-26o, call 3 (issue 14): the model's tall tiles as they now stand (product_us,
# TALL_KERNEL, A as panels where its tall tiles hold every row). Side by side, median of 3, at the
# points where the model picks tall tiles and two controls: the pick with tall tiles allowed
# (PARALIA_TALL=model) and without (none), alternating twice; a sweep of square and tall cells for
# bench/model_replay; cuBLASXt. Then the suite under ASan and UBSan on CUDA workers.
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh o3 $t || exit
P="d:8192:8192:8192:hhh d:8192:8192:8192:h0h s:8192:8192:8192:hhh d:16384:16384:16384:hhh"
export BENCH_REPS=3 BENCH_UNTIMED=2
: > "$R/picks.csv"
for round in 1 2; do
  for mode in model none; do
    PARALIA_TALL=$mode PARALIA_VERBOSE=1 timeout 60 _build/bench/gemm_bench paralia $P 2>>"$R/picks.err" | grep -v "^#" | sed "s/^/$mode$round,/" >> "$R/picks.csv"
  done
done
stamp picks; pack
SWEEP_POINTS="$P" SWEEP_TILES="0 2048 3072 4096" SWEEP_TALL="2048:3072 2048:4096 2048:8192 4096:8192" \
  timeout 200 bench/tile_sweep.sh "$R/sweep.csv"
timeout 60 _build/bench/gemm_bench cublasxt $P 2>/dev/null | grep -v "^#" | sed "s/^/T=cublasxt,/" >> "$R/sweep.csv"
stamp sweep; pack
cut -d, -f1,3-6,8-12 "$R/picks.csv"
grep "autotune" "$R/picks.err" | sed 's/(ld.*): tile/: tile/' | cut -c1-170 | sort -u
left=$((585 - SECONDS))
echo "sanitizers with $left s left"
if [ "$left" -gt 240 ]; then
  SANITIZERS_LIMIT=$((left - 20)) scripts/gpu-run.sh sanitizers > "$R/sanitizers.log" 2>&1
  cp "$OUT/summary.txt" "$R/gpu-run-summary.txt" 2>/dev/null; tail -3 "$R/gpu-run-summary.txt"
  grep -c "^PASS" "$R/sanitizers.log"; grep "^FAIL\|^ERROR" "$R/sanitizers.log" | head
fi
stamp all; pack
cut -d, -f1,3-6,8-12 "$R/sweep.csv"
