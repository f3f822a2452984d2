#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1-or-later
"""Turns gemm_compare.sh's CSV into a Markdown table (with geometric-mean speedups) and a plot.

usage: gemm_report.py gemm.csv gemm.md [gemm.png [KERNELS.txt LINKMAP.txt]]
With the machine's kernel table and link map, each point gets its bound (../shared/platforms/
h200x1.md's formula: for operands on the host, the largest of the compute at the best kernel
rate, the bytes in over the host-to-GPU link, the bytes out over the way back and all bytes over
both directions' shared total; with every operand on one GPU, one cuBLAS call on them, measured
by the `cublas` system, else the compute at the best rate) and paralia's fraction of it.
The plot (one panel per placement, the bound drawn over each point, the legend above the
panels) needs matplotlib; without it the table is still written.
"""
import csv
import math
import os
import sys
import textwrap

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from tile_sweep_report import read_machine  # noqa: E402


def load(path):
    header, rows = [], []
    with open(path) as f:
        lines = [l for l in f if l.strip()]
    header = [l[1:].strip() for l in lines if l.startswith("#")]
    for r in csv.DictReader(l for l in lines if not l.startswith("#")):
        rows.append(r)
    return header, rows


def num(s):
    try:
        v = float(s)
        return v if math.isfinite(v) else None
    except (TypeError, ValueError):
        return None


def bound_ms(key, machine, cublas_row, reads_c=True):
    """The point's bound in ms, or None (placements over several GPUs, no machine data)."""
    prec, m, n, k, place = key
    gpus = {c for c in place if c != "h"}
    if len(gpus) > 1:
        return None
    flops = 2.0 * m * n * k
    if place.count("h") == 0 and cublas_row is not None:
        return num(cublas_row.get("median_ms"))
    if machine is None:
        return None
    peak, h2d, d2h, both = machine
    if not peak.get(prec):
        return None
    el = 8 if prec == "d" else 4
    a, b, c = m * k * el, k * n * el, m * n * el
    bin_ = (a if place[0] == "h" else 0) + (b if place[1] == "h" else 0) + (c if place[2] == "h" and reads_c else 0)
    bout = c if place[2] == "h" else 0
    t = flops / (peak[prec] * 1e6)
    if bin_ or bout:
        t = max(t, bin_ / (h2d * 1e6), bout / (d2h * 1e6), (bin_ + bout) / (both * 1e6))
    return t


def ceiling_lines(points, by, bounds, ok):
    """What paralia / cuBLASXt would be if paralia ran every point at its bound, and at the lesser
    of its bound and one cuBLAS call's rate on the same shape with every operand on the GPU (where
    the dataset has that call): a GEMM that must also move its operands does not run faster than
    the same GEMM with nothing to move, and the bound's best kernel rate is a short run's, before
    the GPU's power cap."""
    sustained = {key[:4]: num(p["cublas"]["tflops"]) for key, p in by.items()
                 if "h" not in key[4] and ok(p.get("cublas"))}
    at_bound, at_sustained = [], []
    for key in points:
        xt = by[key].get("cublasxt")
        if key not in bounds or not ok(xt):
            continue
        rate = num(xt["tflops"])
        at_bound.append(bounds[key] / rate)
        at_sustained.append(min(bounds[key], sustained.get(key[:4], bounds[key])) / rate)
    if not at_bound:
        return []
    g = lambda v: math.exp(sum(math.log(x) for x in v) / len(v))  # noqa: E731
    return [f"Ceiling over the {len(at_bound)} points with a bound and cuBLASXt: paralia at every "
            f"bound would be {g(at_bound):.2f}× cuBLASXt; at the lesser of the bound and one cuBLAS "
            f"call's rate on the same shape on the GPU, {g(at_sustained):.2f}×"]


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    header, rows = load(sys.argv[1])
    machine = None
    if len(sys.argv) > 5 and os.path.exists(sys.argv[4]) and os.path.exists(sys.argv[5]):
        machine = read_machine(sys.argv[4], sys.argv[5])
    systems = ["paralia", "cublasxt", "dmdas", "cublas"]
    beta = next((h.split("beta=")[1].split()[0] for h in header if "beta=" in h), "0.5")
    reads_c = num(beta) != 0
    points, by = [], {}
    for r in rows:
        key = (r["prec"], int(r["m"]), int(r["n"]), int(r["k"]), r["place"])
        if key not in by:
            by[key] = {}
            points.append(key)
        by[key][r["system"]] = r

    def ok(r):
        return r is not None and r.get("status") == "ok" and num(r.get("tflops")) is not None

    out = []
    out += ["# GEMM: paralia vs cuBLASXt vs StarPU dmdas", ""]
    out += ["Measured by `bench/gemm_compare.sh`; " + "; ".join(header), ""]
    out += ["TFLOP/s from the median of the timed calls, each from entry until C is back where it "
            "lives. place: where A, B, C live (h = pinned host, digit = GPU). predicted: the "
            "autotuner's time for the call (paralia_plan_query).", ""]
    out += ["| prec | m×n×k | place | paralia TFLOP/s | paralia config | measured / predicted ms "
            "| cuBLASXt TFLOP/s (block) | dmdas TFLOP/s (tile) | cuBLAS TFLOP/s | bound TFLOP/s "
            "| of bound | vs cuBLASXt | vs dmdas | vs cuBLAS |",
            "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    ratios = {"cublasxt": [], "dmdas": [], "cublas": []}
    bounds = {}
    for key in points:
        p = by[key]
        prec, m, n, k, place = key
        skipped = all((r.get("status") or "").startswith("skip") for r in p.values())
        if skipped:
            continue
        cells = [prec, f"{m}×{n}×{k}", place]
        pa = p.get("paralia")
        if ok(pa):
            cells += [f"{num(pa['tflops']):.1f}", pa["config"],
                      f"{num(pa['median_ms']):.1f} / "
                      + (f"{num(pa['predicted_ms']):.1f}" if num(pa["predicted_ms"]) else "–")]
        else:
            cells += [pa["status"] if pa else "–", "", ""]
        for s in ("cublasxt", "dmdas"):
            r = p.get(s)
            cells.append(f"{num(r['tflops']):.1f} ({r['config'].split()[-1]})" if ok(r)
                         else (r["status"] if r else "–"))
        cu = p.get("cublas")
        cells.append(f"{num(cu['tflops']):.1f}" if ok(cu) else "–")
        b = bound_ms(key, machine, cu if ok(cu) else None, reads_c)
        if b:
            bounds[key] = 2.0 * m * n * k / (b * 1e9)
            cells.append(f"{bounds[key]:.1f}")
            cells.append(f"{num(pa['tflops']) / bounds[key]:.0%}" if ok(pa) else "–")
        else:
            cells += ["–", "–"]
        for s in ("cublasxt", "dmdas", "cublas"):
            r = p.get(s)
            if ok(pa) and ok(r):
                x = num(pa["tflops"]) / num(r["tflops"])
                ratios[s].append(x)
                cells.append(f"{x:.2f}×")
            else:
                cells.append("–")
        out.append("| " + " | ".join(cells) + " |")
    out.append("")
    for s, name in (("cublasxt", "cuBLASXt"), ("dmdas", "dmdas"), ("cublas", "one cuBLAS call")):
        v = ratios[s]
        if v:
            g = math.exp(sum(math.log(x) for x in v) / len(v))
            out.append(f"Geometric mean of paralia / {name} over {len(v)} points: **{g:.2f}×** "
                       f"(min {min(v):.2f}×, max {max(v):.2f}×)")
    out += ceiling_lines(points, by, bounds, ok)
    wrong = [r for r in rows if r.get("status") not in ("ok",) and not r["status"].startswith("skip")]
    if wrong:
        out += ["", "Points that failed or were wrong:"]
        out += [f"- {r['system']} {r['prec']} {r['m']}×{r['n']}×{r['k']} {r['place']}: {r['status']}"
                for r in wrong]
    with open(sys.argv[2], "w") as f:
        f.write("\n".join(out) + "\n")
    print("\n".join(out))

    if len(sys.argv) > 3:
        try:
            import matplotlib
            matplotlib.use("Agg")
            import matplotlib.pyplot as plt
        except ImportError:
            print("gemm_report: no matplotlib, no plot", file=sys.stderr)
            return
        shown = [k for k in points if any(ok(by[k].get(s)) for s in systems)]
        if not shown:
            return
        places = sorted({k[4] for k in shown}, key=lambda pl: (pl.count("h") == 0, pl))
        per = {pl: [k for k in shown if k[4] == pl] for pl in places}
        # one panel per placement, one above the other: side by side, 90 points made a strip
        # 50 inches wide whose labels could not be read
        widest = max(len(per[pl]) for pl in places)
        fig, axes = plt.subplots(len(places), 1, squeeze=False, sharey=True,
                                 figsize=(max(8, 0.55 * widest + 1.5), 1 + 3.6 * len(places)))
        axes = [row[0] for row in axes]
        drawn = [s for s in systems if any(ok(by[k].get(s)) for k in shown)]
        w = 0.8 / max(1, len(drawn))
        for ax, pl in zip(axes, places):
            ks = per[pl]
            for i, s in enumerate(drawn):
                ys = [num(by[k][s]["tflops"]) if ok(by[k].get(s)) else 0 for k in ks]
                ax.bar([x + (i - (len(drawn) - 1) / 2) * w for x in range(len(ks))], ys, w, label=s)
            for x, k in enumerate(ks):
                if k in bounds:
                    ax.hlines(bounds[k], x - 0.45, x + 0.45, colors="black", linewidth=1.5,
                              label="bound" if x == 0 else None)
            ax.set_xticks(range(len(ks)))
            ax.set_xticklabels([f"{p}{m}x{n}x{k}" for p, m, n, k, _ in ks], rotation=60, fontsize=7,
                               ha="right")
            ax.set_xlim(-0.6, widest - 0.4)
            ax.set_title(f"placement {pl}", fontsize=9)
            ax.set_ylabel("TFLOP/s")
        handles, labels = [], []
        for ax in axes:
            for h, l in zip(*ax.get_legend_handles_labels()):
                if l not in labels:
                    handles.append(h)
                    labels.append(l)
        # above the panels, never over the bars
        fig.legend(handles, labels, loc="upper center", ncol=len(labels), fontsize=8, frameon=False)
        top = 1 - 0.7 / (1 + 3.6 * len(places))  # the legend and the title's share of the height
        # a long header (a combined dataset's provenance) wraps to the figure's width
        title = textwrap.fill("GEMM: " + (header[0] if header else ""), width=int(fig.get_figwidth() * 14))
        fig.suptitle(title, fontsize=8, y=top + 0.1 * (1 - top), va="bottom")
        fig.tight_layout(rect=(0, 0, 1, top))
        fig.savefig(sys.argv[3], dpi=120)


if __name__ == "__main__":
    main()
