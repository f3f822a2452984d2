#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# Installs what is missing (scripts/setup-deps.sh), then configures and builds paralia in _build/.
# Reuses an existing build: configure runs again only when configure.ac or Makefile.am changed.
# --simulation: the same against StarPU on SimGrid (setup-deps.sh --simgrid), in _build_sim/,
# for simulated machines (scripts/simulate.sh).
# --sanitizers: with ASan and UBSan (configure --enable-sanitizers), in _build_san/, for
# scripts/test.sh --sanitizers.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
deps_opt=() cfg_opt=() bdir=_build
case "${1:-}" in
  --simulation) deps_opt=(--simgrid) cfg_opt=(--enable-simulation) bdir=_build_sim ;;
  --sanitizers) cfg_opt=(--enable-sanitizers) bdir=_build_san ;;
  "") ;;
  *) echo "[build] unknown option $1 (usage: scripts/build.sh [--simulation|--sanitizers])" >&2; exit 2 ;;
esac
starpu_prefix=$(bash "$here/scripts/setup-deps.sh" "${deps_opt[@]}" | tail -n1)
export PKG_CONFIG_PATH="$starpu_prefix/lib/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}"
export LD_LIBRARY_PATH="$starpu_prefix/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
cd "$here"
if [ ! -x configure ] || [ configure.ac -nt configure ] || [ Makefile.am -nt configure ] \
   || [ -n "$(find . -name local.mk -newer configure 2>/dev/null | head -n1)" ]; then
  echo "[build] autoreconf" >&2
  autoreconf -fi >/dev/null 2>&1 || { autoreconf -fi; exit 1; }
fi
mkdir -p "$bdir" && cd "$bdir"
if [ ! -f Makefile ] || [ ../configure -nt Makefile ]; then
  echo "[build] configure (log: $bdir/config.log)" >&2
  ../configure --prefix="${PARALIA_PREFIX:-$here/_install}" "${cfg_opt[@]}" >configure.out 2>&1 \
    || { tail -20 configure.out >&2; echo "[build] FAILED: configure" >&2; exit 1; }
  tail -7 configure.out >&2
fi
echo "[build] make" >&2
make -j"$(nproc)" >make.out 2>&1 || { grep -E "error|Error" make.out | head -20 >&2; echo "[build] FAILED: make (log: $bdir/make.out)" >&2; exit 1; }
# With a CUDA StarPU, also pack what the (offline) GPU machine needs: scripts/gpu-run.sh there.
if [ "$bdir" = _build ] && grep -q "^cuda=yes" "$starpu_prefix/.paralia-stamp" 2>/dev/null; then
  bash "$here/scripts/gpu-bundle.sh" >/dev/null 2>&1 || echo "[build] warning: scripts/gpu-bundle.sh failed" >&2
fi
echo "$starpu_prefix"
