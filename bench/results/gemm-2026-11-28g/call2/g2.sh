#!/usr/bin/env bash
# Session 2026-11-28g, call 2 (issue 14), on 258a9a5 (the library as 1f9e5ad): the dataset points
# whose plan the kernel table's tall lines change, the table without them (before) and with them
# (tall), each in its own process, alternating, three rounds; then paralia (with them) and
# cuBLASXt at those points by bench/gemm_compare.sh (the dataset's way). Whatever GPU comes: its
# carried table's tall lines are measured here first when it has none (paralia-kernels --tall,
# the one H100 table), and the points are the ones whose pick the replay (bench/model_replay over
# the dataset's 90 points, this call's link map) finds changed, at most 6.
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh g2 $t || exit
K=$PARALIA_HOME/kernels-$(hostname).txt
if ! grep -q '^tall ' "$K"; then
  timeout 150 _build/tools/paralia-kernels --tall > "$R/tall-calibration.log" 2>&1
  tail -3 "$R/tall-calibration.log"; stamp "tall lines"
fi
grep '^tall ' "$K" | tee "$R/tall-lines.txt"
cp "$K" "$R/kernels-tall.txt"
N=$HOME/.paralia-notall
mkdir -p "$N" && cp "$PARALIA_HOME"/*.txt "$N/"
grep -v '^tall ' "$K" > "$N/kernels-$(hostname).txt"
L=$PARALIA_HOME/linkmap-$(hostname).txt
_build/bench/model_replay "$N/kernels-$(hostname).txt" "$L" .device/ds.csv > "$R/replay-before.txt" 2>&1
_build/bench/model_replay "$K" "$L" .device/ds.csv > "$R/replay-tall.txt" 2>&1
pick() { sed -n 's/^\([ds]\) \([0-9]*\)x\([0-9]*\)x\([0-9]*\) \([0-9h]*\):.*| pick \([^ ]*\) .*/\1:\2:\3:\4:\5 \6/p' "$1"; }
P=$(diff <(pick "$R/replay-before.txt") <(pick "$R/replay-tall.txt") | sed -n 's/^> \([^ ]*\) .*/\1/p' | head -6 | paste -sd' ')
diff <(pick "$R/replay-before.txt") <(pick "$R/replay-tall.txt")
echo "points: $P"
[ -n "$P" ] || { pack; exit 0; }
for r in 1 2 3; do
  [ $((SECONDS - dev_start)) -gt 330 ] && break
  ALT_LIMIT=60 alternate "$r" tall-ab.csv "$P" before:PARALIA_HOME=$N tall
done
cut -d, -f1-12 "$R/tall-ab.csv"
grep -h "autotune" "$R"/before-1.err "$R"/tall-1.err | cut -c1-220
left=$((570 - (SECONDS - dev_start)))
BENCH_POINTS="$P" BENCH_SYSTEMS="paralia cublasxt" BENCH_TIMEOUT=$((left / 2)) timeout $left \
  bash bench/gemm_compare.sh "$R/compare-tall" >/dev/null 2>&1
grep "^| [ds]" "$R/compare-tall/gemm.md" | cut -d'|' -f2-8,11,12,13
stamp compare; pack
