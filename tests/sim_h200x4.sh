#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# CI's simulated multi-GPU case (run by .ci/run after the suite; not part of make check, it needs
# StarPU on SimGrid): builds the SimGrid StarPU and paralia for it when missing
# (scripts/simulate.sh does), then runs a DGEMM tile graph of paralia's codelets,
# N = 8192, tile 1024, A, B and C in host memory, on the simulated 4xH200 node under the paralia
# policy, with relays and without (PARALIA_ROUTE=0). Checks: it runs and says "simulated"; every
# GPU ran tasks; relays were issued; host->GPU bytes per call are at most 1.6x the minimum (A + B
# + C once; the goal is 1.10x, the policy gets 1.19-1.39x depending on the build, 1.79x with
# relays off) and at least 10% below the same run without relays.
set -uo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
. "$(dirname "$0")/check_harness.sh" sim_h200x4

t0=$SECONDS
log=$tmp/log log0=$tmp/log0
n=8192
run() { PARALIA_VERBOSE=1 STARPU_BUS_STATS=1 BENCH_UNTIMED=1 BENCH_REPS=1 BENCH_TILES=1024 \
          timeout 1200 bash "$here/scripts/simulate.sh" h200x4 gemm_bench graph "d:$n:$n:$n:hhh"; }
run >"$log" 2>&1
rc=$?
echo "sim_h200x4: build, preparation and simulation took $((SECONDS - t0)) s"
PARALIA_ROUTE=0 SIM_NO_BUILD=1 run >"$log0" 2>&1
line=$(grep -E "^graph," "$log" | tail -n1)
[ $rc -eq 0 ] && echo "$line" | grep -q ",simulated$"
check $? "DGEMM graph $n^3 hhh, tile 1024, on the simulated 4xH200 ($line)"
[ $rc -eq 0 ] || tail -n 30 "$log"

busy=$(grep -cE "worker cuda[0-3] +tasks +[1-9]" "$log")
[ "$busy" -eq 4 ]; check $? "all 4 GPUs ran tasks ($busy)"
relays=$(sed -n 's/.*tasks in .* s; \([0-9]*\) relays issued.*/\1/p' "$log" | tail -n1)
[ "${relays:-0}" -gt 0 ]; check $? "relays issued (${relays:-none})"
# Host->GPU bytes per call over the minimum, from StarPU's bus table (GiB) over the warm-up call
# and the timed one.
ratio() { awk -v n=$n '/^Data transfer stats:/ { h = 0 } /NUMA 0 -> CUDA/ { h += $6 }
                       END { printf "%.2f", h * 1.073741824e9 / 2 / (3.0 * n * n * 8) }' "$1"; }
r=$(ratio "$log") r0=$(ratio "$log0")
awk -v r="$r" 'BEGIN { exit !(r > 0.99 && r <= 1.6) }'
check $? "host->GPU bytes per call ${r}x the minimum (A + B + C once), at most 1.6x"
awk -v r="$r" -v r0="$r0" 'BEGIN { exit !(r0 > 0 && r <= 0.9 * r0) }'
check $? "relays save at least 10% of the host->GPU bytes (${r}x against ${r0}x without)"

finish
