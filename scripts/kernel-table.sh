# SPDX-License-Identifier: LGPL-2.1-or-later
# Which carried kernel table serves this machine (sourced by scripts/device-env.sh).
#   kernel_table_for GPUS TABLE...
# prints the first readable TABLE whose "devices" line (paralia-kernels writes the GPU models it
# measured, " | " between them) is GPUS, and returns 1 when none is. A table serves only the GPU
# model it was measured on (its kernels' rates are that model's), and the machine lent for
# "nvidia-h200" has at times been an H100 (bench/README.md's results), so a device script carries
# one table per model and lets the machine choose. Tables it passes over are named on stderr.
kernel_table_for() {
  local gpus=$1 t dev
  shift
  for t in "$@"; do
    if [ ! -r "$t" ]; then
      echo "kernel_table_for: cannot read $t" >&2
      continue
    fi
    dev=$(sed -n 's/^devices //p' "$t")
    if [ -n "$dev" ] && [ "$dev" = "$gpus" ]; then # no GPU read: no table
      echo "$t"
      return 0
    fi
    echo "kernel_table_for: $t is ${dev:-no GPU model}'s table, here $gpus" >&2
  done
  return 1
}
