#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1-or-later
"""Task orders of a host-resident tiled GEMM on one GPU, replayed as a flow shop (issue 14).

One inbound link moves the tiles each task needs, in the order the tasks run (a tile stays on
the GPU once there: one GPU holds every operand of the dataset); one kernel runs at a time; a C
tile goes home over the outbound link after its last step. Rates are the measured ones of
bench/results/gemm-timeline-2026-11-26.md (copies beside kernels: 33 GB/s for FP64 tiles of 2048,
48 above; 44 back; DGEMM 58 TFLOP/s). It reproduces the measured calls (16384^3 at 4096, the
order paralia runs now: 201.4 ms against 201.9-203.3 measured) and compares orders:
  layer    every first step, then every second one... (C tiles column by column)
  chain    each C tile's chain in order, C tiles column by column
  blkB     C in B x B blocks of tiles; per block, step l of each of its tiles, l = 0, 1, ...
    bench/order_replay.py
"""


def replay(order, kt, tile_ms, task_ms, out_ms):
    have, link, comp, outl = set(), 0.0, 0.0, 0.0
    for i, j, l in order:
        need = [('A', i, l), ('B', l, j)] + ([('C', i, j)] if l == 0 else [])
        arrive = 0.0
        for x in need:
            if x not in have:
                link += tile_ms
                have.add(x)
                arrive = link
        comp = max(comp, arrive) + task_ms
        if l == kt - 1:
            outl = max(outl, comp) + out_ms
    return max(comp, outl)


def orders(mt, nt, kt):
    o = {'layer': [(i, j, l) for l in range(kt) for j in range(nt) for i in range(mt)],
         'chain': [(i, j, l) for j in range(nt) for i in range(mt) for l in range(kt)]}
    for b in (2, 3):
        o[f'blk{b}'] = [(i, j, l) for jb in range(0, nt, b) for ib in range(0, mt, b) for l in range(kt)
                        for j in range(jb, min(nt, jb + b)) for i in range(ib, min(mt, ib + b))]
    return o


def main():
    for name, m, n, k in (('8192^3', 8192, 8192, 8192), ('16384^3', 16384, 16384, 16384),
                          ('32768x32768x4096', 32768, 32768, 4096)):
        for T in (2048, 4096):
            mt, nt, kt = m // T, n // T, k // T
            rin = 33e9 if T <= 2048 else 48e9
            tile_ms, out_ms = T * T * 8 / rin * 1e3, T * T * 8 / 44e9 * 1e3
            task_ms = 2 * T ** 3 / 58e12 * 1e3
            res = {o: round(replay(v, kt, tile_ms, task_ms, out_ms), 1) for o, v in orders(mt, nt, kt).items()}
            print(f"d {name} tile {T}: {res} ms; kernels alone {mt * nt * kt * task_ms:.1f}")


if __name__ == '__main__':
    main()
