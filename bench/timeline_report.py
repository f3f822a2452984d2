#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1-or-later
"""Where one call's time goes on the GPU, from a CUPTI timeline (bench/cupti_trace.c).

    bench/timeline_report.py TRACE.csv

The trace holds every copy and kernel of a gemm_bench run with BENCH_REPS=1: the warm-up call,
then the timed one, with the warm-up's check between them (5-12 ms with the GPU idle, measured).
The timed call starts after the longest idle gap past the first quarter of the records (the two
calls hold about as many each; the set-up's copies come first). For it: the span; per stream of work (host->GPU copies, GPU->host copies, kernels):
count, bytes, busy time (union of intervals), the rate while busy, the median copy's own rate
alone and while a kernel runs; how long each link sat idle while it still had bytes to move;
both directions of the host link at once (each one's rate while the other moves too, and their
sum); the fill (first kernel's start) and the drain (last kernel's end to the end of the span).
"""
import csv
import statistics
import sys


def merged(iv):
    """The intervals iv merged where they overlap, in order."""
    out = []
    for s, e in sorted(iv):
        if out and s <= out[-1][1]:
            out[-1][1] = max(out[-1][1], e)
        else:
            out.append([s, e])
    return out


def union(iv):
    """Total length of a union of [start, end) intervals, and its gaps."""
    m = merged(iv)
    return sum(e - s for s, e in m), [(m[i][1], m[i + 1][0]) for i in range(len(m) - 1)]


def overlaps(s, e, iv):
    return any(a < e and s < b for a, b in iv)


def last_call(rows):
    rows.sort(key=lambda r: r[1])
    start, widest = 0, 0
    end_so_far = rows[0][2]
    for i in range(1, len(rows)):
        gap = rows[i][1] - end_so_far
        if i > len(rows) // 4 and gap > widest:
            start, widest = i, gap
        end_so_far = max(end_so_far, rows[i][2])
    return rows[start:]


def main():
    path = sys.argv[1]
    rows = []
    with open(path) as f:
        for r in csv.DictReader(f):
            if r["kind"] not in ("kernel", "memcpy"):  # the runtime's calls, StarPU's events
                continue
            kind = r["kind"] if r["kind"] == "kernel" else r["copy"]
            rows.append((kind, int(r["start"]), int(r["end"]), int(r["bytes"])))
    if not rows:
        print("no records")
        return
    call = last_call(rows)
    t0 = min(r[1] for r in call)
    t1 = max(r[2] for r in call)
    span = t1 - t0
    kern = [(s, e) for k, s, e, _ in call if k == "kernel"]
    print(f"last call: {span / 1e6:.2f} ms, {len(call)} records")
    for kind in ("HtoD", "DtoH", "kernel"):
        sel = [(s, e, b) for k, s, e, b in call if k == kind]
        if not sel:
            continue
        busy, gaps = union([(s, e) for s, e, _ in sel])
        nbytes = sum(b for _, _, b in sel)
        line = (f"{kind:6s} n={len(sel):5d} busy {busy / 1e6:8.2f} ms ({100 * busy / span:5.1f}% of span)"
                f" first {(min(s for s, _, _ in sel) - t0) / 1e6:7.2f} last end {(max(e for _, e, _ in sel) - t0) / 1e6:7.2f}")
        if kind != "kernel":
            rate = nbytes / busy if busy else 0
            alone = [b / (e - s) for s, e, b in sel if e > s and not overlaps(s, e, kern)]
            loaded = [b / (e - s) for s, e, b in sel if e > s and overlaps(s, e, kern)]
            dur = statistics.median(e - s for s, e, _ in sel) / 1e3
            idle = sum(b - a for a, b in gaps)
            line += (f"\n       {nbytes / 1e9:.2f} GB, {rate:.1f} GB/s while busy, median copy {dur:.0f} us;"
                     f" copy's own GB/s: alone {statistics.median(alone) if alone else 0:.1f} (n={len(alone)}),"
                     f" beside a kernel {statistics.median(loaded) if loaded else 0:.1f} (n={len(loaded)});"
                     f" link idle between its first and last copy {idle / 1e6:.2f} ms")
        print(line)
    print(duplex(call))
    if kern:
        print(f"fill (first kernel starts) {(min(s for s, _ in kern) - t0) / 1e6:.2f} ms;"
              f" drain (last kernel end to span end) {(t1 - max(e for _, e in kern)) / 1e6:.2f} ms")
        print(kernel_gaps(call, kern))


def kernel_gaps(call, kern):
    """The GPU's idle time between its first kernel and its last, split by what the link in did
    meanwhile: a gap while a copy in is under way is a kernel waiting for its inputs; one with
    the link in idle too waits on something else (a dependency, the scheduler, the link home)."""
    _, gaps = union(kern)
    hto = [(s, e) for k, s, e, _ in call if k == "HtoD"]
    total = sum(b - a for a, b in gaps)
    copying = sum(covered(a, b, hto) for a, b in gaps)
    longest = sorted(gaps, key=lambda g: g[0] - g[1])[:5]
    t0 = min(r[1] for r in call)
    return (f"kernel gaps: {len(gaps)}, {total / 1e6:.2f} ms; {copying / 1e6:.2f} ms of it with a copy in"
            f" under way, {(total - copying) / 1e6:.2f} with the link in idle; longest at "
            + ", ".join(f"{(a - t0) / 1e6:.2f}+{(b - a) / 1e6:.2f}" for a, b in longest))


def duplex(call):
    """The link's two directions while both move bytes: each copy's bytes spread evenly over its
    interval, each direction's rate over the time both are busy, and their sum, what the host link
    carries both ways at once (the link map's duplex group calibrates it; one H200, FP64 8192^3:
    100.7-102.7 GB/s when every column is 64 KB, 88.0-89.8 when a quarter of C's tiles copy 16 KB
    columns, bench/results/gemm-2026-11-28g.md)."""
    busy = {k: merged([(s, e) for c, s, e, _ in call if c == k]) for k in ("HtoD", "DtoH")}
    both = sum(covered(a, b, busy["DtoH"]) for a, b in busy["HtoD"])
    if not both:
        return "both directions at once: never"
    rate = {k: sum(b / (e - s) * covered(s, e, busy[other]) for c, s, e, b in call if c == k and e > s) / both
            for k, other in (("HtoD", "DtoH"), ("DtoH", "HtoD"))}
    return (f"both directions at once: {both / 1e6:.2f} ms, HtoD {rate['HtoD']:.1f} GB/s + DtoH"
            f" {rate['DtoH']:.1f} GB/s = {rate['HtoD'] + rate['DtoH']:.1f} GB/s")


def covered(a, b, iv):
    """How much of [a, b) the intervals iv cover."""
    clipped = [(max(a, s), min(b, e)) for s, e in iv if s < b and a < e]
    return union(clipped)[0] if clipped else 0


if __name__ == "__main__":
    main()
