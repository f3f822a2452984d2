#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1-or-later
"""Each call of a traced gemm_bench run, side by side (bench/cupti_trace.c's records).

    bench/timeline_calls.py TRACE.csv KERNELS_PER_CALL

A process whose calls differ (issue 14: C added at home runs 38 ms in one call and 55 in the next)
is told apart call by call. The trace holds the warm-up call and the timed ones; each call runs
KERNELS_PER_CALL kernels (gemm at tile T: ceil(m/T) ceil(n/T) ceil(k/T), plus one geadd a C tile
when C is read late on the GPU). A call's kernels are the next KERNELS_PER_CALL in time; its
copies to the GPU are those before its last kernel (after the previous call's), its copies home
those up to the next call's first copy to the GPU (a call returns only when C is home).

Per call (ms from its first record): its span (to the next call's first record), the last
kernel's end, the last copy home's end (from there to the span's end the GPU waits for the host:
C's sums, the call's return, the next submission); busy time and rate of each link and of the kernels; the GPU's idle time while the
call ran; the driver calls (PL_TRACE_API=1) in the call's window: count and total time by name.
"""
import collections
import csv
import sys

from timeline_report import union


def busy(iv):
    """Total length of a union of [start, end) intervals (timeline_report's union)."""
    return union(iv)[0]


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    per = int(sys.argv[2])
    kern, h2d, d2h, api = [], [], [], []
    with open(sys.argv[1]) as f:
        for r in csv.DictReader(f):
            s, e, b = int(r["start"]), int(r["end"]), int(r["bytes"])
            if r["kind"] == "kernel":
                kern.append((s, e))
            elif r["kind"] == "api":
                api.append((s, e, r["copy"], r["stream"]))
            elif r["copy"] == "HtoD":
                h2d.append((s, e, b))
            elif r["copy"] == "DtoH":
                d2h.append((s, e, b))
    kern.sort()
    h2d.sort()
    d2h.sort()
    ncalls = len(kern) // per
    if ncalls == 0 or len(kern) % per:
        print(f"# {len(kern)} kernels are not whole calls of {per}")
    groups = [kern[c * per:(c + 1) * per] for c in range(ncalls)]
    last_end = [max(e for _, e in g) for g in groups]
    # a call's first record: its first copy to the GPU after the previous call's last kernel
    first = []
    for c, g in enumerate(groups):
        lo = last_end[c - 1] if c else -1
        cand = [s for s, _, _ in h2d if lo < s <= g[0][0]] + [g[0][0]]
        first.append(min(cand))
    print("call  span   lastK  lastD2H | kern_busy  gpu_idle | H2D GB  busy  GB/s | D2H GB  busy  GB/s | driver calls (n, ms)")
    for c, g in enumerate(groups):
        t0 = first[c]
        nxt = first[c + 1] if c + 1 < ncalls else None
        hi = nxt if nxt is not None else float("inf")
        hin = [(s, e, b) for s, e, b in h2d if t0 <= s < last_end[c]]
        dout = [(s, e, b) for s, e, b in d2h if t0 <= s < hi]
        ld = max((e for _, e, _ in dout), default=last_end[c])
        span_end = nxt if nxt is not None else ld
        kb = busy(g)
        allbusy = busy(g + [(s, e) for s, e, _ in hin] + [(s, e) for s, e, _ in dout])
        ms = lambda x: (x - t0) / 1e6
        hb, db = busy([(s, e) for s, e, _ in hin]), busy([(s, e) for s, e, _ in dout])
        hbytes, dbytes = sum(b for *_, b in hin), sum(b for *_, b in dout)
        calls = collections.defaultdict(lambda: [0, 0])
        for s, e, name, _ in api:
            if t0 <= s < span_end:
                calls[name][0] += 1
                calls[name][1] += e - s
        drv = " ".join(f"{n}:{v[0]},{v[1] / 1e6:.2f}" for n, v in sorted(calls.items(), key=lambda x: -x[1][1])[:6])
        print(f"{c:4d} {ms(span_end):6.2f} {ms(last_end[c]):6.2f} {ms(ld):7.2f} |"
              f" {kb / 1e6:8.2f} {(ld - t0 - allbusy) / 1e6:9.2f} |"
              f" {hbytes / 1e9:6.2f} {hb / 1e6:5.2f} {hbytes / hb if hb else 0:5.1f} |"
              f" {dbytes / 1e9:6.2f} {db / 1e6:5.2f} {dbytes / db if db else 0:5.1f} | {drv}")


if __name__ == "__main__":
    main()
