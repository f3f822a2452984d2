#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# Runs one program under the paralia policy and StarPU's policies, same binary and arguments, and
# prints, per policy, the time the program itself reports (median, min, max of RUNS runs), the
# host->GPU bytes of the median run, and the speed against dmdas.
#   bench/sched_compare.sh <program> [args...]
# Time: the examples' "time X s" or gemm_bench's CSV median (ms): the task graph, not the
# process's start-up or matrix generation. Bytes: StarPU's bus statistics (STARPU_BUS_STATS=1,
# under every policy alike), divided by CALLS when the program makes several calls (gemm_bench
# makes a warm-up call and BENCH_REPS timed ones). Before measuring, WARMUP runs per policy
# (unreported) calibrate StarPU's models, which dmda, dmdas and the policy all read. Runs of the
# policies alternate, so that drift of the machine spreads over all of them.
# Environment: PARALIA_LIB (default: this checkout's _build/.libs/libparalia.so), POLICIES
# (default "paralia dmda dmdas"; any StarPU policy name works, and paralia:VAR=V[:VAR=V] runs the
# policy with those settings, e.g. paralia:PARALIA_LOOKAHEAD=8), RUNS (3), WARMUP (1), CALLS (1).
set -uo pipefail
[ $# -ge 1 ] || { echo "usage: $0 <program> [args...]" >&2; exit 2; }
here=$(cd "$(dirname "$0")/.." && pwd)
lib=${PARALIA_LIB:-$here/_build/.libs/libparalia.so}
[ -f "$lib" ] || { echo "sched_compare: $lib not found (build first, or set PARALIA_LIB)" >&2; exit 1; }
[ -x "$1" ] || command -v "$1" >/dev/null || { echo "sched_compare: $1 is not a program" >&2; exit 1; }
policies=${POLICIES:-paralia dmda dmdas}
runs=${RUNS:-3} warmup=${WARMUP:-1} calls=${CALLS:-1}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cmd=("$@")

policy_env() {
  case $1 in
    paralia) echo "STARPU_SCHED_LIB=$lib STARPU_SCHED=paralia" ;;
    paralia:*) echo "STARPU_SCHED_LIB=$lib STARPU_SCHED=paralia ${1#paralia:}" | tr ':' ' ' ;;
    *) echo "STARPU_SCHED=$1 PARALIA_SCHED=starpu-default" ;;
  esac
}
# The program's own time in seconds: the examples' "time X s", else gemm_bench's CSV median_ms.
own_time() {
  local s
  s=$(sed -n 's/.*: time \([0-9.]*\) s,.*/\1/p' "$1" | tail -n1)
  [ -n "$s" ] || s=$(grep -E '^[a-z]+,[sd],' "$1" | tail -n1 | cut -d, -f8 | awk '$1 != "" { print $1 / 1000 }')
  echo "${s:-nan}"
}
. "$here/bench/starpu_bus.sh" # bus_gb
# one POLICY ROUND: runs the program once; appends "seconds gb" to $work/POLICY (round > 0).
one() {
  local p=$1 round=$2 log=$work/$1.$2.log
  # shellcheck disable=SC2046
  env $(policy_env "$p") STARPU_BUS_STATS=1 "${cmd[@]}" >"$log" 2>&1
  local rc=$? t
  t=$(own_time "$log")
  if [ $rc -ne 0 ] || [ "$t" = nan ]; then
    echo "sched_compare: $p run $round failed (exit $rc); its output:" >&2
    tail -n 20 "$log" >&2
    return 1
  fi
  [ "$round" -gt 0 ] && echo "$t $(bus_gb "$log" "$calls" | cut -d' ' -f1)" >>"$work/$p"
  return 0
}

echo "command: ${cmd[*]}; $runs runs per policy after $warmup warm-up, alternating"
for r in $(seq $((1 - warmup)) "$runs"); do
  for p in $policies; do one "$p" "$r"; done
done
# median (and its bytes), min, max per policy
summary() {
  sort -g "$work/$1" | awk '{ t[NR] = $1; g[NR] = $2 }
    END { if (NR == 0) { print "nan nan nan nan"; exit } m = int((NR + 1) / 2); print t[m], t[1], t[NR], g[m] }'
}
ref=$( [ -s "$work/dmdas" ] && summary dmdas | cut -d' ' -f1 )
printf "%-30s %10s %10s %10s %14s %12s\n" policy "median s" "min s" "max s" "host->GPU GB" "vs dmdas"
for p in $policies; do
  [ -s "$work/$p" ] || { printf "%-30s %10s\n" "$p" "failed"; continue; }
  read -r med lo hi gb <<<"$(summary "$p")"
  printf "%-30s %10.3f %10.3f %10.3f %14s %12s\n" "$p" "$med" "$lo" "$hi" "$gb" \
    "$( [ -n "$ref" ] && awk -v r="$ref" -v m="$med" 'BEGIN { printf "%.3fx", r / m }' || echo -)"
done
