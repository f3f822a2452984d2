#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1-or-later
"""Side by side: a library against another, from the rows device-env.sh's `alternate` writes.

    python3 bench/ab_report.py [--base NAME] CSV...

Each row is `name,round,<gemm_bench's line>`, the line optionally prefixed `T=<tile>,` (a
BENCH_SWEEP cell): system,prec,m,n,k,place,plan,median,min,max,TFLOP/s,predicted,error,status.
For every point (and tile) it prints each configuration's process medians in ms, in the order
they ran, and the speedup of each configuration over the base (default `base`): the mean of the
base's medians over the mean of the other's, so > 1 is faster than the base. Then, per
configuration, the geometric mean of those speedups, and the base's own spread (its slowest
process median over its fastest, at each point with two or more) beside it: a speedup inside
that spread is what processes of one library differ by. A point whose plan (gemm_bench's
configuration column) differs between the two is marked `*`: its speedup is the library's, plan
included. Rows that did not end `ok` are counted and left out.

Exit status: 0; 1 when the base or every other configuration has no row; 2 on bad arguments
or a file that cannot be read.
"""
import csv
import math
import statistics
import sys
from collections import OrderedDict


def usage(msg):
    print(f"ab_report: {msg}\nusage: ab_report.py [--base NAME] CSV...", file=sys.stderr)
    sys.exit(2)


def read_rows(paths):
    """{point: {name: [(plan, median), ...]}} in the order read, and the rows left out."""
    points = OrderedDict()
    failed = []
    for path in paths:
        try:
            f = open(path, newline="")
        except OSError as e:
            usage(f"cannot read {path}: {e.strerror}")
        with f:
            for row in csv.reader(f):
                if len(row) < 3:
                    continue
                name, cells = row[0], row[2:]
                tile = ""
                if cells and cells[0].startswith("T="):
                    tile, cells = cells[0], cells[1:]
                if len(cells) < 14:
                    continue  # not a gemm_bench line (a comment, a cut row)
                point = " ".join(filter(None, (cells[1], "x".join(cells[2:5]), cells[5], tile)))
                try:
                    median = float(cells[7])
                except ValueError:
                    median = math.nan
                if cells[13] != "ok" or not math.isfinite(median):
                    failed.append(f"{name} {point} ({cells[13]})")
                    continue
                points.setdefault(point, OrderedDict()).setdefault(name, []).append((cells[6], median))
    return points, failed


def mean(xs):
    return sum(xs) / len(xs)


def main(argv):
    base = "base"
    args = list(argv)
    if args[:1] == ["--base"]:
        if len(args) < 2:
            usage("--base needs a name")
        base, args = args[1], args[2:]
    if not args or any(a.startswith("-") for a in args):
        usage("expected CSV files")
    points, failed = read_rows(args)
    names = []
    for per in points.values():
        names += [n for n in per if n not in names]
    others = [n for n in names if n != base]
    if base not in names or not others:
        print(f"ab_report: no rows of {base!r} and another configuration (configurations: "
              f"{', '.join(names) or 'none'})", file=sys.stderr)
        return 1

    head = ["point", "plan", base] + [c for o in others for c in (o, f"{o} speedup")]
    print("| " + " | ".join(head) + " |")
    print("|" + "---|" * len(head))
    logs = {o: [] for o in others}
    spreads = []
    for point, per in points.items():
        b = per.get(base, [])
        bms = [m for _, m in b]
        if len(bms) >= 2:
            spreads.append(max(bms) / min(bms))
        cols = [point, b[0][0] if b else "", " ".join(f"{m:.2f}" for m in bms) or "–"]
        for o in others:
            r = per.get(o, [])
            oms = [m for _, m in r]
            cols.append(" ".join(f"{m:.2f}" for m in oms) or "–")
            if bms and oms:
                s = mean(bms) / mean(oms)
                logs[o].append((math.log(s), point))
                plans = {p for p, _ in b} | {p for p, _ in r}
                cols.append(f"{s:.3f}" + (" *" if len(plans) > 1 else ""))
            else:
                cols.append("–")
        print("| " + " | ".join(cols) + " |")
    print()
    for o in others:
        if not logs[o]:
            print(f"{o}: no point measured beside {base}")
            continue
        g = math.exp(mean([l for l, _ in logs[o]]))
        lo, hi = min(logs[o]), max(logs[o])
        n = len(logs[o])
        print(f"{o}: geometric mean speedup over {base} {g:.4f} over {n} point{'s' * (n != 1)} "
              f"(min {math.exp(lo[0]):.3f} {lo[1]}, max {math.exp(hi[0]):.3f} {hi[1]})")
    if spreads:
        n = len(spreads)
        print(f"{base}'s own spread (slowest process median / fastest, at {n} point{'s' * (n != 1)} "
              f"with two or more): median {statistics.median(spreads):.3f}, "
              f"max {max(spreads):.3f}")
    if failed:
        print(f"rows left out (not ok): {len(failed)}: " + "; ".join(failed))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
