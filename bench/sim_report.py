#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1-or-later
"""Plot of bench/sim_results.sh's CSV: per machine and case, each policy's speed relative to
dmdas (best tile of 2048/4096 for the tile graphs) and its host->GPU bytes over the minimum, with
the policy's goals (1.3x dmdas on host-resident DGEMM, 1.10x the minimum bytes). Plain SVG, no
plotting library needed.

usage: sim_report.py sim.csv sim.svg
"""
import csv
import sys

POLICIES = ["paralia_dgemm", "paralia", "dmda", "dmdas", "lws"]
COLORS = {"paralia_dgemm": "#1b7837", "paralia": "#5aae61", "dmda": "#762a83",
          "dmdas": "#9970ab", "lws": "#bbbbbb"}


def best_rows(path):
    """(machine, case) -> policy -> (time_ms, h2d_ratio), best tile per policy."""
    groups = {}
    for r in csv.DictReader(open(path)):
        case = r["case"].replace(" paralia_dgemm", "").replace(" graph", "")
        pol = "paralia_dgemm" if r["case"].endswith("paralia_dgemm") else r["policy"]
        key = (r["machine"], case)
        t, ratio = float(r["time_ms"]), float(r["h2d_ratio"])
        g = groups.setdefault(key, {})
        if pol not in g or t < g[pol][0]:
            g[pol] = (t, ratio)
    return groups


def panel(out, groups, x0, y0, w, h, title, value, goal, ymax, fmt):
    keys = list(groups)
    out.append(f'<text x="{x0 + w / 2}" y="{y0 - 8}" text-anchor="middle" font-size="14">{title}</text>')
    out.append(f'<rect x="{x0}" y="{y0}" width="{w}" height="{h}" fill="none" stroke="#444"/>')
    for frac in (0.25, 0.5, 0.75, 1.0):
        y = y0 + h - frac * h
        out.append(f'<line x1="{x0}" y1="{y}" x2="{x0 + w}" y2="{y}" stroke="#eee"/>')
        out.append(f'<text x="{x0 - 4}" y="{y + 4}" text-anchor="end" font-size="10">{frac * ymax:.2g}</text>')
    gy = y0 + h - goal / ymax * h
    out.append(f'<line x1="{x0}" y1="{gy}" x2="{x0 + w}" y2="{gy}" stroke="#d6604d" stroke-dasharray="5,3"/>')
    out.append(f'<text x="{x0 + w - 2}" y="{gy - 3}" text-anchor="end" font-size="10" fill="#d6604d">goal {goal}</text>')
    gw = w / len(keys)
    bw = gw * 0.8 / len(POLICIES)
    for i, key in enumerate(keys):
        g = groups[key]
        for j, pol in enumerate(POLICIES):
            if pol not in g:
                continue
            v = value(g, pol)
            bh = min(v, ymax) / ymax * h
            x = x0 + i * gw + gw * 0.1 + j * bw
            out.append(f'<rect x="{x:.1f}" y="{y0 + h - bh:.1f}" width="{bw * 0.9:.1f}" height="{bh:.1f}" fill="{COLORS[pol]}"/>')
            out.append(f'<text x="{x + bw * 0.45:.1f}" y="{y0 + h - bh - 2:.1f}" text-anchor="middle" font-size="8">{fmt(v)}</text>')
        label = f"{key[0]}: {key[1].replace(' hhh', '')}"
        out.append(f'<text x="{x0 + i * gw + gw / 2:.1f}" y="{y0 + h + 14}" text-anchor="middle" font-size="10">{label}</text>')


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    groups = best_rows(sys.argv[1])
    W, H = 1200, 640
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" font-family="sans-serif">',
           f'<rect width="{W}" height="{H}" fill="white"/>']
    panel(out, groups, 60, 40, W - 80, 220, "speed relative to dmdas (higher is better)",
          lambda g, p: g["dmdas"][0] / g[p][0], 1.3, 2.0, lambda v: f"{v:.2f}")
    panel(out, groups, 60, 340, W - 80, 220, "host->GPU bytes / minimum (lower is better)",
          lambda g, p: g[p][1], 1.1, 3.2, lambda v: f"{v:.2f}")
    for j, pol in enumerate(POLICIES):
        x = 60 + j * 160
        out.append(f'<rect x="{x}" y="{H - 30}" width="12" height="12" fill="{COLORS[pol]}"/>')
        out.append(f'<text x="{x + 16}" y="{H - 20}" font-size="12">{pol}</text>')
    out.append("</svg>")
    open(sys.argv[2], "w").write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
