#!/usr/bin/env bash
# Session 2026-11-28g, call 3 (issue 14), on 258a9a5 (the library as 1f9e5ad): as call 2, the
# dataset points whose pick the tall lines change (replayed here, at most 6), before / tall
# alternating, two rounds (the H100 table now carries call 2's tall lines); then the GPU suite.
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh g3 $t || exit
K=$PARALIA_HOME/kernels-$(hostname).txt
grep -c '^tall ' "$K"
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
for r in 1 2; do
  [ -n "$P" ] && [ $((SECONDS - dev_start)) -lt 90 ] || break
  ALT_LIMIT=60 alternate "$r" tall-ab.csv "$P" before:PARALIA_HOME=$N tall
done
cut -d, -f1-12 "$R/tall-ab.csv" 2>/dev/null
grep -h "autotune" "$R"/before-1.err "$R"/tall-1.err 2>/dev/null | cut -c1-220
left=$((585 - (SECONDS - dev_start)))
suite $((left < 440 ? left : 440))
