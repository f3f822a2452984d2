# The timed call's kernels in each trace of call 4 (bench/results/gemm-2026-11-27x.md, section 5):
# count, total busy ms and the commonest lengths (ms, rounded to 0.1: count), from the CUPTI
# traces (the timed call starts after the widest gap past the first quarter of the records, as
# bench/timeline_report.py reads it). Run in this folder.
import collections, csv, glob, gzip


def timed_kernels(path):
    rows = [r for r in csv.DictReader(gzip.open(path, 'rt')) if r['kind'] in ('kernel', 'memcpy')]
    iv = sorted((int(r['start']), int(r['end']), r['kind']) for r in rows)
    start, widest, end = 0, 0, iv[0][1]
    for i in range(1, len(iv)):
        if i > len(iv) // 4 and iv[i][0] - end > widest:
            widest, start = iv[i][0] - end, iv[i][0]
        end = max(end, iv[i][1])
    return [(e - s) / 1e6 for s, e, k in iv if k == 'kernel' and s >= start]


for path in sorted(glob.glob('tl*/*.csv.gz')):
    d = timed_kernels(path)
    c = collections.Counter(round(x, 1) for x in d)
    top = ", ".join(f"{k}: {n}" for k, n in sorted(c.items(), key=lambda x: -x[1])[:6])
    print(f"{path}: {len(d)} kernels, {sum(d):.2f} ms busy; {top}")
