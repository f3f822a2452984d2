#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# README command 1: install what is missing, build, and run the demo on whatever hardware is
# here (CPU cores only, or CPUs plus every GPU StarPU finds).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
starpu_prefix=$(bash "$here/scripts/build.sh" | tail -n1)
export LD_LIBRARY_PATH="$starpu_prefix/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
export OPENBLAS_NUM_THREADS=1
exec "$here/_build/examples/demo" "$@"
