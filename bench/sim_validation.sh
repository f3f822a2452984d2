#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# The simulated single H200 (scripts/simulate.sh h200x1) against the times measured on the real
# one: prints CSV "case,setting,measured_ms,simulated_ms,error_pct,simulated_config" for every
# point below (measured values and their source with them). Runs on the build machine in a few
# minutes; bench/results/sim-validation-<date>.md discusses its output.
#   bench/sim_validation.sh [MACHINE]          (default h200x1)
set -uo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
machine=${1:-h200x1}
bash "$here/scripts/build.sh" >/dev/null 2>&1 && bash "$here/scripts/build.sh" --simulation >/dev/null 2>&1 \
  || { echo "sim_validation: build failed (scripts/build.sh [--simulation])" >&2; exit 1; }
# (the measured fixed tiles were square: PARALIA_TALL=none keeps the model from making them tall)
export SIM_NO_BUILD=1 BENCH_UNTIMED=1 BENCH_REPS=${BENCH_REPS:-3} PARALIA_TALL=none
sim() { bash "$here/scripts/simulate.sh" "$machine" "$@" 2>/dev/null; }

# case | setting (environment) | program and arguments | measured ms
# Measured on one H200 + 16 cores (15 CPU + 1 CUDA workers), medians of 3, from entry until C is
# home, pinned host memory: "fixed" rows on 2026-11-24 (bench/gemm_bench paralia, PARALIA_TILE
# fixed), the others on 2026-11-23 (../shared/platforms/h200x1.md, TFLOP/s turned into ms).
points() {
  cat <<'EOF'
16384^3 hhh paralia|PARALIA_TILE=1024|gemm_bench paralia d:16384:16384:16384:hhh|315.9
16384^3 hhh paralia|PARALIA_TILE=2048|gemm_bench paralia d:16384:16384:16384:hhh|282.9
16384^3 hhh paralia|PARALIA_TILE=3072|gemm_bench paralia d:16384:16384:16384:hhh|225.6
16384^3 hhh paralia|PARALIA_TILE=4096|gemm_bench paralia d:16384:16384:16384:hhh|202.4
16384^3 hhh paralia|PARALIA_TILE=8192|gemm_bench paralia d:16384:16384:16384:hhh|210.2
32768x32768x4096 hhh paralia|PARALIA_TILE=1024|gemm_bench paralia d:32768:32768:4096:hhh|548.3
32768x32768x4096 hhh paralia|PARALIA_TILE=2048|gemm_bench paralia d:32768:32768:4096:hhh|516.0
32768x32768x4096 hhh paralia|PARALIA_TILE=3072|gemm_bench paralia d:32768:32768:4096:hhh|390.3
32768x32768x4096 hhh paralia|PARALIA_TILE=4096|gemm_bench paralia d:32768:32768:4096:hhh|232.0
32768x32768x4096 hhh paralia|PARALIA_TILE=8192|gemm_bench paralia d:32768:32768:4096:hhh|233.1
4096x4096x32768 hhh paralia|PARALIA_TILE=1024|gemm_bench paralia d:4096:4096:32768:hhh|59.4
4096x4096x32768 hhh paralia|PARALIA_TILE=2048|gemm_bench paralia d:4096:4096:32768:hhh|57.4
4096x4096x32768 hhh paralia|PARALIA_TILE=3072|gemm_bench paralia d:4096:4096:32768:hhh|48.3
4096x4096x32768 hhh paralia|PARALIA_TILE=4096|gemm_bench paralia d:4096:4096:32768:hhh|65.5
4096x4096x32768 hhh paralia|PARALIA_TILE=8192|gemm_bench paralia d:4096:4096:32768:hhh|62.3
8192^3 hhh paralia|PARALIA_TILE=1024|gemm_bench paralia d:8192:8192:8192:hhh|57.4
8192^3 hhh paralia|PARALIA_TILE=2048|gemm_bench paralia d:8192:8192:8192:hhh|58.6
8192^3 hhh paralia|PARALIA_TILE=3072|gemm_bench paralia d:8192:8192:8192:hhh|42.8
8192^3 hhh paralia|PARALIA_TILE=4096|gemm_bench paralia d:8192:8192:8192:hhh|46.5
8192^3 hhh paralia|PARALIA_TILE=8192|gemm_bench paralia d:8192:8192:8192:hhh|56.5
16384^3 000 paralia|PARALIA_TILE=1024|gemm_bench paralia d:16384:16384:16384:000|193.4
16384^3 000 paralia|PARALIA_TILE=2048|gemm_bench paralia d:16384:16384:16384:000|163.7
16384^3 000 paralia|PARALIA_TILE=3072|gemm_bench paralia d:16384:16384:16384:000|160.7
16384^3 000 paralia|PARALIA_TILE=4096|gemm_bench paralia d:16384:16384:16384:000|158.0
16384^3 000 paralia|PARALIA_TILE=8192|gemm_bench paralia d:16384:16384:16384:000|154.4
32768^3 hhh paralia (11-23 pick)|PARALIA_TILE=8192|gemm_bench paralia d:32768:32768:32768:hhh|1371.7
4096x4096x32768 hhh paralia (11-23 pick)|PARALIA_TILE=1536|gemm_bench paralia d:4096:4096:32768:hhh|62.1
8192^3 000 paralia autotuned|-|gemm_bench paralia d:8192:8192:8192:000|18.0
16384^3 000 paralia autotuned|-|gemm_bench paralia d:16384:16384:16384:000|157.4
32768^3 000 paralia autotuned|-|gemm_bench paralia d:32768:32768:32768:000|1327.7
32768x32768x4096 000 paralia autotuned|-|gemm_bench paralia d:32768:32768:4096:000|157.6
4096x4096x32768 000 paralia autotuned|-|gemm_bench paralia d:4096:4096:32768:000|18.3
8192^3 hhh dmdas graph|STARPU_SCHED=dmdas|gemm_bench graph d:8192:8192:8192:hhh|180.2
16384^3 hhh dmdas graph|STARPU_SCHED=dmdas|gemm_bench graph d:16384:16384:16384:hhh|324.6
32768^3 hhh dmdas graph|STARPU_SCHED=dmdas|gemm_bench graph d:32768:32768:32768:hhh|1804.3
32768x32768x4096 hhh dmdas graph|STARPU_SCHED=dmdas|gemm_bench graph d:32768:32768:4096:hhh|739.2
4096x4096x32768 hhh dmdas graph|STARPU_SCHED=dmdas|gemm_bench graph d:4096:4096:32768:hhh|88.0
8192^3 000 dmdas graph|STARPU_SCHED=dmdas|gemm_bench graph d:8192:8192:8192:000|18.9
16384^3 000 dmdas graph|STARPU_SCHED=dmdas|gemm_bench graph d:16384:16384:16384:000|169.8
32768^3 000 dmdas graph|STARPU_SCHED=dmdas|gemm_bench graph d:32768:32768:32768:000|1358.5
32768x32768x4096 000 dmdas graph|STARPU_SCHED=dmdas|gemm_bench graph d:32768:32768:4096:000|170.1
4096x4096x32768 000 dmdas graph|STARPU_SCHED=dmdas|gemm_bench graph d:4096:4096:32768:000|19.9
Cholesky 30720/2048|STARPU_SCHED=dmdas|cholesky -n 30720 -nb 2048|382.0
Cholesky 30720/2048|STARPU_SCHED=dmda|cholesky -n 30720 -nb 2048|373.1
Cholesky 30720/2048|STARPU_SCHED=lws|cholesky -n 30720 -nb 2048|3451.4
Cholesky 30720/2048|PARALIA_SCHED=paralia|cholesky -n 30720 -nb 2048|418.4
LU 30720/2048|STARPU_SCHED=dmdas|lu -n 30720 -nb 2048|565.0
LU 30720/2048|STARPU_SCHED=dmda|lu -n 30720 -nb 2048|692.7
LU 30720/2048|STARPU_SCHED=lws|lu -n 30720 -nb 2048|13803.2
LU 30720/2048|PARALIA_SCHED=paralia|lu -n 30720 -nb 2048|782.4
DGEMM graph 16384/2048 (199-224)|STARPU_SCHED=dmdas BENCH_TILES=2048|gemm_bench graph d:16384:16384:16384:hhh|211.6
DGEMM graph 16384/2048|STARPU_SCHED=dmda BENCH_TILES=2048|gemm_bench graph d:16384:16384:16384:hhh|203.1
DGEMM graph 16384/2048|STARPU_SCHED=lws BENCH_TILES=2048|gemm_bench graph d:16384:16384:16384:hhh|2513.2
DGEMM graph 16384/2048 (232-243)|PARALIA_SCHED=paralia BENCH_TILES=2048|gemm_bench graph d:16384:16384:16384:hhh|237.2
EOF
}

echo "case,setting,measured_ms,simulated_ms,error_pct,simulated_config"
points | while IFS='|' read -r name setting cmd measured; do
  envs=()
  [ "$setting" = - ] || read -r -a envs <<<"$setting"
  # shellcheck disable=SC2086
  # StarPU's policies named by STARPU_SCHED; paralia's own otherwise (paralia_init selects it)
  case $setting in *STARPU_SCHED=*) envs+=(PARALIA_SCHED=starpu-default) ;; esac
  out=$([ ${#envs[@]} -eq 0 ] || export "${envs[@]}"; sim $cmd)
  case $cmd in
    gemm_bench*) line=$(echo "$out" | grep -E "^(paralia|graph)," | tail -n1)
                 ms=$(echo "$line" | cut -d, -f8) cfg=$(echo "$line" | cut -d, -f7) ;;
    *) ms=$(echo "$out" | sed -n 's/.*time \([0-9.]*\) s,.*/\1/p' | awk '{print $1 * 1000}') cfg="nb from the command" ;;
  esac
  err=$(awk -v s="${ms:-nan}" -v m="$measured" 'BEGIN { if (s == "nan" || s == "") print "nan"; else printf "%+.1f", (s - m) / m * 100 }')
  echo "$name,$setting,$measured,${ms:-failed},$err,$cfg"
done
