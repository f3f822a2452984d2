#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1-or-later
"""When each copy to the GPU of a traced call was asked for, against when the copy before it ended.

Reads a trace of bench/cupti_trace.c taken with the CUDA runtime's calls and StarPU's worker
events (bench/gpu_timeline.sh with TIMELINE_STARPU=1): the call is the trace's last (copies to the
GPU more than 2 ms apart start a new one). For every host-to-GPU copy it prints its span, its gap
after the copy before it, and when the runtime call that issued it (the last cudaMemcpy*Async
before the copy's start) was made, counted from the previous copy's end: a positive number is a
copy asked for after the link had gone idle, which no copy engine can hide. Then, for each of
those, the StarPU events just before its issue (gpu: a CUDA task's start, gpudone: its end, on
worker w), and the CUDA runtime calls other than copies in the call (allocations, frees,
synchronizations), which would stall the link too. The sum of the gaps, and of the part after a
late issue, close it (issue 14: 2026-11-28p, FP32 4096^3 from the host in tiles of 1024).

  bench/timeline_issues.py TRACE.csv[.gz]
"""
import gzip
import sys


def main(argv):
    if len(argv) != 2:
        print(__doc__.strip().splitlines()[0], file=sys.stderr)
        print('usage: bench/timeline_issues.py TRACE.csv[.gz]', file=sys.stderr)
        return 2
    opener = gzip.open if argv[1].endswith('.gz') else open
    with opener(argv[1], 'rt') as f:
        recs = [(r[0], int(r[1]), int(r[2]), int(r[3]), r[4], r[5])
                for r in (line.strip().split(',') for line in f if not line.startswith('kind'))]
    copies = sorted((r for r in recs if r[0] == 'memcpy' and r[4] == 'HtoD'), key=lambda r: r[1])
    if not copies:
        print('no copies to the GPU in the trace', file=sys.stderr)
        return 1
    calls = [[copies[0]]]
    for r in copies[1:]:
        if r[1] - calls[-1][-1][2] > 2e6:
            calls.append([])
        calls[-1].append(r)
    last = calls[-1]
    t0 = last[0][1]
    tend = max(r[2] for r in recs if r[0] in ('memcpy', 'kernel'))
    us = lambda t: (t - t0) / 1e3
    api = sorted((r for r in recs if r[0] == 'api' and r[1] >= t0 - 3e6), key=lambda r: r[1])
    issues = [a for a in api if 'Memcpy' in a[4] and 'Async' in a[4]]
    events = sorted((r for r in recs if r[0] == 'starpu'), key=lambda r: r[1])
    print(f'{len(calls)} calls in the trace; the last: {len(last)} copies to the GPU')
    for a in api:
        if a not in issues and a[1] <= tend:
            print(f'  runtime call {a[4]} at {us(a[1]):.1f} us for {(a[2] - a[1]) / 1e3:.1f} us (thread {a[5]})')
    prev = None
    gaps = late_part = 0.0
    late = []
    for r in last:
        before = [a for a in issues if a[1] <= r[1]]
        issue = before[-1][1] if before else None
        gap = (r[1] - prev) / 1e3 if prev is not None else 0.0
        after = (issue - prev) / 1e3 if prev is not None and issue is not None else 0.0
        if prev is not None:
            gaps += max(gap, 0.0)
            late_part += max(min(after, gap), 0.0)
            if after > 0:
                late.append((issue, prev))
        print(f'copy {us(r[1]):8.1f}-{us(r[2]):8.1f} us, {r[3] / 2**20:5.1f} MB, gap {gap:7.1f} us, '
              f'asked for {after:7.1f} us after the copy before it ended (stream {r[5]})')
        prev = r[2]
    print('copies asked for after the link went idle, and the StarPU events before:')
    for issue, prev in late:
        ev = [e for e in events if e[1] <= issue][-3:]
        print(f'  asked at {us(issue):8.1f} us (link idle since {us(prev):8.1f}): ' +
              '; '.join(f"{e[4].split(':')[0]} at {us(e[1]):.1f} on worker {e[5]}" for e in ev))
    print(f'gaps between copies: {gaps:.1f} us; after a copy asked for late: {late_part:.1f} us')
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
