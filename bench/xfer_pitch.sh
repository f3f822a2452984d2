#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# The kernel table's copy rates at several host pitches (issue 14): paralia-kernels with
# PARALIA_XFER_LD unset (4T, the default) and at each leading dimension of XFER_LDS, one table
# each in OUTDIR (kernels-ld<LD>.txt, ld0 the default). GPU machine; then, on any machine:
#   bench/pitch_replay.py LINKMAP SWEEP.csv 0=OUTDIR/kernels-ld0.txt 4096=OUTDIR/kernels-ld4096.txt ...
#   bench/xfer_pitch.sh OUTDIR        (XFER_LDS, default "4096 8192 16384 32768")
set -uo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
out=${1:?usage: bench/xfer_pitch.sh OUTDIR}
mkdir -p "$out"
export OPENBLAS_NUM_THREADS=1
for ld in 0 ${XFER_LDS:-4096 8192 16384 32768}; do
  if [ "$ld" = 0 ]; then unset PARALIA_XFER_LD; else export PARALIA_XFER_LD=$ld; fi
  timeout 150 "$here/_build/tools/paralia-kernels" "$out/kernels-ld$ld.txt" >"$out/kernels-ld$ld.log" 2>&1 \
    || echo "xfer_pitch: ld $ld failed (see $out/kernels-ld$ld.log)" >&2
  grep -h "^xfer" "$out/kernels-ld$ld.txt" 2>/dev/null | sed "s/^/ld $ld: /"
done
