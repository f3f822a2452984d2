# SPDX-License-Identifier: LGPL-2.1-or-later
# Sourced by the benchmarks that read StarPU's bus statistics (STARPU_BUS_STATS=1).
# bus_gb LOG [CALLS]: "H2D D2H", the GB (1e9 bytes) moved host -> GPUs (NUMA 0 -> CUDA n) and
# GPUs -> host in the last statistics table of LOG (StarPU prints GiB), divided by CALLS (1).
bus_gb() {
  awk -v c="${2:-1}" '/^Data transfer stats:/ { h = 0; d = 0 }
       /NUMA 0 -> CUDA/ { h += $6 } /CUDA [0-9]+ -> NUMA 0/ { d += $6 }
       END { printf "%.3f %.3f", h * 1.073741824 / c, d * 1.073741824 / c }' "$1"
}
