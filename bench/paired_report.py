#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1-or-later
"""The GPU-resident points of `gemm_bench paired` as ratios of call pairs (issue 14).

`gemm_bench paired POINT...` with BENCH_EACH=1 prints each timed call on stderr as
"# <system> <point> call <i>: <ms> ms". paralia, one cuBLAS call and cuBLASXt alternate call by
call, so call i of each system ran beside call i of the others; under FP64's power cap one
process's calls drift by up to 20% (bench/results/gemm-2026-11-27z.md), and the ratio of calls
that ran side by side is steadier than the ratio of medians. Per point: each system's median, the
geometric mean of cuBLAS / paralia over the calls (and its min-max: how far single calls spread),
and that of cuBLASXt / paralia; a Markdown table, then a line counting points at 97% or more.
    bench/paired_report.py PAIRED.stderr > report.md
"""
import collections
import re
import sys
from statistics import geometric_mean, median


def main(path):
    calls = collections.defaultdict(dict)  # point -> system -> {call: ms}
    line = re.compile(r'# (\w+) (\S+) call (\d+): ([\d.]+) ms')
    with open(path) as f:
        for text in f:
            m = line.match(text)
            if m:
                calls[m.group(2)].setdefault(m.group(1), {})[int(m.group(3))] = float(m.group(4))
    print("| point | paralia ms (median) | one cuBLAS call | cuBLASXt | paralia / cuBLAS, geometric "
          "mean of the calls' ratios (min-max) | paralia / cuBLASXt |")
    print("|---|---|---|---|---|---|")
    ratios = []
    for point, d in calls.items():
        if not all(s in d for s in ('paralia', 'cublas', 'cublasxt')):
            continue
        P, C, X = d['paralia'], d['cublas'], d['cublasxt']
        both = sorted(set(P) & set(C) & set(X))
        if not both:
            continue
        rc = [C[i] / P[i] for i in both]
        rx = [X[i] / P[i] for i in both]
        ratios.append(geometric_mean(rc))
        print("| %s | %.2f | %.2f | %.2f | %.3f (%.3f-%.3f) | %.3f |" %
              (point.replace(':', ' '), median(P.values()), median(C.values()), median(X.values()),
               geometric_mean(rc), min(rc), max(rc), geometric_mean(rx)))
    if not ratios:
        sys.exit("paired_report: no point with all three systems' calls in %s" % path)
    print("points: %d min %.3f max %.3f >=0.97: %d" %
          (len(ratios), min(ratios), max(ratios), sum(r >= 0.97 for r in ratios)))


if __name__ == '__main__':
    if len(sys.argv) != 2:
        sys.exit("usage: bench/paired_report.py PAIRED.stderr")
    main(sys.argv[1])
