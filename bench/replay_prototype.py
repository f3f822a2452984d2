#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1-or-later
"""A change to the model against every recorded sweep, before any GPU time is spent on it.

bench/model_replay runs on each sweep CSV under bench/results/ that has the kernels.txt and
linkmap.txt it ran with beside it, once with VAR unset and once with VAR=VALUE. VAR is a
prototype's switch, or one of the model's own knobs. Then it prints:
- cells: predictions within 15% and mean |error|, both times. They are counted over the cells
  whose way (C read late, panels, fetched ahead, deep: model_replay's flags) is the same both
  times, where a prediction is set against a measurement of the way it prices. The cells whose
  way the change moves were measured another way; they are counted and listed apart.
  (2026-11-28j: a prototype read 2812 -> 2821 of 3088 cells within 15% counted over every cell,
  and it moved the way of the cells it looked best at.)
- picks: within 5% of the best fixed tile, both times, over the points whose pick keeps the
  way it had (a pick whose way moves is set against a cell measured the other way); every pick
  that moves is listed.

  bench/replay_prototype.py VAR [VALUE (1)] [GLOB (bench/results/**/*.csv)]

REPLAY names the model_replay binary (default: _build/bench/model_replay under the working
directory). Each sweep is replayed under the caller's environment, so set the knobs a sweep ran
with, as model_replay's own comment says. Exits 2 on bad arguments, 1 when no sweep replays.
"""
import collections
import glob
import os
import re
import subprocess
import sys

CELL = re.compile(r' T(\d+(?::R\d+)?(?::K\d+)?)([pAB^LHDK]*) ([\d.]+)/([\d.]+)\(([+-]?\d+)%\)')
PICK = re.compile(r'\| pick (\d+):R(\d+)([pAB^LHDK]*) \(devices [^)]*\)(?: ([\d.]+) of best|.*not in the sweep)')
TOTAL = re.compile(r'predictions within 15%: \d+ of \d+')


def replay(binary, sweep, env):
    """{point: (cells {tile: (way, measured, predicted)}, pick (tile, rows, way, ratio or None))}"""
    folder = os.path.dirname(sweep)
    out = subprocess.run([binary, os.path.join(folder, 'kernels.txt'),
                          os.path.join(folder, 'linkmap.txt'), sweep],
                         capture_output=True, text=True, env=env).stdout
    if not TOTAL.search(out):
        return None
    points = {}
    for line in out.splitlines():
        head, sep, _ = line.partition(':')
        if not sep or '|' not in line:
            continue
        cells = {m.group(1): (m.group(2), float(m.group(3)), float(m.group(4)))
                 for m in CELL.finditer(line)}
        p = PICK.search(line)
        pick = None
        if p:
            pick = (p.group(1), p.group(2), p.group(3), float(p.group(4)) if p.group(4) else None)
        points[head] = (cells, pick)
    return points


def main(argv):
    if len(argv) < 2 or len(argv) > 4 or not re.fullmatch(r'[A-Z_][A-Z0-9_]*', argv[1]):
        print(__doc__.strip().splitlines()[0], file=sys.stderr)
        print('usage: bench/replay_prototype.py VAR [VALUE] [GLOB]', file=sys.stderr)
        return 2
    var, value = argv[1], argv[2] if len(argv) > 2 else '1'
    pattern = argv[3] if len(argv) > 3 else 'bench/results/**/*.csv'
    binary = os.environ.get('REPLAY', os.path.join('_build', 'bench', 'model_replay'))
    if not os.access(binary, os.X_OK):
        print(f'replay_prototype: no model_replay at {binary} (REPLAY)', file=sys.stderr)
        return 2
    base = {k: v for k, v in os.environ.items() if k != var}
    sweeps = sorted(f for f in glob.glob(pattern, recursive=True)
                    if all(os.path.exists(os.path.join(os.path.dirname(f), x))
                           for x in ('kernels.txt', 'linkmap.txt')))
    n = collections.Counter()
    errs = {0: [], 1: []}
    moved_cells, moved_picks = [], []
    for sweep in sweeps:
        before = replay(binary, sweep, base)
        after = replay(binary, sweep, dict(base, **{var: value}))
        if before is None or after is None:
            continue
        n['sweeps'] += 1
        for point, (cells0, pick0) in before.items():
            cells1, pick1 = after.get(point, ({}, None))
            for tile, (way0, ms, pred0) in cells0.items():
                if tile not in cells1:
                    continue
                way1, _, pred1 = cells1[tile]
                if way1 != way0:
                    moved_cells.append(f'{sweep}: {point} T{tile}{way0} -> T{tile}{way1}: '
                                       f'{ms:.1f} measured, {pred0:.1f} -> {pred1:.1f}')
                    continue
                n['cells'] += 1
                for side, pred in ((0, pred0), (1, pred1)):
                    e = abs(pred - ms) / ms
                    errs[side].append(e)
                    n[f'within{side}'] += e <= 0.15
            if pick0 is None or pick1 is None:
                continue
            if pick0[:3] != pick1[:3]:
                moved_picks.append(f'{sweep}: {point} {pick0[0]}:R{pick0[1]}{pick0[2]} -> '
                                   f'{pick1[0]}:R{pick1[1]}{pick1[2]}')
            # the cell at the new pick's tile: measured the way the pick prices it?
            at = pick1[0] + (f':R{pick1[1]}' if pick1[1] != pick1[0] else '')
            same_way = at in cells0 and cells0[at][0] == pick1[2]
            if pick0[3] is None or pick1[3] is None or not same_way:
                continue
            n['picks'] += 1
            n['good0'] += pick0[3] <= 1.05
            n['good1'] += pick1[3] <= 1.05
    if n['sweeps'] == 0:
        print(f'replay_prototype: no sweep replayed ({pattern})', file=sys.stderr)
        return 1
    mean = lambda xs: 100 * sum(xs) / len(xs) if xs else 0.0
    print(f'{var}={value} against unset, {n["sweeps"]} sweeps ({binary})')
    print(f'cells whose way is the same both times: {n["cells"]}; within 15%: '
          f'{n["within0"]} -> {n["within1"]}; mean |error| {mean(errs[0]):.2f}% -> {mean(errs[1]):.2f}%')
    print(f'picks measured the way they are priced: {n["picks"]}; within 5% of the best fixed tile: '
          f'{n["good0"]} -> {n["good1"]}')
    print(f'cells whose way moved (measured the other way): {len(moved_cells)}')
    for c in moved_cells:
        print('  ' + c)
    print(f'picks that moved: {len(moved_picks)}')
    for p in moved_picks:
        print('  ' + p)
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
