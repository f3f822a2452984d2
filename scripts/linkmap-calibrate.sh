#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# Measures this machine's link map with the built paralia-linkmap and keeps everything needed to
# put it in the repository: the database, the calibration log (with its timing), the `show`
# output and the heat map. Usage: scripts/linkmap-calibrate.sh [OUTDIR] (default bench/linkmap).
# Run it after scripts/build.sh on the GPU machine; it also installs the file as this machine's
# link map ($PARALIA_HOME or ~/.paralia) so paralia uses it from then on.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-$here/bench/linkmap}
tool=$here/_build/tools/paralia-linkmap
[ -x "$tool" ] || { echo "linkmap-calibrate: build first (scripts/build.sh): $tool is missing" >&2; exit 1; }
prefix=${PARALIA_DEPS:-$HOME/.paralia-deps}/starpu
export LD_LIBRARY_PATH="$prefix/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
mkdir -p "$out"
name=linkmap-$(hostname)-$(date -u +%Y%m%d)
start=$(date +%s.%N)
"$tool" calibrate -o "$out/$name.txt" 2> >(tee "$out/$name.calibrate.log" >&2) >/dev/null
end=$(date +%s.%N)
secs=$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.1f", b - a }')
echo "calibration took $secs s (wall, including CUDA start-up)" | tee -a "$out/$name.calibrate.log"
"$tool" show "$out/$name.txt" | tee "$out/$name.show.txt"
"$tool" heatmap "$out/$name.txt" -o "$out/$name.png"
installed=${PARALIA_LINKMAP:-${PARALIA_HOME:-$HOME/.paralia}/linkmap-$(hostname).txt}
mkdir -p "$(dirname "$installed")" && cp "$out/$name.txt" "$installed"
echo "kept in $out: $name.txt, $name.show.txt, $name.png, $name.calibrate.log; installed as $installed"
