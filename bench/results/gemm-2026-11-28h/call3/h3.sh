#!/usr/bin/env bash
# Session 2026-11-28h, call 3 (issue 14), on 08f63e8 with session g's duplex prototype applied
# (bench/results/gemm-2026-11-28g/call7/duplex-prototype.patch; PROTO_DUPLEX unset: the library
# as 08f63e8; PROTO_DUPLEX=2: the link map's duplex total scaled by the kernel table's
# both-directions rate at the operands' pitches over its rate at 64 KB columns, so shorter columns
# share less). Session g replayed it on every recorded sweep and could not run it.
# 1. FP64 8192^3 hhh and h0h: the model's plan, the prototype's and tiles of all of m's rows
#    (8192 x 1024, 1.05-1.08x faster than the picks on one H200 in session g), three rounds.
# 2. The dataset points whose pick the prototype changes on this call's link map (bench/model_replay
#    over .device/ds.csv, with and without PROTO_DUPLEX=2), at most 6: the model against the
#    prototype, three rounds. Each configuration in its own process, alternating.
{ patch -p1 < .device/duplex-prototype.patch || git apply .device/duplex-prototype.patch; } > /dev/null 2>&1 || { echo "h3: the prototype did not apply"; exit 1; }
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh h3 $t || exit
grep "GB/s" "$R/linkmap.log" | head -3
K=$PARALIA_HOME/kernels-$(hostname).txt L=$PARALIA_HOME/linkmap-$(hostname).txt
_build/bench/model_replay "$K" "$L" .device/ds.csv > "$R/replay-model.txt" 2>&1
PROTO_DUPLEX=2 _build/bench/model_replay "$K" "$L" .device/ds.csv > "$R/replay-duplex.txt" 2>&1
pick() { sed -n 's/^\([ds]\) \([0-9]*\)x\([0-9]*\)x\([0-9]*\) \([0-9h]*\):.*| pick \([^ ]*\) .*/\1:\2:\3:\4:\5 \6/p' "$1"; }
diff <(pick "$R/replay-model.txt") <(pick "$R/replay-duplex.txt")
E="d:8192:8192:8192:hhh d:8192:8192:8192:h0h"
for r in 1 2 3; do
  ALT_LIMIT=60 alternate "$r" p8192.csv "$E" model duplex:PROTO_DUPLEX=2 rows8192:PARALIA_TILE=1024,PARALIA_TALL=8192
done
cut -d, -f1-12 "$R/p8192.csv"
grep -h "autotune" "$R"/model-1.err "$R"/duplex-1.err | cut -c1-200
P=$(diff <(pick "$R/replay-model.txt") <(pick "$R/replay-duplex.txt") | sed -n 's/^> \([^ ]*\) .*/\1/p' | grep -v "^d:8192:8192:8192:" | head -6 | paste -sd' ')
echo "points: $P"
[ -n "$P" ] || { pack; exit 0; }
for r in 1 2 3; do
  [ $((SECONDS - dev_start)) -gt 450 ] && break
  ALT_LIMIT=60 alternate "$r" changed.csv "$P" model2 duplex2:PROTO_DUPLEX=2
done
cut -d, -f1-12 "$R/changed.csv"
grep -h "autotune" "$R"/model2-1.err "$R"/duplex2-1.err | cut -c1-200
stamp done; pack
