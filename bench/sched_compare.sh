#!/usr/bin/env bash
# Runs one program under the paralia policy (relays on and off) and StarPU's dmda, dmdas and lws,
# same binary and arguments, and prints a table of wall time and host->GPU bytes.
#   bench/sched_compare.sh <program> [args...]
# Host->GPU bytes come from the policy's PARALIA_VERBOSE summary under paralia and from StarPU's
# STARPU_BUS_STATS=1 table under the others. For the lead to run on the GPU machine, e.g.
#   bench/sched_compare.sh _build/examples/demo 16384
# Environment: PARALIA_LIB (default: the libparalia.so next to this script's _build), RUNS (1).
set -uo pipefail
[ $# -ge 1 ] || { echo "usage: $0 <program> [args...]" >&2; exit 2; }
here=$(cd "$(dirname "$0")/.." && pwd)
lib=${PARALIA_LIB:-$here/_build/.libs/libparalia.so}
[ -f "$lib" ] || { echo "sched_compare: $lib not found (build first, or set PARALIA_LIB)" >&2; exit 1; }
[ -x "$1" ] || command -v "$1" >/dev/null || { echo "sched_compare: $1 is not a program" >&2; exit 1; }

# host->GPU GB from a StarPU bus-stats table ("Transfers from N to M: X MB" lines, or the
# per-bus table "N -> M ... MB"); node 0 is main RAM.
bus_h2d() {
  awk '/^ *0 *-> *[1-9][0-9]* /{for(i=1;i<=NF;i++) if($i ~ /MB|GB/){v=$(i-1); u=$i; s+= (u ~ /GB/) ? v : v/1024}} END{printf "%.3f", s/1}' "$1" 2>/dev/null
}

printf "%-22s %10s %14s %s\n" "policy" "time (s)" "host->GPU GB" "command: $*"
run() { # name env...
  local name=$1; shift
  local log; log=$(mktemp)
  local t0=$(date +%s.%N)
  env "$@" "${cmd[@]}" >"$log" 2>&1
  local rc=$?
  local t1=$(date +%s.%N)
  local gb
  gb=$(grep -o "host->GPU total [0-9.]* GB" "$log" | awk '{print $3}' | tail -n1)
  [ -n "$gb" ] || gb=$(bus_h2d "$log")
  printf "%-22s %10.3f %14s %s\n" "$name" "$(echo "$t1 - $t0" | bc)" "${gb:-?}" "$([ $rc -eq 0 ] || echo "exit $rc, log $log")"
  [ $rc -eq 0 ] && rm -f "$log"
}
cmd=("$@")
for i in $(seq "${RUNS:-1}"); do
  run "paralia"            STARPU_SCHED_LIB="$lib" STARPU_SCHED=paralia PARALIA_VERBOSE=1
  run "paralia (no relays)" STARPU_SCHED_LIB="$lib" STARPU_SCHED=paralia PARALIA_VERBOSE=1 PARALIA_ROUTE=0
  run "dmda"               STARPU_SCHED=dmda STARPU_BUS_STATS=1 PARALIA_SCHED=starpu-default
  run "dmdas"              STARPU_SCHED=dmdas STARPU_BUS_STATS=1 PARALIA_SCHED=starpu-default
  run "lws"                STARPU_SCHED=lws STARPU_BUS_STATS=1 PARALIA_SCHED=starpu-default
done
