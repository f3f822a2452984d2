#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# Policies on simulated multi-GPU machines (scripts/simulate.sh): DGEMM with A, B, C in host
# memory (N = 16384 and 32768) and the Cholesky and LU examples (n = 30720, tile 2048), under
# paralia, dmda, dmdas and lws; simulated time and host->GPU bytes against the minimum.
#   bench/sim_results.sh [MACHINE...]        (default: h200x4 dgx1-v100)
# CSV on stdout: machine,case,policy,tile,time_ms,h2d_gb,min_gb,h2d_ratio,d2h_gb,relays
#   DGEMM: "paralia_dgemm" is the routine (autotuned tile and devices, paralia's policy); "graph"
#   is gemm_bench's plain tile graph of paralia's codelets, at tile 2048 and 4096, under each
#   policy. One warm-up call and one timed call per process: bytes are StarPU's bus counters
#   (STARPU_BUS_STATS) halved. Minimum: A + B + C into the GPUs once, C out once.
#   Factorizations: one per process; minimum: the tiles the algorithm touches, once each way.
# Each case runs RUNS times (default 3) and the run of median time is kept: under paralia's
# policy the same simulated case varies a little between runs and builds.
set -uo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
machines=${*:-h200x4 dgx1-v100}
bash "$here/scripts/build.sh" >/dev/null 2>&1 && bash "$here/scripts/build.sh" --simulation >/dev/null 2>&1 \
  || { echo "sim_results: build failed (scripts/build.sh [--simulation])" >&2; exit 1; }
export SIM_NO_BUILD=1 STARPU_BUS_STATS=1 PARALIA_VERBOSE=1 BENCH_UNTIMED=1 BENCH_REPS=1

. "$here/bench/starpu_bus.sh" # bus_gb
policy_env() {
  case $1 in
    paralia) echo "" ;;
    *) echo "STARPU_SCHED=$1 PARALIA_SCHED=starpu-default" ;;
  esac
}

# measure ENV... -- PROGRAM ARGS...: RUNS simulations; prints "ms h2d_gb d2h_gb relays config" of
# the run of median time (ms from gemm_bench's median, or the examples' "time X s").
measure() {
  local envs=() i out
  while [ "$1" != -- ]; do envs+=("$1"); shift; done; shift
  for i in $(seq "${RUNS:-3}"); do
    env ${envs[@]+"${envs[@]}"} bash "$here/scripts/simulate.sh" "$m" "$@" >"$log" 2>&1
    local line ms cfg h d relays
    line=$(grep -E "^(paralia|graph)," "$log" | tail -n1)
    if [ -n "$line" ]; then
      ms=$(echo "$line" | cut -d, -f8) cfg=$(echo "$line" | cut -d, -f7 | tr ' ' _)
    else
      ms=$(sed -n 's/.*time \([0-9.]*\) s,.*/\1/p' "$log" | awk '{ print $1 * 1000 }') cfg=-
    fi
    read -r h d <<<"$(bus_gb "$log")"
    relays=$(sed -n 's/.*tasks in .* s; \([0-9]*\) relays issued.*/\1/p' "$log" | tail -n1)
    echo "${ms:-nan} $h $d ${relays:--} $cfg"
  done | sort -g | awk '{ l[NR] = $0 } END { print l[int((NR + 1) / 2)] }'
}

echo "machine,case,policy,tile,time_ms,h2d_gb,min_gb,h2d_ratio,d2h_gb,relays"
log=$(mktemp)
trap 'rm -f "$log"' EXIT
for m in $machines; do
  for n in 16384 32768; do
    min=$(awk -v n=$n 'BEGIN { printf "%.3f", 3 * n * n * 8 / 1e9 }')
    runs=("paralia_dgemm|paralia|-|gemm_bench paralia d:$n:$n:$n:hhh")
    for p in paralia dmda dmdas lws; do
      for t in 2048 4096; do runs+=("graph|$p|$t|gemm_bench graph d:$n:$n:$n:hhh"); done
    done
    for r in "${runs[@]}"; do
      IFS='|' read -r what p t cmd <<<"$r"
      # shellcheck disable=SC2046,SC2086
      read -r ms h d relays cfg <<<"$(measure $(policy_env "$p") $([ "$t" = - ] || echo BENCH_TILES=$t) -- $cmd)"
      [ "$t" = - ] && t=$(echo "$cfg" | sed -n 's/tile_\([0-9]*\).*/\1/p')
      awk -v m="$m" -v c="DGEMM $n hhh $what" -v p="$p" -v t="$t" -v ms="$ms" -v h="$h" -v d="$d" \
          -v min="$min" -v r="$relays" 'BEGIN { printf "%s,%s,%s,%s,%s,%.3f,%s,%.2f,%.3f,%s\n",
          m, c, p, t, ms, h / 2, min, h / 2 / min, d / 2, r }'
    done
  done
  for f in cholesky lu; do
    nt=15 nb=2048
    tiles=$([ $f = cholesky ] && echo $((nt * (nt + 1) / 2)) || echo $((nt * nt)))
    min=$(awk -v k=$tiles -v nb=$nb 'BEGIN { printf "%.3f", k * nb * nb * 8 / 1e9 }')
    for p in paralia dmda dmdas lws; do
      # shellcheck disable=SC2046
      read -r ms h d relays cfg <<<"$(measure $(policy_env "$p") -- $f -n 30720 -nb $nb)"
      awk -v m="$m" -v c="$f 30720" -v p="$p" -v t=$nb -v ms="$ms" -v h="$h" -v d="$d" \
          -v min="$min" -v r="$relays" 'BEGIN { printf "%s,%s,%s,%s,%s,%.3f,%s,%.2f,%.3f,%s\n",
          m, c, p, t, ms, h, min, h / min, d, r }'
    done
  done
done
