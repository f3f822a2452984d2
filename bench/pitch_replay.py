#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1-or-later
"""The model with copy rates calibrated at each point's own leading dimension, replayed on a sweep
(issue 14: the copy rate beside kernels depends on the host pitch, gemm-timeline-2026-11-26.md).

    bench/pitch_replay.py LINKMAP SWEEP.csv LD=KERNELS [LD=KERNELS ...]

Each KERNELS is a kernel table whose xfer lines were calibrated with PARALIA_XFER_LD=LD
(bench/xfer_pitch.sh on the GPU machine; LD=0 for the default pitch of 4T). For every point of
the sweep, bench/model_replay runs with the table whose LD is nearest (in log2) the largest of
the point's leading dimensions (A: m, B: k, C: m, no transposes, as gemm_bench calls it; 4T
tables stand for small leading dimensions, LD 0 counting as 4096), and its line is kept. Prints
those lines and the counts: predictions within 15%, picks within 5% of the best fixed tile.
Nothing here changes the library: it says whether a model reading each call's leading dimension
would pick better, before one is built.
"""
import math
import re
import subprocess
import sys


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    linkmap, sweep = sys.argv[1], sys.argv[2]
    tables = []
    for arg in sys.argv[3:]:
        ld, path = arg.split("=", 1)
        tables.append((int(ld) or 4096, path))
    replay = {}
    for ld, path in tables:
        out = subprocess.run(["_build/bench/model_replay", path, linkmap, sweep], capture_output=True,
                             text=True, check=True).stdout
        replay[ld] = {l.split(":")[0]: l for l in out.splitlines() if "|" in l}
    within = cells = picks = good = 0
    for key in replay[tables[0][0]]:
        prec, shape, place = key.split()
        m, n, k = (int(v) for v in shape.split("x"))
        want = max(m, k)
        ld = min((t[0] for t in tables), key=lambda t: abs(math.log2(t) - math.log2(want)))
        line = replay[ld][key]
        print(f"[ld {ld}] {line}")
        for err in re.findall(r"\(([+-]\d+)%\)", line.split("|")[0]):
            cells += 1
            within += abs(int(err)) <= 15
        mpick = re.search(r"([\d.]+) of best", line)
        if mpick:
            picks += 1
            good += float(mpick.group(1)) <= 1.05
        elif "not in the sweep" in line:
            picks += 1
    print(f"predictions within 15%: {within} of {cells}; picks within 5% of the best fixed tile: "
          f"{good} of {picks}")


if __name__ == "__main__":
    main()
