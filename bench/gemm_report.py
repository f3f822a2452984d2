#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1-or-later
"""Turns gemm_compare.sh's CSV into a Markdown table (with geometric-mean speedups) and a plot.

usage: gemm_report.py gemm.csv gemm.md [gemm.png]
The plot needs matplotlib; without it the table is still written.
"""
import csv
import math
import sys


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


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    header, rows = load(sys.argv[1])
    systems = ["paralia", "cublasxt", "dmdas"]
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
            "| cuBLASXt TFLOP/s (block) | dmdas TFLOP/s (tile) | vs cuBLASXt | vs dmdas |",
            "|---|---|---|---|---|---|---|---|---|---|"]
    ratios = {"cublasxt": [], "dmdas": []}
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
        for s in ("cublasxt", "dmdas"):
            r = p.get(s)
            if ok(pa) and ok(r):
                x = num(pa["tflops"]) / num(r["tflops"])
                ratios[s].append(x)
                cells.append(f"{x:.2f}×")
            else:
                cells.append("–")
        out.append("| " + " | ".join(cells) + " |")
    out.append("")
    for s, name in (("cublasxt", "cuBLASXt"), ("dmdas", "dmdas")):
        v = ratios[s]
        if v:
            g = math.exp(sum(math.log(x) for x in v) / len(v))
            out.append(f"Geometric mean of paralia / {name} over {len(v)} points: **{g:.2f}×** "
                       f"(min {min(v):.2f}×, max {max(v):.2f}×)")
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
        fig, ax = plt.subplots(figsize=(max(8, 0.55 * len(shown)), 5))
        w = 0.27
        for i, s in enumerate(systems):
            ys = [num(by[k][s]["tflops"]) if ok(by[k].get(s)) else 0 for k in shown]
            ax.bar([x + (i - 1) * w for x in range(len(shown))], ys, w, label=s)
        ax.set_xticks(range(len(shown)))
        ax.set_xticklabels([f"{p}{m}x{n}x{k}\n{pl}" for p, m, n, k, pl in shown],
                           rotation=60, fontsize=7, ha="right")
        ax.set_ylabel("TFLOP/s")
        ax.set_title("GEMM: " + (header[0] if header else ""), fontsize=8)
        ax.legend()
        fig.tight_layout()
        fig.savefig(sys.argv[3], dpi=120)


if __name__ == "__main__":
    main()
