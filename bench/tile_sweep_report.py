#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1-or-later
"""The autotuner's model against the measurement, tile by tile (issue 14).

    tile_sweep_report.py SWEEP.csv KERNELS.txt LINKMAP.txt [CUBLAS.csv] > report.md

SWEEP.csv: gemm_bench lines prefixed "T=<tile>," (T=0: the autotuner's own pick), as
bench/sweep.sh writes them. KERNELS.txt and LINKMAP.txt: the kernel table and link map of the
machine the sweep ran on (paralia-kernels, paralia-linkmap calibrate), which give each point's
bound. CUBLAS lines: gemm_bench cublas (one cuBLAS call on the same operands), the reference for operands on one GPU.

Per point: the bound (for host data, the largest of compute at the best kernel rate, bytes in over
the host-to-GPU link, bytes out over the GPU-to-host link and all bytes over the two directions'
shared total; C counts in when it is read, as gemm_bench's beta = 0.5 makes it), the measured
time at every tile with the model's prediction and its error, the best fixed tile, the
autotuner's pick and how far it is from the best, and paralia's fraction of the bound.
"""
import csv
import sys


def read_sweep(path):
    pts = {}
    for row in csv.reader(open(path)):
        if not row or not row[0].startswith("T=") or not row[0][2:].isdigit() or len(row) < 14:
            continue
        T = int(row[0][2:])
        key = (row[2], int(row[3]), int(row[4]), int(row[5]), row[6])
        try:
            ms, pred = float(row[8]), float(row[12])
        except ValueError:
            continue
        tile = int(row[7].split()[1]) if row[7].startswith("tile") else T
        pts.setdefault(key, {})[T] = (ms, pred, tile, row[7])
    return pts


def read_machine(kernels, linkmap):
    peak = {"d": 0.0, "s": 0.0}
    for line in open(kernels):
        f = line.split()
        if len(f) >= 4 and f[0] == "gpu" and f[1] in peak:
            peak[f[1]] = max(peak[f[1]], float(f[3]))  # GFLOP/s
    h2d = d2h = both = 0.0
    for line in open(linkmap):
        f = line.split()
        if f[:3] == ["link", "0", "1"]:
            h2d = float(f[4])
        elif f[:3] == ["link", "1", "0"]:
            d2h = float(f[4])
        elif f and f[0] == "group":
            both = float(f[2])
    return peak, h2d, d2h, both or h2d + d2h


def bound_ms(key, peak, h2d, d2h, both, cublas):
    prec, m, n, k, place = key
    flops = 2.0 * m * n * k
    if place == "000":
        return cublas.get((prec, m, n, k)), "one cuBLAS call"
    el = 8 if prec == "d" else 4
    a, b, c = m * k * el, k * n * el, m * n * el
    bin_ = (a if place[0] == "h" else 0) + (b if place[1] == "h" else 0) + (c if place[2] == "h" else 0)
    bout = c if place[2] == "h" else 0
    t = max(flops / (peak[prec] * 1e6), bin_ / (h2d * 1e6), bout / (d2h * 1e6), (bin_ + bout) / (both * 1e6))
    return t, "link map and kernel table"


def main():
    pts = read_sweep(sys.argv[1])
    peak, h2d, d2h, both = read_machine(sys.argv[2], sys.argv[3])
    cublas = {}
    for path in [sys.argv[1]] + sys.argv[4:5]:  # the sweep's own "T=cublas," lines, or a file
        for row in csv.reader(open(path)):
            if row and row[0] == "T=cublas":
                row = row[1:]
            if len(row) > 7 and row[0] == "cublas" and row[7]:
                cublas[(row[1], int(row[2]), int(row[3]), int(row[4]))] = float(row[7])
    tiles = sorted({T for p in pts.values() for T in p if T > 0})
    print("| point | bound ms | " + " | ".join(f"T={T}" for T in tiles) +
          " | best | pick | pick/best | TFLOP/s | of bound |")
    print("|---" * (len(tiles) + 7) + "|")
    within = total = good = good_plan = picks = 0
    for key in sorted(pts, key=lambda k: (k[4], k[0], k[1] * k[2] * k[3])):
        p = pts[key]
        bnd, _ = bound_ms(key, peak, h2d, d2h, both, cublas)
        cells = []
        for T in tiles:
            if T not in p:
                cells.append("")
                continue
            ms, pred = p[T][:2]
            err = (pred - ms) / ms
            total += 1
            within += abs(err) <= 0.15
            cells.append(f"{ms:.1f} / {pred:.1f} ({err:+.0%})")
        fixed = {T: v for T, v in p.items() if T > 0}
        bestT = min(fixed, key=lambda T: fixed[T][0]) if fixed else None
        best = fixed[bestT][0] if fixed else None
        pick = p.get(0)
        ratio = pick[0] / best if pick and best else None
        # the fixed cell that ran the pick's own plan (the same tiles and ways: the same config
        # and prediction), where the sweep has one: the same plan measured elsewhere in the run
        # (under FP64's power cap a process's first calls run apart, bench/results/gemm-2026-11-28k.md)
        same = [T for T, v in fixed.items() if pick and v[3] == pick[3] and v[1] == pick[1]]
        plan_ratio = fixed[same[0]][0] / best if same and best else ratio
        if ratio is not None:
            picks += 1
            good += ratio <= 1.05
            good_plan += plan_ratio <= 1.05
        flops = 2.0 * key[1] * key[2] * key[3]
        ms_paralia = pick[0] if pick else best
        tf = flops / (ms_paralia * 1e9) if ms_paralia else 0
        frac = f"{bnd / ms_paralia:.0%}" if bnd and ms_paralia else "n/a"
        name = f"{key[0]} {key[1]}x{key[2]}x{key[3]} {key[4]}"
        print(f"| {name} | {bnd:.1f} | " if bnd else f"| {name} | n/a | ", end="")
        print(" | ".join(cells) + f" | {bestT} | " + (f"{pick[2]}" if pick else "") +
              (f" | {ratio:.2f}" if ratio else " | ") +
              (f" ({plan_ratio:.2f} at T={same[0]})" if ratio and same and f"{plan_ratio:.2f}" != f"{ratio:.2f}" else "") +
              f" | {tf:.1f} | {frac} |")
    print()
    print(f"Cells: measured ms / predicted ms (error). Predictions within 15%: {within} of {total}. "
          f"Picks within 5% of the best fixed tile: {good} of {picks} as measured, {good_plan} of "
          f"{picks} reading a pick at the fixed cell of its own plan where the sweep has one "
          f"(pick/best: \"(r at T=t)\").")
    print(f"Machine: best kernel rate {peak['d']/1e3:.1f} (d) / {peak['s']/1e3:.1f} (s) TFLOP/s; "
          f"links {h2d:.1f} GB/s in, {d2h:.1f} out, {both:.1f} both ways.")
    if cublas and any(k[4] == "000" for k in pts):
        # gemm_bench cublas runs in its own process: under FP64's power cap one process's calls
        # drift by up to 20% (bench/results/gemm-2026-11-27z.md)
        print("At 000 the bound is one cuBLAS call's median on the same operands, timed in its own "
              "process: `gemm_bench paired` compares the two in one.")


if __name__ == "__main__":
    main()
