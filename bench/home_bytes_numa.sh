#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# How often a tile leaves its home node, without a GPU: hwloc's synthetic topology gives StarPU
# four NUMA memory nodes with one CPU worker each (as tests/sched_numa.sh), and the link map
# tests/data/linkmap/numa4-synthetic.txt makes node 0 the scarce, shared source (10 GB/s a link,
# 15 GB/s together, 40 GB/s among nodes 1-3), the part the host plays on a 4-GPU node. A DGEMM
# tile graph with A, B, C on node 0 runs under each policy; StarPU's bus statistics
# (STARPU_BUS_STATS=1) count the bytes that really moved. The minimum out of node 0 is A, B and C
# once each; back into it, C once (less when node 0's own worker computes some C tiles in place). Times are meaningless here (four workers on this machine's
# cores, copies are memcpy); the bytes are the point: they show whether each tile leaves home once.
#   bench/home_bytes_numa.sh [N] [TILE]      (default 2048 256)
set -uo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
b=${BENCH_BUILD:-$here/_build}
n=${1:-2048} nb=${2:-256}
prefix=${PARALIA_DEPS:-$HOME/.paralia-deps}/starpu
export LD_LIBRARY_PATH="$prefix/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
export STARPU_HOME=$(mktemp -d) HWLOC_SYNTHETIC="package:1 numa:4 core:1 pu:1" STARPU_USE_NUMA=1
export STARPU_SILENT=1 STARPU_BUS_STATS=1 STARPU_WORKER_STATS=1
export PARALIA_LINKMAP=${PARALIA_LINKMAP:-$here/tests/data/linkmap/numa4-synthetic.txt}
export BENCH_TILES=$nb BENCH_UNTIMED=1 BENCH_REPS=1 OPENBLAS_NUM_THREADS=1
calls=2 # gemm_bench: one checked warm-up call (BENCH_UNTIMED=1), then BENCH_REPS timed calls

# StarPU picks each copy's source itself, the valid copy its bus model says is fastest. On the GPU
# node its own calibration already rates GPU-GPU links far above the host's (320 vs 54 GB/s); on
# emulated NUMA nodes every memcpy measures alike, so StarPU is given the link map's numbers:
# one run calibrates its bus files, then their bandwidth and latency matrices are rewritten.
STARPU_BUS_STATS=0 timeout --foreground 300 "$b/bench/gemm_bench" graph d:256:256:256:hhh >/dev/null 2>&1
for f in "$STARPU_HOME"/.starpu/sampling/bus/*.bandwidth "$STARPU_HOME"/.starpu/sampling/bus/*.latency; do
  [ -f "$f" ] || { echo "home_bytes_numa: no StarPU bus file under $STARPU_HOME" >&2; exit 1; }
  col=$([ "${f##*.}" = bandwidth ] && echo 5 || echo 4) scale=$([ "${f##*.}" = bandwidth ] && echo 1000 || echo 1)
  awk -v col="$col" -v scale="$scale" 'FNR == NR { if ($1 == "link") v[$2, $3] = $col * scale; next }
    FNR == 1 { print; next }
    { r = FNR - 2; line = "";
      for (c = 0; c < NF; c++) {
        x = (r, c) in v ? sprintf("%e", v[r, c]) : (r == c && r < 4 ? "0.000000e+00" : "nan");
        line = line (c ? "\t" : "") x }
      print line }' "$PARALIA_LINKMAP" "$f" >"$f.new" && mv "$f.new" "$f"
done
gb() { awk -v n="$1" '/NUMA [0-9]+ -> NUMA [0-9]+/ { split($0, f, /[ \t]+/); s = $2; d = $5; v = $6;
        if ((n == "out" && s == 0) || (n == "in" && d == 0)) t += v } END { printf "%.4f", t }'; }
minout=$(awk -v n="$n" 'BEGIN { printf "%.4f", 3 * n * n * 8 / 1e9 }')
minin=$(awk -v n="$n" 'BEGIN { printf "%.4f", n * n * 8 / 1e9 }')
echo "# Bytes leaving and entering the home node: DGEMM ${n}^3, tile ${nb}, A B C on NUMA node 0"
echo
echo "Measured $(date -u '+%Y-%m-%d %H:%M UTC') on $(hostname) ($(lscpu 2>/dev/null | sed -n 's/^Model name: *//p'), $(nproc) cores), four synthetic NUMA nodes, \`bench/home_bytes_numa.sh $n $nb\`."
echo "Per call: StarPU's bus statistics over $calls calls (a checked warm-up and a timed one) divided by $calls. A, B and C together: $minout GB, what must leave node 0 once when no task runs there; C: $minin GB, what must come back. Node 0 has a worker of its own here (unlike a GPU node's host, whose cores the policy leaves out), and the tasks it runs need nothing moved: the column *on node 0* says how many it ran (StarPU's worker statistics)."
echo
echo "| policy | graph | out of node 0 (GB/call) | × A+B+C | into node 0 (GB/call) | among nodes 1-3 (GB/call) | tasks on node 0 | check |"
echo "|---|---|---|---|---|---|---|---|"
row() { # name system env...
  local name=$1 sys=$2; shift 2
  local out; out=$(env "$@" timeout --foreground 600 "$b/bench/gemm_bench" "$sys" "d:$n:$n:$n:hhh" 2>&1)
  local o i a st
  o=$(echo "$out" | gb out); i=$(echo "$out" | gb in)
  a=$(echo "$out" | awk '/Total transfers:/ { print $3 }')
  st=$(echo "$out" | grep -E "^(paralia|graph)," | awk -F, '{ print $NF }')
  local share; share=$(echo "$out" | awk '/^CPU [0-9]+/ { w = $2 } /task\(s\)/ { n[w] = $1; t += $1 }
        END { printf "%.0f%%", t ? 100 * n[0] / t : 0 }')
  awk -v name="$name" -v sys="$sys" -v o="$o" -v i="$i" -v a="$a" -v c="$calls" -v m="$minout" -v st="$st" -v sh="$share" 'BEGIN {
    printf "| %s | %s | %.4f | %.2f | %.4f | %.4f | %s | %s |\n", name, sys == "graph" ? "plain tile graph" : "paralia_dgemm (autotuned)",
      o / c, (o / c) / m, i / c, (a - o - i) / c, sh, st }'
}
row "paralia" graph PARALIA_SCHED=paralia
row "paralia, relays off" graph PARALIA_SCHED=paralia PARALIA_ROUTE=0
row "dmda" graph STARPU_SCHED=dmda PARALIA_SCHED=starpu-default
row "dmdas" graph STARPU_SCHED=dmdas PARALIA_SCHED=starpu-default
row "lws" graph STARPU_SCHED=lws PARALIA_SCHED=starpu-default
row "paralia" paralia PARALIA_SCHED=paralia
[ -n "${KEEP_HOME:-}" ] && echo "kept $STARPU_HOME" >&2 || rm -rf "$STARPU_HOME"
