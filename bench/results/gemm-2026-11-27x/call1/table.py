# The tables of call 1 (bench/results/gemm-2026-11-27x.md, sections 1 and 2) from sq.csv, ref.csv
# and low.csv: medians (ms) per round; "slower": each configuration's slower round.
import csv, collections, math
rows = collections.defaultdict(dict)
for r in csv.reader(open('sq.csv')):
    cfg, key = r[0], (r[3], 'x'.join(r[4:7]), r[7])
    rows[key].setdefault(cfg, []).append(float(r[9]))
    if cfg == 'model':
        rows[key]['plan'] = r[8].replace(' on 1 dev', '')
xt = {(r[1], 'x'.join(r[2:5]), r[5]): (float(r[7]), r[6].split()[1]) for r in csv.reader(open('ref.csv'))}
print("| point | model's plan | plan ms | C 2048 x 2048, over k | C 4096 x 4096, over k | best square / plan | cuBLASXt ms (block) |")
print("|---|---|---|---|---|---|---|")
lg = []
f = lambda a: ", ".join("%.1f" % x for x in a)
for key, v in rows.items():
    pm, best = max(v['model']), min(max(v['sq2048']), max(v['sq4096']))
    lg.append(math.log(best / pm))
    print(f"| {key[0]} {key[1]} {key[2]} | {v['plan']} | {f(v['model'])} | {f(v['sq2048'])} | "
          f"{f(v['sq4096'])} | {best / pm:.3f} | {xt[key][0]:.1f} ({xt[key][1]}) |")
print(f"\nbest square / plan, slower rounds, geometric mean over {len(lg)}: {math.exp(sum(lg) / len(lg)):.3f}")
print("\n| round | point | paralia ms (plan) | one cuBLAS call ms | cuBLASXt ms (block) |")
print("|---|---|---|---|---|")
low = collections.defaultdict(dict)
for r in csv.reader(open('low.csv')):
    low[(r[0], r[2], 'x'.join(r[3:6]), r[6])][r[1]] = (r[8], r[7])
for (rd, p, shp, pl), v in low.items():
    c = v.get('cublas', ('', ''))
    print(f"| {rd} | {p} {shp} {pl} | {v['paralia'][0]} ({v['paralia'][1].replace(' on 1 dev', '')}) | "
          f"{c[0] or 'not one GPU'} | {v['cublasxt'][0]} ({v['cublasxt'][1].split()[1]}) |")
